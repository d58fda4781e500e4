/*
 * One cluster's PMU registers as Type B and SYNC see them (spec 3.4.1,
 * Appendix B): the active cluster is the hardware ("return the current
 * value", "apply the specified changes immediately"); an inactive one
 * reads as it was when last switched away from, or 0 if never active
 * since boot, and writes to it are deferred to its next switch-in. Each
 * cluster shows its real PMU: 6 event counters on the A15, 4 on the A7,
 * whatever the physical PMU has (the monitor keeps the ones it lacks).
 * Callers have checked c < PMU_NCLUSTERS and i against the cluster.
 */
#include "pmu_creg.h"

uint32_t creg_counter(struct pmu_cpu *p, unsigned c, unsigned i)
{
	return is_active(p, c) ? live_counter(p, i) : saved(p, c)->evcntr[i];
}

void creg_set_counter(struct pmu_cpu *p, unsigned c, unsigned i, uint32_t v)
{
	if (is_active(p, c))
		live_set_counter(p, i, v);
	else
		deferred_counter(p, c, i, v);
}

uint32_t creg_type(struct pmu_cpu *p, unsigned c, unsigned i)
{
	if (is_active(p, c))
		return live_type(p, i);
	return i == PMU_SEL_CCNT ? saved(p, c)->ccfiltr : saved(p, c)->evtyper[i];
}

void creg_set_type(struct pmu_cpu *p, unsigned c, unsigned i, uint32_t v)
{
	if (is_active(p, c))
		live_set_type(p, i, v);
	else
		deferred_type(p, c, i, v);
}

uint64_t creg_ccnt(struct pmu_cpu *p, unsigned c)
{
	return is_active(p, c) ? ccnt_observe(p) : saved(p, c)->ccnt;
}

void creg_set_ccnt(struct pmu_cpu *p, unsigned c, uint64_t v)
{
	if (is_active(p, c))
		ccnt_load(p, v);
	else
		deferred_ccnt(p, c, v);
}


