/*
 * pmu/pmu_hw.h on real hardware: each portable register name maps to its
 * typed accessor from the encoding table. The switch compiles to a jump
 * table; the PMU core's hot paths call it once per access.
 */
#include "pmu_hw.h"
#include "cpregs_access.h"

#define PMU_HW_REGS(X)                                                    \
	X(PMU_HW_PMCR, PMCR) X(PMU_HW_PMCNTENSET, PMCNTENSET)              \
	X(PMU_HW_PMCNTENCLR, PMCNTENCLR) X(PMU_HW_PMOVSR, PMOVSR)          \
	X(PMU_HW_PMSWINC, PMSWINC) X(PMU_HW_PMSELR, PMSELR)                \
	X(PMU_HW_PMCCNTR, PMCCNTR) X(PMU_HW_PMXEVTYPER, PMXEVTYPER)        \
	X(PMU_HW_PMXEVCNTR, PMXEVCNTR) X(PMU_HW_PMUSERENR, PMUSERENR)      \
	X(PMU_HW_PMINTENSET, PMINTENSET) X(PMU_HW_PMINTENCLR, PMINTENCLR)  \
	X(PMU_HW_PMOVSSET, PMOVSSET)

uint32_t pmu_hw_read(enum pmu_hwreg r)
{
	switch (r) {
#define READ_CASE(e, reg) case e: return read_##reg();
	PMU_HW_REGS(READ_CASE)
#undef READ_CASE
	default: return 0;
	}
}

void pmu_hw_write(enum pmu_hwreg r, uint32_t v)
{
	switch (r) {
#define WRITE_CASE(e, reg) case e: write_##reg(v); break;
	PMU_HW_REGS(WRITE_CASE)
#undef WRITE_CASE
	default: break;
	}
	/* a PMSELR write must be visible to the PMXEV* access that follows */
	if (r == PMU_HW_PMSELR)
		isb();
}
