// SPDX-License-Identifier: GPL-2.0
/*
 * Which big.LITTLE pair the monitor emulates, asked from it: the IDCODE of
 * a cluster's PMCR (HVC_PMCR_READ, docs/abi.md). The ABI numbers the
 * clusters (0 = big, 1 = LITTLE, bl_pmu_abi.h); a cluster that has never
 * been active reads PMCR 0 ("or zero", spec 3.4), so the pair is known from
 * whichever cluster reports an identity, and a cluster that reports the
 * other pair's core, or the wrong role, is refused.
 */
#include "bl_pmu_abi.h"
#include "blmon_guest.h"

static const struct blmon_pair pairs[] = {
	/* the spec's pair (ARMv7): Versatile Express TC2's cores */
	{ .core = { [A15_CLUSTER] = { 0x0f, "Cortex-A15", 6 }, [A7_CLUSTER] = { 0x07, "Cortex-A7", 4 } } },
	/* Juno r0's (AArch64, issue #27); PMCR_EL0.N = 6 on both (TRMs) */
	{ .core = { [A15_CLUSTER] = { 0x01, "Cortex-A57", 6 }, [A7_CLUSTER] = { 0x03, "Cortex-A53", 6 } } },
};

const struct blmon_pair *blmon_pair(void)
{
	const struct blmon_pair *found = NULL;

	for (u32 cl = A15_CLUSTER; cl <= A7_CLUSTER; cl++) {
		struct bl_hvc_regs r = bl_hvc_regs(HVC_PMCR_READ, cl, 0, 0);
		u32 idcode = (r.r0 >> 16) & 0xff;
		const struct blmon_pair *p = NULL;

		if (r.r3 != BL_HVC_SUCCESS)
			return NULL;
		if (!r.r0)
			continue;               /* never active: no identity yet */
		for (size_t i = 0; i < ARRAY_SIZE(pairs); i++)
			if (pairs[i].core[cl].idcode == idcode)
				p = &pairs[i];
		if (!p || (found && found != p))
			return NULL;
		found = p;
	}
	return found;
}
