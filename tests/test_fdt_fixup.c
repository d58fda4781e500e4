#define _GNU_SOURCE /* memmem */
/* fdt_clip_memory() (hyp/fdt_fixup.c) on blobs built here by hand. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <string.h>
#include <cmocka.h>
#include "fdt_fixup.h"

struct fdtb { uint8_t buf[1024]; uint32_t s, strs, slen; char strtab[128]; uint32_t strlen_; };

static void w32(uint8_t *p, uint32_t v) { p[0] = v >> 24; p[1] = v >> 16; p[2] = v >> 8; p[3] = v; }
static uint32_t r32(const uint8_t *p) { return ((uint32_t)p[0] << 24) | (p[1] << 16) | (p[2] << 8) | p[3]; }

static void tok(struct fdtb *b, uint32_t t) { w32(b->buf + 40 + b->slen, t); b->slen += 4; }
static void node(struct fdtb *b, const char *name)
{
	tok(b, 1);
	size_t n = strlen(name) + 1;
	memcpy(b->buf + 40 + b->slen, name, n);
	b->slen += (n + 3) & ~3u;
}
static uint32_t str(struct fdtb *b, const char *s)
{
	uint32_t off = b->strlen_;
	strcpy(b->strtab + off, s);
	b->strlen_ += strlen(s) + 1;
	return off;
}
static void prop(struct fdtb *b, const char *name, const uint32_t *cells, unsigned n)
{
	tok(b, 3);
	w32(b->buf + 40 + b->slen, n * 4);
	w32(b->buf + 44 + b->slen, str(b, name));
	b->slen += 8;
	for (unsigned i = 0; i < n; i++, b->slen += 4)
		w32(b->buf + 40 + b->slen, cells[i]);
}
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
	uint8_t copy[1024];

	memcpy(copy, b.buf, sizeof(copy));
	assert_int_equal(fdt_clip_memory(b.buf, total, 0x40000000u, 0x1fe00000u), 0);
	assert_memory_equal(copy, b.buf, sizeof(copy));
}

static void malformed_writes_nothing(void **state)
{
	(void)state;
	struct fdtb b;
	uint32_t total = build(&b, 0x40000000u, 0x20000000u);
	uint8_t copy[1024];

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

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(clips_to_guest_ram),
		cmocka_unit_test(already_inside_unchanged),
		cmocka_unit_test(malformed_writes_nothing),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
