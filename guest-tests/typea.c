/*
 * Type A scenario (issue #3, spec 3.1, 3.1.1, 3.3, 3.4): the guest programs
 * the PMU with MCR/MRC while the monitor switches clusters under it.
 * Expected values come from the spec and docs/states.md, never from a run.
 */
#include <stdio.h>
#include "pmu_guest.h"

static volatile uint32_t sink;

static void transitions_and_first_access(void)
{
	check_eq("boots in state 1", pmu_state_now(), 1);
	uint32_t pmcr = read_PMCR();   /* trapped: the 1 -> 2 trigger */

	check_eq("first MRC moves state 1 -> 2", pmu_state_now(), 2);
	check_eq("... and reads the hardware reset PMCR.E = 0", pmcr & PMCR_E, 0);
	check_eq("PMCR.IMP = ARM", PMCR_IMP(pmcr), 0x41);
	check_eq("PMCR.IDCODE = Cortex-A15 on the boot cluster", PMCR_IDCODE(pmcr), IDCODE_A15);
	check_eq("PMCR.N = 4 through Type A on A15", PMCR_N(pmcr), 4);
	check_eq("MIDR = Cortex-A15 on the boot cluster", read_MIDR(), MIDR_A15);

	check_eq("HVC_PMU_SWITCH(1): 2 -> 3 returns 0", pmu_switch(1), 0);
	check_eq("state 3", pmu_state_now(), 3);
	sink = read_PMSELR();
	check_eq("MRC in state 3 moves 3 -> 2", pmu_state_now(), 2);
	check_eq("HVC_PMU_SWITCH(0): 2 -> 1", pmu_switch(0), 0);
	check_eq("state 1", pmu_state_now(), 1);
	check_eq("HVC_PMU_SWITCH(1): 1 -> 3", pmu_switch(1), 0);
	check_eq("state 3 (from 1)", pmu_state_now(), 3);
	check_eq("HVC_PMU_SWITCH(0): 3 -> 1", pmu_switch(0), 0);
	check_eq("state 1 (from 3)", pmu_state_now(), 1);
	write_PMSELR(0);               /* an MCR is a trigger too */
	check_eq("MCR in state 1 moves 1 -> 2", pmu_state_now(), 2);
	check_eq("HVC_PMU_SWITCH(2) is an invalid parameter", pmu_switch(2), BL_HVC_INVALID_PARAMETER);
	check_eq("... and changes nothing", pmu_state_now(), 2);
	check_eq("HVC_PMU_SWITCH(0xffffffff) invalid", pmu_switch(0xffffffffu), BL_HVC_INVALID_PARAMETER);
}

static void identity_per_cluster(void)
{
	check_eq("HVC_CLUSTER_SWITCH(A7) returns A7", switch_to(A7_CLUSTER), A7_CLUSTER);
	check_eq("MIDR = Cortex-A7 after the switch", read_MIDR(), MIDR_A7);
	pmu_switch(1);                 /* the next PMCR read is trapped and emulated */
	uint32_t pmcr = read_PMCR();
	check_eq("trapped PMCR.IDCODE = Cortex-A7", PMCR_IDCODE(pmcr), IDCODE_A7);
	check_eq("trapped PMCR.N = 4 through Type A on A7", PMCR_N(pmcr), 4);
	/* State 2 is native; N = 4 comes from HDCR.HPMN. (IDCODE in state 2
	 * relies on HDCR.TPMCR, which QEMU 7.2 does not implement for AArch32:
	 * docs/states.md.) */
	check_eq("native PMCR.N = 4 on A7 in state 2 (HPMN)", PMCR_N(read_PMCR()), 4);
	check_eq("switching to the active cluster is a no-op", switch_to(A7_CLUSTER), A7_CLUSTER);
	check_eq("HVC_CLUSTER_SWITCH(2) invalid", switch_to(2), BL_HVC_INVALID_PARAMETER);
	check_eq("... cluster unchanged", cluster_now(), A7_CLUSTER);
	check_eq("back to A15", switch_to(A15_CLUSTER), A15_CLUSTER);
	check_eq("MIDR = Cortex-A15 again", read_MIDR(), MIDR_A15);
}

