/*
 * Cluster switches and the debug context on the AArch64 monitor (issue
 * #27's second step), from an EL1 guest: HVC_CLUSTER_SWITCH there and back
 * with exact values in each PMU state as guest-tests/typea.c, typeb.c and
 * debug.c test them on ARMv7 - the identity (MIDR_EL1, PMCR_EL0.IDCODE)
 * follows the cluster; state 2's counters, types, PMSELR and enables and
 * state 3's Type B registers survive; state 1 comes up at reset - and the
 * AArch64 debug registers (MDSCR_EL1, DBGB/W*R<n>_EL1, the OS Lock,
 * MDCCINT_EL1) written before a switch read back after it, and a
 * breakpoint and a watchpoint set before a switch fire after it. Hostile
 * input: a cluster that does not exist, the current cluster.
 */
#include "guest64.h"

#define PMCR_E   1u
#define CCNT_BIT (1u << 31)
#define MDSCR_MDE (1u << 15)
#define MDSCR_KDE (1u << 13)
#define EC_BKPT_CUR  0x31u
#define EC_WATCH_CUR 0x35u

static const struct { uint32_t midr, idcode; const char *name; } cl[2] = {
	{ 0x411fd070u, 0x01, "Cortex-A57" }, { 0x410fd034u, 0x03, "Cortex-A53" },
};

static unsigned me, other;

static uint32_t state(void) { return (uint32_t)hvc64(HVC_PMU_GET_STATE, 0, 0, 0).x0; }
static void to_state(uint32_t arg) { (void)hvc64(HVC_PMU_SWITCH, arg, 0, 0); }
static uint32_t switch_to(uint64_t c) { return (uint32_t)hvc64(HVC_CLUSTER_SWITCH, c, 0, 0).x0; }
static uint64_t switches(void) { return hvc64(HVC_SYSTEM_INFO, 0, 0, 0).x0; }

static void identity_and_hostile(void)
{
	uint64_t n0 = switches();
	struct hvc64 r;

	check_eq("MIDR_EL1 is the boot cluster's", MRS(MIDR_EL1), cl[me].midr);
	check_eq("HVC_CLUSTER_SWITCH to the other cluster returns it", switch_to(other), other);
	check_eq("... MIDR_EL1 is the other cluster's (VPIDR_EL2)", MRS(MIDR_EL1), cl[other].midr);
	r = hvc64(HVC_SYSTEM_INFO, 0, 0, 0);
	check(r.x0 == n0 + 1 && r.x1 == other && r.x2 == 1 && r.x3 == n0 + 1,
	      "HVC_SYSTEM_INFO: 1 switch, the other cluster, CPU 0 online (%llu %llu %llu %llu)",
	      (unsigned long long)r.x0, (unsigned long long)r.x1, (unsigned long long)r.x2,
	      (unsigned long long)r.x3);
	check_eq("HVC_MONITOR_INFO r1: the active cluster", hvc64(HVC_MONITOR_INFO, 0, 0, 0).x1, other);
	check_eq("to the current cluster: a no-op returning it", switch_to(other), other);
	check_eq("... no switch counted", switches(), n0 + 1);
	check_eq("cluster 2: -3", switch_to(2), (uint32_t)BL_HVC_INVALID_PARAMETER);
	check_eq("cluster -3: -3", switch_to(0xfffffffdu), (uint32_t)BL_HVC_INVALID_PARAMETER);
	check_eq("32-bit call: x1's upper half ignored (w1 = the cluster)", switch_to(0x100000000ull | me), me);
	check_eq("... back on the boot cluster: MIDR_EL1", MRS(MIDR_EL1), cl[me].midr);
	/* the switch timer itself: guest autoswitch64 */
	check_eq("HVC_AUTO_SWITCH below the shortest period: -3",
		 (uint32_t)hvc64(HVC_AUTO_SWITCH, BL_SWITCH_PERIOD_MIN - 1, 0, 0).x0,
		 (uint32_t)BL_HVC_INVALID_PARAMETER);
	check_eq("HVC_AUTO_SWITCH 0 (off): 0", (uint32_t)hvc64(HVC_AUTO_SWITCH, 0, 0, 0).x0, 0);
	check_eq("... no switch timer: HVC_SWITCH_PERIOD 0", (uint32_t)hvc64(HVC_SWITCH_PERIOD, 0, 0, 0).x0, 0);
	check_eq("... and no switch from either (2: there and back)", switches(), n0 + 2);
}

