/*
 * arch/pmu_hw.h's register names on an AArch32 core: each maps to its
 * typed MRC/MCR accessor from the encoding table (cpregs.h); pmu_hw.h
 * makes the inline read/write of them.
 */
#ifndef HYP_PMU_HW_CP15_H
#define HYP_PMU_HW_CP15_H

#include "cpregs_access.h"

#define PMU_HW_REGS(X)                                                    \
	X(PMU_HW_PMCR, PMCR) X(PMU_HW_PMCNTENSET, PMCNTENSET)              \
	X(PMU_HW_PMCNTENCLR, PMCNTENCLR) X(PMU_HW_PMOVSR, PMOVSR)          \
	X(PMU_HW_PMSWINC, PMSWINC) X(PMU_HW_PMSELR, PMSELR)                \
	X(PMU_HW_PMCCNTR, PMCCNTR) X(PMU_HW_PMXEVTYPER, PMXEVTYPER)        \
	X(PMU_HW_PMXEVCNTR, PMXEVCNTR) X(PMU_HW_PMUSERENR, PMUSERENR)      \
	X(PMU_HW_PMINTENSET, PMINTENSET) X(PMU_HW_PMINTENCLR, PMINTENCLR)  \
	X(PMU_HW_PMOVSSET, PMOVSSET)

#endif
