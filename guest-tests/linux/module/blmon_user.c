// SPDX-License-Identifier: GPL-2.0
/*
 * user_access: the classic "let user space read the cycle counter" flow.
 *   write 1: on every CPU, PMUSERENR.EN = 1, the cycle counter enabled
 *            (PMCNTENSET bit 31) and PMCR.E = 1, so a PL0 read of the
 *            cycle counter (MRC p15,0,Rt,c9,c13,0 on ARMv7, MRS
 *            PMCCNTR_EL0 on AArch64) works;
 *   write 0: PMUSERENR.EN = 0 on every CPU (PL0 PMU accesses raise UNDEF,
 *            SIGILL); the cycle counter is left running, Linux's perf driver
 *            reprograms the counters it uses anyway;
 *   read:    PMUSERENR of the reading CPU.
 * PMUSERENR is per CPU, hence on_each_cpu. These are ordinary Type A PMU
 * accesses: the monitor traps them and, from state 1 or 3, moves to state 2
 * (spec 3.1.1), exactly as Linux's own perf driver does.
 */
#include <linux/smp.h>

#include "blmon_guest.h"
#include "blmon_pmu_regs.h"

#define PMUSERENR_EN    (1u << 0)
#define PMCR_E          (1u << 0)
#define PMCNTEN_CYCLES  (1u << 31)

static void set_user_access(void *arg)
{
	bool enable = arg != NULL;

	pmuserenr_write(enable ? PMUSERENR_EN : 0u);
	if (!enable)
		return;
	pmcntenset_write(PMCNTEN_CYCLES);
	pmcr_write(pmcr_read() | PMCR_E);
	isb();
}

static int user_get(void *data, u64 *val)
{
	get_cpu();
	*val = pmuserenr_read() & PMUSERENR_EN;
	put_cpu();
	return 0;
}

static int user_set(void *data, u64 val)
{
	if (val > 1)
		return -EINVAL;
	on_each_cpu(set_user_access, val ? (void *)1 : NULL, 1);
	return 0;
}
DEFINE_DEBUGFS_ATTRIBUTE(user_fops, user_get, user_set, "%llu\n");

int blmon_user_init(struct dentry *dir)
{
	debugfs_create_file_unsafe("user_access", 0600, dir, NULL, &user_fops);
	return 0;
}