/* State 2: the guest owns the PMU; a switch carries all of it */
static void state2(void)
{
	to_state(0);
	(void)MRS(PMSELR_EL0);   /* 1 -> 2 */
	check_eq("state 2", state(), 2);
	MSR(PMCR_EL0, 6);        /* P, C: counters to 0, stopped */
	MSR(PMCNTENCLR_EL0, 0xffffffffu);
	MSR(PMSELR_EL0, 1);
	MSR(PMXEVTYPER_EL0, 0x08);       /* INST_RETIRED: a type that must survive */
	MSR(PMXEVCNTR_EL0, 0x1234);
	MSR(PMSELR_EL0, 0);
	MSR(PMXEVTYPER_EL0, 0x00);       /* SW_INCR */
	MSR(PMXEVCNTR_EL0, 100);
	MSR(PMCCNTR_EL0, 0x89abcdefull);
	MSR(PMCNTENSET_EL0, CCNT_BIT | 0x5u);
	MSR(PMINTENCLR_EL1, 0xffffffffu);
	MSR(PMINTENSET_EL1, 0x4u);
	MSR(PMSELR_EL0, 3);
	MSR(PMUSERENR_EL0, 0xe);         /* PMUv3's SW, CR, ER without EN */
	/* PMCR.E = 0: nothing counts, every value is exact */
	check_eq("switch to the other cluster (state 2)", switch_to(other), other);
	check_eq("... still state 2", state(), 2);
	check_eq("... the stopped cycle counter, exact", MRS(PMCCNTR_EL0), 0x89abcdefull);
	check_eq("... PMSELR_EL0", MRS(PMSELR_EL0), 3);
	check_eq("... PMCNTENSET_EL0", MRS(PMCNTENSET_EL0), CCNT_BIT | 0x5u);
	check_eq("... PMINTENSET_EL1", MRS(PMINTENSET_EL1), 0x4u);
	check_eq("... PMEVCNTR1_EL0", MRS_AT(A64_PMEVCNTR(1)), 0x1234);
	check_eq("... PMUSERENR_EL0: SW, CR, ER (PMUv3's enables, not only EN)", MRS(PMUSERENR_EL0), 0xe);
	check_eq("switch back", switch_to(me), me);
	check_eq("... PMUSERENR_EL0 still SW, CR, ER", MRS(PMUSERENR_EL0), 0xe);
	MSR(PMUSERENR_EL0, 0);
	MSR(PMSELR_EL0, 1);
	check_eq("there and back: PMXEVTYPER_EL0 of counter 1", MRS(PMXEVTYPER_EL0) & 0xffff, 0x08);
	check_eq("... PMXEVCNTR_EL0 of counter 1", MRS(PMXEVCNTR_EL0), 0x1234);
	MSR(PMSELR_EL0, 0);
	check_eq("... PMXEVCNTR_EL0 of counter 0", MRS(PMXEVCNTR_EL0), 100);
	check_eq("... the cycle counter", MRS(PMCCNTR_EL0), 0x89abcdefull);
	/* counting across switches: SW_INCR on counter 0, exact */
	MSR(PMCR_EL0, PMCR_E);
	uint32_t total = 100;

	for (unsigned i = 0; i < 20; i++) {
		(void)switch_to(i & 1 ? me : other);
		for (unsigned k = 0; k <= i; k++)
			MSR(PMSWINC_EL0, 1);
		total += i + 1;
	}
	check_eq("20 switches later: on the boot cluster", hvc64(HVC_MONITOR_INFO, 0, 0, 0).x1, me);
	MSR(PMSELR_EL0, 0);
	check_eq("counter 0 = exactly the SW_INCR writes", MRS(PMXEVCNTR_EL0), total);
	check_eq("PMCR_EL0.E survives", MRS(PMCR_EL0) & PMCR_E, PMCR_E);
	MSR(PMCR_EL0, 0);
	MSR(PMCNTENCLR_EL0, 0xffffffffu);
}

