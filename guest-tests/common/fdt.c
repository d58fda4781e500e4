/* Just enough FDT reading for the tests of both architectures: what the
 * guest was told (/memory) and what the test harness says about the
 * machine (/chosen/bootargs). Its own reader, not the monitor's
 * (hyp/fdt/): a test of what the monitor wrote in the tree reads it
 * another way. */
#include <string.h>
#include "guest_fdt.h"

static uint32_t be32(const uint8_t *p)
{
	return ((uint32_t)p[0] << 24) | ((uint32_t)p[1] << 16) | ((uint32_t)p[2] << 8) | p[3];
}

/* Calls fn(node, prop, value, len) for each property of a top-level node
 * until it returns true; false if the blob is not an FDT or none did. */
static bool fdt_find(const void *blob, bool (*fn)(const char *, const char *, const uint8_t *,
						   uint32_t, void *), void *ctx)
{
	const uint8_t *f = blob;

	if (!blob || be32(f) != 0xd00dfeedu)
		return false;
	const uint8_t *s = f + be32(f + 8);
	const char *strs = (const char *)f + be32(f + 12);
	uint32_t len = be32(f + 36), pos = 0, depth = 0;
	const char *node = "";

	while (pos + 4 <= len) {
		uint32_t tok = be32(s + pos);

		pos += 4;
		if (tok == 1) {
			node = (const char *)s + pos;
			depth++;
			pos += (strlen(node) + 4) & ~3u;
		} else if (tok == 2) {
			depth--;
			node = "";
		} else if (tok == 3) {
			uint32_t plen = be32(s + pos), off = be32(s + pos + 4);

			pos += 8;
			if (depth == 2 && fn(node, strs + off, s + pos, plen, ctx))
				return true;
			pos += (plen + 3) & ~3u;
		} else if (tok == 9) {
			break;
		}
	}
	return false;
}

struct mem_ctx { uint64_t base, size; };

static bool mem_prop(const char *node, const char *prop, const uint8_t *v, uint32_t len, void *ctx)
{
	struct mem_ctx *m = ctx;

	if (strncmp(node, "memory", 6) != 0 || strcmp(prop, "reg") != 0 || len < 16)
		return false;
	m->base = ((uint64_t)be32(v) << 32) | be32(v + 4);
	m->size = ((uint64_t)be32(v + 8) << 32) | be32(v + 12);
	return true;
}

bool fdt_memory(const void *fdt, uint64_t *base, uint64_t *size)
{
	struct mem_ctx m;

	if (!fdt_find(fdt, mem_prop, &m))
		return false;
	*base = m.base;
	*size = m.size;
	return true;
}

static bool args_prop(const char *node, const char *prop, const uint8_t *v, uint32_t len, void *ctx)
{
	if (strcmp(node, "chosen") != 0 || strcmp(prop, "bootargs") != 0 || len == 0 || v[len - 1])
		return false;
	*(const char **)ctx = (const char *)v;
	return true;
}

const char *fdt_bootargs(const void *fdt)
{
	const char *args = 0;

	fdt_find(fdt, args_prop, &args);
	return args;
}

/* key=N in bootargs (decimal), or dflt */
uint32_t fdt_bootarg_u32(const void *fdt, const char *key, uint32_t dflt)
{
	const char *a = fdt_bootargs(fdt);
	size_t n = strlen(key);

	for (const char *p = a; p && *p; p++) {
		if ((p == a || p[-1] == ' ') && strncmp(p, key, n) == 0 && p[n] == '=') {
			uint32_t v = 0;

			for (p += n + 1; *p >= '0' && *p <= '9'; p++)
				v = v * 10 + (uint32_t)(*p - '0');
			return v;
		}
	}
	return dflt;
}
