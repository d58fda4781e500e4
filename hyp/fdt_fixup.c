/*
 * Minimal flattened-device-tree walker (devicetree spec v0.4, chapter 5),
 * just enough to clip /memory so the guest is told the truth about which
 * RAM is its own. Portable; tests/test_fdt_fixup.c runs it on host.
 */
#include <stdbool.h>
#include <string.h>
#include "fdt_fixup.h"

#define FDT_MAGIC      0xd00dfeedu
#define FDT_BEGIN_NODE 1u
#define FDT_END_NODE   2u
#define FDT_PROP       3u
#define FDT_NOP        4u
#define FDT_END        9u

static uint32_t be32(const uint8_t *p)
{
	return ((uint32_t)p[0] << 24) | ((uint32_t)p[1] << 16) | ((uint32_t)p[2] << 8) | p[3];
}

static void put_be32(uint8_t *p, uint32_t v)
{
	p[0] = (uint8_t)(v >> 24);
	p[1] = (uint8_t)(v >> 16);
	p[2] = (uint8_t)(v >> 8);
	p[3] = (uint8_t)v;
}

static uint64_t get_cells(const uint8_t *p, uint32_t n)
{
	return n == 2 ? ((uint64_t)be32(p) << 32) | be32(p + 4) : be32(p);
}

static void put_cells(uint8_t *p, uint32_t n, uint64_t v)
{
	if (n == 2) {
		put_be32(p, (uint32_t)(v >> 32));
		put_be32(p + 4, (uint32_t)v);
	} else {
		put_be32(p, (uint32_t)v);
	}
}

struct walk {
	const uint8_t *strs;
	uint32_t strs_len;
};

/* NUL-terminated string at off inside [0, len)? returns its length+1 or 0 */
static uint32_t str_in(const uint8_t *base, uint32_t off, uint32_t len)
{
	for (uint32_t i = off; i < len; i++)
		if (base[i] == 0)
			return i - off + 1;
	return 0;
}

static bool prop_name_is(const struct walk *w, uint32_t nameoff, const char *name)
{
	uint32_t n = (uint32_t)strlen(name) + 1;

	return nameoff < w->strs_len && w->strs_len - nameoff >= n &&
	       memcmp(w->strs + nameoff, name, n) == 0;
}

static int clip_walk(uint8_t *fdt, uint32_t max_len, uint32_t base, uint32_t size, bool apply)
{
	if (max_len < 40 || be32(fdt) != FDT_MAGIC)
		return -1;
	uint32_t total = be32(fdt + 4), off_struct = be32(fdt + 8);
	uint32_t off_strs = be32(fdt + 12), size_strs = be32(fdt + 32);
	uint32_t size_struct = be32(fdt + 36);

	if (total > max_len || off_struct > total || size_struct > total - off_struct ||
	    off_strs > total || size_strs > total - off_strs || (off_struct & 3))
		return -1;

	struct walk w = { fdt + off_strs, size_strs };
	uint8_t *s = fdt + off_struct;
	uint32_t pos = 0, depth = 0, acells = 2, scells = 2;
	bool in_memory = false;
	int changed = 0;
	uint64_t lo = base, hi = (uint64_t)base + size;

	while (pos + 4 <= size_struct) {
		uint32_t tok = be32(s + pos);

		pos += 4;
		if (tok == FDT_BEGIN_NODE) {
			uint32_t n = str_in(s, pos, size_struct);

			if (n == 0)
				return -1;
			depth++;
			in_memory = depth == 2 &&
				    (strcmp((const char *)s + pos, "memory") == 0 ||
				     strncmp((const char *)s + pos, "memory@", 7) == 0);
			pos += (n + 3) & ~3u;
		} else if (tok == FDT_END_NODE) {
			if (depth == 0)
				return -1;
			depth--;
			in_memory = false;
		} else if (tok == FDT_PROP) {
			if (pos + 8 > size_struct)
				return -1;
			uint32_t len = be32(s + pos), nameoff = be32(s + pos + 4);

			pos += 8;
			if (len > size_struct - pos)
				return -1;
			uint8_t *val = s + pos;

			if (depth == 1 && len == 4 && prop_name_is(&w, nameoff, "#address-cells"))
				acells = be32(val);
			else if (depth == 1 && len == 4 && prop_name_is(&w, nameoff, "#size-cells"))
				scells = be32(val);
			else if (in_memory && prop_name_is(&w, nameoff, "reg")) {
				if (acells < 1 || acells > 2 || scells < 1 || scells > 2)
					return -1;
				uint32_t rl = 4 * (acells + scells);

				for (uint32_t i = 0; i + rl <= len; i += rl) {
					uint64_t rb = get_cells(val + i, acells);
					uint64_t re = rb + get_cells(val + i + 4 * acells, scells);
					uint64_t nb = rb < lo ? lo : rb, ne = re > hi ? hi : re;

					if (ne < nb)
						ne = nb;
					bool differs = nb != rb || ne != re;

					/* cppcheck-suppress knownConditionTrueFalse ; false positive: equal when the region is already inside (tests/test_fdt_fixup.c) */
					if (differs && apply) {
						put_cells(val + i, acells, nb);
						put_cells(val + i + 4 * acells, scells, ne - nb);
					}
					changed += differs;
				}
			}
			pos += (len + 3) & ~3u;
		} else if (tok == FDT_END) {
			return changed;
		} else if (tok != FDT_NOP) {
			return -1;
		}
	}
	return -1;
}

/* Validate the whole blob before writing a byte of it. */
int fdt_clip_memory(uint8_t *fdt, uint32_t max_len, uint32_t base, uint32_t size)
{
	int rc = clip_walk(fdt, max_len, base, size, false);

	return rc < 0 ? rc : clip_walk(fdt, max_len, base, size, true);
}
