/* guest_range_ok(): every guest pointer goes through it (hyp/guest_mem.c). */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>
#include "guest_mem.h"

static const struct board_mem m = {
	.guest_ram_base = 0x40000000u, .guest_ram_size = 0x1fe00000u,
};

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

int main(void)
{
	const struct CMUnitTest tests[] = { cmocka_unit_test(inside), cmocka_unit_test(outside) };
	return cmocka_run_group_tests(tests, NULL, NULL);
}
