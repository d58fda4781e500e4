/* Type A: every PMUv2 register through the trap path, the 4-counter view,
 * emulated identity, UNDEF rules (PMUv2 registers only, PL0 rules). */
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
	pmu_hvc_pmu_switch(&cpu, 1);          /* state 3: everything traps */
	return 0;
}

static uint32_t rd(uint32_t key)
{
	uint32_t v = 0xCCCCCCCCu;

	assert_int_equal(pmu_trap(&cpu, key, true, &v, false), PMU_TRAP_DONE);
	return v;
}

static void wr(uint32_t key, uint32_t v)
{
	assert_int_equal(pmu_trap(&cpu, key, false, &v, false), PMU_TRAP_DONE);
}

static void set_hw(uint32_t cnten, uint32_t inten, uint32_t ovs)
{
	struct fake_pmu s = fake_pmu_peek();

	s.cnten = cnten;
	s.inten = inten;
	s.ovs = ovs;
	fake_pmu_poke(&s);
}

static void pmcr_view_and_transition(void **state)
{
	(void)state;
	pmu_hw_write(PMU_HW_PMCR, 0x19);
	assert_int_equal(rd(CPK_PMCR), 0x410F2019u);      /* A15, N = 4 */
	assert_int_equal(pmu_state(&cpu), 2);
	pmu_test_switch(&cpu, CLUSTER_A7);   /* state 2: PMCR migrates */
	assert_int_equal(rd(CPK_PMCR), 0x41072019u);      /* A7, N = 4 */
}

static void pmcr_write_p_c_reach_the_view_only(void **state)
{
	(void)state;
	struct fake_pmu s = fake_pmu_peek();

	for (unsigned i = 0; i < 6; i++)
		s.evcntr[i] = 50 + i;
	fake_pmu_poke(&s);
	pmu_typeb_call(&cpu, HVC_PMCCNTR_WRITE, CLUSTER_A15, 99, 7);
	wr(CPK_PMCR, 0xFFFFFFFFu);
	s = fake_pmu_peek();
	assert_int_equal(s.pmcr, 0x39);
	for (unsigned i = 0; i < 4; i++)
		assert_int_equal(s.evcntr[i], 0);
	assert_int_equal(s.evcntr[4], 54);                 /* Type B only: kept */
	assert_int_equal(s.evcntr[5], 55);
	struct pmu_hvc_out o = pmu_typeb_call(&cpu, HVC_PMCCNTR_READ, CLUSTER_A15, 0, 0);
	assert_int_equal(o.r[0], 0);
	assert_int_equal(o.r[1], 0);                       /* C clears the upper word too */
	assert_int_equal(rd(CPK_PMCR) & 7u, 1u);           /* P, C read as 0 */
}

static void set_clear_pairs_masked_to_view(void **state)
{
	(void)state;
	set_hw(0x30, 0x30, 0x30);                          /* Type B's counters 4, 5 */
	wr(CPK_PMCNTENSET, 0xFFFFFFFFu);
	wr(CPK_PMINTENSET, 0x80000001u);
	assert_int_equal(fake_pmu_peek().cnten, 0x8000003Fu);
	assert_int_equal(rd(CPK_PMCNTENSET), 0x8000000Fu);
	assert_int_equal(rd(CPK_PMCNTENCLR), 0x8000000Fu);
	assert_int_equal(rd(CPK_PMINTENSET), 0x80000001u);
	assert_int_equal(rd(CPK_PMINTENCLR), 0x80000001u);
	wr(CPK_PMCNTENCLR, 0xFFFFFFFFu);
	wr(CPK_PMINTENCLR, 0xFFFFFFFFu);
	assert_int_equal(fake_pmu_peek().cnten, 0x30);
	assert_int_equal(fake_pmu_peek().inten, 0x30);
	wr(CPK_PMCNTENSET, 0x4);
	assert_int_equal(fake_pmu_peek().cnten, 0x34);
	wr(CPK_PMCNTENCLR, 0x80000000u);                   /* clearing a clear bit */
	assert_int_equal(fake_pmu_peek().cnten, 0x34);
}

static void overflow_w1c_masked(void **state)
{
	(void)state;
	set_hw(0, 0, 0x8000003Au);
	assert_int_equal(rd(CPK_PMOVSR), 0x8000000Au);
	wr(CPK_PMOVSR, 0xFFFFFFF8u);                       /* clears 3, 31; not 4, 5 */
	assert_int_equal(fake_pmu_peek().ovs, 0x32);
}

