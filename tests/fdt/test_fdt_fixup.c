#define _GNU_SOURCE /* memmem, mkstemp */
/* fdt_clip_memory() and fdt_trim_cpus() (hyp/fdt/fdt_fixup.c) on blobs built
 * here by hand, and fdt_trim_cpus() on QEMU's own virt trees for -smp 4 and
 * 8 (tests/fixtures/qemu-virt-smp{4,8}.dtb: tools/make-guest-dtb.sh's tree,
 * QEMU 7.2's -machine dumpdtb plus the PMU node it leaves empty, compacted
 * by dtc; qemu-virt-arm64-smp{4,8}.dtb: qemu-system-aarch64 -M
 * virt,virtualization=on,gic-version=2 -cpu cortex-a57 -machine dumpdtb=,
 * as QEMU makes it for the AArch64 monitor, compacted by dtc), read back
 * by dtc. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <cmocka.h>
#include "fdt.h"
#include "fdt_fixup.h"
#include "fixture.h"

struct fdtb { uint8_t buf[4096]; uint32_t s, strs, slen; char strtab[512]; uint32_t strlen_; };

static void w32(uint8_t *p, uint32_t v) { p[0] = v >> 24; p[1] = v >> 16; p[2] = v >> 8; p[3] = v; }
static uint32_t r32(const uint8_t *p) { return ((uint32_t)p[0] << 24) | (p[1] << 16) | (p[2] << 8) | p[3]; }

/* Each returns where in buf what it wrote starts (tok: the token, node: its
 * BEGIN_NODE, prop: the value); end(): just past the END_NODE. */
static uint32_t tok(struct fdtb *b, uint32_t t) { w32(b->buf + 40 + b->slen, t); b->slen += 4; return 40 + b->slen - 4; }
static uint32_t end(struct fdtb *b) { return tok(b, 2) + 4; }
static uint32_t node(struct fdtb *b, const char *name)
{
	uint32_t at = tok(b, 1);
	size_t n = strlen(name) + 1;
	memcpy(b->buf + 40 + b->slen, name, n);
	b->slen += (n + 3) & ~3u;
	return at;
}
static uint32_t str(struct fdtb *b, const char *s)
{
	for (uint32_t off = 0; off < b->strlen_; off += strlen(b->strtab + off) + 1)
		if (strcmp(b->strtab + off, s) == 0)
			return off;
	uint32_t off = b->strlen_;
	strcpy(b->strtab + off, s);
	b->strlen_ += strlen(s) + 1;
	return off;
}
static uint32_t prop(struct fdtb *b, const char *name, const uint32_t *cells, unsigned n)
{
	tok(b, 3);
	w32(b->buf + 40 + b->slen, n * 4);
	w32(b->buf + 44 + b->slen, str(b, name));
	b->slen += 8;
	uint32_t at = 40 + b->slen;
	for (unsigned i = 0; i < n; i++, b->slen += 4)
		w32(b->buf + 40 + b->slen, cells[i]);
	return at;
}
static uint32_t prop1(struct fdtb *b, const char *name, uint32_t v) { return prop(b, name, &v, 1); }
static uint32_t finish(struct fdtb *b)
{
	tok(b, 9);
	uint32_t strs = 40 + b->slen;
	memcpy(b->buf + strs, b->strtab, b->strlen_);
	uint32_t total = strs + b->strlen_;
	w32(b->buf, 0xd00dfeed); w32(b->buf + 4, total); w32(b->buf + 8, 40);
	w32(b->buf + 12, strs); w32(b->buf + 16, 40); w32(b->buf + 20, 17); w32(b->buf + 24, 16);
	w32(b->buf + 32, b->strlen_); w32(b->buf + 36, b->slen);
	return total;
}

/* root { #address-cells=2; #size-cells=2; memory@40000000 { reg = <0 base 0 size>; }; } */
static uint32_t build(struct fdtb *b, uint32_t base, uint32_t size)
{
	memset(b, 0, sizeof(*b));
	node(b, "");
	uint32_t two = 2;
	prop(b, "#address-cells", &two, 1);
	prop(b, "#size-cells", &two, 1);
	node(b, "cpus"); tok(b, 2);
	node(b, "memory@40000000");
	uint32_t reg[4] = { 0, base, 0, size };
	prop(b, "reg", reg, 4);
	tok(b, 2);
	tok(b, 2);
	return finish(b);
}