/* State 2: one context migrates raw; SW_INCR counts are exact. */
static void state2_migration(void)
{
	pmu_switch(1);
	sink = read_PMCR();            /* -> state 2 */
	check_eq("state 2 for migration tests", pmu_state_now(), 2);
	write_PMCR(PMCR_P | PMCR_C);   /* reset counters */
	for (uint32_t n = 0; n < 4; n++)
		pmn_set_type(n, 0x00);     /* SW_INCR */
	pmn_set_type(2, 0x08);         /* instructions: a type that must survive */
	write_PMCNTENCLR(0xffffffffu);
	write_PMCNTENSET(0x0000000bu); /* counters 0, 1, 3 */
	write_PMINTENCLR(0xffffffffu);
	write_PMINTENSET(0x00000002u);
	write_PMUSERENR(1);
	write_PMCR(PMCR_E);
	sw_incr(100, 0x1);
	sw_incr(7, 0x8);

	unsigned total0 = 100, total3 = 7;
	for (unsigned i = 0; i < 50; i++) {
		uint32_t target = (i & 1) ? A15_CLUSTER : A7_CLUSTER;

		switch_to(target);
		sw_incr(i + 1, 0x1);
		total0 += i + 1;
		sw_incr(1, 0x8);
		total3 += 1;
	}
	check_eq("after 50 switches: now on A15", cluster_now(), A15_CLUSTER);
	check_eq("counter 0 = exact number of SW_INCR writes", pmn_read(0), total0);
	check_eq("counter 3 = exact number of SW_INCR writes", pmn_read(3), total3);
	check_eq("counter 1 (enabled, never incremented) = 0", pmn_read(1), 0);
	check_eq("event type of counter 2 survives (0x08)", pmn_type(2) & 0xff, 0x08);
	check_eq("event type of counter 0 survives (0x00)", pmn_type(0) & 0xff, 0x00);
	check_eq("PMCNTENSET survives", read_PMCNTENSET(), 0x0000000bu);
	check_eq("PMINTENSET survives", read_PMINTENSET(), 0x00000002u);
	check_eq("PMUSERENR survives", read_PMUSERENR() & 1, 1);
	pmn_select(2);
	switch_to(A7_CLUSTER);
	check_eq("PMSELR survives a switch", read_PMSELR(), 2);
	check_eq("PMCR.E survives a switch", read_PMCR() & PMCR_E, PMCR_E);

	/* overflow flag migrates */
	pmn_write(1, 0xffffffffu);
	write_PMOVSR(0xffffffffu);
	sw_incr(1, 0x2);
	check_eq("counter 1 wrapped to 0", pmn_read(1), 0);
	switch_to(A15_CLUSTER);
	check_eq("overflow flag of counter 1 survives a switch", read_PMOVSR() & 0x2, 0x2);
	write_PMOVSR(0x2);
	check_eq("... and clears", read_PMOVSR() & 0x2, 0);

	/* cycle counter: on, never backwards */
	write_PMCNTENSET(CCNT_BIT);
	uint32_t prev = read_PMCCNTR(), backwards = 0;
	for (unsigned i = 0; i < 40; i++) {
		switch_to(i & 1 ? A15_CLUSTER : A7_CLUSTER);
		uint32_t now = read_PMCCNTR();
		backwards += now < prev;
		prev = now;
	}
	check_eq("cycle counter never goes backwards over 40 switches", backwards, 0);
	check(prev > 0, "cycle counter runs (%lu)", (unsigned long)prev);
	switch_to(A15_CLUSTER);
}

/* Switches the monitor starts by itself, in the middle of a loop. */
static void monitor_initiated(void)
{
	pmn_write(0, 0);
	uint32_t before = auto_switch(500);    /* every 500 timer ticks (8 us) */
	const unsigned n = 200000;
	for (unsigned i = 0; i < n; i++)
		write_PMSWINC(0x1);
	uint32_t after = auto_switch(0);
	uint32_t done = after - before;

	check(done >= 10, "monitor switched clusters %lu times during the loop", (unsigned long)done);
	check_eq("counter 0 = exact SW_INCR count across monitor-initiated switches", pmn_read(0), n);
	uint32_t quiet = auto_switch(0);
	for (volatile unsigned i = 0; i < 100000; i++)
		;
	check_eq("no switch once automatic switching is off", auto_switch(0), quiet);
	switch_to(A15_CLUSTER);
}

