/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The perf PMUs of the two clusters (docs/linux-module.md "perf per
 * cluster"): blmon_perf.c drives the counters through the Type B calls,
 * blmon_perf_events.c says what each core counts and shows it in sysfs,
 * blmon_perf_native.c keeps them and Linux's own PMU driver (armv7_* on
 * ARMv7, armv8_* on AArch64) apart.
 */
#ifndef BLMON_PERF_H
#define BLMON_PERF_H

#include <linux/interrupt.h>
#include <linux/perf_event.h>

#include "bl_pmu_abi.h"
#include "blmon_pmu_regs.h"

#define BP_NCLUSTERS 2
#define BP_MAX_COUNTERS 6       /* event counters per cluster the module drives */

/* Each cluster's core, as the monitor reports it (bp_cores_init). */
struct bp_core {
	const char *name;       /* the perf PMU's name */
	const char *core;       /* "Cortex-A15" ... */
	const char *source;     /* where its event list comes from */
	unsigned int counters;  /* event counters (PMCR.N through Type B) */
};
extern struct bp_core bp_cores[BP_NCLUSTERS];
/* Each cluster's core from the pair the monitor reports (blmon_pair()):
 * 0, or -ENODEV for a pair the module does not know. */
int bp_cores_init(void);

/* Table 2: does this cluster's core list event number ev? */
bool bp_core_has_event(unsigned int cluster, u32 ev);
/* format/, events/ (only the core's own), cpumask */
extern const struct attribute_group *bp_attr_groups[];
/* The cluster of one of the two PMUs. */
unsigned int bp_pmu_cluster(struct pmu *pmu);

/* The overflow interrupt, on the CPU that took it: IRQ_NONE when this CPU's
 * PMU is not ours (state 3 set up by this module). */
bool bp_cpu_owned(void);
irqreturn_t bp_handle_irq(void);

/* Arbitration with the native driver (blmon_perf_native.c). */
int bp_native_init(void);          /* 0, or -ENODEV: no native PMU found */
void bp_native_exit(void);
/* A blmon event is being created / freed: -EBUSY while the native driver
 * has events; *first for the first event, the last put returns true (enter
 * / leave state 3; bp_users_none() re-checks under the state lock). */
int bp_users_get(bool *first);
bool bp_users_put(void);
bool bp_users_none(void);

#endif