static const uint8_t *reg_of(const struct fdtb *b)
{
	/* the reg value: find "memory@" then its property value */
	const uint8_t *p = memmem(b->buf, sizeof(b->buf), "memory@40000000", 15);
	return p + 16 + 12;
}

static void clips_to_guest_ram(void **state)
{
	(void)state;
	struct fdtb b;
	uint32_t total = build(&b, 0x40000000u, 0x20000000u);

	assert_int_equal(fdt_clip_memory(b.buf, total, 0x40000000u, 0x1fe00000u), 1);
	assert_int_equal(r32(reg_of(&b) + 4), 0x40000000u);
	assert_int_equal(r32(reg_of(&b) + 12), 0x1fe00000u);
	/* idempotent */
	assert_int_equal(fdt_clip_memory(b.buf, total, 0x40000000u, 0x1fe00000u), 0);
}

static void already_inside_unchanged(void **state)
{
	(void)state;
	struct fdtb b;
	uint32_t total = build(&b, 0x40000000u, 0x10000000u);
	uint8_t copy[sizeof(b.buf)];

	memcpy(copy, b.buf, sizeof(copy));
	assert_int_equal(fdt_clip_memory(b.buf, total, 0x40000000u, 0x1fe00000u), 0);
	assert_memory_equal(copy, b.buf, sizeof(copy));
}

static void malformed_writes_nothing(void **state)
{
	(void)state;
	struct fdtb b;
	uint32_t total = build(&b, 0x40000000u, 0x20000000u);
	uint8_t copy[sizeof(b.buf)];

	/* a bad token after the memory node: the whole blob is rejected first */
	w32(b.buf + 40 + b.slen - 4, 0x77);
	memcpy(copy, b.buf, sizeof(copy));
	assert_true(fdt_clip_memory(b.buf, total, 0x40000000u, 0x1fe00000u) < 0);
	assert_memory_equal(copy, b.buf, sizeof(copy));

	build(&b, 0x40000000u, 0x20000000u);
	assert_true(fdt_clip_memory(b.buf, 20, 0x40000000u, 0x1fe00000u) < 0);       /* too short */
	w32(b.buf + 4, 0x100000);                                                      /* totalsize > max */
	assert_true(fdt_clip_memory(b.buf, total, 0x40000000u, 0x1fe00000u) < 0);
	build(&b, 0x40000000u, 0x20000000u);
	w32(b.buf, 0x12345678);                                                        /* bad magic */
	assert_true(fdt_clip_memory(b.buf, total, 0x40000000u, 0x1fe00000u) < 0);
	total = build(&b, 0x40000000u, 0x20000000u);
	w32(b.buf + 36, 0x7fffffff);                                                   /* struct size lies */
	assert_true(fdt_clip_memory(b.buf, total, 0x40000000u, 0x1fe00000u) < 0);
}

/* ---- fdt_trim_cpus() on a tree built by hand -------------------------------- */

/*
 * / { intc { interrupts = <1 9 0xf04> }
 *     cpus { cpu-map { cluster0 { core0 { cpu = <&cpu0> } core1 { cpu = <&cpu1> }
 *                                 core2 { cpu = <&l2> } }
 *                      cluster1 { core0 { cpu = <&cpu2> }
 *                                 core1 { cpu = <&cpu3>  thread0 { cpu = <&cpu3> } } } }
 *            cpu@0 cpu@1 l2-cache cpu@2 { opp { interrupts } } cpu (linux,phandle) }
 *     timer { interrupts = <1 13 0xf04  1 14 0xf08  0 3 0xf04> }   a PPI mask, an SPI's flags
 *     soc { dev { deep { cpu = <&cpu2>  interrupts = <1 7 0x0f01> } } }
 *                           a PPI at depth 4; a cpu property outside cpu-map: stays
 *     wide { interrupts = <1 8 0xff04> }                          a mask wider than the tree
 *     other { interrupts = <1 6 0xf04 2 7 0xf04> }  odd { interrupts = <1 7 0xf04 1> }
 *                                                                 not the GIC's: untouched
 *     notcpus { cpu@9  cpu-map { core0 { cpu = <&cpu2> } } } }     not /cpus: stays
 * cpu-map first, as QEMU writes it: its entries name CPUs met later.
 */