static void pmselr_and_indirection(void **state)
{
	(void)state;
	wr(CPK_PMSELR, 0xFFFFFFE2u);
	assert_int_equal(rd(CPK_PMSELR), 2);
	wr(CPK_PMXEVTYPER, 0x08);
	wr(CPK_PMXEVCNTR, 0x1234);
	assert_int_equal(rd(CPK_PMXEVTYPER), 0x08);
	assert_int_equal(rd(CPK_PMXEVCNTR), 0x1234);
	assert_int_equal(fake_pmu_peek().evtyper[2], 0x08);
	assert_int_equal(fake_pmu_peek().evcntr[2], 0x1234);
	/* 31: the cycle counter filter; no PMXEVCNTR */
	wr(CPK_PMSELR, 31);
	wr(CPK_PMXEVTYPER, 0x08000000u);
	assert_int_equal(fake_pmu_peek().ccfiltr, 0x08000000u);
	assert_int_equal(rd(CPK_PMXEVTYPER), 0x08000000u);
	assert_int_equal(rd(CPK_PMXEVCNTR), 0);
	/* 4..30: RAZ/WI, even where the hardware has the counter */
	static const uint32_t hidden[] = { 4, 5, 6, 30 };
	for (unsigned k = 0; k < 4; k++) {
		struct fake_pmu before, after;

		wr(CPK_PMSELR, hidden[k]);
		before = fake_pmu_peek();
		wr(CPK_PMXEVTYPER, 0x11);
		wr(CPK_PMXEVCNTR, 0x77);
		after = fake_pmu_peek();
		assert_true(fake_pmu_equal(&before, &after));
		assert_int_equal(rd(CPK_PMXEVTYPER), 0);
		assert_int_equal(rd(CPK_PMXEVCNTR), 0);
	}
}

static void pmccntr(void **state)
{
	(void)state;
	wr(CPK_PMCCNTR, 0xABCD);
	assert_int_equal(fake_pmu_peek().ccnt, 0xABCD);
	assert_int_equal(rd(CPK_PMCCNTR), 0xABCD);
}

static void pmceid_per_cluster(void **state)
{
	(void)state;
	assert_int_equal(rd(CPK_PMCEID0), 0x3FFF0F3Fu);
	assert_int_equal(rd(CPK_PMCEID1), 0);
	pmu_hvc_pmu_switch(&cpu, 1);
	pmu_test_switch(&cpu, CLUSTER_A7);
	assert_int_equal(rd(CPK_PMCEID0), 0x23FFFFFFu);
	assert_int_equal(rd(CPK_PMCEID1), 0);
}

static void pmuserenr(void **state)
{
	(void)state;
	wr(CPK_PMUSERENR, 0xFFFFFFFFu);
	assert_int_equal(fake_pmu_peek().userenr, 1);
	assert_int_equal(rd(CPK_PMUSERENR), 1);
	wr(CPK_PMUSERENR, 0xFFFFFFFEu);
	assert_int_equal(rd(CPK_PMUSERENR), 0);
}

/* Counters 0 (SW_INCR), 1 (SW_INCR, at 0xFFFFFFFF), 2 (event 0x08). */
static void software_increment(void **state)
{
	(void)state;
	struct fake_pmu s = { 0 };

	s.pmcr = 1;
	s.cnten = 0x1F;
	s.selr = 3;
	s.evtyper[2] = 0x08;
	s.evcntr[0] = 10;
	s.evcntr[1] = 0xFFFFFFFFu;
	s.evcntr[4] = 40;                 /* SW_INCR but outside the view */
	fake_pmu_poke(&s);
	wr(CPK_PMSWINC, 0xFFFFFFFFu);
	s = fake_pmu_peek();
	assert_int_equal(s.evcntr[0], 11);
	assert_int_equal(s.evcntr[1], 0);
	assert_int_equal(s.ovs, 0x2);
	assert_int_equal(s.evcntr[2], 0);
	assert_int_equal(s.evcntr[4], 40);
	assert_int_equal(s.selr, 3);       /* the guest's selection survives */
	wr(CPK_PMSWINC, 0x2);
	assert_int_equal(fake_pmu_peek().evcntr[0], 11);
	assert_int_equal(fake_pmu_peek().evcntr[1], 1);
	pmu_hw_write(PMU_HW_PMCR, 0);     /* E = 0: nothing counts */
	wr(CPK_PMSWINC, 0x1);
	assert_int_equal(fake_pmu_peek().evcntr[0], 11);
	pmu_hw_write(PMU_HW_PMCR, 1);
	pmu_hw_write(PMU_HW_PMCNTENCLR, 1);
	wr(CPK_PMSWINC, 0x1);             /* disabled counter */
	assert_int_equal(fake_pmu_peek().evcntr[0], 11);
}

/* The PMXEVTYPER mode filter applies to emulated software increments as
 * the hardware applies it (found by the stress guest: the emulation
 * counted with P = 1 where QEMU's native PMSWINC does not). Non-secure
 * guest: PL1 counts iff P == NSK, PL0 iff U == NSU. */
