// SPDX-License-Identifier: GPL-2.0
/*
 * typeb_swinc: software increments that keep state 3 (HVC_PMU_SWINC, ABI
 * 1.2), for exact SW_INCR counts per cluster through the blmon perf PMUs.
 * A PMSWINC write is a Type A access and would move state 3 to state 2
 * (spec 3.1.1); this call increments the SW_INCR counters of the calling
 * CPU's active cluster and says which cluster that was.
 *   write K: K calls on the writing CPU(s) (mask: every counter), each with
 *            preemption off, counted per CPU and cluster; K = 0 clears
 *            every count. Writers on several CPUs at once are fine.
 *   read:    one line per CPU with counts, "cpuN a15 X a7 Y" (the calls
 *            each cluster of CPU N took since the last clear), or
 *            "error E" after a call the monitor refused
 */
#include <linux/fs.h>
#include <linux/percpu.h>
#include <linux/sched.h>
#include <linux/seq_file.h>

#include "bl_pmu_abi.h"
#include "blmon_guest.h"

#define SWINC_ALL_COUNTERS 0x7fffffffu  /* PMSWINC's bits: counters 0-30 */

struct swinc_count { u64 taken[2]; };
static DEFINE_PER_CPU(struct swinc_count, swinc_counts);
static int swinc_err;

static void swinc_clear(void)
{
	int cpu;

	for_each_possible_cpu(cpu)
		memset(per_cpu_ptr(&swinc_counts, cpu), 0, sizeof(struct swinc_count));
	WRITE_ONCE(swinc_err, 0);
}

static ssize_t swinc_write(struct file *file, const char __user *ubuf,
			   size_t len, loff_t *ppos)
{
	u64 k;
	int err = kstrtou64_from_user(ubuf, len, 0, &k);

	if (err)
		return err;
	if (!k) {
		swinc_clear();
		return len;
	}
	for (u64 i = 0; i < k; i++) {
		struct bl_hvc_regs r;

		preempt_disable();
		r = bl_hvc_regs(HVC_PMU_SWINC, SWINC_ALL_COUNTERS, 0, 0);
		if (r.r0 == BL_HVC_SUCCESS && r.r1 <= A7_CLUSTER)
			this_cpu_inc(swinc_counts.taken[r.r1]);
		preempt_enable();
		if (r.r0 != BL_HVC_SUCCESS || r.r1 > A7_CLUSTER) {
			err = r.r0 != BL_HVC_SUCCESS ? blmon_errno(r.r0) : -EIO;
			WRITE_ONCE(swinc_err, err);
			return err;
		}
		if (!(i & 1023))
			cond_resched();
	}
	return len;
}

static int swinc_show(struct seq_file *m, void *v)
{
	int cpu;

	if (READ_ONCE(swinc_err)) {
		seq_printf(m, "error %d\n", READ_ONCE(swinc_err));
		return 0;
	}
	for_each_possible_cpu(cpu) {
		struct swinc_count *c = per_cpu_ptr(&swinc_counts, cpu);

		if (c->taken[0] || c->taken[1])
			seq_printf(m, "cpu%d a15 %llu a7 %llu\n", cpu, c->taken[0], c->taken[1]);
	}
	return 0;
}

static int swinc_open(struct inode *inode, struct file *file)
{
	return single_open(file, swinc_show, NULL);
}

static const struct file_operations swinc_fops = {
	.owner = THIS_MODULE,
	.open = swinc_open,
	.read = seq_read,
	.llseek = seq_lseek,
	.release = single_release,
	.write = swinc_write,
};

int blmon_typeb_swinc_init(struct dentry *dir)
{
	debugfs_create_file("typeb_swinc", 0600, dir, NULL, &swinc_fops);
	return 0;
}