struct smp_tree {
	uint32_t total;
	uint32_t cpu2[2], cpu3[2], c1core0[2], c1core1[2];   /* [BEGIN_NODE, past END_NODE) */
	uint32_t gic, timer, deep, opp, wide, cpu3_end;   /* interrupts values; cpu3's END_NODE */
};

static void build_smp(struct fdtb *b, struct smp_tree *t)
{
	memset(b, 0, sizeof(*b));
	node(b, "");
	prop1(b, "#address-cells", 2);
	prop1(b, "#size-cells", 2);
	prop1(b, "interrupt-parent", 1);
	node(b, "intc");
	prop1(b, "phandle", 1);
	prop1(b, "#interrupt-cells", 3);
	t->gic = prop(b, "interrupts", (const uint32_t[]){ 1, 9, 0xf04 }, 3);
	end(b);

	node(b, "cpus");
	prop1(b, "#address-cells", 1);
	prop1(b, "#size-cells", 0);
	node(b, "cpu-map");
	node(b, "cluster0");
	node(b, "core0"); prop1(b, "cpu", 0x10); end(b);
	node(b, "core1"); prop1(b, "cpu", 0x11); end(b);
	node(b, "core2"); prop1(b, "cpu", 0x20); end(b);   /* not a CPU: stays */
	end(b);
	node(b, "cluster1");
	t->c1core0[0] = node(b, "core0"); prop1(b, "cpu", 0x12); t->c1core0[1] = end(b);
	t->c1core1[0] = node(b, "core1"); prop1(b, "cpu", 0x13);
	node(b, "thread0"); prop1(b, "cpu", 0x13); end(b);
	t->c1core1[1] = end(b);
	end(b);
	end(b);   /* cpu-map */
	node(b, "cpu@0"); prop1(b, "reg", 0); prop1(b, "phandle", 0x10); end(b);
	node(b, "cpu@1"); prop1(b, "reg", 1); prop1(b, "phandle", 0x11); end(b);
	node(b, "l2-cache"); prop1(b, "phandle", 0x20); end(b);
	t->cpu2[0] = node(b, "cpu@2");
	prop1(b, "reg", 2);
	prop1(b, "phandle", 0x12);
	node(b, "opp"); t->opp = prop(b, "interrupts", (const uint32_t[]){ 1, 5, 0xf04 }, 3); end(b);
	t->cpu2[1] = end(b);
	t->cpu3[0] = node(b, "cpu");
	prop1(b, "reg", 3);
	prop1(b, "linux,phandle", 0x13);
	t->cpu3_end = tok(b, 2);
	t->cpu3[1] = t->cpu3_end + 4;
	end(b);   /* cpus */

	node(b, "timer");
	t->timer = prop(b, "interrupts", (const uint32_t[]){ 1, 13, 0xf04, 1, 14, 0xf08, 0, 3, 0xf04 }, 9);
	end(b);
	node(b, "soc"); node(b, "dev"); node(b, "deep");
	prop1(b, "cpu", 0x12);
	t->deep = prop(b, "interrupts", (const uint32_t[]){ 1, 7, 0x0f01 }, 3);
	end(b); end(b); end(b);
	node(b, "wide"); t->wide = prop(b, "interrupts", (const uint32_t[]){ 1, 8, 0xff04 }, 3); end(b);
	node(b, "other"); prop(b, "interrupts", (const uint32_t[]){ 1, 6, 0xf04, 2, 7, 0xf04 }, 6); end(b);
	node(b, "odd"); prop(b, "interrupts", (const uint32_t[]){ 1, 7, 0xf04, 1 }, 4); end(b);
	node(b, "notcpus");
	node(b, "cpu@9"); prop1(b, "phandle", 0x30); end(b);
	node(b, "cpu-map"); node(b, "core0"); prop1(b, "cpu", 0x12); end(b); end(b);
	end(b);
	end(b);   /* / */
	t->total = finish(b);
}

