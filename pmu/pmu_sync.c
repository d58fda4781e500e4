/*
 * Spec 3.5: HVC_GET_COUNTERS_SIZE and HVC_SYNC_PMU_COUNTERS. The array is
 * a monitor-local copy (hyp/hvc.c checked and copied it); it is validated
 * whole before anything is applied, so a bad entry changes nothing.
 * Entries are then processed in order, each through the per-cluster layer
 * (an inactive cluster reads its snapshot and defers writes: "Values for
 * counters on an inactive cluster will be written when a cluster switch to
 * that cluster takes place"). Choices where the spec is silent:
 * docs/pmu-core.md.
 */
#include "pmu_creg.h"

/* "the size of the memory that will need to be reserved": the header and
 * one element per counter of every cluster - cycle counter, overflow flag,
 * each event counter - so one call can address all of them. */
uint32_t pmu_counters_size(void)
{
	uint32_t elems = 1;

	for (unsigned c = 0; c < PMU_NCLUSTERS; c++)
		elems += 2 + ncounters(c);
	return elems * (uint32_t)sizeof(struct descriptor);
}

uint32_t pmu_sync_max_entries(void)
{
	return pmu_counters_size() / (uint32_t)sizeof(struct descriptor) - 1;
}

static bool entry_valid(const struct counter_ *e)
{
	if (e->cluster_id >= PMU_NCLUSTERS)
		return false;
	if (e->request_code < PMU_DISABLE_COUNTER || e->request_code > PMU_READ_RESET_COUNTER)
		return false;
	if (e->selected_counter == PMU_OVERFLOW_FLAG)   /* a flag, not a counter: read/reset only */
		return e->request_code == PMU_READ_COUNTER || e->request_code == PMU_READ_RESET_COUNTER;
	return e->selected_counter == PMU_CYCLE_COUNTER ||
	       (e->selected_counter >= PMU_EVENT_COUNTER_0 &&
		e->selected_counter - PMU_EVENT_COUNTER_0 < ncounters(e->cluster_id));
}

/* PMOVSR := v on cluster c (clear the others, set v's through PMOVSSET). */
static void overflow_flags(struct pmu_cpu *p, struct counter_ *e)
{
	unsigned c = e->cluster_id;
	uint32_t m = counter_mask(ncounters(c));

	e->event_type = 0;
	e->counter_value = creg_read(p, c, TB_PMOVSR);
	if (e->request_code == PMU_READ_RESET_COUNTER) {
		creg_write(p, c, TB_PMOVSR, ~e->reset_value & m);
		creg_write(p, c, TB_PMOVSSET, e->reset_value & m);
	}
}

static void process(struct pmu_cpu *p, struct counter_ *e)
{
	unsigned c = e->cluster_id;
	uint32_t req = e->request_code;

	if (e->selected_counter == PMU_OVERFLOW_FLAG) {
		overflow_flags(p, e);
		return;
	}

	bool cycle = e->selected_counter == PMU_CYCLE_COUNTER;
	unsigned i = cycle ? PMU_SEL_CCNT : e->selected_counter - PMU_EVENT_COUNTER_0;
	uint32_t bit = cycle ? CCNT_BIT : 1u << i;

	switch (req) {
	case PMU_DISABLE_COUNTER:
		creg_write(p, c, TB_PMCNTENCLR, bit);
		return;
	case PMU_CONF_COUNTER:
	case PMU_CONF_RESET_COUNTER:
		/* the whole PMXEVTYPER, as Type B writes it: the event number
		 * plus the filter bits, which the hardware keeps or ignores */
		if (!cycle)
			creg_set_type(p, c, i, e->event_type);
		creg_write(p, c, TB_PMCNTENSET, bit);
		creg_write(p, c, TB_PMCR_ENABLE, 0);
		break;
	default:  /* READ, READ_RESET */
		if (cycle) {
			e->event_type = EVTYPER_CYCLES;
			e->counter_value = (uint32_t)creg_ccnt(p, c);
		} else {
			uint32_t type, count;

			creg_type_counter(p, c, i, &type, &count);
			e->event_type = type;
			e->counter_value = count;
		}
		break;
	}
	if (req == PMU_CONF_RESET_COUNTER || req == PMU_READ_RESET_COUNTER) {
		if (cycle)
			creg_set_ccnt(p, c, e->reset_value);
		else
			creg_set_counter(p, c, i, e->reset_value);
	}
}

int32_t pmu_sync(struct pmu_cpu *p, struct descriptor *d, uint32_t nelems)
{
	if (!d || nelems < 1 || d[0].header.entries != nelems - 1 ||
	    d[0].header.entries > pmu_sync_max_entries())
		return BL_HVC_INVALID_PARAMETER;
	for (uint32_t k = 1; k < nelems; k++)
		if (!entry_valid(&d[k].counter))
			return BL_HVC_INVALID_PARAMETER;
	d[0].header.active_cluster_id = p->active;
	for (uint32_t k = 1; k < nelems; k++)
		process(p, &d[k].counter);
	return BL_HVC_SUCCESS;
}
