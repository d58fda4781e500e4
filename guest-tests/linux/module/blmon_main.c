// SPDX-License-Identifier: GPL-2.0
/*
 * blmon_guest: load-time check that the blmon monitor is underneath, the
 * debugfs directory, and the one place monitor errors become errnos.
 *
 * There is no safe probe for "a hypervisor answers HVC": without one, HVC
 * from SVC is UNDEFINED and the kernel oopses. So the module is meant for
 * kernels started by blmon (docs/linux-module.md); what it does check is that
 * the monitor speaks the ABI this module was built against.
 */
#include <linux/errno.h>
#include <linux/module.h>
#include <linux/smp.h>

#include "bl_pmu_abi.h"
#include "blmon_guest.h"

static struct dentry *blmon_dir;

int blmon_errno(u32 status)
{
	switch ((s32)status) {
	case BL_HVC_SUCCESS:
		return 0;
	case BL_HVC_NOT_SUPPORTED:
		return -EOPNOTSUPP;
	case BL_HVC_INVALID_PARAMETER:
		return -EINVAL;
	default:        /* no call documents another status */
		return -EIO;
	}
}

struct bl_hvc_regs blmon_hvc_this_cpu(u32 fid, u32 a1, u32 a2, u32 a3)
{
	struct bl_hvc_regs r;

	get_cpu();
	r = bl_hvc_regs(fid, a1, a2, a3);
	put_cpu();
	return r;
}

int blmon_hvc_set(u32 fid, u64 val)
{
	if (val > U32_MAX)      /* it would be truncated */
		return -EINVAL;
	return blmon_errno(blmon_hvc_this_cpu(fid, (u32)val, 0, 0).r0);
}

u32 blmon_active_cluster(void)
{
	/* The monitor's cluster is per CPU: ask on one CPU, undisturbed. */
	return blmon_hvc_this_cpu(HVC_MONITOR_INFO, 0, 0, 0).r1;
}

static int __init blmon_init(void)
{
	u32 abi = (u32)hvc(HVC_MONITOR_INFO);
	int err;

	if (abi != BL_ABI_VERSION) {
		pr_err("blmon: monitor ABI 0x%08x, this module speaks 0x%08x\n",
		       abi, BL_ABI_VERSION);
		return -ENODEV;
	}
	blmon_dir = debugfs_create_dir("blmon", NULL);
	if (IS_ERR(blmon_dir))
		return PTR_ERR(blmon_dir);
	err = blmon_switch_init(blmon_dir);
	if (!err)
		err = blmon_typeb_init(blmon_dir);
	if (!err)
		err = blmon_sync_init(blmon_dir);
	if (!err)
		err = blmon_user_init(blmon_dir);
	if (!err)
		err = blmon_bench_init(blmon_dir);
	if (!err)
		err = blmon_system_init(blmon_dir);
	if (!err)
		err = blmon_swincr_init(blmon_dir);
	if (!err)
		err = blmon_typeb_swinc_init(blmon_dir);
	if (!err)
		err = blmon_perf_init();
	if (!err)   /* last: once registered, the governor may switch at once */
		err = blmon_cpufreq_register();
	if (err) {
		blmon_perf_exit();
		debugfs_remove(blmon_dir);
		blmon_switch_exit();
		blmon_sync_exit();
		blmon_swincr_exit();
		return err;
	}
	pr_info("blmon: monitor ABI 0x%08x, active cluster %u\n", abi,
		blmon_active_cluster());
	return 0;
}

static void __exit blmon_exit(void)
{
	/* The governor first: it returns once no decision is running. Then
	 * the files: once removed, no handler runs and none is running. */
	blmon_cpufreq_unregister();
	blmon_perf_exit();
	debugfs_remove(blmon_dir);
	blmon_switch_exit();
	blmon_sync_exit();
	blmon_swincr_exit();
}

module_init(blmon_init);
module_exit(blmon_exit);
MODULE_LICENSE("GPL");
MODULE_DESCRIPTION("blmon guest: cluster-switch initiator and Type B PMU access");