static int count_cpu(const struct fdt_tok *t, void *ctx)
{
	int *n = ctx;
	static bool in_cpus;

	if (t->kind == FDT_TOK_BEGIN_NODE && t->depth == 2)
		in_cpus = strcmp(t->name, "cpus") == 0;
	if (t->kind == FDT_TOK_BEGIN_NODE && t->depth == 3 && in_cpus && fdt_node_is(t->name, "cpu"))
		++*n;
	return 0;
}

/* CPU nodes under /cpus, as fdt_walk_tokens() sees them; -1: not an FDT */
static int cpu_nodes(uint8_t *buf, uint32_t len)
{
	int n = 0;

	return fdt_walk_tokens(buf, len, count_cpu, &n) == 0 ? n : -1;
}

static void nop(uint8_t *buf, const uint32_t range[2])
{
	for (uint32_t o = range[0]; o < range[1]; o += 4)
		w32(buf + o, 4);
}

/* keep 2 of 4: exactly these bytes change, every other one stays */
static void trim_hand_built(void **state)
{
	(void)state;
	struct fdtb b;
	struct smp_tree t;
	uint8_t want[sizeof(b.buf)];

	build_smp(&b, &t);
	memcpy(want, b.buf, sizeof(want));
	nop(want, t.cpu2);
	nop(want, t.cpu3);
	nop(want, t.c1core0);
	nop(want, t.c1core1);
	w32(want + t.gic + 8, 0x304);
	w32(want + t.timer + 8, 0x304);
	w32(want + t.timer + 20, 0x308);
	w32(want + t.deep + 8, 0x0301);
	w32(want + t.wide + 8, 0x304);

	assert_int_equal(fdt_trim_cpus(b.buf, t.total, 2), 2);
	assert_memory_equal(want, b.buf, sizeof(want));
	assert_int_equal(r32(b.buf + 4), t.total);   /* totalsize as it was */
	assert_int_equal(cpu_nodes(b.buf, t.total), 2);
	/* idempotent: nothing left to remove, nothing written */
	assert_int_equal(fdt_trim_cpus(b.buf, t.total, 2), 0);
	assert_memory_equal(want, b.buf, sizeof(want));
}

/* keep 3 of 4: only the last CPU, its cpu-map core, the mask bit 3 */
static void trim_one(void **state)
{
	(void)state;
	struct fdtb b;
	struct smp_tree t;
	uint8_t want[sizeof(b.buf)];

	build_smp(&b, &t);
	memcpy(want, b.buf, sizeof(want));
	nop(want, t.cpu3);
	nop(want, t.c1core1);
	w32(want + t.gic + 8, 0x704);
	w32(want + t.timer + 8, 0x704);
	w32(want + t.timer + 20, 0x708);
	w32(want + t.deep + 8, 0x0701);
	w32(want + t.wide + 8, 0x704);
	w32(want + t.opp + 8, 0x704);   /* cpu@2 stays, and its subnode's PPI */

	assert_int_equal(fdt_trim_cpus(b.buf, t.total, 3), 1);
	assert_memory_equal(want, b.buf, sizeof(want));
	assert_int_equal(cpu_nodes(b.buf, t.total), 3);
}

/* As many CPUs as kept, or more kept: nothing written, not even to the
 * 0xff mask that names CPUs the tree does not have (cpu@9 outside /cpus
 * is no fifth CPU) */
static void keep_all_writes_nothing(void **state)
{
	(void)state;
	static const unsigned keeps[] = { 4, 5, 8, 32, 0xffffffffu };
	struct fdtb b;
	struct smp_tree t;
	uint8_t orig[sizeof(b.buf)];

	build_smp(&b, &t);
	memcpy(orig, b.buf, sizeof(orig));
	for (unsigned i = 0; i < sizeof(keeps) / sizeof(keeps[0]); i++) {
		assert_int_equal(fdt_trim_cpus(b.buf, t.total, keeps[i]), 0);
		assert_memory_equal(orig, b.buf, sizeof(orig));
	}
}

