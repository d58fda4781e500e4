#include <string.h>
#include "fdt.h"

#define FDT_MAGIC      0xd00dfeedu

uint64_t fdt_cells(const uint8_t *p, uint32_t n)
{
	return n == 2 ? ((uint64_t)fdt_be32(p) << 32) | fdt_be32(p + 4) : fdt_be32(p);
}

static void put_be32(uint8_t *p, uint32_t v)
{
	p[0] = (uint8_t)(v >> 24);
	p[1] = (uint8_t)(v >> 16);
	p[2] = (uint8_t)(v >> 8);
	p[3] = (uint8_t)v;
}

void fdt_put_cells(uint8_t *p, uint32_t n, uint64_t v)
{
	if (n == 2) {
		put_be32(p, (uint32_t)(v >> 32));
		put_be32(p + 4, (uint32_t)v);
	} else {
		put_be32(p, (uint32_t)v);
	}
}

bool fdt_node_is(const char *node, const char *want)
{
	size_t n = strlen(want);

	return strncmp(node, want, n) == 0 && (node[n] == '\0' || node[n] == '@');
}

/* length+1 of the NUL-terminated string at off inside [0, len), or 0 */
static uint32_t str_in(const uint8_t *base, uint32_t off, uint32_t len)
{
	for (uint32_t i = off; i < len; i++)
		if (base[i] == 0)
			return i - off + 1;
	return 0;
}

/* Do [a, a + alen) and [b, b + blen) share a byte? (Both end inside totalsize.) */
static bool overlap(uint32_t a, uint32_t alen, uint32_t b, uint32_t blen)
{
	return alen && blen && a < b + blen && b < a + alen;
}

/*
 * The one place the blob's structure is checked; fdt_walk() is a filter
 * over it. Besides bounds, the structure block must lie after the header
 * and apart from the strings block (devicetree spec 5.1: separate blocks):
 * a fix-up writes into the structure block, and with overlapping blocks a
 * write could change a name, or the header, that a later read depends on.
 */
int fdt_walk_tokens(uint8_t *fdt, uint32_t max_len, fdt_tok_fn fn, void *ctx)
{
	if (max_len < 40 || fdt_be32(fdt) != FDT_MAGIC)
		return -1;
	uint32_t total = fdt_be32(fdt + 4), off_struct = fdt_be32(fdt + 8);
	uint32_t off_strs = fdt_be32(fdt + 12), size_strs = fdt_be32(fdt + 32);
	uint32_t size_struct = fdt_be32(fdt + 36);

	if (total > max_len || off_struct > total || size_struct > total - off_struct ||
	    off_strs > total || size_strs > total - off_strs || (off_struct & 3) ||
	    off_struct < 40 || overlap(off_struct, size_struct, off_strs, size_strs))
		return -1;

	const uint8_t *strs = fdt + off_strs;
	uint8_t *s = fdt + off_struct;
	uint32_t pos = 0;
	unsigned depth = 0;

	while (pos + 4 <= size_struct) {
		uint32_t tok = fdt_be32(s + pos);
		struct fdt_tok t = { .depth = depth, .name = "", .off = off_struct + pos };

		pos += 4;
		if (tok == FDT_BEGIN_NODE) {
			uint32_t n = str_in(s, pos, size_struct);

			if (n == 0)
				return -1;
			t.kind = FDT_TOK_BEGIN_NODE;
			t.depth = ++depth;
			t.name = (const char *)s + pos;
			pos += (n + 3) & ~3u;
		} else if (tok == FDT_END_NODE) {
			if (depth == 0)
				return -1;
			t.kind = FDT_TOK_END_NODE;
			depth--;
		} else if (tok == FDT_PROP) {
			if (pos + 8 > size_struct)
				return -1;
			uint32_t len = fdt_be32(s + pos), nameoff = fdt_be32(s + pos + 4);

			pos += 8;
			if (len > size_struct - pos || nameoff >= size_strs ||
			    str_in(strs, nameoff, size_strs) == 0)
				return -1;
			t.kind = FDT_TOK_PROP;
			t.name = (const char *)strs + nameoff;
			t.val = s + pos;
			t.len = len;
			pos += (len + 3) & ~3u;
		} else if (tok == FDT_END) {
			t.kind = FDT_TOK_END;
		} else if (tok == FDT_NOP) {
			continue;
		} else {
			return -1;
		}
		/* a padded value may end past size_struct: the token ends at the block's end then */
		t.end = off_struct + (pos < size_struct ? pos : size_struct);
		int rc = fn(&t, ctx);

		if (rc || t.kind == FDT_TOK_END)
			return rc;
	}
	return -1;
}

