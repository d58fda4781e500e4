// SPDX-License-Identifier: GPL-2.0
/*
 * Type B, one register at a time (spec 3.4, Appendix B: what Gator does
 * instead of MRC/MCR on a big.LITTLE system):
 *
 *   cluster0/<reg>, cluster1/<reg>   read: HVC_<REG>_READ(cluster)
 *                                    write: HVC_<REG>_WRITE(cluster, value)
 *   pmu_state                        read: HVC_PMU_GET_STATE (1, 2 or 3)
 *   pmu_switch                       write: HVC_PMU_SWITCH(value) (1 -> state 3,
 *                                    0 -> state 1)
 *
 * The active cluster's registers are the hardware's; the inactive one's read
 * what was saved when it was switched out, and writes to it are applied at
 * its next switch-in (docs/abi.md). pmccntr is 64 bits wide.
 */
#include <linux/kernel.h>

#include "bl_pmu_abi.h"
#include "blmon_guest.h"

/* Table 4 order; each write id is its read id + 1. */
static const struct {
	const char *name;
	u32 read_fid;
} typeb_regs[] = {
	{ "pmcr", HVC_PMCR_READ },
	{ "pmselr", HVC_PMSELR_READ },
	{ "pmxevtyper", HVC_PMXEVTYPER_READ },
	{ "pmcntenset", HVC_PMCNTENSET_READ },
	{ "pmcntenclr", HVC_PMCNTENCLR_READ },
	{ "pmccntr", HVC_PMCCNTR_READ },
	{ "pmovsr", HVC_PMOVSR_READ },
	{ "pmxevcntr", HVC_PMXEVCNTR_READ },
	{ "pmintenset", HVC_PMINTENSET_READ },
	{ "pmintenclr", HVC_PMINTENCLR_READ },
};

#define TYPEB_CLUSTERS 2
/* debugfs private data of each register file: which call, which cluster. */
struct typeb_file {
	u32 cluster;
	u32 read_fid;
};
static struct typeb_file typeb_files[TYPEB_CLUSTERS][ARRAY_SIZE(typeb_regs)];

static int reg_get(void *data, u64 *val)
{
	const struct typeb_file *f = data;
	struct bl_hvc_regs r = blmon_hvc_this_cpu(f->read_fid, f->cluster, 0, 0);

	*val = r.r0;
	if (f->read_fid == HVC_PMCCNTR_READ)
		*val |= (u64)r.r1 << 32;
	return blmon_errno(r.r3);       /* reads report their status in r3 */
}

static int reg_set(void *data, u64 val)
{
	const struct typeb_file *f = data;
	struct bl_hvc_regs r;

	if (f->read_fid != HVC_PMCCNTR_READ && val > U32_MAX)
		return -EINVAL;
	r = blmon_hvc_this_cpu(f->read_fid + 1, f->cluster, (u32)val, (u32)(val >> 32));
	return blmon_errno(r.r0);
}
DEFINE_DEBUGFS_ATTRIBUTE(reg_fops, reg_get, reg_set, "0x%llx\n");

static int state_get(void *data, u64 *val)
{
	*val = blmon_hvc_this_cpu(HVC_PMU_GET_STATE, 0, 0, 0).r0;
	return 0;
}
DEFINE_DEBUGFS_ATTRIBUTE(state_fops, state_get, NULL, "%llu\n");

static int pmu_switch_set(void *data, u64 val)
{
	return blmon_hvc_set(HVC_PMU_SWITCH, val);
}
DEFINE_DEBUGFS_ATTRIBUTE(pmu_switch_fops, NULL, pmu_switch_set, "%llu\n");

int blmon_typeb_init(struct dentry *dir)
{
	u32 c, i;

	for (c = 0; c < TYPEB_CLUSTERS; c++) {
		char name[sizeof("cluster0")];
		struct dentry *sub;

		snprintf(name, sizeof(name), "cluster%u", c);
		sub = debugfs_create_dir(name, dir);
		if (IS_ERR(sub))
			return PTR_ERR(sub);
		for (i = 0; i < ARRAY_SIZE(typeb_regs); i++) {
			typeb_files[c][i].cluster = c;
			typeb_files[c][i].read_fid = typeb_regs[i].read_fid;
			debugfs_create_file_unsafe(typeb_regs[i].name, 0600, sub,
						   &typeb_files[c][i], &reg_fops);
		}
	}
	debugfs_create_file_unsafe("pmu_state", 0400, dir, NULL, &state_fops);
	debugfs_create_file_unsafe("pmu_switch", 0200, dir, NULL, &pmu_switch_fops);
	return 0;
}
