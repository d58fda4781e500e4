/*
 * arch/pmu_hw.h on real hardware, inline: each portable register name maps
 * to its typed accessor from the encoding table. The PMU core always names
 * a constant register, so each call folds to the one MRC/MCR it means -
 * the trap paths pay no dispatch (docs/performance.md).
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

static inline __attribute__((always_inline)) uint32_t pmu_hw_read(enum pmu_hwreg r)
{
	switch (r) {
#define PMU_HW_READ_CASE(e, reg) case e: return read_##reg();
	PMU_HW_REGS(PMU_HW_READ_CASE)
#undef PMU_HW_READ_CASE
	default: return 0;
	}
}

static inline __attribute__((always_inline)) void pmu_hw_write(enum pmu_hwreg r, uint32_t v)
{
	switch (r) {
#define PMU_HW_WRITE_CASE(e, reg) case e: write_##reg(v); break;
	PMU_HW_REGS(PMU_HW_WRITE_CASE)
#undef PMU_HW_WRITE_CASE
	default: break;
	}
	/* a PMSELR write must be visible to the PMXEV* access that follows */
	if (r == PMU_HW_PMSELR)
		isb();
}

#endif
