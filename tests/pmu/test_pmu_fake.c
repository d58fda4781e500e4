/* The fake PMU must behave like the hardware, or every other PMU test
 * proves nothing: each register rule of fake_pmu_hw.h, checked directly. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <cmocka.h>
#include "fake_pmu_hw.h"

static int setup(void **state)
{
	(void)state;
	fake_pmu_power_on();
	return 0;
}

static void pmcr_identity_is_read_only(void **state)
{
	(void)state;
	pmu_hw_write(PMU_HW_PMCR, 0xFFFFFFC0u);           /* no writable bit set */
	assert_int_equal(pmu_hw_read(PMU_HW_PMCR), 0x410F3000u);
	pmu_hw_write(PMU_HW_PMCR, 0x39u);
	assert_int_equal(pmu_hw_read(PMU_HW_PMCR), 0x410F3039u);
}

static void pmcr_p_and_c_reset_and_read_zero(void **state)
{
	(void)state;
	struct fake_pmu s = fake_pmu_peek();

	for (unsigned i = 0; i < 6; i++)
		s.evcntr[i] = 100 + i;
	s.ccnt = 77;
	fake_pmu_poke(&s);
	pmu_hw_write(PMU_HW_PMCR, 2u | 1u);                /* P, E */
	s = fake_pmu_peek();
	for (unsigned i = 0; i < 6; i++)
		assert_int_equal(s.evcntr[i], 0);
	assert_int_equal(s.ccnt, 77);
	assert_int_equal(pmu_hw_read(PMU_HW_PMCR) & 7u, 1u);
	pmu_hw_write(PMU_HW_PMCR, 4u);                     /* C */
	assert_int_equal(fake_pmu_peek().ccnt, 0);
}

static void set_clear_pairs(void **state)
{
	(void)state;
	pmu_hw_write(PMU_HW_PMCNTENCLR, ~0u);
	pmu_hw_write(PMU_HW_PMCNTENSET, 0xFFFFFFFFu);      /* only implemented bits stick */
	assert_int_equal(pmu_hw_read(PMU_HW_PMCNTENSET), 0x8000003Fu);
	pmu_hw_write(PMU_HW_PMCNTENCLR, 0x80000005u);
	assert_int_equal(pmu_hw_read(PMU_HW_PMCNTENCLR), 0x0000003Au);
	pmu_hw_write(PMU_HW_PMINTENCLR, ~0u);
	pmu_hw_write(PMU_HW_PMINTENSET, 0x12u);
	assert_int_equal(pmu_hw_read(PMU_HW_PMINTENSET), 0x12u);
	assert_int_equal(pmu_hw_read(PMU_HW_PMINTENCLR), 0x12u);
}

static void overflow_w1c_and_set(void **state)
{
	(void)state;
	assert_int_equal(pmu_hw_read(PMU_HW_PMOVSR), 0x8000003Fu);   /* power-on junk */
	pmu_hw_write(PMU_HW_PMOVSR, 0x80000001u);
	assert_int_equal(pmu_hw_read(PMU_HW_PMOVSR), 0x3Eu);
	pmu_hw_write(PMU_HW_PMOVSR, 0);                                /* 0s do nothing */
	assert_int_equal(pmu_hw_read(PMU_HW_PMOVSR), 0x3Eu);
	pmu_hw_write(PMU_HW_PMOVSR, ~0u);
	pmu_hw_write(PMU_HW_PMOVSSET, 0xC0000004u);
	assert_int_equal(pmu_hw_read(PMU_HW_PMOVSR), 0x80000004u);
}

static void pmselr_indirection(void **state)
{
	(void)state;
	pmu_hw_write(PMU_HW_PMSELR, 3);
	pmu_hw_write(PMU_HW_PMXEVCNTR, 0x1234);
	pmu_hw_write(PMU_HW_PMXEVTYPER, 0xFFFFFFFFu);
	assert_int_equal(fake_pmu_peek().evcntr[3], 0x1234);
	assert_int_equal(fake_pmu_peek().evtyper[3], 0xF80000FFu);
	pmu_hw_write(PMU_HW_PMSELR, 31);                 /* cycle counter filter */
	pmu_hw_write(PMU_HW_PMXEVTYPER, 0xFFFFFFFFu);
	assert_int_equal(fake_pmu_peek().ccfiltr, 0xF8000000u);
	assert_int_equal(fake_pmu_unpredictable(), 0);
	assert_int_equal(pmu_hw_read(PMU_HW_PMXEVCNTR), 0);   /* no counter 31 */
	assert_int_equal(fake_pmu_unpredictable(), 1);
	pmu_hw_write(PMU_HW_PMSELR, 6);                  /* past N: RAZ/WI */
	struct fake_pmu before = fake_pmu_peek();
	pmu_hw_write(PMU_HW_PMXEVCNTR, 5);
	pmu_hw_write(PMU_HW_PMXEVTYPER, 5);
	struct fake_pmu after = fake_pmu_peek();
	assert_true(fake_pmu_equal(&before, &after));
	assert_int_equal(pmu_hw_read(PMU_HW_PMXEVTYPER), 0);
	assert_int_equal(fake_pmu_unpredictable(), 4);
	pmu_hw_write(PMU_HW_PMSELR, 0xFFFFFFE2u);        /* 5 bits kept */
	assert_int_equal(pmu_hw_read(PMU_HW_PMSELR), 2);
}

