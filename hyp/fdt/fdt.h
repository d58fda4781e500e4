/*
 * A minimal, bounds-checked flattened-device-tree walker (devicetree spec
 * v0.4, chapter 5): the monitor reads its RAM, the guest's initrd and its
 * own options from the blob QEMU or the board hands the guest, and fixes it
 * up in place (fdt_fixup.c: /memory, the CPU list). Every offset is checked
 * against max_len and the header: the blob is guest memory and treated as
 * untrusted. Portable; tests/fdt/test_fdt_gic.c, tests/fdt/test_fdt_fixup.c,
 * tests/fuzz/fuzz_fdt.c.
 */
#ifndef HYP_FDT_H
#define HYP_FDT_H

#include <stdbool.h>
#include <stdint.h>

/* Structure block tokens (devicetree spec 5.4.1); FDT_NOP is the one every
 * reader skips, which fdt_trim_cpus() writes over what it removes. */
#define FDT_BEGIN_NODE 1u
#define FDT_END_NODE   2u
#define FDT_PROP       3u
#define FDT_NOP        4u
#define FDT_END        9u

/* One property, as fdt_walk() meets it. */
struct fdt_prop {
	unsigned depth;        /* 1: a property of the root; 2: of a top-level node; ... */
	const char *node;      /* name of the node it belongs to ("" for the root) */
	const char *name;
	uint8_t *val;
	uint32_t len;
	uint32_t acells, scells;   /* the root's #address-cells / #size-cells */
};

/* Return 0 to go on, anything else to stop the walk with that value. */
typedef int (*fdt_visit_fn)(const struct fdt_prop *p, void *ctx);

/* Visit every property in blob order. Returns -1 if the blob is not a
 * valid FDT (checked as far as the walk got), the visitor's non-zero value
 * if it stopped the walk, else 0. */
int fdt_walk(uint8_t *fdt, uint32_t max_len, fdt_visit_fn fn, void *ctx);

/*
 * Every token of the structure block but FDT_NOP, as fdt_walk_tokens()
 * meets it. fdt_walk() gives a property and its node's name only: enough
 * to read /memory or /chosen, not to tell /cpus/cpu@1 from /soc/cpu@1 or to
 * find where a node ends. A fix-up that removes nodes needs both: it tracks
 * the path itself from BEGIN_NODE/END_NODE and overwrites [off, end) ranges.
 */
enum fdt_tok_kind {
	FDT_TOK_BEGIN_NODE,
	FDT_TOK_END_NODE,
	FDT_TOK_PROP,
	FDT_TOK_END,           /* the last token: the walk ends after it */
};
struct fdt_tok {
	enum fdt_tok_kind kind;
	unsigned depth;        /* BEGIN_NODE, END_NODE: the node's own (root 1); PROP: its
				  node's, as in fdt_prop; END: nodes left open (0 if well-formed) */
	const char *name;      /* BEGIN_NODE: the node's name; PROP: the property's; else "" */
	uint8_t *val;          /* PROP: its value, len bytes */
	uint32_t len;
	uint32_t off, end;     /* the token's bytes in the blob, [off, end), 4-aligned off,
				  name or value and padding included; inside totalsize */
};
typedef int (*fdt_tok_fn)(const struct fdt_tok *t, void *ctx);

/* Visit every token in blob order; the same checks and return values as
 * fdt_walk(), which is a filter over this walk. */
int fdt_walk_tokens(uint8_t *fdt, uint32_t max_len, fdt_tok_fn fn, void *ctx);

static inline uint32_t fdt_be32(const uint8_t *p)
{
	return ((uint32_t)p[0] << 24) | ((uint32_t)p[1] << 16) | ((uint32_t)p[2] << 8) | p[3];
}
/* n = 1 or 2 cells */
uint64_t fdt_cells(const uint8_t *p, uint32_t n);
void fdt_put_cells(uint8_t *p, uint32_t n, uint64_t v);

/* Is `node` the top-level node `want` (exactly, or want@unit)? */
bool fdt_node_is(const char *node, const char *want);

/* The first region of /memory. */
bool fdt_memory(uint8_t *fdt, uint32_t max_len, uint64_t *base, uint64_t *size);
/* /chosen/bootargs: a NUL-terminated string inside the blob, or 0. */
const char *fdt_bootargs(uint8_t *fdt, uint32_t max_len);
/* /chosen linux,initrd-start and -end. */
bool fdt_initrd(uint8_t *fdt, uint32_t max_len, uint64_t *start, uint64_t *end);

/* The interrupt controller the tree describes: a top-level node with an
 * `interrupt-controller` property and a GIC `compatible`. */
enum fdt_gic_kind {
	FDT_GIC_NONE,      /* no GIC node found */
	FDT_GIC_V2,        /* arm,cortex-a15-gic, arm,cortex-a7-gic, arm,gic-400, ... */
	FDT_GIC_V3,        /* arm,gic-v3 */
	FDT_GIC_OTHER,     /* an interrupt controller of another kind */
};
struct fdt_gic {
	enum fdt_gic_kind kind;
	char compatible[32];   /* its first compatible string, cut to fit */
	uint64_t dist;         /* the first reg region: the distributor */
};
bool fdt_gic(uint8_t *fdt, uint32_t max_len, struct fdt_gic *gic);

#endif
