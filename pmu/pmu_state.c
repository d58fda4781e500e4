/*
 * The three states of spec 3.1 (the HVC that moves between them, Table 3,
 * is pmu_hvc_pmu_switch() in pmu.h). A transition never touches the
 * hardware: it changes what traps (pmu_hdcr_bits) and what the next switch
 * saves and restores (pmu_switch.c), so counts carry on exactly as they
 * are.
 */
#include <string.h>
#include "pmu_internal.h"

/* Which of each cluster's counters the physical PMU holds: the first
 * hw_counters; the monitor keeps the rest (docs/pmu-core.md). */
static void attach_hw(struct pmu_cpu *p, unsigned hw_counters)
{
	if (hw_counters < PMU_TYPEA_COUNTERS)
		hw_counters = PMU_TYPEA_COUNTERS;
	if (hw_counters > PMU_HW_COUNTERS_MAX)
		hw_counters = PMU_HW_COUNTERS_MAX;
	p->hw_counters = hw_counters;
	for (unsigned c = 0; c < PMU_NCLUSTERS; c++) {
		unsigned n = ncounters(c), b = n < hw_counters ? n : hw_counters;

		p->backed[c] = b;
		p->hw_bits[c] = counter_mask(b);
		p->kept_bits[c] = counter_mask(n) & ~counter_mask(b);
	}
}

void pmu_cpu_init(struct pmu_cpu *p, unsigned boot_cluster, unsigned hw_counters)
{
	memset(p, 0, sizeof(*p));
	attach_hw(p, hw_counters);
	p->state = 1;                       /* spec 3.1: "The system boots in State 1" */
	p->active = boot_cluster < PMU_NCLUSTERS ? boot_cluster : CLUSTER_A15;
	p->active_backed = p->backed[p->active];
	p->ever_active[p->active] = true;
	pmu_hw_reset(p, p->active);
	p->ccnt_last = pmu_hw_read(PMU_HW_PMCCNTR);   /* poison, upper word 0 */
#if ARCH_PMU_PAIR_V8
	pmu_hw_write(PMU_HW_PMUSERENR, PMUSERENR_EN);  /* state 1 traps: pmu_userenr_traps() */
#endif
}

/* HVC_PMU_SWITCH with r1 other than 1 (pmu.h): 0 moves to state 1, any
 * other value changes nothing. 3 -> 1 gives up the per-cluster contexts:
 * the Type B writes still waiting for the inactive cluster's switch-in were
 * programming for that context and are dropped, so they cannot land on
 * whoever uses the PMU next (docs/abi.md "Leaving state 3"). */
int32_t pmu_hvc_pmu_switch_to_1(struct pmu_cpu *p, uint32_t arg)
{
	if (arg != 0)
		return BL_HVC_INVALID_PARAMETER;
	if (p->state == 3)
		memset(p->pending, 0, sizeof(p->pending));
	p->state = 1;
	return BL_HVC_SUCCESS;
}
