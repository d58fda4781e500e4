/*
 * EL0 and the PMU on the AArch64 monitor (issue #27): PMUSERENR_EL0's
 * four enables - EN all, SW a PMSWINC write, CR a PMCCNTR read, ER an
 * event counter read and PMSELR (ARM ARM D13.4.19) - decided by the rule
 * the ARMv7 monitor uses for PL0 (pmu/pmu_trap.c), from code run at EL0.
 * In states 1 and 3 every EL0 access reaches the monitor (the hardware's
 * PMUSERENR_EL0 holds EN while TPM traps): what the guest's value allows
 * is emulated and moves the state to 2, the rest is an undefined
 * instruction (EC 0x00) in EL1. In state 2 the hardware holds the guest's
 * value and decides (QEMU: a trap to EL1, EC 0x18). Exact values: the
 * counters are stopped or count SW_INCR only.
 */
#include "guest64.h"

#define EN 1u
#define SW 2u
#define CR 4u
#define ER 8u
#define EC_UNKNOWN 0x00u
#define EC_SYS64   0x18u

static unsigned me;
static volatile uint64_t val;

static uint32_t state(void) { return (uint32_t)hvc64(HVC_PMU_GET_STATE, 0, 0, 0).x0; }

/* The guest's PMUSERENR_EL0 = u (from EL1: trapped, so state 2), then
 * state 3 again: TPM traps every EL0 access to the monitor */
static void userenr(uint32_t u)
{
	MSR(PMUSERENR_EL0, u);
	(void)hvc64(HVC_PMU_SWITCH, 1, 0, 0);
}

/* EL0 bodies: one access each */
static void mrs_pmcr(void) { val = MRS(PMCR_EL0); }
static void mrs_userenr(void) { val = MRS(PMUSERENR_EL0); }
static void msr_userenr(void) { MSR(PMUSERENR_EL0, 0); }
static void mrs_pmintenset(void) { val = MRS(PMINTENSET_EL1); }
static void mrs_ccnt(void) { val = MRS(PMCCNTR_EL0); }
static void msr_ccnt(void) { MSR(PMCCNTR_EL0, 5); }
static void msr_selr1(void) { MSR(PMSELR_EL0, 1); }
static void mrs_xevcntr(void) { val = MRS(PMXEVCNTR_EL0); }
static void msr_xevcntr(void) { MSR(PMXEVCNTR_EL0, 9); }
static void mrs_xevtyper(void) { val = MRS(PMXEVTYPER_EL0); }
static void mrs_evcntr1(void) { val = MRS_AT(A64_PMEVCNTR(1)); }
static void mrs_evtyper1(void) { val = MRS_AT(A64_PMEVTYPER(1)); }
static void mrs_cntenset(void) { val = MRS(PMCNTENSET_EL0); }
static void swinc0(void) { MSR(PMSWINC_EL0, 1); }

/* fn at EL0 in the state now: allowed (no exception, want_state after) or
 * an exception of class ec in EL1 (nothing changed: state as before) */
static void at_el0(const char *what, void (*fn)(void), bool allowed, uint32_t ec, uint32_t want_state)
{
	exc_clear();
	val = 0xdead;
	el0_run(fn);
	if (allowed)
		check(last_exc.count == 0 && state() == want_state, "%s: allowed (%u exceptions), state %u",
		      what, last_exc.count, state());
	else
		check(last_exc.count == 1 && last_exc.ec == ec && state() == want_state,
		      "%s: EC %02x in EL1 (%u, EC %02x), state %u", what, ec, last_exc.count, last_exc.ec,
		      state());
}

static void values(void)
{
	check_eq("state 1 at boot", state(), 1);
	MSR(PMUSERENR_EL0, EN | SW | CR | ER);
	check_eq("MSR PMUSERENR_EL0 (trapped in state 1): all four enables read back",
		 MRS(PMUSERENR_EL0), EN | SW | CR | ER);
	(void)hvc64(HVC_PMU_SWITCH, 1, 0, 0);
	MSR(PMUSERENR_EL0, 0xfffffff2u);
	check_eq("... in state 3, bits past ER are RAZ/WI (the monitor's mask)", MRS(PMUSERENR_EL0), SW);
	check_eq("... state 2", state(), 2);
}

