// SPDX-License-Identifier: GPL-2.0
/*
 * bench: what an HVC costs seen from Linux. Reading the file runs each
 * operation BENCH_CALLS times with interrupts off and prints
 *   <operation> <calls> <ns per call, 2 decimals; the empty loop subtracted>
 * from the virtual counter. Under QEMU -icount shift=0 one instruction is one
 * nanosecond, so the figure is instructions per call (docs/linux-module.md);
 * without -icount it is host time and means little. Not a test.
 */
#include <linux/fs.h>
#include <linux/irqflags.h>
#include <linux/kernel.h>
#include <linux/math64.h>
#include <asm/arch_timer.h>

#include "bl_pmu_abi.h"
#include "blmon_guest.h"

#define BENCH_CALLS 10000
#define HVC_UNKNOWN_ID 0x9000ffffu      /* no such call: entry, dispatch, exit */

enum bench_op { OP_LOOP, OP_UNKNOWN, OP_GET_STATE, OP_PMCCNTR_READ, OP_COUNT };
static const char *const bench_names[OP_COUNT] = {
	"empty_loop", "hvc_unknown_id", "hvc_pmu_get_state", "hvc_pmccntr_read",
};

/* Virtual counter ticks for BENCH_CALLS runs of one operation. */
static u64 bench_ticks(enum bench_op op, u32 cluster)
{
	unsigned long flags;
	u64 start, end;
	int i;

	local_irq_save(flags);
	isb();
	start = __arch_counter_get_cntvct();
	for (i = 0; i < BENCH_CALLS; i++) {
		switch (op) {
		case OP_UNKNOWN:
			hvc(HVC_UNKNOWN_ID);
			break;
		case OP_GET_STATE:
			hvc(HVC_PMU_GET_STATE);
			break;
		case OP_PMCCNTR_READ:
			hvc(HVC_PMCCNTR_READ, cluster);
			break;
		default:
			barrier();
			break;
		}
	}
	isb();
	end = __arch_counter_get_cntvct();
	local_irq_restore(flags);
	return end - start;
}

static ssize_t bench_read(struct file *file, char __user *ubuf, size_t len,
			  loff_t *ppos)
{
	u64 hz = arch_timer_get_cntfrq();
	u32 cluster = blmon_active_cluster();
	char text[OP_COUNT * 64];
	size_t used = 0;
	u64 base = 0, whole;
	u32 hundredths;
	int op;

	if (*ppos)      /* one measurement per read from the start */
		return 0;
	for (op = 0; op < OP_COUNT; op++) {
		/* 100 x ns per call, from ticks of a 'hz' counter */
		u64 t = div64_u64(bench_ticks(op, cluster) * 100 * NSEC_PER_SEC,
				  hz * BENCH_CALLS);

		if (op == OP_LOOP)
			base = t;
		else
			t = t > base ? t - base : 0;
		whole = div_u64_rem(t, 100, &hundredths);
		used += scnprintf(text + used, sizeof(text) - used, "%s %u %llu.%02u\n",
				  bench_names[op], BENCH_CALLS, whole, hundredths);
	}
	return simple_read_from_buffer(ubuf, len, ppos, text, used);
}

static const struct file_operations bench_fops = {
	.owner = THIS_MODULE,
	.read = bench_read,
	.llseek = default_llseek,
};

int blmon_bench_init(struct dentry *dir)
{
	debugfs_create_file("bench", 0400, dir, NULL, &bench_fops);
	return 0;
}