static void tick_counts_enabled_only_and_overflows(void **state)
{
	(void)state;
	struct fake_pmu s = { 0 };

	s.pmcr = 1;
	s.cnten = 0x80000005u;
	s.evcntr[0] = 0xFFFFFFFEu;
	s.evcntr[1] = 10;
	s.evcntr[2] = 20;
	s.ccnt = 0xFFFFFFFFu;
	fake_pmu_poke(&s);
	fake_pmu_tick(3);
	s = fake_pmu_peek();
	assert_int_equal(s.evcntr[0], 1);
	assert_int_equal(s.evcntr[1], 10);
	assert_int_equal(s.evcntr[2], 23);
	assert_int_equal(s.ccnt, 2);
	assert_int_equal(s.ovs, 0x80000001u);
	pmu_hw_write(PMU_HW_PMCR, 0);                    /* E = 0 stops everything */
	fake_pmu_tick(100);
	assert_int_equal(fake_pmu_peek().evcntr[2], 23);
}

static void swinc_from_hyp_needs_nsh(void **state)
{
	(void)state;
	struct fake_pmu s = { 0 };

	s.pmcr = 1;
	s.cnten = 3;
	s.evtyper[0] = 0x00;            /* SW_INCR, NSH = 0: filtered at PL2 */
	s.evtyper[1] = FAKE_NSH;        /* SW_INCR, NSH = 1 */
	fake_pmu_poke(&s);
	pmu_hw_write(PMU_HW_PMSWINC, 3);
	assert_int_equal(fake_pmu_peek().evcntr[0], 0);
	assert_int_equal(fake_pmu_peek().evcntr[1], 1);
}

/* QEMU's cortex-a7: N = 4 in PMCR, and counters 4, 5 exist nowhere. */
static void four_counter_core(void **state)
{
	(void)state;
	struct fake_pmu s, before;

	fake_pmu_power_on_as(FAKE_PMCR_A7);
	assert_int_equal(fake_pmu_counters(), 4);
	assert_int_equal(pmu_hw_read(PMU_HW_PMCR), 0x41072039u);    /* power-on junk: E D X DP */
	assert_int_equal(pmu_hw_read(PMU_HW_PMOVSR), 0x8000000Fu);
	pmu_hw_write(PMU_HW_PMCNTENCLR, ~0u);
	pmu_hw_write(PMU_HW_PMCNTENSET, 0x3Fu);
	pmu_hw_write(PMU_HW_PMINTENSET, 0x30u);
	pmu_hw_write(PMU_HW_PMOVSSET, 0x20u);
	assert_int_equal(pmu_hw_read(PMU_HW_PMCNTENSET), 0x0000000Fu);
	assert_int_equal(pmu_hw_read(PMU_HW_PMINTENSET), 0x8000000Fu);
	assert_int_equal(pmu_hw_read(PMU_HW_PMOVSR), 0x8000000Fu);
	/* PMSELR keeps 4, but PMXEV* through it is UNPREDICTABLE */
	pmu_hw_write(PMU_HW_PMSELR, 4);
	assert_int_equal(pmu_hw_read(PMU_HW_PMSELR), 4);
	before = fake_pmu_peek();
	pmu_hw_write(PMU_HW_PMXEVCNTR, 0x1234);
	pmu_hw_write(PMU_HW_PMXEVTYPER, 0x08);
	s = fake_pmu_peek();
	assert_true(fake_pmu_equal(&before, &s));
	assert_int_equal(pmu_hw_read(PMU_HW_PMXEVCNTR), 0);
	assert_int_equal(fake_pmu_unpredictable(), 3);
	/* poke and P leave the counters it lacks as they were; ticks skip them */
	s.evcntr[3] = 7;
	s.evcntr[4] = 8;
	fake_pmu_poke(&s);
	assert_int_equal(fake_pmu_peek().evcntr[3], 7);
	assert_int_equal(fake_pmu_peek().evcntr[4], 0xBAD00004u);
	pmu_hw_write(PMU_HW_PMCR, 1u);
	fake_pmu_tick(2);
	assert_int_equal(fake_pmu_peek().evcntr[3], 9);
	pmu_hw_write(PMU_HW_PMCR, 2u);
	assert_int_equal(fake_pmu_peek().evcntr[3], 0);
	assert_int_equal(fake_pmu_peek().evcntr[5], 0xBAD00005u);
	/* and power-on again without a core is the A15 */
	fake_pmu_power_on();
	assert_int_equal(fake_pmu_counters(), 6);
	assert_int_equal(pmu_hw_read(PMU_HW_PMCR) & 0xFFFFF800u, 0x410F3000u);
}

static void access_counts(void **state)
{
	(void)state;
	(void)pmu_hw_read(PMU_HW_PMCR);
	pmu_hw_write(PMU_HW_PMSELR, 1);
	pmu_hw_write(PMU_HW_PMSELR, 2);
	assert_int_equal(fake_pmu_reads(), 1);
	assert_int_equal(fake_pmu_writes(), 2);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup(pmcr_identity_is_read_only, setup),
		cmocka_unit_test_setup(pmcr_p_and_c_reset_and_read_zero, setup),
		cmocka_unit_test_setup(set_clear_pairs, setup),
		cmocka_unit_test_setup(overflow_w1c_and_set, setup),
		cmocka_unit_test_setup(pmselr_indirection, setup),
		cmocka_unit_test_setup(tick_counts_enabled_only_and_overflows, setup),
		cmocka_unit_test_setup(swinc_from_hyp_needs_nsh, setup),
		cmocka_unit_test_setup(four_counter_core, setup),
		cmocka_unit_test_setup(access_counts, setup),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