static void none(void)
{
	userenr(0);
	at_el0("PMUSERENR 0: EL0 MRS PMCR_EL0", mrs_pmcr, false, EC_UNKNOWN, 3);
	at_el0("PMUSERENR 0: EL0 MSR PMSWINC_EL0", swinc0, false, EC_UNKNOWN, 3);
	at_el0("PMUSERENR 0: EL0 MRS PMUSERENR_EL0 (always readable)", mrs_userenr, true, 0, 2);
	check_eq("... it reads 0", val, 0);
}

static void en(void)
{
	uint32_t idcode = me ? 0x03u : 0x01u;

	userenr(EN);
	at_el0("EN: EL0 MRS PMCR_EL0", mrs_pmcr, true, 0, 2);
	check_eq("... the Type A view: IDCODE, N = 4", val & 0x00fff800u, idcode << 16 | 4u << 11);
	userenr(EN);
	at_el0("EN: EL0 MSR PMUSERENR_EL0 (never writable at EL0)", msr_userenr, false, EC_UNKNOWN, 3);
	at_el0("EN: EL0 MRS PMINTENSET_EL1 (an EL1 register)", mrs_pmintenset, false, EC_UNKNOWN, 3);
	check_eq("... PMUSERENR unchanged: EN", (uint32_t)MRS(PMUSERENR_EL0), EN);
}

static void cr(void)
{
	(void)hvc64(HVC_PMU_SWITCH, 1, 0, 0);
	(void)hvc64(HVC_PMCNTENCLR_WRITE, me, 0x8000000fu, 0);   /* every counter stopped */
	(void)hvc64(HVC_PMCCNTR_WRITE, me, 0x12345, 0);
	userenr(CR);
	at_el0("CR: EL0 MRS PMCCNTR_EL0", mrs_ccnt, true, 0, 2);
	check_eq("... the stopped cycle counter, exactly", val, 0x12345);
	userenr(CR);
	at_el0("CR: EL0 MSR PMCCNTR_EL0 (CR is read only)", msr_ccnt, false, EC_UNKNOWN, 3);
	at_el0("CR: EL0 MRS PMCR_EL0", mrs_pmcr, false, EC_UNKNOWN, 3);
	at_el0("CR: EL0 MRS PMXEVCNTR_EL0", mrs_xevcntr, false, EC_UNKNOWN, 3);
	check_eq("... the cycle counter unchanged", hvc64(HVC_PMCCNTR_READ, me, 0, 0).x0, 0x12345);
}

static void er(void)
{
	(void)hvc64(HVC_PMU_SWITCH, 1, 0, 0);
	(void)hvc64(HVC_PMSELR_WRITE, me, 1, 0);
	(void)hvc64(HVC_PMXEVCNTR_WRITE, me, 0x777, 0);
	(void)hvc64(HVC_PMSELR_WRITE, me, 0, 0);
	userenr(ER);
	at_el0("ER: EL0 MSR PMSELR_EL0, 1", msr_selr1, true, 0, 2);
	check_eq("... PMSELR is 1", hvc64(HVC_PMSELR_READ, me, 0, 0).x0, 1);
	userenr(ER);
	at_el0("ER: EL0 MRS PMXEVCNTR_EL0", mrs_xevcntr, true, 0, 2);
	check_eq("... counter 1, exactly", val, 0x777);
	userenr(ER);
	at_el0("ER: EL0 MRS PMEVCNTR1_EL0", mrs_evcntr1, true, 0, 2);
	check_eq("... counter 1, exactly", val, 0x777);
	userenr(ER);
	at_el0("ER: EL0 MSR PMXEVCNTR_EL0 (ER is read only)", msr_xevcntr, false, EC_UNKNOWN, 3);
	at_el0("ER: EL0 MRS PMXEVTYPER_EL0 (a type: EN only)", mrs_xevtyper, false, EC_UNKNOWN, 3);
	at_el0("ER: EL0 MRS PMEVTYPER1_EL0", mrs_evtyper1, false, EC_UNKNOWN, 3);
	at_el0("ER: EL0 MRS PMCNTENSET_EL0", mrs_cntenset, false, EC_UNKNOWN, 3);
	at_el0("ER: EL0 MRS PMCCNTR_EL0 (CR's)", mrs_ccnt, false, EC_UNKNOWN, 3);
	check_eq("... counter 1 unchanged", hvc64(HVC_PMXEVCNTR_READ, me, 0, 0).x0, 0x777);
}

