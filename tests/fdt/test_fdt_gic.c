#define _GNU_SOURCE /* memmem */
/* fdt_gic() (hyp/fdt/fdt.c) on QEMU's own trees (tests/fixtures/, dumped with
 * -machine dumpdtb= and compacted by dtc): virt with a GICv2 and with a
 * GICv3 (-M virt,gic-version=3, which the monitor refuses, issue #18), and
 * the vexpress-a15 tree the tests boot; and on damaged copies. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <cmocka.h>
#include "fdt.h"
#include "fixture.h"

static uint8_t blob[64 * 1024];

static uint32_t load(const char *name)
{
	uint32_t n = fixture_load(name, blob, sizeof(blob));

	assert_true(n > 40);
	return n;
}

static void virt_gicv2(void **state)
{
	(void)state;
	struct fdt_gic g;
	uint32_t n = load("qemu-virt-gicv2.dtb");

	assert_true(fdt_gic(blob, n, &g));
	assert_int_equal(g.kind, FDT_GIC_V2);
	assert_string_equal(g.compatible, "arm,cortex-a15-gic");
	assert_int_equal(g.dist, 0x08000000u);
}

static void virt_gicv3(void **state)
{
	(void)state;
	struct fdt_gic g;
	uint32_t n = load("qemu-virt-gicv3.dtb");

	assert_true(fdt_gic(blob, n, &g));
	assert_int_equal(g.kind, FDT_GIC_V3);
	assert_string_equal(g.compatible, "arm,gic-v3");
	assert_int_equal(g.dist, 0x08000000u);
}

static void vexpress(void **state)
{
	(void)state;
	struct fdt_gic g;
	uint32_t n = load("vexpress-a15.dtb");

	assert_true(fdt_gic(blob, n, &g));
	assert_int_equal(g.kind, FDT_GIC_V2);
	assert_int_equal(g.dist, 0x2c001000u);
}

/* No GIC node: NONE; a blob cut short: not a tree. */
static void damaged(void **state)
{
	(void)state;
	struct fdt_gic g;
	uint32_t n = load("qemu-virt-gicv2.dtb");
	uint8_t *hit = memmem(blob, n, "interrupt-controller", 20);

	assert_false(fdt_gic(blob, n / 2, &g));
	assert_non_null(hit);   /* the property's name, in the strings block */
	hit[0] = 'X';
	assert_true(fdt_gic(blob, n, &g));
	assert_int_equal(g.kind, FDT_GIC_NONE);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(virt_gicv2),
		cmocka_unit_test(virt_gicv3),
		cmocka_unit_test(vexpress),
		cmocka_unit_test(damaged),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
