/* What stage 2 maps (arch/s2_map.h), the one decision both back ends'
 * tables follow: on ARMv7's layout (the monitor above the guest's RAM)
 * and on AArch64's (the monitor inside it), block by block. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>
#include "s2_map.h"

#define M2 0x200000ull
#define G1 0x40000000ull

static const struct blmon_platform v7 = {
	.guest_ram = { 0x40000000u, 0x1fe00000u },
	.monitor = { 0x5fe00000u, 0x200000u },
	.devices = { { 0, 0x40000000u }, { 0x4000000000ull, 0xC000000000ull } },
	.ndevices = 2,
};

static const struct blmon_platform a64 = {
	.guest_ram = { 0x40000000u, 0x20000000u },
	.monitor = { 0x43e00000u, 0x200000u },
	.devices = { { 0, 0x40000000u }, { 0x4000000000ull, 0xC000000000ull } },
	.ndevices = 2,
};

static void armv7_layout(void **state)
{
	(void)state;
	assert_int_equal(s2_block_kind(&v7, 0x40000000u, M2), S2_MAP_RAM);
	assert_int_equal(s2_block_kind(&v7, 0x5fc00000u, M2), S2_MAP_RAM);
	assert_int_equal(s2_block_kind(&v7, 0x5fe00000u, M2), S2_MAP_NONE);   /* the monitor */
	assert_int_equal(s2_block_kind(&v7, 0x60000000u, M2), S2_MAP_NONE);   /* past RAM */
	assert_int_equal(s2_block_kind(&v7, 0x09000000u, M2), S2_MAP_DEVICE);
	assert_int_equal(s2_block_kind(&v7, 0x3fe00000u, M2), S2_MAP_DEVICE);
	assert_int_equal(s2_block_kind(&v7, 0x100000000ull, G1), S2_MAP_NONE);
	assert_int_equal(s2_block_kind(&v7, 0x4000000000ull, G1), S2_MAP_DEVICE);
	assert_int_equal(s2_block_kind(&v7, 0xff40000000ull, G1), S2_MAP_DEVICE);  /* the last GiB */
	assert_int_equal(s2_block_kind(&v7, 0x10000000000ull, G1), S2_MAP_NONE);   /* 2^40 */
}

static void aarch64_layout(void **state)
{
	(void)state;
	assert_int_equal(s2_block_kind(&a64, 0x43c00000u, M2), S2_MAP_RAM);
	assert_int_equal(s2_block_kind(&a64, 0x43e00000u, M2), S2_MAP_NONE);   /* the monitor */
	assert_int_equal(s2_block_kind(&a64, 0x44000000u, M2), S2_MAP_RAM);
	assert_int_equal(s2_block_kind(&a64, 0x5fe00000u, M2), S2_MAP_RAM);
	/* a larger block holding the monitor is never RAM */
	assert_int_equal(s2_block_kind(&a64, 0x40000000u, G1), S2_MAP_NONE);
}

/* Every 2 MiB block below 4 GiB against the plain statement */
static void every_block(void **state)
{
	(void)state;
	const struct blmon_platform *ps[] = { &v7, &a64 };

	for (unsigned k = 0; k < 2; k++) {
		const struct blmon_platform *p = ps[k];

		for (uint64_t a = 0; a < (1ull << 32); a += M2) {
			bool mon = a < p->monitor.base + p->monitor.size && p->monitor.base < a + M2;
			bool ram = a >= p->guest_ram.base && a + M2 <= p->guest_ram.base + p->guest_ram.size;
			bool dev = a + M2 <= 0x40000000u;
			enum s2_kind want = mon ? S2_MAP_NONE : ram ? S2_MAP_RAM : dev ? S2_MAP_DEVICE : S2_MAP_NONE;

			assert_int_equal(s2_block_kind(p, a, M2), want);
		}
	}
}

/* The monitor's own stage 1 (hyp_block_is_ram): RAM - the guest's and
 * the monitor's, wherever it lies - Normal, the rest Device */
static void hyp_stage1(void **state)
{
	(void)state;
	const struct blmon_platform *ps[] = { &v7, &a64 };

	for (unsigned k = 0; k < 2; k++) {
		const struct blmon_platform *p = ps[k];

		assert_true(hyp_block_is_ram(p, 0x40000000u));
		assert_true(hyp_block_is_ram(p, p->monitor.base));
		assert_true(hyp_block_is_ram(p, p->monitor.base + p->monitor.size - M2));
		assert_false(hyp_block_is_ram(p, 0x09000000u));   /* the UART */
		assert_false(hyp_block_is_ram(p, 0x08000000u));   /* the GIC */
		assert_false(hyp_block_is_ram(p, 0x3fe00000u));   /* just below RAM */
		assert_false(hyp_block_is_ram(p, 0x60000000u));   /* just past all of it */
		assert_false(hyp_block_is_ram(p, 0xffe00000u));
	}
}

static void edges(void **state)
{
	(void)state;
	const struct blmon_range top = { 0xfffffffffff00000ull, 0x100000ull };   /* ends at 2^64 */

	assert_true(s2_inside(0xfffffffffff00000ull, 0x100000ull, &top));
	assert_true(s2_meets(0xffffffffffe00000ull, M2, &top));
	assert_false(s2_inside(0xffffffffffe00000ull, M2, &top));
	struct blmon_range none = { 0x40000000u, 0 };

	assert_false(s2_meets(0x40000000u, M2, &none));
	assert_false(s2_meets(0x3fe00000u, M2, &v7.guest_ram));   /* ends where it starts */
	assert_true(s2_meets(0x3fe00001u, M2, &v7.guest_ram));
}

int main(void)
{
	const struct CMUnitTest tests[] = { cmocka_unit_test(armv7_layout), cmocka_unit_test(aarch64_layout),
					    cmocka_unit_test(every_block), cmocka_unit_test(hyp_stage1),
					    cmocka_unit_test(edges) };
	return cmocka_run_group_tests(tests, NULL, NULL);
}
