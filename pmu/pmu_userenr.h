/*
 * PMUSERENR, the guest's EL0/PL0 enables, and on PMUv3 (the ARMv8 pair,
 * ARCH_PMU_PAIR_V8) the copy the monitor keeps while MDCR_EL2.TPM traps:
 * when the hardware's holds EN alone, how the copy follows the state
 * changes (hyp_update_traps), a migration's inbound core and a cluster
 * switch (pmu_switch_in). PMUv2 (ARMv7) has EN only and keeps the guest's
 * value in the hardware: the functions are empty there. Included by pmu.h
 * after struct pmu_cpu (docs/arm64.md "EL0 and PMUSERENR_EL0").
 */
#ifndef PMU_USERENR_H
#define PMU_USERENR_H

#ifndef PMU_PMU_H
#error "pmu_userenr.h is part of pmu.h: include pmu.h"
#endif

#define PMUSERENR_EN   1u
/* PMUv3's finer EL0 enables (ARM ARM D13.4.19 PMUSERENR_EL0): PMSWINC
 * writes, PMCCNTR reads, event counter reads and PMSELR. The ARMv7 pair's
 * PMUv2 has EN only. */
#define PMUSERENR_SW   (1u << 1)
#define PMUSERENR_CR   (1u << 2)
#define PMUSERENR_ER   (1u << 3)
#if ARCH_PMU_PAIR_V8
#define PMUSERENR_MASK (PMUSERENR_EN | PMUSERENR_SW | PMUSERENR_CR | PMUSERENR_ER)
#else
#define PMUSERENR_MASK PMUSERENR_EN
#endif
#if ARCH_PMU_PAIR_V8
/* MDCR_EL2.TPM is about to go from tpm_before to tpm_now (hyp_update_traps):
 * while it traps, the hardware's PMUSERENR_EL0 is EN alone, so every EL0
 * access reaches EL2 and pmu_trap_pl0()'s rules decide on the guest's
 * value - PMUv3's hardware would send what that value forbids to EL1
 * first, and QEMU 7.2 lets what SW, CR or ER allow past TPM (docs/arm64.md);
 * in state 2 the hardware holds the guest's own value. Inline: every
 * state change calls it, and a call made the hot trap paths keep a frame
 * (issue #29 on AArch64, docs/performance.md). */
static inline __attribute__((always_inline)) void
pmu_userenr_traps(struct pmu_cpu *p, bool tpm_before, bool tpm_now)
{
	/* likely: hyp_update_traps() calls this when MDCR_EL2 changes, and
	 * between the states that is TPM changing - the branch then stays in
	 * line (a trapped access and the switch to state 3 each pay no jump
	 * out and back) */
	if (__builtin_expect(tpm_now && !tpm_before, 1)) {
		/* as read: above PMUSERENR_MASK the register is RES0 on the
		 * ARMv8.0 cores of the pair and on QEMU (which keeps [3:0]) -
		 * no AND on the switch to state 3 */
		p->userenr = pmu_hw_read(PMU_HW_PMUSERENR);
		pmu_hw_write(PMU_HW_PMUSERENR, PMUSERENR_EN);
	} else if (__builtin_expect(tpm_before && !tpm_now, 1)) {
		pmu_hw_write(PMU_HW_PMUSERENR, p->userenr);
	}
}
/* The PMU was restored on a core whose MDCR_EL2 the monitor does not know
 * (a migration's inbound core, hyp/switch/migrate.c): hyp_update_traps()
 * then takes TPM as having trapped and writes the kept copy back if the
 * state does not trap - in state 2, where the hardware holds the guest's
 * own value, just restored. The copy becomes that value. (In place the
 * MDCR_EL2 value is known and nothing is written: this costs the in-place
 * switch nothing.) */
static inline void pmu_userenr_adopted(struct pmu_cpu *p)
{
	if (p->state == 2)
		p->userenr = pmu_hw_read(PMU_HW_PMUSERENR) & PMUSERENR_MASK;
}
/* A cluster switch in state 1 or 3 (pmu_switch_in): the outbound's
 * snapshot (regs_save, which read the hardware's EN) takes the guest's
 * value - state 3 restores it as the cluster's own when the cluster comes
 * back; then the guest's value becomes the inbound's - v, state 1's reset
 * 0 or state 3's own - and the hardware's, which the reset or restore just
 * wrote, EN again, so the guest's EL0 accesses keep reaching the monitor.
 * In state 2 nothing: the hardware holds the guest's value, and the
 * in-place switch pays nothing for PMUv3's copy. */
static inline void pmu_userenr_saved(struct pmu_cpu *p, unsigned out)
{
	p->saved[out].userenr = p->userenr;
}
static inline void pmu_userenr_trapping(struct pmu_cpu *p, uint32_t v)
{
	p->userenr = v & PMUSERENR_MASK;
	pmu_hw_write(PMU_HW_PMUSERENR, PMUSERENR_EN);
}
#else
static inline void pmu_userenr_adopted(struct pmu_cpu *p) { (void)p; }
/* PMUv2: the hardware holds the guest's value in every state */
static inline void pmu_userenr_saved(struct pmu_cpu *p, unsigned out) { (void)p; (void)out; }
static inline void pmu_userenr_trapping(struct pmu_cpu *p, uint32_t v) { (void)p; (void)v; }
#endif

#endif
