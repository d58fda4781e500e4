/*
 * Clip /memory to the RAM the guest owns, and trim /cpus to the CPUs it is
 * given, so the guest is told the truth about what is its own. Portable;
 * tests/fdt/test_fdt_fixup.c runs it on the host, tests/fuzz/fuzz_fdt.c
 * fuzzes it.
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
		uint64_t re = rb + fdt_cells(p->val + i + (size_t)4 * p->acells, p->scells);
		uint64_t nb = rb < c->lo ? c->lo : rb, ne = re > c->hi ? c->hi : re;

		if (ne < nb)
			ne = nb;
		bool differs = nb != rb || ne != re;

		/* cppcheck-suppress knownConditionTrueFalse ; false positive: equal when the region is already inside (tests/fdt/test_fdt_fixup.c) */
		if (differs && c->apply) {
			fdt_put_cells(p->val + i, p->acells, nb);
			fdt_put_cells(p->val + i + (size_t)4 * p->acells, p->scells, ne - nb);
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

/* ---- the CPU list ------------------------------------------------------------ */


/*
 * Three walks of the blob. COLLECT counts the CPU nodes and learns the
 * removed ones' phandles (QEMU puts cpu-map before the CPUs it names, so
 * a single walk cannot decide). CHECK takes every decision APPLY will,
 * bounds checks included, and writes nothing. APPLY writes, only bytes its
 * walk has already passed (a subtree at its END_NODE, a value while it is
 * visited) and only in the structure block, which fdt_walk_tokens() keeps
 * apart from the header and the strings: APPLY reads what CHECK read and
 * cannot fail half-way through.
 */
enum trim_pass { TRIM_COLLECT, TRIM_CHECK, TRIM_APPLY };

/* Depths as fdt_tok counts them: / is 1, /cpus 2, /cpus/cpu@N and
 * /cpus/cpu-map 3, cpu-map's clusters and cores 4 and deeper. */
#define CPU_DEPTH 3

struct trim {
	uint8_t *fdt;
	uint32_t max_len;
	enum trim_pass pass;
	unsigned keep, ncpus;    /* CPU nodes to keep; met so far in this walk */
	int removed;             /* ... and removed */
	uint32_t clear;          /* the mask bits of removed CPUs in a PPI's third cell */
	bool in_cpus, in_map;    /* inside /cpus; inside /cpus/cpu-map */
	bool node_open;          /* node_off is the BEGIN_NODE of the innermost open node */
	uint32_t node_off;
	unsigned cut_depth;      /* a subtree being removed: its depth (0: none), its BEGIN_NODE */
	uint32_t cut_off;
	uint32_t phandles[FDT_TRIM_MAX_PHANDLES];   /* of the removed CPU nodes */
	unsigned nphandles;
};

static int trim_begin(struct trim *c, const struct fdt_tok *t)
{
	c->node_off = t->off;
	c->node_open = true;
	if (t->depth == 2)
		c->in_cpus = strcmp(t->name, "cpus") == 0;
	if (t->depth != CPU_DEPTH)
		return 0;
	/* no cut is under way here: a cut subtree ends before its next sibling */
	c->in_map = c->in_cpus && strcmp(t->name, "cpu-map") == 0;
	if (c->in_cpus && fdt_node_is(t->name, "cpu") && c->ncpus++ >= c->keep) {
		c->removed++;
		c->cut_depth = CPU_DEPTH;
		c->cut_off = t->off;
	}
	return 0;
}

/* NOP the subtree being cut when its END_NODE comes. */
static int trim_end(struct trim *c, const struct fdt_tok *t)
{
	c->node_open = false;
	if (!c->cut_depth || t->depth != c->cut_depth)
		return 0;
	c->cut_depth = 0;
	/* the walker keeps every token inside totalsize <= max_len; this is
	 * the write, so its range is checked again where it is made */
	if (c->cut_off >= t->end || t->end > c->max_len || ((c->cut_off | t->end) & 3))
		return -1;
	if (c->pass == TRIM_APPLY)
		for (uint32_t o = c->cut_off; o < t->end; o += 4)
			fdt_put_cells(c->fdt + o, 1, FDT_NOP);
	return 0;
}

static bool is_phandle(const struct fdt_tok *t)
{
	return t->len == 4 && (strcmp(t->name, "phandle") == 0 || strcmp(t->name, "linux,phandle") == 0);
}

static bool names_removed(const struct trim *c, uint32_t phandle)
{
	for (unsigned i = 0; i < c->nphandles; i++)
		if (c->phandles[i] == phandle)
			return true;
	return false;
}

/* GIC specifiers as the root's GIC has them, #interrupt-cells = 3: <type
 * number flags>, type 0 an SPI, 1 a PPI. Anything else is left alone. */
static bool gic_specifiers(const struct fdt_tok *t)
{
	if (t->len == 0 || t->len % 12 != 0)
		return false;
	for (uint32_t i = 0; i < t->len; i += 12)
		if (fdt_be32(t->val + i) > 1)
			return false;
	return true;
}

/* A GICv2 PPI's flags cell names the CPUs it is wired to in bits [15:8]. */
static void trim_ppi_masks(const struct trim *c, const struct fdt_tok *t)
{
	for (uint32_t i = 0; i < t->len; i += 12) {
		uint8_t *flags = t->val + i + 8;
		uint32_t v = fdt_be32(flags);

		if (fdt_be32(t->val + i) == 1 && (v & c->clear) && c->pass == TRIM_APPLY)
			fdt_put_cells(flags, 1, v & ~c->clear);
	}
}

static int trim_prop(struct trim *c, const struct fdt_tok *t)
{
	if (c->cut_depth) {
		/* a removed CPU's own phandle, for cpu-map; the rest goes with it */
		if (c->pass != TRIM_COLLECT || c->cut_depth != CPU_DEPTH || t->depth != CPU_DEPTH ||
		    !is_phandle(t))
			return 0;
		if (c->nphandles == FDT_TRIM_MAX_PHANDLES)
			return -1;
		c->phandles[c->nphandles++] = fdt_be32(t->val);
		return 0;
	}
	if (c->pass == TRIM_COLLECT)
		return 0;
	/* a cpu-map node naming a removed CPU: properties come before
	 * subnodes, so node_open says whose BEGIN_NODE node_off is */
	if (c->in_map && t->depth > CPU_DEPTH && c->node_open && t->len == 4 &&
	    strcmp(t->name, "cpu") == 0 && names_removed(c, fdt_be32(t->val))) {
		c->cut_depth = t->depth;
		c->cut_off = c->node_off;
	} else if (strcmp(t->name, "interrupts") == 0 && gic_specifiers(t)) {
		trim_ppi_masks(c, t);
	}
	return 0;
}

static int trim_visit(const struct fdt_tok *t, void *ctx)
{
	struct trim *c = ctx;

	switch (t->kind) {
	case FDT_TOK_BEGIN_NODE:
		return trim_begin(c, t);
	case FDT_TOK_END_NODE:
		return trim_end(c, t);
	case FDT_TOK_PROP:
		return trim_prop(c, t);
	case FDT_TOK_END:
		break;
	}
	/* the end: a node still open might be a cut never closed */
	return t->depth == 0 ? 0 : -1;
}

/* One walk; each starts afresh but for the phandles COLLECT learnt. */
static int trim_walk(struct trim *c, enum trim_pass pass)
{
	c->pass = pass;
	c->ncpus = 0;
	c->removed = 0;
	c->in_cpus = c->in_map = c->node_open = false;
	c->cut_depth = 0;
	return fdt_walk_tokens(c->fdt, c->max_len, trim_visit, c) != 0 ? -1 : 0;
}

int fdt_trim_cpus(uint8_t *fdt, uint32_t max_len, unsigned keep)
{
	struct trim c;

	if (keep == 0)
		return -1;
	memset(&c, 0, sizeof(c));
	c.fdt = fdt;
	c.max_len = max_len;
	c.keep = keep;
	/* 8 mask bits: a GICv2 has at most 8 CPU interfaces */
	c.clear = keep >= 8 ? 0 : (0xffu & ~((1u << keep) - 1)) << 8;
	if (trim_walk(&c, TRIM_COLLECT) != 0)
		return -1;
	if (c.removed == 0)
		return 0;   /* no CPU removed: no mask names one either, nothing is written */
	if (trim_walk(&c, TRIM_CHECK) != 0 || trim_walk(&c, TRIM_APPLY) != 0)
		return -1;
	return c.removed;
}
