/* The 64-bit cycle counter of Type B (spec 3.4) on the 32-bit PMCCNTR:
 * exact round trip while stopped, carry past 2^32 while running (seen at
 * reads and switches), one upper word per cluster. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <cmocka.h>
#include "pmu_hvc.h"
#include "cpregs.h"
#include "fake_pmu_hw.h"
#include "pmu_calls.h"

static struct pmu_cpu cpu;

static int setup(void **state)
{
	(void)state;
	fake_pmu_power_on();
	pmu_cpu_init(&cpu, CLUSTER_A15, fake_pmu_counters());
	pmu_hvc_pmu_switch(&cpu, 1);
	return 0;
}

static void run(unsigned c)
{
	pmu_typeb_call(&cpu, HVC_PMCNTENSET_WRITE, c, 0x80000000u, 0);
	pmu_typeb_call(&cpu, HVC_PMCR_WRITE, c, 1, 0);
}

static void round_trip_while_stopped(void **state)
{
	(void)state;
	static const uint64_t vals[] = { 0, 1, 0xFFFFFFFFull, 0x100000000ull,
		0x123456789ABCDEF0ull, 0xFFFFFFFFFFFFFFFFull, 0x00000005FFFFFFFFull };

	for (unsigned k = 0; k < sizeof(vals) / sizeof(vals[0]); k++) {
		tb_write_ccnt(&cpu, CLUSTER_A15, vals[k]);
		assert_int_equal(fake_pmu_peek().ccnt, (uint32_t)vals[k]);
		assert_true(tb_ccnt(&cpu, CLUSTER_A15) == vals[k]);
		assert_true(tb_ccnt(&cpu, CLUSTER_A15) == vals[k]);
		fake_pmu_tick(1000);                 /* stopped: nothing moves */
		assert_true(tb_ccnt(&cpu, CLUSTER_A15) == vals[k]);
	}
}

static void carries_while_running(void **state)
{
	(void)state;
	tb_write_ccnt(&cpu, CLUSTER_A15, 0x00000005FFFFFF00ull);
	run(CLUSTER_A15);
	fake_pmu_tick(0x200);
	assert_true(tb_ccnt(&cpu, CLUSTER_A15) == 0x0000000600000100ull);
	fake_pmu_tick(0x80000000u);
	assert_true(tb_ccnt(&cpu, CLUSTER_A15) == 0x0000000680000100ull);
	fake_pmu_tick(0x80000000u);
	assert_true(tb_ccnt(&cpu, CLUSTER_A15) == 0x0000000700000100ull);
	fake_pmu_tick(0xFFFFFFFFu);              /* just under 2^32 between looks */
	assert_true(tb_ccnt(&cpu, CLUSTER_A15) == 0x00000008000000FFull);
	/* the upper word wraps too */
	tb_write_ccnt(&cpu, CLUSTER_A15, 0xFFFFFFFFFFFFFFF0ull);
	fake_pmu_tick(0x20);
	assert_true(tb_ccnt(&cpu, CLUSTER_A15) == 0x10ull);
}

/* Switches observe the counter too; each cluster keeps its own upper word. */
static void carry_seen_at_switch_per_cluster(void **state)
{
	(void)state;
	tb_write_ccnt(&cpu, CLUSTER_A15, 0x00000003FFFFFFF0ull);
	run(CLUSTER_A15);
	fake_pmu_tick(0x20);                 /* wraps, nobody looks ... */
	pmu_test_switch(&cpu, CLUSTER_A7);   /* ... until the switch */
	assert_true(tb_ccnt(&cpu, CLUSTER_A15) == 0x0000000400000010ull);
	tb_write_ccnt(&cpu, CLUSTER_A7, 0x00000009FFFFFFFFull);
	run(CLUSTER_A7);
	fake_pmu_tick(2);
	pmu_test_switch(&cpu, CLUSTER_A15);
	assert_true(tb_ccnt(&cpu, CLUSTER_A7) == 0x0000000A00000001ull);
	assert_true(tb_ccnt(&cpu, CLUSTER_A15) == 0x0000000400000010ull);
	fake_pmu_tick(5);
	assert_true(tb_ccnt(&cpu, CLUSTER_A15) == 0x0000000400000015ull);
	pmu_test_switch(&cpu, CLUSTER_A7);
	assert_true(tb_ccnt(&cpu, CLUSTER_A7) == 0x0000000A00000001ull);
	assert_true(tb_ccnt(&cpu, CLUSTER_A15) == 0x0000000400000015ull);
}

static void deferred_64bit_write(void **state)
{
	(void)state;
	pmu_test_switch(&cpu, CLUSTER_A7);
	tb_write_ccnt(&cpu, CLUSTER_A15, 0xABCD000012345678ull);
	assert_true(tb_ccnt(&cpu, CLUSTER_A15) == 0xDEAD001Full);   /* snapshot (reset poison) until the switch */
	pmu_test_switch(&cpu, CLUSTER_A15);
	assert_true(tb_ccnt(&cpu, CLUSTER_A15) == 0xABCD000012345678ull);
	assert_int_equal(fake_pmu_peek().ccnt, 0x12345678u);
}

/* Type A is 32 bits: a write sets the whole counter (upper word 0); PMCR.C
 * from either interface clears all 64 bits. */
static void typea_and_pmcr_c(void **state)
{
	(void)state;
	uint32_t v;

	tb_write_ccnt(&cpu, CLUSTER_A15, 0x0000000700000010ull);
	v = 0x99;
	assert_int_equal(pmu_trap(&cpu, CPK_PMCCNTR, false, &v, false), PMU_TRAP_DONE);
	assert_true(tb_ccnt(&cpu, CLUSTER_A15) == 0x99ull);
	tb_write_ccnt(&cpu, CLUSTER_A15, 0x0000000700000010ull);
	assert_int_equal(pmu_trap(&cpu, CPK_PMCCNTR, true, &v, false), PMU_TRAP_DONE);
	assert_int_equal(v, 0x10);
	pmu_typeb_call(&cpu, HVC_PMCR_WRITE, CLUSTER_A15, 0x4, 0);
	assert_true(tb_ccnt(&cpu, CLUSTER_A15) == 0);
	tb_write_ccnt(&cpu, CLUSTER_A15, 0x0000000700000010ull);
	v = 0x4;
	pmu_trap(&cpu, CPK_PMCR, false, &v, false);
	assert_true(tb_ccnt(&cpu, CLUSTER_A15) == 0);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup(round_trip_while_stopped, setup),
		cmocka_unit_test_setup(carries_while_running, setup),
		cmocka_unit_test_setup(carry_seen_at_switch_per_cluster, setup),
		cmocka_unit_test_setup(deferred_64bit_write, setup),
		cmocka_unit_test_setup(typea_and_pmcr_c, setup),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