/* State 3: the monitor's Type B registers; state 1: the inbound at reset */
static void state3_and_1(void)
{
	struct hvc64 r;

	to_state(1);
	check_eq("state 3", state(), 3);
	(void)hvc64(HVC_PMSELR_WRITE, me, 2, 0);
	(void)hvc64(HVC_PMXEVTYPER_WRITE, me, 0x11, 0);
	(void)hvc64(HVC_PMXEVCNTR_WRITE, me, 0x5555, 0);
	(void)hvc64(HVC_PMCCNTR_WRITE, me, 0x10, 0x2);
	(void)hvc64(HVC_PMCNTENSET_WRITE, me, 0x80000004u, 0);
	check_eq("switch (state 3)", switch_to(other), other);
	check_eq("... still state 3", state(), 3);
	r = hvc64(HVC_PMCR_READ, other, 0, 0);
	check_eq("Type B PMCR of the now active cluster: its IDCODE",
		 (r.x0 >> 16) & 0xff, cl[other].idcode);
	check_eq("Type B PMSELR of the inactive cluster: as captured", hvc64(HVC_PMSELR_READ, me, 0, 0).x0, 2);
	check_eq("switch back", switch_to(me), me);
	check_eq("there and back: PMSELR", hvc64(HVC_PMSELR_READ, me, 0, 0).x0, 2);
	check_eq("... PMXEVTYPER (counter 2)", hvc64(HVC_PMXEVTYPER_READ, me, 0, 0).x0 & 0xffff, 0x11);
	check_eq("... PMXEVCNTR (counter 2)", hvc64(HVC_PMXEVCNTR_READ, me, 0, 0).x0, 0x5555);
	r = hvc64(HVC_PMCCNTR_READ, me, 0, 0);
	check(r.x0 == 0x10 && r.x1 == 0x2, "... PMCCNTR, 64 bits: x0 %llx x1 %llx, want 10 2",
	      (unsigned long long)r.x0, (unsigned long long)r.x1);
	check_eq("... PMCNTENSET", hvc64(HVC_PMCNTENSET_READ, me, 0, 0).x0, 0x80000004u);
	(void)hvc64(HVC_PMCNTENCLR_WRITE, me, 0xffffffffu, 0);

	to_state(0);
	check_eq("state 1", state(), 1);
	check_eq("switch (state 1)", switch_to(other), other);
	check_eq("... still state 1", state(), 1);
	uint64_t pmcr = MRS(PMCR_EL0);   /* trapped: 1 -> 2 */

	check_eq("state 1 switch: PMCR_EL0.IDCODE is the inbound core's", (pmcr >> 16) & 0xff,
		 cl[other].idcode);
	check_eq("... PMCR_EL0.E = 0 (reset)", pmcr & PMCR_E, 0);
	check_eq("... PMCNTENSET_EL0 = 0 (reset)", MRS(PMCNTENSET_EL0), 0);
	check_eq("... PMSELR_EL0 = 0 (reset)", MRS(PMSELR_EL0), 0);
	(void)switch_to(me);
	to_state(0);
	check_eq("back, state 1: PMCR_EL0.IDCODE the boot cluster's", (MRS(PMCR_EL0) >> 16) & 0xff,
		 cl[me].idcode);
}

