/* What a cluster switch does in each state (spec 3.1): state 2 migrates
 * one context raw, state 3 keeps one per cluster, state 1 leaves the
 * inbound core at reset. Every restore is checked against the poison the
 * reset phase leaves, so a missing restore fails these tests. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <cmocka.h>
#include "pmu_hvc.h"
#include "cpregs.h"
#include "fake_pmu_hw.h"

static struct pmu_cpu cpu;

static int setup(void **state)
{
	(void)state;
	fake_pmu_power_on();
	pmu_cpu_init(&cpu, CLUSTER_A15, fake_pmu_counters());
	return 0;
}

static void enter_state(unsigned s)
{
	uint32_t v;

	if (s == 2)
		assert_int_equal(pmu_trap(&cpu, CPK_PMCR, true, &v, false), PMU_TRAP_DONE);
	else if (s == 3)
		assert_int_equal(pmu_hvc_pmu_switch(&cpu, 1), 0);
	assert_int_equal(pmu_state(&cpu), s);
}

/* A guest's programming, as the hardware holds it. */
static struct fake_pmu programmed(uint32_t base)
{
	struct fake_pmu s = { 0 };

	s.pmcr = 0x11;                         /* E, X */
	s.cnten = 0x8000003Fu;
	s.inten = 0x80000003u;
	s.ovs = 0x80000022u;
	s.selr = 2;
	s.userenr = 1;
	s.ccfiltr = 0x08000000u;
	s.ccnt = base + 0x1000;
	for (unsigned i = 0; i < 6; i++) {
		s.evtyper[i] = 0x08 + i;
		s.evcntr[i] = base + 0x100 * i;
	}
	return s;
}

/* The guest's programming arrives as Type B writes would leave it: the
 * cycle counter through its 64-bit call, so the monitor's upper word is
 * in step (a raw PMCCNTR change is a wrap as far as it can tell). */
static void program(const struct fake_pmu *g)
{
	fake_pmu_poke(g);
	pmu_typeb_call(&cpu, HVC_PMCCNTR_WRITE, pmu_active_cluster(&cpu), g->ccnt, 0);
}

static void switch_out_and_reset(unsigned to)
{
	pmu_switch_out(&cpu);
	pmu_hw_reset(&cpu, to);
	/* the reset phase makes a missing restore visible */
	struct fake_pmu s = fake_pmu_peek();
	for (unsigned i = 0; i < 6; i++) {
		assert_int_equal(s.evcntr[i], 0xDEAD0000u | i);
		assert_int_equal(s.evtyper[i], (0xDEAD0000u | i) & FAKE_EVTYPER_KEEP);
	}
	assert_int_equal(s.ccnt, 0xDEAD001Fu);
	assert_int_equal(s.pmcr | s.cnten | s.inten | s.ovs | s.selr | s.userenr | s.ccfiltr, 0);
}

static void do_switch(unsigned to)
{
	switch_out_and_reset(to);
	pmu_switch_in(&cpu, to);
}

static uint64_t typeb_ccnt(unsigned c)
{
	struct pmu_hvc_out o = pmu_typeb_call(&cpu, HVC_PMCCNTR_READ, c, 0, 0);

	return ((uint64_t)o.r[1] << 32) | o.r[0];
}