/* Rejected before a byte is written: keep 0; a tree that ends (FDT_END)
 * inside the last CPU, after cpu@2 would have been cut; a bad token at
 * the end; totalsize beyond max_len */
static void trim_rejects_writes_nothing(void **state)
{
	(void)state;
	struct fdtb b;
	struct smp_tree t;
	uint8_t orig[sizeof(b.buf)];

	build_smp(&b, &t);
	memcpy(orig, b.buf, sizeof(orig));
	assert_true(fdt_trim_cpus(b.buf, t.total, 0) < 0);
	assert_memory_equal(orig, b.buf, sizeof(orig));

	w32(b.buf + t.cpu3_end, 9);
	memcpy(orig, b.buf, sizeof(orig));
	assert_true(fdt_trim_cpus(b.buf, t.total, 2) < 0);
	assert_memory_equal(orig, b.buf, sizeof(orig));

	build_smp(&b, &t);
	w32(b.buf + 40 + b.slen - 4, 0x77);
	memcpy(orig, b.buf, sizeof(orig));
	assert_true(fdt_trim_cpus(b.buf, t.total, 2) < 0);
	assert_memory_equal(orig, b.buf, sizeof(orig));

	build_smp(&b, &t);
	memcpy(orig, b.buf, sizeof(orig));
	assert_true(fdt_trim_cpus(b.buf, t.total - 1, 2) < 0);
	assert_true(fdt_trim_cpus(b.buf, 39, 2) < 0);
	assert_memory_equal(orig, b.buf, sizeof(orig));
}

/* A structure block that takes in the strings block is otherwise valid
 * here (FDT_END comes first): only the overlap makes it no FDT. A write
 * into the structure block could rename a property a later read sees. */
static void overlapping_blocks_rejected(void **state)
{
	(void)state;
	struct fdtb b;
	struct smp_tree t;
	uint8_t orig[sizeof(b.buf)];

	build_smp(&b, &t);
	assert_int_equal(cpu_nodes(b.buf, t.total), 4);
	w32(b.buf + 36, b.slen + b.strlen_);
	memcpy(orig, b.buf, sizeof(orig));
	assert_int_equal(cpu_nodes(b.buf, t.total), -1);
	assert_true(fdt_trim_cpus(b.buf, t.total, 2) < 0);
	assert_true(fdt_clip_memory(b.buf, t.total, 0x40000000u, 0x1000000u) < 0);
	assert_memory_equal(orig, b.buf, sizeof(orig));
}

/* / { cpus { cpu@0 { phandle } ... cpu@n-1 { phandle } } } */
static uint32_t build_many(struct fdtb *b, unsigned n)
{
	char name[16];

	memset(b, 0, sizeof(*b));
	node(b, "");
	node(b, "cpus");
	for (unsigned i = 0; i < n; i++) {
		snprintf(name, sizeof(name), "cpu@%u", i);
		node(b, name);
		prop1(b, "phandle", 0x100 + i);
		end(b);
	}
	end(b);
	end(b);
	return finish(b);
}

/* The removed CPUs' phandles are remembered for cpu-map, up to
 * FDT_TRIM_MAX_PHANDLES of them: one more is refused, not half done */
static void phandle_limit(void **state)
{
	(void)state;
	struct fdtb b;
	uint8_t orig[sizeof(b.buf)];
	uint32_t total = build_many(&b, FDT_TRIM_MAX_PHANDLES + 1);

	assert_int_equal(fdt_trim_cpus(b.buf, total, 1), FDT_TRIM_MAX_PHANDLES);
	assert_int_equal(cpu_nodes(b.buf, total), 1);
	total = build_many(&b, FDT_TRIM_MAX_PHANDLES + 2);
	memcpy(orig, b.buf, sizeof(orig));
	assert_true(fdt_trim_cpus(b.buf, total, 1) < 0);
	assert_memory_equal(orig, b.buf, sizeof(orig));
}