/* ---- debug ---------------------------------------------------------- */

static volatile uint64_t wp_var;
void bp_target(void);
__asm__(".text\n.balign 16\n.global bp_target\nbp_target:\n\tnop\n\tret\n");

#define BVR_PAT(n) (0xffff000012345000ull + ((uint64_t)(n) << 4))
#define WVR_PAT(n) (0xffff0000abcd0000ull + ((uint64_t)(n) << 8))
#define BCR_PAT(n) (0x000001e6u | ((uint32_t)(n) << 16))   /* E = 0: never fires */
#define WCR_PAT(n) (0x00001ff6u | ((uint32_t)(n) << 16))

/* MSR/MRS of numbered registers: one instruction each, so a switch over n;
 * by the table's names (MRS(DBGBVR(2)) is read_DBGBVR2_EL1()) */
#define DBGBVR(n) DBGBVR##n##_EL1
#define DBGBCR(n) DBGBCR##n##_EL1
#define DBGWVR(n) DBGWVR##n##_EL1
#define DBGWCR(n) DBGWCR##n##_EL1
#define FOR_BRP(X) X(0) X(1) X(2) X(3) X(4) X(5)
#define FOR_WRP(X) X(0) X(1) X(2) X(3)

static void write_all(void)
{
#define WB(n) MSR(DBGBVR(n), BVR_PAT(n)); MSR(DBGBCR(n), BCR_PAT(n));
#define WW(n) MSR(DBGWVR(n), WVR_PAT(n)); MSR(DBGWCR(n), WCR_PAT(n));
	FOR_BRP(WB)
	FOR_WRP(WW)
#undef WB
#undef WW
}

static unsigned mismatches(void)
{
	unsigned bad = 0;

#define CB(n) bad += MRS(DBGBVR(n)) != BVR_PAT(n); bad += MRS(DBGBCR(n)) != BCR_PAT(n);
#define CW(n) bad += MRS(DBGWVR(n)) != WVR_PAT(n); bad += MRS(DBGWCR(n)) != WCR_PAT(n);
	FOR_BRP(CB)
	FOR_WRP(CW)
#undef CB
#undef CW
	return bad;
}

static void clear_all(void)
{
#define ZB(n) MSR(DBGBCR(n), 0); MSR(DBGBVR(n), 0);
#define ZW(n) MSR(DBGWCR(n), 0); MSR(DBGWVR(n), 0);
	FOR_BRP(ZB)
	FOR_WRP(ZW)
#undef ZB
#undef ZW
}

static void debug_registers(void)
{
	exc_clear();
	MSR(OSLAR_EL1, 0);
	write_all();
	MSR(MDSCR_EL1, MDSCR_MDE);
	MSR(MDCCINT_EL1, 0x60000000u);
	check_eq("debug registers trapped and emulated: no exception", last_exc.count, 0);
	check_eq("written values read back before a switch (20 registers)", mismatches(), 0);
	check_eq("switch", switch_to(other), other);
	check_eq("on the other cluster: every DBGB/W[VC]R<n>_EL1 exact", mismatches(), 0);
	check_eq("... MDSCR_EL1.MDE", MRS(MDSCR_EL1), MDSCR_MDE);
	check_eq("... MDCCINT_EL1 (kept by the monitor)", MRS(MDCCINT_EL1), 0x60000000u);
	(void)switch_to(me);
	for (unsigned i = 0; i < 50; i++)
		(void)switch_to(i & 1 ? me : other);
	check_eq("after 51 more switches: every register exact", mismatches(), 0);
	check_eq("... MDSCR_EL1", MRS(MDSCR_EL1), MDSCR_MDE);
	MSR(OSLAR_EL1, 1);
	check_eq("OSLAR_EL1 = 1: OSLSR_EL1.OSLK", MRS(OSLSR_EL1) & 2, 2);
	(void)switch_to(other);
	check_eq("the OS Lock survives a switch", MRS(OSLSR_EL1) & 2, 2);
	MSR(OSLAR_EL1, 0);
	(void)switch_to(me);
	check_eq("... and its release", MRS(OSLSR_EL1) & 2, 0);
	exc_clear();
	(void)MRS(DBGCLAIMSET_EL1);
	check(last_exc.count == 1 && last_exc.ec == 0,
	      "DBGCLAIMSET_EL1: QEMU 7.2 has none, an undefined instruction at EL1 before any trap (count %u)",
	      last_exc.count);
	clear_all();
	MSR(MDSCR_EL1, 0);
	MSR(MDCCINT_EL1, 0);
}

