/*
 * libFuzzer target: fdt_clip_memory() and fdt_trim_cpus() on arbitrary
 * blobs. Oracle, not just "no crash": a rejected blob is left byte-for-byte
 * unchanged; an accepted one changes only reg words of /memory (clip) or
 * only whole words that become FDT_NOP or lose CPU-mask bits [15:8]
 * (trim), and a second call changes nothing.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include "fdt.h"
#include "fdt_fixup.h"

static uint32_t be32(const uint8_t *p)
{
	return ((uint32_t)p[0] << 24) | ((uint32_t)p[1] << 16) | ((uint32_t)p[2] << 8) | p[3];
}

static void check_clip(const uint8_t *data, size_t size, uint8_t *buf, uint8_t *orig)
{
	memcpy(buf, data, size);
	memcpy(orig, data, size);
	int rc = fdt_clip_memory(buf, (uint32_t)size, 0x40000000u, 0x1fe00000u);

	if (rc < 0) {
		if (memcmp(buf, orig, size) != 0)
			abort();   /* rejected, yet written */
	} else {
		size_t diff = 0;
		for (size_t i = 0; i < size; i++)
			diff += buf[i] != orig[i];
		if (rc == 0 && diff)
			abort();   /* nothing reported changed, yet bytes differ */
		if (fdt_clip_memory(buf, (uint32_t)size, 0x40000000u, 0x1fe00000u) != 0)
			abort();   /* clipping is idempotent */
	}
}

/* keep from the size, not the bytes: 0 (refused) to 4 */
static void check_trim(const uint8_t *data, size_t size, uint8_t *buf, uint8_t *orig)
{
	unsigned keep = (unsigned)(size % 5);

	memcpy(buf, data, size);
	memcpy(orig, data, size);
	int rc = fdt_trim_cpus(buf, (uint32_t)size, keep);

	if (keep == 0 && rc >= 0)
		abort();   /* keep 0 is refused */
	if (rc <= 0) {
		if (memcmp(buf, orig, size) != 0)
			abort();   /* rejected, or nothing to remove, yet written */
		return;
	}
	/* whole 4-aligned words (the structure block is aligned): a NOP, or
	 * the same word with CPU-mask bits cleared; the header never */
	if (memcmp(buf, orig, 40) != 0)
		abort();
	for (size_t i = 0; i < size; i += 4) {
		if (size - i < 4) {
			if (memcmp(buf + i, orig + i, size - i) != 0)
				abort();
			break;
		}
		uint32_t now = be32(buf + i), was = be32(orig + i);

		if (now != was && now != 4u && ((now & ~was) || ((now ^ was) & ~0xff00u)))
			abort();
	}
	memcpy(orig, buf, size);
	if (fdt_trim_cpus(buf, (uint32_t)size, keep) != 0 || memcmp(buf, orig, size) != 0)
		abort();   /* trimming is idempotent */
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	if (size > 65536)
		return 0;
	uint8_t *buf = malloc(size ? size : 1), *orig = malloc(size ? size : 1);

	memcpy(buf, data, size);
	memcpy(orig, data, size);
	struct fdt_gic gic;

	if (fdt_gic(buf, (uint32_t)size, &gic) && (gic.kind > FDT_GIC_OTHER ||
	    gic.compatible[sizeof(gic.compatible) - 1] != 0 || memcmp(buf, orig, size) != 0))
		abort();   /* a kind it does not know, an unterminated name, or a write */
	check_clip(data, size, buf, orig);
	check_trim(data, size, buf, orig);
	free(buf);
	free(orig);
	return 0;
}
