/*
 * arch/pmu_hw.h's register names on an AArch64 core: each maps to its
 * *_EL0 register's typed accessor (sysregs.h); pmu_hw.h makes the inline
 * read/write of them. The core keeps
 * PMUv2's 32-bit view: PMCCNTR's low word (the monitor carries the upper
 * one, pmu/pmu_regfile.c), PMOVSR as PMOVSCLR_EL0 (read: the flags;
 * write: W1C, as PMOVSR).
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

#endif