struct prop_filter {
	struct fdt_prop p;
	fdt_visit_fn fn;
	void *ctx;
};

static int prop_filter_visit(const struct fdt_tok *t, void *ctx)
{
	struct prop_filter *f = ctx;
	struct fdt_prop *p = &f->p;

	if (t->kind == FDT_TOK_BEGIN_NODE)
		p->node = t->name;
	else if (t->kind == FDT_TOK_END_NODE)
		p->node = "";   /* properties come before subnodes: none follow here */
	if (t->kind != FDT_TOK_PROP)
		return 0;
	p->depth = t->depth;
	p->name = t->name;
	p->val = t->val;
	p->len = t->len;
	if (p->depth == 1 && p->len == 4 && strcmp(p->name, "#address-cells") == 0)
		p->acells = fdt_be32(p->val);
	else if (p->depth == 1 && p->len == 4 && strcmp(p->name, "#size-cells") == 0)
		p->scells = fdt_be32(p->val);
	return f->fn(p, f->ctx);
}

int fdt_walk(uint8_t *fdt, uint32_t max_len, fdt_visit_fn fn, void *ctx)
{
	struct prop_filter f = { .p = { .node = "", .acells = 2, .scells = 2 }, .fn = fn, .ctx = ctx };

	return fdt_walk_tokens(fdt, max_len, prop_filter_visit, &f);
}

struct range_ctx {
	uint64_t base, size;
};

static int memory_visit(const struct fdt_prop *p, void *ctx)
{
	struct range_ctx *r = ctx;

	if (p->depth != 2 || !fdt_node_is(p->node, "memory") || strcmp(p->name, "reg") != 0)
		return 0;
	if (p->acells < 1 || p->acells > 2 || p->scells < 1 || p->scells > 2 ||
	    p->len < 4 * (p->acells + p->scells))
		return -1;
	r->base = fdt_cells(p->val, p->acells);
	r->size = fdt_cells(p->val + (size_t)4 * p->acells, p->scells);
	return 1;
}

bool fdt_memory(uint8_t *fdt, uint32_t max_len, uint64_t *base, uint64_t *size)
{
	struct range_ctx r = { 0, 0 };

	if (fdt_walk(fdt, max_len, memory_visit, &r) != 1)
		return false;
	*base = r.base;
	*size = r.size;
	return true;
}

static int bootargs_visit(const struct fdt_prop *p, void *ctx)
{
	if (p->depth != 2 || !fdt_node_is(p->node, "chosen") || strcmp(p->name, "bootargs") != 0)
		return 0;
	/* a string: non-empty and NUL-terminated inside its length */
	if (p->len == 0 || p->val[p->len - 1] != 0)
		return -1;
	*(const char **)ctx = (const char *)p->val;
	return 1;
}

const char *fdt_bootargs(uint8_t *fdt, uint32_t max_len)
{
	const char *args = 0;

	return fdt_walk(fdt, max_len, bootargs_visit, &args) == 1 ? args : 0;
}

struct initrd_ctx {
	uint64_t start, end;
	unsigned found;
};