static void sw(void)
{
	(void)hvc64(HVC_PMU_SWITCH, 1, 0, 0);
	(void)hvc64(HVC_PMSELR_WRITE, me, 0, 0);
	(void)hvc64(HVC_PMXEVTYPER_WRITE, me, 0, 0);   /* SW_INCR, counting at EL0 and EL1 */
	(void)hvc64(HVC_PMXEVCNTR_WRITE, me, 0, 0);
	(void)hvc64(HVC_PMCNTENSET_WRITE, me, 1, 0);
	(void)hvc64(HVC_PMCR_WRITE, me, 1, 0);          /* E */
	userenr(SW);
	at_el0("SW: EL0 MSR PMSWINC_EL0 (trapped, emulated)", swinc0, true, 0, 2);
	check_eq("... counter 0 counted it", MRS_AT(A64_PMEVCNTR(0)), 1);
	at_el0("SW: state 2, EL0 MSR PMSWINC_EL0 (the hardware's)", swinc0, true, 0, 2);
	at_el0("... and again", swinc0, true, 0, 2);
	check_eq("... counter 0: exactly 3", MRS_AT(A64_PMEVCNTR(0)), 3);
	at_el0("SW: state 2, EL0 MRS PMCR_EL0: the hardware traps it to EL1", mrs_pmcr, false, EC_SYS64, 2);
	userenr(SW);
	at_el0("SW: state 3, EL0 MRS PMCR_EL0: the monitor refuses it", mrs_pmcr, false, EC_UNKNOWN, 3);
	check_eq("... counter 0 still 3", hvc64(HVC_PMXEVCNTR_READ, me, 0, 0).x0, 3);
}

/* A cluster switch gives the guest the inbound cluster's PMUSERENR_EL0 as
 * the state says (spec 3.1), as on ARMv7 where the hardware holds it:
 * state 1 the inbound core's reset value, 0; state 3 the inbound
 * cluster's own (0 on a cluster never active in state 3), the outbound's
 * kept for its return. And the rule holds after it: in states 1 and 3
 * every EL0 access still reaches the monitor (EC 0x00 when refused - the
 * hardware's PMUSERENR_EL0 must hold EN again after the switch's reset). */
static uint32_t switch_to(unsigned c) { return (uint32_t)hvc64(HVC_CLUSTER_SWITCH, c, 0, 0).x0; }

static void across_switch(void)
{
	unsigned other = me ^ 1u;

	userenr(EN);                                   /* state 3 */
	(void)hvc64(HVC_PMU_SWITCH, 0, 0, 0);          /* state 1, the guest's value EN */
	check_eq("state 1, PMUSERENR EN: HVC_CLUSTER_SWITCH", switch_to(other), other);
	at_el0("state 1 after the switch: EL0 MRS PMCR_EL0 (the reset value 0 refuses it)", mrs_pmcr, false,
	       EC_UNKNOWN, 1);
	at_el0("... EL0 MRS PMUSERENR_EL0 (always readable)", mrs_userenr, true, 0, 2);
	check_eq("... it reads the inbound core's reset value, 0", val, 0);
	check_eq("state 1, back: HVC_CLUSTER_SWITCH", switch_to(me), me);

	/* state 3: the clusters' own values. The other cluster's context is
	 * what it had when last switched away from: 0 (the state-1 switch's
	 * reset value, moved into state 2 by the EL0 read above). */
	userenr(CR);                                   /* state 3, this cluster CR */
	check_eq("state 3, PMUSERENR CR: HVC_CLUSTER_SWITCH", switch_to(other), other);
	at_el0("state 3, the other cluster's (0): EL0 MRS PMCCNTR_EL0 refused by the monitor", mrs_ccnt, false,
	       EC_UNKNOWN, 3);
	check_eq("... still state 3: HVC_CLUSTER_SWITCH back", switch_to(me), me);
	at_el0("state 3, this cluster's CR again: EL0 MRS PMCR_EL0 refused", mrs_pmcr, false, EC_UNKNOWN, 3);
	at_el0("... EL0 MRS PMCCNTR_EL0 allowed (emulated)", mrs_ccnt, true, 0, 2);
	check_eq("... PMUSERENR_EL0 reads CR", (uint32_t)MRS(PMUSERENR_EL0), CR);
}

void guest_main(uint64_t dtb);
void guest_main(uint64_t dtb)
{
	me = (unsigned)hvc64(HVC_MONITOR_INFO, 0, 0, 0).x1 & 1u;
	gprintf("# pmuserenr64: EL0 PMU access, boot cluster %u, DTB at %llx\n", me, (unsigned long long)dtb);
	values();
	none();
	en();
	cr();
	er();
	sw();
	across_switch();
	test_finish();
}
