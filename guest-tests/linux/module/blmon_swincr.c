// SPDX-License-Identifier: GPL-2.0
/*
 * swincr: exact event counts across whole-system cluster switches, on every
 * CPU at once (docs/linux-module.md).
 *
 *   write K: on each online CPU, in a work item bound to it (preemption off,
 *            interrupts on), take the highest event counter that is not
 *            enabled (one the kernel's perf is not using), program it to
 *            count SW_INCR (event 0x00) from a start value K/2 below the
 *            32-bit wrap, and write PMSWINC for it K times or more: until
 *            that CPU has taken part in SWINCR_MIN_SWITCHES whole-system
 *            switches (HVC_SYSTEM_INFO r3), for at most SWINCR_MAX_MS. Then
 *            read it back and put back everything changed: PMSELR, the
 *            counter's event type and value, its enable, interrupt-enable
 *            and overflow bits, PMCR.E.
 *   read:    the last write's results, one line per CPU:
 *            "cpu N counter C start S increments I read R overflow O switches W"
 *            or "cpu N error E" when it had no free counter.
 *            Exact means R = S + I (mod 2^32) and O = 1 (it wrapped).
 *
 * Every PMU access is a Type A access (blmon_pmu_regs.h: MCR/MRC on ARMv7,
 * MSR/MRS on AArch64): the monitor traps it or lets it run natively as its
 * PMU state says; the switches come from the monitor's own timer
 * (blmon.switch_us or auto_switch), not from this module.
 */
#include <linux/cpu.h>
#include <linux/fs.h>
#include <linux/kstrtox.h>
#include <linux/ktime.h>
#include <linux/mutex.h>
#include <linux/seq_file.h>
#include <linux/slab.h>
#include <linux/smp.h>
#include <linux/workqueue.h>

#include "blmon_guest.h"
#include "blmon_pmu_regs.h"

#define SWINCR_MIN_SWITCHES 2   /* out to the other cluster and back */
#define SWINCR_MAX_MS       5000
#define SWINCR_BATCH        256 /* increments between two looks at the switches */
#define SW_INCR_EVENT       0x00
#define PMCR_E              (1u << 0)
#define PMCR_P              (1u << 1)
#define PMCR_C              (1u << 2)
#define PMCR_N(pmcr)        (((pmcr) >> 11) & 0x1f)

struct swincr_cpu {
	struct work_struct work;
	u32 min_incr;
	int err;
	u32 counter, start, read, switches, overflow;
	u64 incr;
};

static DEFINE_MUTEX(swincr_lock);
static struct swincr_cpu *swincr_res;   /* nr_cpu_ids entries, under swincr_lock */
static cpumask_t swincr_done;           /* CPUs of the last write */

/* PMSELR's write is seen by the PMXEV* accesses after it */
static void selr_write(u32 v) { pmselr_write(v); isb(); }

/* The highest event counter that is not enabled, or -EBUSY. */
static int free_counter(void)
{
	u32 enabled = pmcntenset_read();
	int i;

	for (i = (int)PMCR_N(pmcr_read()) - 1; i >= 0; i--)
		if (!(enabled & (1u << i)))
			return i;
	return -EBUSY;
}