static int initrd_visit(const struct fdt_prop *p, void *ctx)
{
	struct initrd_ctx *c = ctx;
	bool start;

	if (p->depth != 2 || !fdt_node_is(p->node, "chosen"))
		return 0;
	if (strcmp(p->name, "linux,initrd-start") == 0)
		start = true;
	else if (strcmp(p->name, "linux,initrd-end") == 0)
		start = false;
	else
		return 0;
	if (p->len != 4 && p->len != 8)
		return -1;
	uint64_t v = fdt_cells(p->val, p->len / 4);

	if (start)
		c->start = v;
	else
		c->end = v;
	c->found |= start ? 1u : 2u;
	return c->found == 3u ? 1 : 0;
}

bool fdt_initrd(uint8_t *fdt, uint32_t max_len, uint64_t *start, uint64_t *end)
{
	struct initrd_ctx c = { 0, 0, 0 };

	if (fdt_walk(fdt, max_len, initrd_visit, &c) != 1 || c.end < c.start)
		return false;
	*start = c.start;
	*end = c.end;
	return true;
}

/* ---- the interrupt controller ---------------------------------------------- */

static const char *const gic_v2_compat[] = {
	"arm,cortex-a15-gic", "arm,cortex-a7-gic", "arm,gic-400", "arm,cortex-a9-gic", "arm,arm11mp-gic",
};

/* Does the string list (a compatible property) hold s? */
static bool strlist_has(const uint8_t *val, uint32_t len, const char *s)
{
	size_t n = strlen(s) + 1;

	for (uint32_t i = 0; i + n <= len;) {
		if (memcmp(val + i, s, n) == 0)
			return true;
		const uint8_t *z = memchr(val + i, 0, len - i);

		if (!z)
			return false;
		i = (uint32_t)(z - val) + 1;
	}
	return false;
}

struct gic_ctx {
	struct fdt_gic node, found;   /* the node being read; the answer */
	const char *name;
	bool intc;
};

static void gic_node_done(struct gic_ctx *c)
{
	if (c->intc && c->node.kind != FDT_GIC_NONE && c->found.kind == FDT_GIC_NONE)
		c->found = c->node;
	memset(&c->node, 0, sizeof(c->node));
	c->intc = false;
}

static int gic_visit(const struct fdt_prop *p, void *ctx)
{
	struct gic_ctx *c = ctx;

	if (p->depth != 2)
		return 0;
	if (!c->name || strcmp(c->name, p->node) != 0) {
		gic_node_done(c);
		c->name = p->node;
	}
	if (strcmp(p->name, "interrupt-controller") == 0) {
		c->intc = true;
	} else if (strcmp(p->name, "compatible") == 0 && p->len) {
		const uint8_t *z = memchr(p->val, 0, p->len);
		size_t n = z ? (size_t)(z - p->val) : p->len;

		n = n < sizeof(c->node.compatible) - 1 ? n : sizeof(c->node.compatible) - 1;
		memcpy(c->node.compatible, p->val, n);
		c->node.kind = FDT_GIC_OTHER;
		if (strlist_has(p->val, p->len, "arm,gic-v3"))
			c->node.kind = FDT_GIC_V3;
		for (unsigned i = 0; i < sizeof(gic_v2_compat) / sizeof(gic_v2_compat[0]); i++)
			if (strlist_has(p->val, p->len, gic_v2_compat[i]))
				c->node.kind = FDT_GIC_V2;
	} else if (strcmp(p->name, "reg") == 0 && p->acells >= 1 && p->acells <= 2 &&
		   p->len >= 4 * p->acells) {
		c->node.dist = fdt_cells(p->val, p->acells);
	}
	return 0;
}

bool fdt_gic(uint8_t *fdt, uint32_t max_len, struct fdt_gic *gic)
{
	struct gic_ctx c;

	memset(&c, 0, sizeof(c));
	if (fdt_walk(fdt, max_len, gic_visit, &c) != 0)
		return false;
	gic_node_done(&c);
	*gic = c.found;
	return true;
}