/* State 1: no save/restore; the inbound PMU is at reset. */
static void state1_reset(void)
{
	pmn_write(0, 12345);
	write_PMCNTENSET(0x1 | CCNT_BIT);
	write_PMINTENSET(0x1);
	write_PMSELR(3);
	pmu_switch(0);
	check_eq("state 1", pmu_state_now(), 1);
	switch_to(A7_CLUSTER);
	check_eq("still state 1 after a switch", pmu_state_now(), 1);
	uint32_t pmcr = read_PMCR();   /* trapped: -> 2, reads the reset hardware */
	check_eq("state 1 switch: PMCR.E = 0 on the inbound core", pmcr & PMCR_E, 0);
	check_eq("state 1 switch: inbound PMCR.IDCODE is A7", PMCR_IDCODE(pmcr), IDCODE_A7);
	check_eq("state 1 switch: PMCNTENSET = 0", read_PMCNTENSET(), 0);
	check_eq("state 1 switch: PMINTENSET = 0", read_PMINTENSET(), 0);
	check_eq("state 1 switch: PMOVSR = 0", read_PMOVSR(), 0);
	check_eq("state 1 switch: PMUSERENR = 0", read_PMUSERENR(), 0);
	check_eq("state 1 switch: PMSELR = 0", read_PMSELR(), 0);
	check(pmn_read(0) != 12345, "state 1 switch: counter 0 lost its value (0x%08lx)",
	      (unsigned long)pmn_read(0));
	switch_to(A15_CLUSTER);
}

/* Every register round-trips through the trap path in states 1 and 3:
 * each access below is the first after HVC_PMU_SWITCH, so it traps. */
static void enter(uint32_t s)
{
	pmu_switch(s == 1 ? 0 : 1);
	if (s == 2)
		sink = read_PMSELR();   /* any Type A access: 3 -> 2 */
}