static void swincr_count(struct swincr_cpu *r)
{
	u32 bit, selr, pmcr, type, value, inten, ovs, sw0;
	u64 deadline = ktime_get_ns() + (u64)SWINCR_MAX_MS * NSEC_PER_MSEC;
	int c = free_counter();

	if (c < 0) {
		r->err = c;
		return;
	}
	r->counter = (u32)c;
	bit = 1u << c;
	/* what is changed, to put back */
	selr = pmselr_read();
	pmcr = pmcr_read();
	inten = pmintenset_read() & bit;
	ovs = pmovsr_read() & bit;
	selr_write(r->counter);
	type = pmxevtyper_read();
	value = pmxevcntr_read();

	pmintenclr_write(bit);          /* no overflow interrupt for perf to see */
	pmxevtyper_write(SW_INCR_EVENT); /* PL0 and PL1 */
	r->start = 0u - r->min_incr / 2;
	pmxevcntr_write(r->start);
	pmovsr_write(bit);
	pmcntenset_write(bit);
	pmcr_write((pmcr | PMCR_E) & ~(PMCR_P | PMCR_C));
	isb();

	sw0 = blmon_cpu_switches();
	r->incr = 0;
	do {
		int i;

		for (i = 0; i < SWINCR_BATCH; i++)
			pmswinc_write(bit);
		r->incr += SWINCR_BATCH;
		r->switches = blmon_cpu_switches() - sw0;
	} while ((r->incr < r->min_incr || r->switches < SWINCR_MIN_SWITCHES) &&
		 ktime_get_ns() < deadline);

	selr_write(r->counter);
	r->read = pmxevcntr_read();
	r->overflow = !!(pmovsr_read() & bit);

	pmcntenclr_write(bit);
	pmxevcntr_write(value);
	pmxevtyper_write(type);
	if (!ovs)
		pmovsr_write(bit);
	if (inten)
		pmintenset_write(bit);
	selr_write(selr);
	pmcr_write(pmcr & ~(PMCR_P | PMCR_C));
	isb();
}

static void swincr_work(struct work_struct *work)
{
	struct swincr_cpu *r = container_of(work, struct swincr_cpu, work);

	preempt_disable();
	swincr_count(r);
	preempt_enable();
}

static int swincr_run(u32 min_incr)
{
	unsigned int cpu;
	int err = 0;

	cpus_read_lock();
	cpumask_copy(&swincr_done, cpu_online_mask);
	for_each_cpu(cpu, &swincr_done) {
		struct swincr_cpu *r = &swincr_res[cpu];

		memset(r, 0, sizeof(*r));
		r->min_incr = min_incr;
		INIT_WORK(&r->work, swincr_work);
		schedule_work_on(cpu, &r->work);
	}
	for_each_cpu(cpu, &swincr_done) {
		flush_work(&swincr_res[cpu].work);
		if (!err)
			err = swincr_res[cpu].err;
	}
	cpus_read_unlock();
	return err;
}

static ssize_t swincr_write(struct file *file, const char __user *ubuf,
			    size_t len, loff_t *ppos)
{
	u32 min_incr;
	int err = kstrtou32_from_user(ubuf, len, 0, &min_incr);

	if (err)
		return err;
	mutex_lock(&swincr_lock);
	err = swincr_run(min_incr);
	mutex_unlock(&swincr_lock);
	return err ? err : (ssize_t)len;
}

static int swincr_show(struct seq_file *m, void *v)
{
	unsigned int cpu;

	mutex_lock(&swincr_lock);
	for_each_cpu(cpu, &swincr_done) {
		const struct swincr_cpu *r = &swincr_res[cpu];

		if (r->err)
			seq_printf(m, "cpu %u error %d\n", cpu, r->err);
		else
			seq_printf(m, "cpu %u counter %u start %u increments %llu read %u overflow %u switches %u\n",
				   cpu, r->counter, r->start, r->incr, r->read,
				   r->overflow, r->switches);
	}
	mutex_unlock(&swincr_lock);
	return 0;
}

static int swincr_open(struct inode *inode, struct file *file)
{
	return single_open(file, swincr_show, NULL);
}

static const struct file_operations swincr_fops = {
	.owner = THIS_MODULE,
	.open = swincr_open,
	.read = seq_read,
	.write = swincr_write,
	.llseek = seq_lseek,
	.release = single_release,
};

int blmon_swincr_init(struct dentry *dir)
{
	swincr_res = kcalloc(nr_cpu_ids, sizeof(*swincr_res), GFP_KERNEL);
	if (!swincr_res)
		return -ENOMEM;
	debugfs_create_file("swincr", 0600, dir, NULL, &swincr_fops);
	return 0;
}

void blmon_swincr_exit(void)
{
	kfree(swincr_res);
	swincr_res = NULL;
}
