/* hyp/vgic/vgic_topo.c: the guest's N CPU interfaces on the GIC's 2N (migration). */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>
#include "gicv2.h"
#include "vgic_topo.h"

#define LIST(t, id)   GICD_SGIR_VALUE(GICD_SGIR_FILTER_LIST, (t), (id))
#define OTHERS(id)    GICD_SGIR_VALUE(GICD_SGIR_FILTER_OTHERS, 0, (id))
#define SELF(id)      GICD_SGIR_VALUE(GICD_SGIR_FILTER_SELF, 0, (id))

static void sgi_lists(void **state)
{
	(void)state;
	/* N = 2: virtual CPU 1 is core 1 on cluster 0, core 3 on cluster 1 */
	assert_int_equal(vgic_topo_sgir(LIST(0x2, 5), 0, 2, 0), LIST(0x2, 5));
	assert_int_equal(vgic_topo_sgir(LIST(0x2, 5), 0, 2, 1), LIST(0x8, 5));
	assert_int_equal(vgic_topo_sgir(LIST(0x3, 7), 1, 2, 1), LIST(0xc, 7));
	/* N = 4 on cluster 1: cores 4-7 */
	assert_int_equal(vgic_topo_sgir(LIST(0xf, 1), 0, 4, 1), LIST(0xf0, 1));
	/* CPUs the guest does not have reach nobody (never a parked core) */
	assert_int_equal(vgic_topo_sgir(LIST(0xfc, 2), 0, 2, 0), 0);
	assert_int_equal(vgic_topo_sgir(LIST(0x4, 2), 0, 2, 1), 0);
	assert_int_equal(vgic_topo_sgir(LIST(0x6, 2), 0, 2, 1), LIST(0x8, 2));
	/* N = 1: the one virtual CPU */
	assert_int_equal(vgic_topo_sgir(LIST(0x1, 3), 0, 1, 1), LIST(0x2, 3));
}

static void sgi_others_self(void **state)
{
	(void)state;
	/* all but self: the other virtual CPUs' cores, as a list */
	assert_int_equal(vgic_topo_sgir(OTHERS(4), 0, 2, 1), LIST(0x8, 4));
	assert_int_equal(vgic_topo_sgir(OTHERS(4), 2, 4, 0), LIST(0xb, 4));
	assert_int_equal(vgic_topo_sgir(OTHERS(4), 2, 4, 1), LIST(0xb0, 4));
	assert_int_equal(vgic_topo_sgir(OTHERS(4), 0, 1, 0), 0);   /* nobody else */
	/* self stays self; the id and the reserved filter pass untouched */
	assert_int_equal(vgic_topo_sgir(SELF(9), 1, 2, 1), SELF(9));
}

static void spi_targets(void **state)
{
	(void)state;
	/* bytes: SPIs id..id+3 */
	assert_int_equal(vgic_topo_targets(0x03020100u, 2, 0), 0x03020100u);
	assert_int_equal(vgic_topo_targets(0x03020100u, 2, 1), 0x0c080400u);
	assert_int_equal(vgic_topo_targets(0x0f0f0f0fu, 4, 1), 0xf0f0f0f0u);
	/* bits for CPUs the guest does not have are dropped */
	assert_int_equal(vgic_topo_targets(0xffffffffu, 1, 1), 0x02020202u);
	assert_int_equal(vgic_topo_targets(0xfcfcfcfcu, 2, 0), 0);
	assert_int_equal(vgic_topo_cores(0x5, 3, 1), 0x28);
}

static void typer(void **state)
{
	(void)state;
	/* CPUNumber (bits 7:5) = N - 1, the rest as the GIC says */
	assert_int_equal(vgic_topo_typer(0x0000fce8u, 2), 0x0000fc28u);
	assert_int_equal(vgic_topo_typer(0x000000e8u, 4), 0x00000068u);
	assert_int_equal(vgic_topo_typer(0x00000068u, 1), 0x00000008u);
}

/* A word of the GIC's SGI pending registers, sources from cores to
 * virtual CPUs: core p is virtual CPU p % n, each byte on its own. */
static void sgi_sources(void **state)
{
	(void)state;
	assert_int_equal(vgic_topo_sgi_sources(0x03020100u, 1), 0x01010100u);
	assert_int_equal(vgic_topo_sgi_sources(0x300c050au, 2), 0x00030102u);
	/* nothing crosses into the byte below */
	assert_int_equal(vgic_topo_sgi_sources(0x0100f180u, 4), 0x01000f08u);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(sgi_lists), cmocka_unit_test(sgi_others_self),
		cmocka_unit_test(spi_targets), cmocka_unit_test(typer),
		cmocka_unit_test(sgi_sources),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