static void software_increment_mode_filter(void **state)
{
	(void)state;
	static const struct { uint32_t type; bool pl1, pl0; } cases[] = {
		{ 0x00000000u, true, true },
		{ 0x80000000u, false, true },   /* P */
		{ 0xA0000000u, true, true },    /* P, NSK */
		{ 0x20000000u, false, true },   /* NSK alone */
		{ 0x40000000u, true, false },   /* U */
		{ 0x50000000u, true, true },    /* U, NSU */
		{ 0xC0000000u, false, false },  /* P, U */
	};
	struct fake_pmu s = { 0 };

	s.pmcr = 1;
	s.cnten = 0x1;
	s.userenr = 1;                    /* PL0 may write PMSWINC */
	for (unsigned k = 0; k < sizeof(cases) / sizeof(cases[0]); k++) {
		uint32_t v = 1;

		s.evtyper[0] = cases[k].type;
		s.evcntr[0] = 100;
		fake_pmu_poke(&s);
		wr(CPK_PMSWINC, 1);
		assert_int_equal(fake_pmu_peek().evcntr[0], 100 + cases[k].pl1);
		assert_int_equal(pmu_trap(&cpu, CPK_PMSWINC, false, &v, true), PMU_TRAP_DONE);
		assert_int_equal(fake_pmu_peek().evcntr[0], 100 + cases[k].pl1 + cases[k].pl0);
	}
}

static void undefined_encodings(void **state)
{
	(void)state;
	uint32_t v = 0x5;
	struct fake_pmu before = fake_pmu_peek(), after;
	static const uint32_t keys[] = {
		CP_KEY(0, 9, 14, 4), CP_KEY(0, 9, 14, 7), CP_KEY(0, 9, 13, 3), CP_KEY(0, 9, 15, 0),
		CP_KEY(1, 9, 12, 0), CP_KEY(0, 9, 0, 0), CPK_MIDR, 0xFFFFFFFFu };

	for (unsigned k = 0; k < sizeof(keys) / sizeof(keys[0]); k++) {
		assert_int_equal(pmu_trap(&cpu, keys[k], true, &v, false), PMU_TRAP_UNDEF);
		assert_int_equal(pmu_trap(&cpu, keys[k], false, &v, false), PMU_TRAP_UNDEF);
	}
	/* wrong direction */
	assert_int_equal(pmu_trap(&cpu, CPK_PMSWINC, true, &v, false), PMU_TRAP_UNDEF);
	assert_int_equal(pmu_trap(&cpu, CPK_PMCEID0, false, &v, false), PMU_TRAP_UNDEF);
	assert_int_equal(pmu_trap(&cpu, CPK_PMCEID1, false, &v, false), PMU_TRAP_UNDEF);
	after = fake_pmu_peek();
	assert_true(fake_pmu_equal(&before, &after));
	assert_int_equal(v, 0x5);
	assert_int_equal(pmu_state(&cpu), 3);
}

static void pl0_rules(void **state)
{
	(void)state;
	static const uint32_t gated[] = { CPK_PMCR, CPK_PMCNTENSET, CPK_PMCNTENCLR, CPK_PMOVSR,
		CPK_PMSELR, CPK_PMCCNTR, CPK_PMXEVTYPER, CPK_PMXEVCNTR, CPK_PMCEID0, CPK_PMCEID1 };
	uint32_t v;

	/* EN = 0: only the PMUSERENR read */
	for (unsigned k = 0; k < sizeof(gated) / sizeof(gated[0]); k++) {
		v = 0;
		assert_int_equal(pmu_trap(&cpu, gated[k], true, &v, true), PMU_TRAP_UNDEF);
	}
	v = 0;
	assert_int_equal(pmu_trap(&cpu, CPK_PMSWINC, false, &v, true), PMU_TRAP_UNDEF);
	assert_int_equal(pmu_state(&cpu), 3);
	assert_int_equal(pmu_trap(&cpu, CPK_PMUSERENR, true, &v, true), PMU_TRAP_DONE);
	assert_int_equal(v, 0);
	v = 1;
	assert_int_equal(pmu_trap(&cpu, CPK_PMUSERENR, false, &v, true), PMU_TRAP_UNDEF);
	assert_int_equal(fake_pmu_peek().userenr, 0);

	/* EN = 1: all but PMUSERENR writes and the interrupt enables */
	wr(CPK_PMUSERENR, 1);
	for (unsigned k = 0; k < sizeof(gated) / sizeof(gated[0]); k++) {
		v = 0;
		assert_int_equal(pmu_trap(&cpu, gated[k], true, &v, true), PMU_TRAP_DONE);
	}
	v = 0;
	assert_int_equal(pmu_trap(&cpu, CPK_PMSWINC, false, &v, true), PMU_TRAP_DONE);
	v = 0;
	assert_int_equal(pmu_trap(&cpu, CPK_PMUSERENR, false, &v, true), PMU_TRAP_UNDEF);
	assert_int_equal(fake_pmu_peek().userenr, 1);
	assert_int_equal(pmu_trap(&cpu, CPK_PMINTENSET, true, &v, true), PMU_TRAP_UNDEF);
	assert_int_equal(pmu_trap(&cpu, CPK_PMINTENCLR, false, &v, true), PMU_TRAP_UNDEF);
	/* PMOVSSET: EN, as PMOVSR */
	assert_int_equal(pmu_trap(&cpu, CPK_PMOVSSET, true, &v, true), PMU_TRAP_DONE);
	wr(CPK_PMUSERENR, 0);
	assert_int_equal(pmu_trap(&cpu, CPK_PMOVSSET, false, &v, true), PMU_TRAP_UNDEF);
	assert_int_equal(pmu_trap(&cpu, CPK_PMOVSSET, true, &v, true), PMU_TRAP_UNDEF);
}

