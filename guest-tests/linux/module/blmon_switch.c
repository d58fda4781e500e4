// SPDX-License-Identifier: GPL-2.0
/*
 * The cluster-switch initiator. In the spec's model the cpufreq driver decides
 * when a CPU moves between its A15 and A7 cluster and asks the monitor to do
 * it; here that decision is a debugfs write, a periodic kernel work item,
 * or, with cpufreq=1, the governor through blmon_cpufreq.c.
 *
 *   cluster           read: active cluster; write 0/1: switch now
 *   switch_period_ms  0 = off, N = switch to the other cluster every N ms
 *                     (EBUSY while the cpufreq driver decides)
 *   switches          switches this module has made since it was loaded
 *
 * The monitor's cluster is per CPU (each CPU has its own A15/A7 pair), so a
 * switch is requested on every online CPU; `cluster` reports the CPU that
 * reads it, and `switches` counts one per CPU that actually changed cluster.
 */
#include <linux/atomic.h>
#include <linux/jiffies.h>
#include <linux/mutex.h>
#include <linux/smp.h>
#include <linux/workqueue.h>

#include "bl_pmu_abi.h"
#include "blmon_guest.h"

struct switch_req {
	u32 target;             /* cluster id, or SWITCH_OTHER */
	atomic_t status;        /* first failing BL_HVC_* status, else 0 */
};
#define SWITCH_OTHER 0xffffffffu

static atomic64_t switches = ATOMIC64_INIT(0);
static u32 period_ms;           /* read by the work without a lock */
static DEFINE_MUTEX(period_lock);       /* serialises writers of period_ms */
static void switch_work_fn(struct work_struct *work);
static DECLARE_DELAYED_WORK(switch_work, switch_work_fn);

/* Runs on each CPU with interrupts off (on_each_cpu). */
static void switch_this_cpu(void *arg)
{
	struct switch_req *req = arg;
	u32 before = blmon_active_cluster();
	u32 target = req->target == SWITCH_OTHER ? !before : req->target;
	u32 after = (u32)hvc(HVC_CLUSTER_SWITCH, target);

	if (after != target) {  /* the call returns the active cluster or -3 */
		atomic_cmpxchg(&req->status, 0, (int)after);
		return;
	}
	if (after != before)
		atomic64_inc(&switches);
}

static int switch_all_cpus(u32 target)
{
	struct switch_req req = { .target = target, .status = ATOMIC_INIT(0) };

	on_each_cpu(switch_this_cpu, &req, 1);
	return blmon_errno((u32)atomic_read(&req.status));
}

static void switch_work_fn(struct work_struct *work)
{
	u32 period = READ_ONCE(period_ms);

	if (!period)
		return;
	if (switch_all_cpus(SWITCH_OTHER))
		pr_warn_ratelimited("blmon: periodic cluster switch refused\n");
	schedule_delayed_work(&switch_work, msecs_to_jiffies(period));
}

static int cluster_get(void *data, u64 *val)
{
	*val = blmon_active_cluster();
	return 0;
}

static int cluster_set(void *data, u64 val)
{
	if (val > U32_MAX || val == SWITCH_OTHER)
		return -EINVAL;
	return switch_all_cpus((u32)val);
}
DEFINE_DEBUGFS_ATTRIBUTE(cluster_fops, cluster_get, cluster_set, "%llu\n");

static int period_get(void *data, u64 *val)
{
	*val = READ_ONCE(period_ms);
	return 0;
}

static int period_set(void *data, u64 val)
{
	if (val > U32_MAX)
		return -EINVAL;
	if (val && blmon_cpufreq_active())      /* one decider at a time */
		return -EBUSY;
	mutex_lock(&period_lock);
	/* Stop the running period first, so two never overlap. */
	WRITE_ONCE(period_ms, 0);
	cancel_delayed_work_sync(&switch_work);
	WRITE_ONCE(period_ms, (u32)val);
	if (val)
		schedule_delayed_work(&switch_work, msecs_to_jiffies((u32)val));
	mutex_unlock(&period_lock);
	return 0;
}
DEFINE_DEBUGFS_ATTRIBUTE(period_fops, period_get, period_set, "%llu\n");

static int switches_get(void *data, u64 *val)
{
	*val = (u64)atomic64_read(&switches);
	return 0;
}
DEFINE_DEBUGFS_ATTRIBUTE(switches_fops, switches_get, NULL, "%llu\n");

int blmon_switch_init(struct dentry *dir)
{
	debugfs_create_file_unsafe("cluster", 0600, dir, NULL, &cluster_fops);
	debugfs_create_file_unsafe("switch_period_ms", 0600, dir, NULL, &period_fops);
	debugfs_create_file_unsafe("switches", 0400, dir, NULL, &switches_fops);
	return 0;
}

void blmon_switch_exit(void)
{
	WRITE_ONCE(period_ms, 0);
	cancel_delayed_work_sync(&switch_work);
}