/* ---- fdt_trim_cpus() on QEMU's own trees --------------------------------------- */

static uint8_t blob[64 * 1024], before[64 * 1024];

static uint32_t load(const char *name)
{
	uint32_t n = fixture_load(name, blob, sizeof(blob));

	assert_true(n > 40);
	memcpy(before, blob, n);
	return n;
}

/* The only 4-aligned place in b[0, n) where `len` bytes equal `what`. */
static uint32_t find_once(const uint8_t *b, uint32_t n, const void *what, uint32_t len)
{
	uint32_t found = 0, hits = 0;

	for (uint32_t o = 0; o + len <= n; o += 4)
		if (memcmp(b + o, what, len) == 0) {
			found = o;
			hits++;
		}
	assert_int_equal(hits, 1);
	return found;
}

/* The node's BEGIN_NODE token: 00000001 and the name with its NUL. */
static uint32_t find_node(const uint8_t *b, uint32_t n, const char *name)
{
	uint8_t want[64] = { 0, 0, 0, 1 };
	size_t len = strlen(name) + 1;

	memcpy(want + 4, name, len);
	return find_once(b, n, want, (uint32_t)(4 + len));
}

/* Just past the END_NODE that closes the node at off: the test's own
 * reading of the structure block, not hyp/fdt/fdt.c's. */
static uint32_t subtree_end(const uint8_t *b, uint32_t off)
{
	int depth = 0;

	for (;;) {
		uint32_t t = r32(b + off);

		off += 4;
		if (t == 1) {
			depth++;
			off += (strlen((const char *)b + off) + 4) & ~3u;
		} else if (t == 2) {
			if (--depth == 0)
				return off;
		} else if (t == 3) {
			off += 8 + ((r32(b + off) + 3) & ~3u);
		} else {
			assert_int_equal(t, 4);
		}
	}
}

static void nop_node(uint8_t *b, uint32_t n, const char *name)
{
	uint32_t r[2];

	r[0] = find_node(b, n, name);
	r[1] = subtree_end(b, r[0]);
	nop(b, r);
}

/* The specifier cells given (big-endian words) appear once; set every
 * PPI's flags among them to flags. */
static void set_ppi_flags(uint8_t *b, uint32_t n, const uint32_t *cells, unsigned ncells, uint32_t flags)
{
	uint8_t want[64] = { 0 };

	for (unsigned i = 0; i < ncells; i++)
		w32(want + 4 * i, cells[i]);
	uint32_t at = find_once(b, n, want, 4 * ncells);

	for (unsigned i = 0; i < ncells; i += 3)
		if (cells[i] == 1)
			w32(b + at + 4 * i + 8, flags);
}

/* dtc's reading of the blob, as source (it must read it: exit status 0) */
static const char *dtc_dts(const uint8_t *b, uint32_t n)
{
	static char out[128 * 1024];
	char path[] = "/tmp/blmon-test-fdt-XXXXXX", cmd[96];
	int fd = mkstemp(path);

	assert_true(fd >= 0);
	assert_int_equal(write(fd, b, n), n);
	close(fd);
	snprintf(cmd, sizeof(cmd), "dtc -q -I dtb -O dts %s", path);
	FILE *f = popen(cmd, "r");

	assert_non_null(f);
	size_t len = fread(out, 1, sizeof(out) - 1, f);

	out[len] = 0;
	int status = pclose(f);

	unlink(path);
	assert_int_equal(status, 0);
	assert_true(len > 0 && len < sizeof(out) - 1);
	return out;
}

static unsigned count(const char *text, const char *what)
{
	unsigned n = 0;

	for (const char *p = strstr(text, what); p; p = strstr(p + 1, what))
		n++;
	return n;
}

static const uint32_t timer_ppis[] = { 1, 13, 0, 1, 14, 0, 1, 11, 0, 1, 10, 0 };
static const uint32_t pmu_ppi[] = { 1, 7, 0 };

/* What QEMU's tree for ncpus CPUs becomes with keep of them: the later
 * cpu@N and cpu-map coreN gone, the timer's and the PMU's masks cut. */
