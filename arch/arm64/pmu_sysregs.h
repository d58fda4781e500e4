/*
 * PMUv3's AArch64 registers as the portable PMU core knows them. PMUv3
 * keeps PMUv2's model (issue #27): the *_EL0 registers are PMUv2's p15 c9
 * registers with op0 = 3, op1 = 3 (the interrupt enables op1 = 0), the
 * same CRn, CRm and op2, so each maps onto its AArch32 twin's Type A key
 * (arch/cpregs.h) and one register table and one state machine serve
 * both (pmu/pmu_trap.c). What PMUv2 has no register for: PMCCNTR_EL0's 64
 * bits, and the direct PMEVCNTR<n>_EL0 / PMEVTYPER<n>_EL0 / PMCCFILTR_EL0,
 * which the core serves by counter number. Portable: host-tested.
 */
#ifndef ARM64_PMU_SYSREGS_H
#define ARM64_PMU_SYSREGS_H

#include <stdint.h>
#include "cpregs.h"
#include "sysregs.h"

enum pmu_sr_kind {
	PMU_SR_NONE = 0,    /* not a PMU register: the caller's business */
	PMU_SR_TYPEA,       /* a PMUv2 register: key = its CPK_* */
	PMU_SR_CCNT64,      /* PMCCNTR_EL0, 64 bits */
	PMU_SR_EVCNTR,      /* PMEVCNTR<n>_EL0: n */
	PMU_SR_EVTYPER      /* PMEVTYPER<n>_EL0: n; PMCCFILTR_EL0: n = 31 */
};

struct pmu_sysreg {
	enum pmu_sr_kind kind;
	uint32_t key;       /* PMU_SR_TYPEA: the AArch32 twin's key */
	unsigned n;         /* PMU_SR_EVCNTR/EVTYPER: the counter */
};

/* X(AArch64 register, AArch32 twin) */
#define PMU_SYSREG_TWINS(X)                                                   \
	X(PMCR_EL0, PMCR) X(PMCNTENSET_EL0, PMCNTENSET)                       \
	X(PMCNTENCLR_EL0, PMCNTENCLR) X(PMOVSCLR_EL0, PMOVSR)                 \
	X(PMSWINC_EL0, PMSWINC) X(PMSELR_EL0, PMSELR)                         \
	X(PMCEID0_EL0, PMCEID0) X(PMCEID1_EL0, PMCEID1)                       \
	X(PMXEVTYPER_EL0, PMXEVTYPER) X(PMXEVCNTR_EL0, PMXEVCNTR)             \
	X(PMUSERENR_EL0, PMUSERENR) X(PMINTENSET_EL1, PMINTENSET)             \
	X(PMINTENCLR_EL1, PMINTENCLR) X(PMOVSSET_EL0, PMOVSSET)

/* key: a trapped access's SRK_-style key (struct esr_sysreg.key) */
static inline struct pmu_sysreg pmu_sysreg_lookup(uint32_t key)
{
	struct pmu_sysreg r = { PMU_SR_NONE, 0, 0 };

	switch (key) {
#define PMU_SR_CASE(a64, a32) case SRK_##a64: r.kind = PMU_SR_TYPEA; r.key = CPK_##a32; return r;
	PMU_SYSREG_TWINS(PMU_SR_CASE)
#undef PMU_SR_CASE
	case SRK_PMCCNTR_EL0:
		r.kind = PMU_SR_CCNT64;
		return r;
	case SRK_PMCCFILTR_EL0:
		r.kind = PMU_SR_EVTYPER;
		r.n = 31;
		return r;
	default:
		break;
	}
	/* PMEVCNTR<n>_EL0 (CRm 8..11) and PMEVTYPER<n>_EL0 (CRm 12..15, but
	 * 12 + 3 op2 7 = PMCCFILTR_EL0 above): n = (CRm % 4) * 8 + op2 */
	if ((key & SR_KEY(3, 7, 15, 0, 0)) == SR_KEY(3, 3, 14, 0, 0) && SR_KEY_CRM(key) >= 8) {
		r.kind = SR_KEY_CRM(key) < 12 ? PMU_SR_EVCNTR : PMU_SR_EVTYPER;
		r.n = (SR_KEY_CRM(key) % 4) * 8 + SR_KEY_OP2(key);
	}
	return r;
}

#endif
