/*
 * Clip /memory to the RAM the guest owns, so the guest is told the truth
 * about which RAM is its own. Portable; tests/test_fdt_fixup.c runs it on
 * the host, tests/fuzz/fuzz_fdt.c fuzzes it.
 */
#include <string.h>
#include "fdt.h"
#include "fdt_fixup.h"

struct clip {
	uint64_t lo, hi;
	bool apply;
	int changed;
};

static int clip_visit(const struct fdt_prop *p, void *ctx)
{
	struct clip *c = ctx;

	if (p->depth != 2 || !fdt_node_is(p->node, "memory") || strcmp(p->name, "reg") != 0)
		return 0;
	if (p->acells < 1 || p->acells > 2 || p->scells < 1 || p->scells > 2)
		return -1;
	uint32_t rl = 4 * (p->acells + p->scells);

	for (uint32_t i = 0; i + rl <= p->len; i += rl) {
		uint64_t rb = fdt_cells(p->val + i, p->acells);
		uint64_t re = rb + fdt_cells(p->val + i + 4 * p->acells, p->scells);
		uint64_t nb = rb < c->lo ? c->lo : rb, ne = re > c->hi ? c->hi : re;

		if (ne < nb)
			ne = nb;
		bool differs = nb != rb || ne != re;

		/* cppcheck-suppress knownConditionTrueFalse ; false positive: equal when the region is already inside (tests/test_fdt_fixup.c) */
		if (differs && c->apply) {
			fdt_put_cells(p->val + i, p->acells, nb);
			fdt_put_cells(p->val + i + 4 * p->acells, p->scells, ne - nb);
		}
		c->changed += differs;
	}
	return 0;
}

/* Validate the whole blob before writing a byte of it. */
int fdt_clip_memory(uint8_t *fdt, uint32_t max_len, uint32_t base, uint32_t size)
{
	struct clip c = { base, (uint64_t)base + size, false, 0 };

	if (fdt_walk(fdt, max_len, clip_visit, &c) != 0)
		return -1;
	c.apply = true;
	c.changed = 0;
	return fdt_walk(fdt, max_len, clip_visit, &c) != 0 ? -1 : c.changed;
}