static void trap_roundtrip(uint32_t s)
{
	char name[64];
#define RT(reg, wval, rexpr, want)                                                  \
	do {                                                                        \
		enter(s); write_##reg(wval);                                        \
		bool wt = pmu_state_now() == 2;                                     \
		enter(s); uint32_t got = (rexpr);                                   \
		bool rtp = pmu_state_now() == 2;                                    \
		snprintf(name, sizeof(name), "state %lu: " #reg " round trip", (unsigned long)s); \
		check(wt && rtp && got == (want), "%s (got 0x%08lx)", name, (unsigned long)got); \
	} while (0)

	write_PMCR(0);
	RT(PMSELR, 3, read_PMSELR(), 3u);
	RT(PMSELR, 31, read_PMSELR(), 31u);
	pmn_select(1);
	RT(PMXEVTYPER, 0x11, read_PMXEVTYPER() & 0xff, 0x11u);
	RT(PMXEVCNTR, 0xabcdef01u, read_PMXEVCNTR(), 0xabcdef01u);
	pmn_select(31);
	RT(PMXEVTYPER, 0x40000000u, read_PMXEVTYPER() & 0xf8000000u, 0x40000000u); /* PMCCFILTR.U */
	write_PMXEVTYPER(0);
	write_PMCNTENCLR(0xffffffffu);
	RT(PMCNTENSET, 0x80000005u, read_PMCNTENSET(), 0x80000005u);
	RT(PMCNTENCLR, 0x00000004u, read_PMCNTENCLR(), 0x80000001u);
	RT(PMCNTENSET, 0x000000f0u, read_PMCNTENSET(), 0x80000001u);  /* counters >= 4 are RAZ/WI */
	write_PMCNTENCLR(0xffffffffu);
	RT(PMINTENSET, 0x80000003u, read_PMINTENSET(), 0x80000003u);
	RT(PMINTENCLR, 0x80000000u, read_PMINTENCLR(), 0x00000003u);
	write_PMINTENCLR(0xffffffffu);
	RT(PMCCNTR, 0x12345678u, read_PMCCNTR(), 0x12345678u);          /* stopped: exact */
	RT(PMUSERENR, 1, read_PMUSERENR(), 1u);
	RT(PMUSERENR, 0, read_PMUSERENR(), 0u);
	RT(PMCR, PMCR_E, read_PMCR() & 0xff, PMCR_E);
	RT(PMCR, 0, read_PMCR() & 0xff, 0u);
	/* PMSWINC (write-only) through the trap path, PMOVSR (W1C) */
	write_PMCR(PMCR_E);
	pmn_set_type(0, 0x00);
	pmn_write(0, 0xffffffffu);
	write_PMCNTENSET(0x1);
	write_PMOVSR(0xffffffffu);
	enter(s); write_PMSWINC(0x1);
	check(pmu_state_now() == 2 && pmn_read(0) == 0 && (read_PMOVSR() & 1),
	      "state %lu: trapped PMSWINC increments (and overflows) counter 0", (unsigned long)s);
	enter(s); write_PMOVSR(0x1);
	check(pmu_state_now() == 2 && (read_PMOVSR() & 1) == 0,
	      "state %lu: trapped PMOVSR write clears the flag", (unsigned long)s);
	write_PMCR(0);
	write_PMCNTENCLR(0xffffffffu);
	/* PMCEID0/1: QEMU 7.2's v7 CPU has no such register and raises UNDEF
	 * before any HYP trap (HDCR.TPM, HSTR.T9), so the monitor's Table 2
	 * emulation cannot be reached here; tests/pmu/test_pmu_trap.c covers it.
	 * What the guest sees: UNDEF, and no state change. */
	enter(s);
	exc_clear();
	sink = read_PMCEID0();
	check(last_exc.kind == EXC_UND && pmu_state_now() == s,
	      "state %lu: PMCEID0 on QEMU 7.2: UNDEF before the monitor, state unchanged", (unsigned long)s);
	switch_to(A7_CLUSTER);
	enter(s);
	uint32_t pmcr = read_PMCR();
	check(PMCR_N(pmcr) == 4 && PMCR_IDCODE(pmcr) == IDCODE_A7,
	      "state %lu: trapped PMCR on A7 shows IDCODE 0x07, N = 4", (unsigned long)s);
	switch_to(A15_CLUSTER);
	/* PMOVSSET (both cores' TRMs: the Virtualization Extensions' PMUv2
	 * has it): a trapped write sets the view's flags (bits 0-3, 31: 4-7
	 * of 0x800000f5 dropped), a trapped read shows them, each moving to
	 * state 2; PMOVSR clears them again */
	write_PMOVSR(0xffffffffu);
	RT(PMOVSSET, 0x800000f5u, read_PMOVSR(), 0x80000005u);
	RT(PMOVSR, 0x80000001u, read_PMOVSSET(), 0x00000004u);
	write_PMOVSR(0xffffffffu);
#undef RT
}

/*
 * The trap path takes a different route by the form of the instruction
 * (arch/arm32/cp_trap.h): Rt in r0-r7, r8-r12 (frame), LR in SVC mode (banked),
 * a conditional MCR/MRC and Thumb state (general path). Each must move the
 * value exactly, step over the instruction, and - only if the condition
 * passes - change the state.
 */
static uint32_t __attribute__((target("thumb"), noinline)) thumb_selr_roundtrip(uint32_t v)
{
	uint32_t got;

	__asm__ volatile("mcr p15, 0, %1, c9, c12, 5\n\t"
			 "isb\n\t"
			 "mrc p15, 0, %0, c9, c12, 5" : "=r"(got) : "r"(v));
	return got;
}

static void trap_rt_forms(uint32_t s)
{
	uint32_t got;

	enter(s);
	__asm__ volatile("mov r9, #5\n\tmcr p15, 0, r9, c9, c12, 5" : : : "r9");
	bool moved = pmu_state_now() == 2;
	enter(s);
	__asm__ volatile("mov r10, #0\n\tmrc p15, 0, r10, c9, c12, 5\n\tmov %0, r10"
			 : "=r"(got) : : "r10");
	check(moved && got == 5 && pmu_state_now() == 2,
	      "state %lu: MCR/MRC with Rt = r9/r10 (got %lu)", (unsigned long)s, (unsigned long)got);

	enter(s);
	__asm__ volatile("mov lr, #2\n\tmcr p15, 0, lr, c9, c12, 5" : : : "lr");
	moved = pmu_state_now() == 2;
	enter(s);
	__asm__ volatile("mov lr, #0\n\tmrc p15, 0, lr, c9, c12, 5\n\tmov %0, lr"
			 : "=r"(got) : : "lr");
	check(moved && got == 2 && pmu_state_now() == 2,
	      "state %lu: MCR/MRC with Rt = LR_svc (got %lu)", (unsigned long)s, (unsigned long)got);

	/* Z set: MRCNE fails its condition (skipped, Rt and state unchanged),
	 * MRCEQ executes */
	enter(s);
	got = 0x5a5a5a5au;
	__asm__ volatile("cmp %0, %0\n\tmrcne p15, 0, %0, c9, c12, 5" : "+r"(got) : : "cc");
	check(got == 0x5a5a5a5au && pmu_state_now() == s,
	      "state %lu: MRCNE with Z set is skipped, state unchanged", (unsigned long)s);
	__asm__ volatile("cmp %0, %0\n\tmrceq p15, 0, %0, c9, c12, 5" : "+r"(got) : : "cc");
	check(got == 2 && pmu_state_now() == 2,
	      "state %lu: MRCEQ with Z set executes (got %lu)", (unsigned long)s, (unsigned long)got);

	enter(s);
	got = thumb_selr_roundtrip(4);
	check(got == 4 && pmu_state_now() == 2,
	      "state %lu: Thumb MCR/MRC round trip (got %lu)", (unsigned long)s, (unsigned long)got);
	write_PMSELR(0);
}

/* PL0 follows PMUSERENR.EN as hardware does (the seeds' kernel-module flow). */
static volatile uint32_t user_ccnt;
static void user_read_ccnt(void) { user_ccnt = read_PMCCNTR(); }
static void user_write_userenr(void) { write_PMUSERENR(1); }

static void user_access(uint32_t s)
{
	write_PMCNTENSET(CCNT_BIT);
	write_PMCR(PMCR_E);
	write_PMUSERENR(1);
	enter(s);
	exc_clear();
	user_ccnt = 0;
	run_user(user_read_ccnt);
	check(last_exc.kind == EXC_NONE && user_ccnt != 0,
	      "state %lu: PMUSERENR.EN = 1: user mode reads PMCCNTR (0x%08lx)", (unsigned long)s,
	      (unsigned long)user_ccnt);
	write_PMUSERENR(0);
	enter(s);
	exc_clear();
	run_user(user_read_ccnt);
	check(last_exc.kind == EXC_UND && (last_exc.spsr & 0x1f) == 0x10,
	      "state %lu: PMUSERENR.EN = 0: user-mode PMCCNTR read -> UNDEF", (unsigned long)s);
	write_PMUSERENR(1);
	enter(s);
	exc_clear();
	run_user(user_write_userenr);
	check_eq("user-mode PMUSERENR write -> UNDEF", last_exc.kind, EXC_UND);
	write_PMUSERENR(0);
	write_PMCR(0);
}

void guest_start(uint32_t r0, uint32_t r1, uint32_t r2, uint32_t cpsr);
void guest_start(uint32_t r0, uint32_t r1, uint32_t r2, uint32_t cpsr)
{
	(void)r0; (void)r1; (void)r2; (void)cpsr;
	gprintf("# typea: states, transitions, Type A across cluster switches\n");
	transitions_and_first_access();
	identity_per_cluster();
	state2_migration();
	monitor_initiated();
	state1_reset();
	trap_roundtrip(1);
	trap_roundtrip(3);
	trap_rt_forms(1);
	trap_rt_forms(3);
	user_access(2);
	user_access(3);
	test_finish();
}
