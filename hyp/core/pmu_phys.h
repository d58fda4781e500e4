/*
 * The physical PMU the monitor runs on (issue #12): QEMU's cortex-a7 has 4
 * event counters where the emulated Cortex-A15 presents 6. Found out once,
 * by the boot CPU, before any CPU's PMU state is set up; every CPU is
 * taken to be the same core (QEMU's -cpu applies to all of them).
 */
#ifndef HYP_PMU_PHYS_H
#define HYP_PMU_PHYS_H

#include <stdint.h>

/* Event counters of the physical PMU, for pmu_cpu_init() (blmon_init). */
extern unsigned hyp_pmu_counters;

/* From the physical PMCR (read in HYP mode, where N is the hardware's and
 * not HDCR.HPMN): its N, at most the 6 the monitor uses. When that is at
 * least the Type A view's 4 but fewer than an emulated cluster presents,
 * says on the console which counters the monitor keeps instead. Below 4
 * the monitor cannot run (state 2 gives the guest counters 0-3 natively):
 * the caller stops. */
unsigned pmu_phys_counters(uint32_t pmcr);

#endif
