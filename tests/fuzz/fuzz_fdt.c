/*
 * libFuzzer target: fdt_clip_memory() on arbitrary blobs. Oracle, not just
 * "no crash": a rejected blob is left byte-for-byte unchanged; an accepted
 * one changes only reg words of /memory, and a second clip changes nothing.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include "fdt.h"
#include "fdt_fixup.h"

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
	free(buf);
	free(orig);
	return 0;
}