static void state2_migrates_one_context_raw(void **state)
{
	(void)state;
	struct fake_pmu g = programmed(0x5000), s;

	enter_state(2);
	program(&g);
	do_switch(CLUSTER_A7);
	s = fake_pmu_peek();
	/* the guest-visible part moved exactly */
	assert_int_equal(s.pmcr, 0x11);
	assert_int_equal(s.cnten, 0x8000000Fu);      /* A7 own bits 4, 5: never active = 0 */
	assert_int_equal(s.inten, 0x80000003u);
	assert_int_equal(s.ovs, 0x80000002u);
	assert_int_equal(s.selr, 2);
	assert_int_equal(s.userenr, 1);
	assert_int_equal(s.ccfiltr, 0x08000000u);
	assert_int_equal(s.ccnt, 0x6000);
	for (unsigned i = 0; i < 4; i++) {
		assert_int_equal(s.evtyper[i], 0x08 + i);
		assert_int_equal(s.evcntr[i], 0x5000 + 0x100 * i);
	}
	/* the A7 has no counters 4, 5: left at reset */
	assert_int_equal(s.evcntr[4], 0xDEAD0004u);
	assert_int_equal(s.evcntr[5], 0xDEAD0005u);
	assert_int_equal(pmu_state(&cpu), 2);

	/* counts continue on the A7 and migrate back */
	fake_pmu_tick(7);
	do_switch(CLUSTER_A15);
	s = fake_pmu_peek();
	for (unsigned i = 0; i < 4; i++)
		assert_int_equal(s.evcntr[i], 0x5000 + 0x100 * i + 7);
	assert_int_equal(s.ccnt, 0x6007);
	/* counters 4, 5 are the A15's own, as it left them */
	assert_int_equal(s.evcntr[4], 0x5000 + 0x400);
	assert_int_equal(s.evcntr[5], 0x5000 + 0x500);
	assert_int_equal(s.evtyper[5], 0x0D);
	assert_int_equal(s.cnten, 0x8000003Fu);
	assert_int_equal(s.ovs, 0x80000022u);
	assert_int_equal(typeb_ccnt(CLUSTER_A15), 0x6007);
}

/* The 64-bit cycle counter migrates whole in state 2. */
static void state2_migrates_ccnt_upper_word(void **state)
{
	(void)state;
	enter_state(2);
	pmu_typeb_call(&cpu, HVC_PMCCNTR_WRITE, CLUSTER_A15, 0xFFFFFFF0u, 0x12);
	pmu_hw_write(PMU_HW_PMCNTENSET, 1u << 31);
	pmu_hw_write(PMU_HW_PMCR, 1);
	fake_pmu_tick(0x20);                 /* wraps the low word */
	do_switch(CLUSTER_A7);
	assert_int_equal(fake_pmu_peek().ccnt, 0x10);
	assert_int_equal(typeb_ccnt(CLUSTER_A7), 0x1300000010ull);
}

/* Documented limit: in state 2 the guest writes PMCCNTR natively, unseen;
 * a smaller value is indistinguishable from a wrap at the next look. */
static void state2_native_ccnt_write_looks_like_a_wrap(void **state)
{
	(void)state;
	enter_state(2);
	pmu_typeb_call(&cpu, HVC_PMCCNTR_WRITE, CLUSTER_A15, 0x1000, 0);
	pmu_hw_write(PMU_HW_PMCCNTR, 0x10);          /* the guest, natively */
	do_switch(CLUSTER_A7);
	assert_int_equal(typeb_ccnt(CLUSTER_A7), 0x100000010ull);
}

static void state1_inbound_stays_at_reset(void **state)
{
	(void)state;
	struct fake_pmu g = programmed(0x7000), s;

	program(&g);
	switch_out_and_reset(CLUSTER_A7);
	pmu_switch_in(&cpu, CLUSTER_A7);
	s = fake_pmu_peek();
	assert_int_equal(s.pmcr | s.cnten | s.inten | s.ovs | s.selr | s.userenr, 0);
	assert_int_equal(s.evcntr[1], 0xDEAD0001u);
	assert_int_equal(s.ccnt, 0xDEAD001Fu);
	assert_int_equal(typeb_ccnt(CLUSTER_A7), 0xDEAD001Full);   /* upper word 0 */
	/* ... and the outbound values are only in the snapshot */
	assert_int_equal(pmu_typeb_call(&cpu, HVC_PMCNTENSET_READ, CLUSTER_A15, 0, 0).r[0],
			 0x8000003Fu);
	assert_int_equal(typeb_ccnt(CLUSTER_A15), 0x8000);
	/* switching back does not restore either */
	do_switch(CLUSTER_A15);
	s = fake_pmu_peek();
	assert_int_equal(s.cnten, 0);
	assert_int_equal(s.evcntr[0], 0xDEAD0000u);
	assert_int_equal(pmu_state(&cpu), 1);
}

