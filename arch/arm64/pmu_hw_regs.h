/*
 * arch/pmu_hw.h on an AArch64 core, inline: each portable register name
 * maps to its *_EL0 register's typed accessor (sysregs.h). The core keeps
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

static inline __attribute__((always_inline)) uint32_t pmu_hw_read(enum pmu_hwreg r)
{
	switch (r) {
#define PMU_HW_READ_CASE(e, reg) case e: return (uint32_t)read_##reg();
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
