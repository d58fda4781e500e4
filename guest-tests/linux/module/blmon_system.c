// SPDX-License-Identifier: GPL-2.0
/*
 * The whole system's cluster switches as the monitor counts and drives them
 * (docs/switch.md):
 *
 *   system       read: HVC_SYSTEM_INFO, "switches N" (whole-system switches
 *                done), "cluster C" (the system's cluster), "online 0xM"
 *                (the monitor's online CPUs), asked on the reading CPU; then
 *                "cpuK S" for each online CPU K: the switches it took part in
 *                (r3, asked on that CPU)
 *   auto_switch  write N: HVC_AUTO_SWITCH(N), the monitor switches the whole
 *                system every N generic-timer ticks from the writing CPU's
 *                HYP timer; 0 stops it (also the one blmon.switch_us started
 *                at boot), a period below the monitor's minimum is EINVAL,
 *                EBUSY while the cpufreq driver decides
 */
#include <linux/cpu.h>
#include <linux/seq_file.h>
#include <linux/smp.h>

#include "bl_pmu_abi.h"
#include "blmon_guest.h"

u32 blmon_cpu_switches(void)
{
	return bl_hvc_regs(HVC_SYSTEM_INFO, 0, 0, 0).r3;
}

static void cpu_switches_fn(void *arg)
{
	*(u32 *)arg = blmon_cpu_switches();
}

static int system_show(struct seq_file *m, void *v)
{
	struct bl_hvc_regs r = bl_hvc_regs(HVC_SYSTEM_INFO, 0, 0, 0);
	unsigned int cpu;

	seq_printf(m, "switches %u\ncluster %u\nonline 0x%x\n", r.r0, r.r1, r.r2);
	cpus_read_lock();
	for_each_online_cpu(cpu) {
		u32 n = 0;
		int err = smp_call_function_single(cpu, cpu_switches_fn, &n, 1);

		if (err) {
			cpus_read_unlock();
			return err;
		}
		seq_printf(m, "cpu%u %u\n", cpu, n);
	}
	cpus_read_unlock();
	return 0;
}
DEFINE_SHOW_ATTRIBUTE(system);

static int auto_switch_set(void *data, u64 val)
{
	if (blmon_cpufreq_active())     /* one decider at a time */
		return -EBUSY;
	return blmon_hvc_set(HVC_AUTO_SWITCH, val);
}
DEFINE_DEBUGFS_ATTRIBUTE(auto_switch_fops, NULL, auto_switch_set, "%llu\n");

int blmon_system_init(struct dentry *dir)
{
	debugfs_create_file("system", 0400, dir, NULL, &system_fops);
	debugfs_create_file_unsafe("auto_switch", 0200, dir, NULL, &auto_switch_fops);
	return 0;
}