static void qemu_trim(const char *fixture, unsigned ncpus, unsigned keep)
{
	uint32_t n = load(fixture), all = ((1u << ncpus) - 1) << 8 | 4, kept = ((1u << keep) - 1) << 8 | 4;
	uint32_t timer[12], pmu[3];
	static uint8_t want[sizeof(blob)];
	char name[16];

	memcpy(timer, timer_ppis, sizeof(timer));
	memcpy(pmu, pmu_ppi, sizeof(pmu));
	for (unsigned i = 2; i < 12; i += 3)
		timer[i] = all;
	pmu[2] = all;
	memcpy(want, blob, n);
	for (unsigned i = keep; i < ncpus; i++) {
		snprintf(name, sizeof(name), "cpu@%u", i);
		nop_node(want, n, name);
		snprintf(name, sizeof(name), "core%u", i);
		nop_node(want, n, name);
	}
	set_ppi_flags(want, n, timer, 12, kept);
	set_ppi_flags(want, n, pmu, 3, kept);

	assert_int_equal(cpu_nodes(blob, n), (int)ncpus);
	assert_int_equal(fdt_trim_cpus(blob, n, keep), (int)(ncpus - keep));
	assert_memory_equal(want, blob, n);   /* every other byte as QEMU wrote it */
	assert_int_equal(cpu_nodes(blob, n), (int)keep);

	/* what dtc makes of it */
	const char *dts = dtc_dts(blob, n);
	char line[160];

	assert_int_equal(count(dts, "\t\tcpu@"), keep);
	assert_int_equal(count(dts, "\t\t\t\t\tcore"), keep);
	for (unsigned i = 0; i < keep; i++) {
		snprintf(name, sizeof(name), "\t\tcpu@%u {", i);
		assert_non_null(strstr(dts, name));
		snprintf(name, sizeof(name), "core%u {", i);
		assert_non_null(strstr(dts, name));
	}
	snprintf(line, sizeof(line), "interrupts = <0x01 0x0d 0x%x 0x01 0x0e 0x%x 0x01 0x0b 0x%x 0x01 0x0a 0x%x>;",
		 kept, kept, kept, kept);
	assert_non_null(strstr(dts, line));
	snprintf(line, sizeof(line), "interrupts = <0x01 0x07 0x%x>;", kept);
	assert_non_null(strstr(dts, line));
	snprintf(line, sizeof(line), "0x%x>", all);
	assert_null(strstr(dts, line));

	/* the monitor's other readers still read it; a second trim is a no-op */
	uint64_t base, size;
	struct fdt_gic g;

	assert_true(fdt_memory(blob, n, &base, &size));
	assert_true(fdt_gic(blob, n, &g));
	assert_int_equal(g.kind, FDT_GIC_V2);
	assert_int_equal(fdt_trim_cpus(blob, n, keep), 0);
	assert_memory_equal(want, blob, n);
}

static void qemu_smp4_keep2(void **state)
{
	(void)state;
	qemu_trim("qemu-virt-smp4.dtb", 4, 2);
}

static void qemu_smp8_keep4(void **state)
{
	(void)state;
	qemu_trim("qemu-virt-smp8.dtb", 8, 4);
}

/* QEMU's AArch64 virt trees (qemu-system-aarch64 -M virt,gic-version=2
 * -cpu cortex-a57, the AArch64 monitor's board; compacted by dtc): the PMU
 * node is QEMU's own there (arm,armv8-pmuv3, PPI 7), the timer's four PPIs
 * as on ARMv7, and the GIC's maintenance interrupt (PPI 9) has no CPU
 * mask - left as it is */
static void qemu_arm64_smp4_keep2(void **state)
{
	(void)state;
	qemu_trim("qemu-virt-arm64-smp4.dtb", 4, 2);
}

static void qemu_arm64_smp8_keep4(void **state)
{
	(void)state;
	qemu_trim("qemu-virt-arm64-smp8.dtb", 8, 4);
}

static void qemu_arm64_smp8_keep1(void **state)
{
	(void)state;
	qemu_trim("qemu-virt-arm64-smp8.dtb", 8, 1);
}