static void state3_one_context_per_cluster(void **state)
{
	(void)state;
	struct fake_pmu a15 = programmed(0x100000), a7 = programmed(0x200000), s;

	enter_state(3);
	program(&a15);
	do_switch(CLUSTER_A7);
	/* never active before: its context is all zeros */
	s = fake_pmu_peek();
	assert_int_equal(s.cnten | s.pmcr | s.ccnt | s.evcntr[0] | s.evcntr[3] | s.evtyper[0], 0);
	a7.cnten = 0x80000005u;
	a7.evcntr[4] = s.evcntr[4];          /* A7 has no counters 4, 5 */
	a7.evcntr[5] = s.evcntr[5];
	a7.evtyper[4] = s.evtyper[4];
	a7.evtyper[5] = s.evtyper[5];
	a7.ovs = 0x80000001u;
	a7.selr = 3;
	program(&a7);
	fake_pmu_tick(5);                    /* counters 0, 2 and the cycle counter */

	do_switch(CLUSTER_A15);
	s = fake_pmu_peek();
	a15.ccnt = 0x101000;
	assert_true(fake_pmu_equal(&s, &a15));

	do_switch(CLUSTER_A7);
	s = fake_pmu_peek();
	assert_int_equal(s.evcntr[0], 0x200005);
	assert_int_equal(s.evcntr[1], 0x200100);
	assert_int_equal(s.evcntr[2], 0x200205);
	assert_int_equal(s.evcntr[3], 0x200300);
	assert_int_equal(s.ccnt, 0x201005);
	assert_int_equal(s.cnten, 0x80000005u);
	assert_int_equal(s.ovs, 0x80000001u);
	assert_int_equal(s.selr, 3);
	assert_int_equal(s.evtyper[3], 0x0B);
	assert_int_equal(pmu_state(&cpu), 3);
}

/* Transitions between switches keep the hardware; the next switch then
 * follows the new state. */
static void state_change_between_switches(void **state)
{
	(void)state;
	struct fake_pmu g = programmed(0x300000), s;

	enter_state(3);
	program(&g);
	enter_state(2);                           /* Type A access in state 3 */
	s = fake_pmu_peek();
	assert_true(fake_pmu_equal(&s, &g));      /* nothing touched */
	do_switch(CLUSTER_A7);                    /* state 2: migrates */
	assert_int_equal(fake_pmu_peek().evcntr[2], 0x300200);
	assert_int_equal(pmu_hvc_pmu_switch(&cpu, 0), 0);
	do_switch(CLUSTER_A15);                   /* state 1: reset */
	assert_int_equal(fake_pmu_peek().evcntr[2], 0xDEAD0002u);
}

/* The in-place switch's reset phase (pmu_hw_reset_unrestored) leaves out
 * what the restore overwrites: the same switches with the full reset and
 * with it end in the same hardware and the same monitor state, in every
 * state, on a 6-counter and a 4-counter PMU (kept A15 counters 4, 5), for
 * both directions. */
static void run_switches_as(uint32_t pmcr_ro, unsigned st, bool full, bool direct,
			    struct fake_pmu *hw, struct pmu_cpu *after)
{
	static const unsigned to[] = { CLUSTER_A7, CLUSTER_A15, CLUSTER_A7, CLUSTER_A15 };
	struct fake_pmu g = programmed(0x7000);

