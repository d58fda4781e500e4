/*
 * The only way the portable PMU code touches hardware. On the target,
 * arch/arm32/pmu_hw_regs.h maps each name to its typed MRC/MCR accessor, inline; host
 * tests link tests/support/fake_pmu_hw.c, a model of a 6-counter PMUv2.
 * Registers are named, not encoded, so the portable code cannot reach a
 * register the monitor did not mean to touch.
 */
#ifndef PMU_HW_H
#define PMU_HW_H

#include <stdint.h>

enum pmu_hwreg {
	PMU_HW_PMCR, PMU_HW_PMCNTENSET, PMU_HW_PMCNTENCLR, PMU_HW_PMOVSR,
	PMU_HW_PMSWINC, PMU_HW_PMSELR, PMU_HW_PMCCNTR, PMU_HW_PMXEVTYPER,
	PMU_HW_PMXEVCNTR, PMU_HW_PMUSERENR, PMU_HW_PMINTENSET, PMU_HW_PMINTENCLR,
	PMU_HW_PMOVSSET, PMU_HW_NREGS
};

#ifdef HOST_BUILD
uint32_t pmu_hw_read(enum pmu_hwreg r);
void pmu_hw_write(enum pmu_hwreg r, uint32_t v);
#else
#include "pmu_hw_regs.h"
#endif

#endif
