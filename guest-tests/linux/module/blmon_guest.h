/* SPDX-License-Identifier: GPL-2.0 */
/*
 * blmon_guest: a Linux guest module that drives the blmon HYP monitor
 * (docs/linux-module.md). Each part registers its debugfs files under
 * /sys/kernel/debug/blmon/ and keeps its own state.
 */
#ifndef BLMON_GUEST_H
#define BLMON_GUEST_H

#include <linux/debugfs.h>
#include <linux/types.h>

/* The monitor's status words (BL_HVC_*) as an errno for user space. */
int blmon_errno(u32 status);

struct bl_hvc_regs;
/* One HVC on one CPU, preemption off around it (the monitor keeps each
 * CPU's clusters apart): r0-r3 as the monitor left them. */
struct bl_hvc_regs blmon_hvc_this_cpu(u32 fid, u32 a1, u32 a2, u32 a3);

/* A debugfs write of one 32-bit argument: HVC fid(val) on this CPU, its
 * status as an errno; EINVAL for a value above 32 bits. */
int blmon_hvc_set(u32 fid, u64 val);

/* The active cluster of the calling CPU (HVC_MONITOR_INFO). */
u32 blmon_active_cluster(void);

/* Cluster-switch initiator: cluster, switch_period_ms, switches. */
int blmon_switch_init(struct dentry *dir);
void blmon_switch_exit(void);

/* Type B per-register calls (cluster0/, cluster1/), pmu_state, pmu_switch. */
int blmon_typeb_init(struct dentry *dir);

/* counters_size and sync: HVC_GET_COUNTERS_SIZE / HVC_SYNC_PMU_COUNTERS. */
int blmon_sync_init(struct dentry *dir);
void blmon_sync_exit(void);

/* user_access: PMUSERENR.EN on every CPU. */
int blmon_user_init(struct dentry *dir);

/* system, auto_switch: HVC_SYSTEM_INFO, HVC_AUTO_SWITCH. */
int blmon_system_init(struct dentry *dir);

/* HVC_SYSTEM_INFO r3: the whole-system switches the calling CPU took part in. */
u32 blmon_cpu_switches(void);

/* swincr: exact SW_INCR counts on every CPU across monitor-driven switches. */
int blmon_swincr_init(struct dentry *dir);
void blmon_swincr_exit(void);

/* The pair of cores the monitor emulates (blmon_pair.c), per cluster
 * (index A15_CLUSTER = big, A7_CLUSTER = LITTLE): NULL when unknown. */
struct blmon_core {
	u8 idcode;              /* PMCR.IDCODE */
	const char *name;       /* "Cortex-A15" ... */
	unsigned int counters;  /* PMCR.N: event counters */
};
struct blmon_pair { struct blmon_core core[2]; };
const struct blmon_pair *blmon_pair(void);

/* The cpufreq driver (module parameter cpufreq=1): registers it unless the
 * monitor switches by itself; blmon_cpufreq_active() while it is registered
 * (the other switch deciders refuse then). */
int blmon_cpufreq_register(void);
void blmon_cpufreq_unregister(void);
bool blmon_cpufreq_active(void);

/* typeb_swinc: SW_INCR through HVC_PMU_SWINC (state 3 kept), per cluster. */
int blmon_typeb_swinc_init(struct dentry *dir);

/* The perf PMUs blmon_cortex_<core> of the two clusters (blmon_perf*.c). */
int blmon_perf_init(void);
void blmon_perf_exit(void);

/* bench: HVC costs seen from Linux (not a test). */
int blmon_bench_init(struct dentry *dir);

#endif