	fake_pmu_power_on_as(pmcr_ro);
	fake_pmu_ev_direct(direct);
	pmu_cpu_init(&cpu, CLUSTER_A15, fake_pmu_counters());
	enter_state(3);
	program(&g);
	pmu_typeb_call(&cpu, HVC_PMXEVCNTR_WRITE, CLUSTER_A7, 0x1234, 0);  /* deferred */
	if (st == 1)
		assert_int_equal(pmu_hvc_pmu_switch(&cpu, 0), 0);
	else if (st == 2)
		enter_state(2);
	for (unsigned k = 0; k < 4; k++) {
		pmu_switch_out(&cpu);
		if (full)
			pmu_hw_reset(&cpu, to[k]);
		else
			pmu_hw_reset_unrestored(&cpu, to[k]);
		pmu_switch_in(&cpu, to[k]);
		fake_pmu_tick(3 + k);
		hw[k] = fake_pmu_peek();
		after[k] = cpu;
	}
}

static void run_switches(uint32_t pmcr_ro, unsigned st, bool full, struct fake_pmu *hw,
			 struct pmu_cpu *after)
{
	run_switches_as(pmcr_ro, st, full, false, hw, after);
}

static void reset_unrestored_is_unseen(void **state)
{
	(void)state;
	static const uint32_t cores[] = { FAKE_PMCR_A15, FAKE_PMCR_A7 };

	for (unsigned core = 0; core < 2; core++)
		for (unsigned st = 1; st <= 3; st++) {
			struct fake_pmu hw_full[4], hw_lean[4];
			struct pmu_cpu full[4], lean[4];

			run_switches(cores[core], st, true, hw_full, full);
			run_switches(cores[core], st, false, hw_lean, lean);
			for (unsigned k = 0; k < 4; k++) {
				assert_true(fake_pmu_equal(&hw_full[k], &hw_lean[k]));
				assert_memory_equal(&full[k], &lean[k], sizeof(full[k]));
			}
		}
}

/* PMUv3's own registers per counter (PMU_HW_EV_DIRECT, AArch64): the
 * same switches, with the full and the lean reset, end in the same
 * hardware and monitor state as through PMSELR, in every state, on both
 * PMUs; no access reaches a counter the core lacks; and the switch path
 * writes PMSELR less (the selects are gone - what is left is the reset's
 * 0, the restore's guest value and the deferred write's indexed access). */
static void direct_counters_switch_the_same(void **state)
{
	(void)state;
	static const uint32_t cores[] = { FAKE_PMCR_A15, FAKE_PMCR_A7 };

	for (unsigned core = 0; core < 2; core++)
		for (unsigned st = 1; st <= 3; st++)
			for (unsigned full = 0; full < 2; full++) {
				struct fake_pmu hw_sel[4], hw_dir[4];
				struct pmu_cpu sel[4], dir[4];
				unsigned selr_sel, selr_dir;

				run_switches_as(cores[core], st, full, false, hw_sel, sel);
				assert_int_equal(fake_pmu_unpredictable(), 0);
				selr_sel = fake_pmu_selr_writes();
				run_switches_as(cores[core], st, full, true, hw_dir, dir);
				assert_int_equal(fake_pmu_unpredictable(), 0);
				selr_dir = fake_pmu_selr_writes();
				assert_true(selr_dir < selr_sel);
				for (unsigned k = 0; k < 4; k++) {
					assert_true(fake_pmu_equal(&hw_sel[k], &hw_dir[k]));
					assert_memory_equal(&sel[k], &dir[k], sizeof(sel[k]));
				}
			}
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup(state2_migrates_one_context_raw, setup),
		cmocka_unit_test_setup(state2_migrates_ccnt_upper_word, setup),
		cmocka_unit_test_setup(state2_native_ccnt_write_looks_like_a_wrap, setup),
		cmocka_unit_test_setup(state1_inbound_stays_at_reset, setup),
		cmocka_unit_test_setup(state3_one_context_per_cluster, setup),
		cmocka_unit_test_setup(state_change_between_switches, setup),
		cmocka_unit_test_setup(reset_unrestored_is_unseen, setup),
		cmocka_unit_test_setup(direct_counters_switch_the_same, setup),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
