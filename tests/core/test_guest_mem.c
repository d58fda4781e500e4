/* guest_range_ok(): every guest pointer goes through it (hyp/core/guest_mem.h):
 * RAM below the monitor, which both back ends put right above it (the
 * layout here: -m 512), and the 64-bit addresses of SMCCC64's SYNC. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>
#include "guest_mem.h"

static const struct guest_ram m = { .base = 0x40000000u, .size = 0x1fe00000u };

static void inside(void **state)
{
	(void)state;
	assert_true(guest_range_ok(&m, 0x40000000u, 4));
	assert_true(guest_range_ok(&m, 0x5fdffffcu, 4));
	assert_true(guest_range_ok(&m, 0x40000000u, 0x1fe00000u));
}

static void outside(void **state)
{
	(void)state;
	assert_false(guest_range_ok(&m, 0x3ffffffcu, 4));        /* below RAM */
	assert_false(guest_range_ok(&m, 0x3ffffffcu, 8));        /* straddles the start */
	assert_false(guest_range_ok(&m, 0x5fdffffcu, 8));        /* runs into the monitor */
	assert_false(guest_range_ok(&m, 0x5fe00000u, 4));        /* the monitor */
	assert_false(guest_range_ok(&m, 0x09000000u, 4));        /* a device */
	assert_false(guest_range_ok(&m, 0x40000000u, 0));        /* empty */
	assert_false(guest_range_ok(&m, 0x40000000u, 0xffffffffu)); /* huge */
	assert_false(guest_range_ok(&m, 0xfffffff0u, 0x20u));    /* wraps around 2^32 */
}

/* The 32-bit check against the plain 64-bit statement of "inside RAM", on
 * every pair of edge values (ends of RAM and of the address space, +-1). */
static bool model_in(const struct guest_ram *r, uint32_t addr, uint32_t len)
{
	uint64_t end = (uint64_t)addr + len, ram_end = (uint64_t)r->base + r->size;

	return len != 0 && addr >= r->base && end <= ram_end;
}

static bool model(uint32_t addr, uint32_t len) { return model_in(&m, addr, len); }

static void agrees_with_64bit_model(void **state)
{
	(void)state;
	const uint32_t base = m.base, size = m.size;
	const uint32_t pts[] = { 0, 1, 4, 24, 360, base - 1, base, base + 1, base + size - 360,
				 base + size - 24, base + size - 1, base + size, base + size + 1,
				 size - 1, size, size + 1, 0x7fffffffu, 0x80000000u, 0xfffffffcu,
				 0xffffffffu };
	const unsigned n = sizeof(pts) / sizeof(pts[0]);

	for (unsigned i = 0; i < n; i++)
		for (unsigned j = 0; j < n; j++)
			assert_int_equal(guest_range_ok(&m, pts[i], pts[j]), model(pts[i], pts[j]));
}

/* SMCCC64's SYNC: all of x1. Above 4 GiB nothing is the guest's, whatever
 * the low half says; the 32-bit rules below it. */
static void addr64(void **state)
{
	(void)state;
	assert_true(guest_range_ok64(&m, 0x40000000ull, 24));
	assert_false(guest_range_ok64(&m, 0x140000000ull, 24));          /* 2^32 + a valid one */
	assert_false(guest_range_ok64(&m, 0xffffffff40000000ull, 24));
	assert_false(guest_range_ok64(&m, 0xffffffffffffffe8ull, 48));   /* wraps around 2^64 */
	assert_false(guest_range_ok64(&m, 0xffffffe8ull, 48));           /* ... around 2^32 */
	assert_false(guest_range_ok64(&m, 0x100000000ull, 4));
	assert_false(guest_range_ok64(&m, 0x3ffffffcull, 8));
}

int main(void)
{
	const struct CMUnitTest tests[] = { cmocka_unit_test(inside), cmocka_unit_test(outside),
					    cmocka_unit_test(agrees_with_64bit_model), cmocka_unit_test(addr64) };
	return cmocka_run_group_tests(tests, NULL, NULL);
}
