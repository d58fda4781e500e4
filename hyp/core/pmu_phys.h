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

/* From the physical PMCEID0/1 (a back end whose core has them readable:
 * QEMU's v7 cores UNDEF them, AArch64's have them): says on the console,
 * per emulated cluster, how many of the common events its TRM lists the
 * physical core does not count - the monitor keeps the emulated list
 * (trapped PMCEID reads), as it keeps the counters above. */
void pmu_phys_events(uint32_t pmceid0, uint32_t pmceid1);

#endif