/* PMOVSSET (ARMv7 + Virtualization Extensions, PMUv3's PMOVSSET_EL0):
 * sets the view's flags (0-3, 31) in the register PMOVSR clears, reads
 * them as PMOVSR does, and moves 1 -> 2 and 3 -> 2 like any access. */
static void pmovsset(void **state)
{
	(void)state;
	uint32_t v;

	for (unsigned s = 1; s <= 3; s += 2) {
		pmu_hvc_pmu_switch(&cpu, s == 3);
		assert_int_equal(pmu_state(&cpu), s);
		pmu_hw_write(PMU_HW_PMOVSR, ~0u);   /* every flag, 4 and 5 too */
		v = 0x800000f5u;
		assert_int_equal(pmu_trap(&cpu, CPK_PMOVSSET, false, &v, false), PMU_TRAP_DONE);
		assert_int_equal(pmu_state(&cpu), 2);
		assert_int_equal(fake_pmu_peek().ovs, 0x80000005u);   /* 4-7 dropped */
		pmu_hvc_pmu_switch(&cpu, s == 3);
		assert_int_equal(pmu_trap(&cpu, CPK_PMOVSSET, true, &v, false), PMU_TRAP_DONE);
		assert_int_equal(v, 0x80000005u);
		assert_int_equal(pmu_state(&cpu), 2);
		v = 0x1u;
		assert_int_equal(pmu_trap(&cpu, CPK_PMOVSR, false, &v, false), PMU_TRAP_DONE);
		assert_int_equal(fake_pmu_peek().ovs, 0x80000004u);
		/* bits the fake's counters 4, 5 set stay hidden from the view */
		pmu_hw_write(PMU_HW_PMOVSSET, 0x30u);
		assert_int_equal(pmu_trap(&cpu, CPK_PMOVSSET, true, &v, false), PMU_TRAP_DONE);
		assert_int_equal(v, 0x80000004u);
	}
}

/* Hot path: a counter read costs the hardware accesses it needs, no more. */
static void counter_reads_are_cheap(void **state)
{
	(void)state;
	wr(CPK_PMSELR, 1);
	fake_pmu_reset_counts();
	(void)rd(CPK_PMXEVCNTR);
	assert_int_equal(fake_pmu_reads(), 2);      /* PMSELR, PMXEVCNTR */
	assert_int_equal(fake_pmu_writes(), 0);
	fake_pmu_reset_counts();
	(void)rd(CPK_PMCCNTR);
	assert_int_equal(fake_pmu_reads(), 1);
	assert_int_equal(fake_pmu_writes(), 0);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup(pmcr_view_and_transition, setup),
		cmocka_unit_test_setup(pmcr_write_p_c_reach_the_view_only, setup),
		cmocka_unit_test_setup(set_clear_pairs_masked_to_view, setup),
		cmocka_unit_test_setup(overflow_w1c_masked, setup),
		cmocka_unit_test_setup(pmselr_and_indirection, setup),
		cmocka_unit_test_setup(pmccntr, setup),
		cmocka_unit_test_setup(pmceid_per_cluster, setup),
		cmocka_unit_test_setup(pmovsset, setup),
		cmocka_unit_test_setup(pmuserenr, setup),
		cmocka_unit_test_setup(software_increment, setup),
		cmocka_unit_test_setup(software_increment_mode_filter, setup),
		cmocka_unit_test_setup(undefined_encodings, setup),
		cmocka_unit_test_setup(pl0_rules, setup),
		cmocka_unit_test_setup(counter_reads_are_cheap, setup),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