/* The fixtures as dumped: QEMU's masks for all CPUs (so the checks above
 * can fail), and dtc reads them */
static void qemu_fixtures_as_dumped(void **state)
{
	(void)state;
	uint32_t n = load("qemu-virt-smp4.dtb");
	const char *dts = dtc_dts(blob, n);

	assert_int_equal(count(dts, "\t\tcpu@"), 4);
	assert_non_null(strstr(dts, "interrupts = <0x01 0x0d 0xf04 0x01 0x0e 0xf04 0x01 0x0b 0xf04 0x01 0x0a 0xf04>;"));
	assert_non_null(strstr(dts, "interrupts = <0x01 0x07 0xf04>;"));
	n = load("qemu-virt-smp8.dtb");
	dts = dtc_dts(blob, n);
	assert_int_equal(count(dts, "\t\tcpu@"), 8);
	assert_non_null(strstr(dts, "interrupts = <0x01 0x07 0xff04>;"));
	n = load("qemu-virt-arm64-smp4.dtb");
	dts = dtc_dts(blob, n);
	assert_int_equal(count(dts, "\t\tcpu@"), 4);
	assert_non_null(strstr(dts, "compatible = \"arm,armv8-pmuv3\";"));
	assert_non_null(strstr(dts, "interrupts = <0x01 0x0d 0xf04 0x01 0x0e 0xf04 0x01 0x0b 0xf04 0x01 0x0a 0xf04>;"));
	assert_non_null(strstr(dts, "interrupts = <0x01 0x07 0xf04>;"));
	assert_non_null(strstr(dts, "interrupts = <0x01 0x09 0x04>;"));
	n = load("qemu-virt-arm64-smp8.dtb");
	dts = dtc_dts(blob, n);
	assert_int_equal(count(dts, "\t\tcpu@"), 8);
	assert_non_null(strstr(dts, "interrupts = <0x01 0x07 0xff04>;"));
}

/* Nothing written: keep as many as there are, or more; keep 0; the blob
 * cut short (max_len below totalsize); its structure block cut short */
static void qemu_rejects_writes_nothing(void **state)
{
	(void)state;
	uint32_t n = load("qemu-virt-smp4.dtb");

	assert_int_equal(fdt_trim_cpus(blob, n, 4), 0);
	assert_int_equal(fdt_trim_cpus(blob, n, 5), 0);
	assert_memory_equal(before, blob, n);
	assert_true(fdt_trim_cpus(blob, n, 0) < 0);
	assert_true(fdt_trim_cpus(blob, n - 1, 2) < 0);
	assert_true(fdt_trim_cpus(blob, n / 2, 2) < 0);
	assert_memory_equal(before, blob, n);
	/* size_dt_struct ending just before the cpu@3 node closes */
	uint32_t cpu3 = find_node(blob, n, "cpu@3");

	w32(blob + 36, subtree_end(blob, cpu3) - 4 - r32(blob + 8));
	memcpy(before, blob, n);
	assert_true(fdt_trim_cpus(blob, n, 2) < 0);
	assert_memory_equal(before, blob, n);
}
int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(clips_to_guest_ram),
		cmocka_unit_test(already_inside_unchanged),
		cmocka_unit_test(malformed_writes_nothing),
		cmocka_unit_test(trim_hand_built),
		cmocka_unit_test(trim_one),
		cmocka_unit_test(keep_all_writes_nothing),
		cmocka_unit_test(trim_rejects_writes_nothing),
		cmocka_unit_test(overlapping_blocks_rejected),
		cmocka_unit_test(phandle_limit),
		cmocka_unit_test(qemu_fixtures_as_dumped),
		cmocka_unit_test(qemu_smp4_keep2),
		cmocka_unit_test(qemu_smp8_keep4),
		cmocka_unit_test(qemu_arm64_smp4_keep2),
		cmocka_unit_test(qemu_arm64_smp8_keep4),
		cmocka_unit_test(qemu_arm64_smp8_keep1),
		cmocka_unit_test(qemu_rejects_writes_nothing),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