static void breakpoint_and_watchpoint(void)
{
	static const uint32_t pmu_states[3] = { 0, 2, 1 };   /* HVC_PMU_SWITCH args: 1, 2, 3 */

	MSR(OSLAR_EL1, 0);
	MSR(DBGBVR(0), (uintptr_t)bp_target);
	MSR(DBGBCR(0), 0x1e7);   /* E, EL1 and EL0 (PMC 0b11), BAS 0xF */
	MSR(MDSCR_EL1, MDSCR_MDE | MDSCR_KDE);
	__asm__ volatile("msr daifclr, #8\n\tisb" ::: "memory");   /* PSTATE.D clear */
	exc_clear();
	bp_target();
	check(last_exc.count == 1 && last_exc.ec == EC_BKPT_CUR && last_exc.elr == (uintptr_t)bp_target,
	      "breakpoint fires before a switch (count %u, EC %x)", last_exc.count, last_exc.ec);
	for (unsigned s = 0; s < 3; s++) {
		if (pmu_states[s] == 2) {
			to_state(0);
			(void)MRS(PMSELR_EL0);
		} else {
			to_state(pmu_states[s]);
		}
		uint32_t st = state();

		exc_clear();
		(void)switch_to(other);
		bp_target();
		check(last_exc.count == 1 && last_exc.ec == EC_BKPT_CUR && last_exc.elr == (uintptr_t)bp_target,
		      "PMU state %u: breakpoint set before a switch fires after it (EC %x)", st, last_exc.ec);
		exc_clear();
		(void)switch_to(me);
		bp_target();
		check_eq("... and after the switch back: EC 0x31", last_exc.ec, EC_BKPT_CUR);
		check_eq("... the PMU state unchanged by the switches", state(), st);
	}
	MSR(DBGBCR(0), 0);
	/* a store watchpoint: LSC store, PAC EL1/EL0, BAS 8 bytes, E */
	MSR(DBGWVR(0), (uintptr_t)&wp_var);
	MSR(DBGWCR(0), 0x1ff7);
	(void)switch_to(other);
	exc_clear();
	wp_var = 1;
	check(last_exc.count == 1 && last_exc.ec == EC_WATCH_CUR,
	      "watchpoint set before a switch fires after it (count %u, EC %x)", last_exc.count, last_exc.ec);
	(void)switch_to(me);
	MSR(DBGWCR(0), 0);
	exc_clear();
	wp_var = 2;
	check_eq("disarmed: nothing fires", last_exc.count, 0);
	__asm__ volatile("msr daifset, #8\n\tisb" ::: "memory");
	MSR(MDSCR_EL1, 0);
}

void guest_main(uint64_t dtb);
void guest_main(uint64_t dtb)
{
	(void)dtb;
	me = (unsigned)hvc64(HVC_MONITOR_INFO, 0, 0, 0).x1;
	if (me > 1)
		me = 0;
	other = 1 - me;
	gprintf("# switch64: boot cluster %s, switching to %s and back\n", cl[me].name, cl[other].name);
	identity_and_hostile();
	state2();
	state3_and_1();
	debug_registers();
	breakpoint_and_watchpoint();
	test_finish();
}
