/*
 * arch/pmu_hw.h's register names on an AArch64 core: each maps to its
 * *_EL0 register's typed accessor (sysregs.h); pmu_hw.h makes the inline
 * read/write of them. The core keeps
 * PMUv2's 32-bit view - PMCCNTR as its low word, PMOVSR as PMOVSCLR_EL0
 * (read: the flags; write: W1C, as PMOVSR) - but the cycle counter is
 * PMUv3's 64 bits whole (PMU_HW_CCNT64): the count the monitor shows is
 * the hardware's, the one a guest reads natively in state 2.
 */
#ifndef HYP_PMU_HW_SYSREG_H
#define HYP_PMU_HW_SYSREG_H

#include "sysregs_access.h"

#define PMU_HW_REGS(X)                                                    \
	X(PMU_HW_PMCR, PMCR_EL0) X(PMU_HW_PMCNTENSET, PMCNTENSET_EL0)      \
	X(PMU_HW_PMCNTENCLR, PMCNTENCLR_EL0) X(PMU_HW_PMOVSR, PMOVSCLR_EL0) \
	X(PMU_HW_PMSWINC, PMSWINC_EL0) X(PMU_HW_PMSELR, PMSELR_EL0)        \
	X(PMU_HW_PMCCNTR, PMCCNTR_EL0) X(PMU_HW_PMXEVTYPER, PMXEVTYPER_EL0) \
	X(PMU_HW_PMXEVCNTR, PMXEVCNTR_EL0) X(PMU_HW_PMUSERENR, PMUSERENR_EL0) \
	X(PMU_HW_PMINTENSET, PMINTENSET_EL1) X(PMU_HW_PMINTENCLR, PMINTENCLR_EL1) \
	X(PMU_HW_PMOVSSET, PMOVSSET_EL0)

#define PMU_HW_CCNT64 1
static inline __attribute__((always_inline)) uint64_t pmu_hw_read_ccnt64(void)
{
	return read_PMCCNTR_EL0();
}
static inline __attribute__((always_inline)) void pmu_hw_write_ccnt64(uint64_t v)
{
	write_PMCCNTR_EL0(v);
}

#endif
