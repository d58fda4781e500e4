/*
 * Spec 3.5: HVC_GET_COUNTERS_SIZE and HVC_SYNC_PMU_COUNTERS. The caller
 * has checked that the array lies in guest memory. Two passes:
 *   1. every entry is copied once, whole (word copies), into monitor
 *      memory and validated there, so another CPU changing the array
 *      meanwhile cannot race the checks, and a bad entry changes nothing
 *      and writes nothing;
 *   2. the copies are processed in order, each through the per-cluster
 *      layer (an inactive cluster reads its snapshot and defers writes:
 *      "Values for counters on an inactive cluster will be written when a
 *      cluster switch to that cluster takes place"), and only the output
 *      words - event_type and counter_value of READ entries, the header's
 *      active_cluster_id - are written to the array.
 * Choices where the spec is silent: docs/pmu-core.md. Costs:
 * docs/performance.md.
 */
#include <stdint.h>      /* newlib's stdatomic.h needs it first */
#include <stdatomic.h>   /* atomic_signal_fence: a compiler-only barrier */
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
		return e->request_code >= PMU_READ_COUNTER;
	return e->selected_counter == PMU_CYCLE_COUNTER ||
	       e->selected_counter - PMU_EVENT_COUNTER_0 < ncounters(e->cluster_id);
}

/* The reset of READ_RESET and CONF_RESET: "updates the counter using the
 * value specified in the reset_value field"; for the overflow flags,
 * PMOVSR := reset_value (clear the others, set its bits through PMOVSSET). */
static void reset_entry(struct pmu_cpu *p, const struct counter_ *e)
{
	unsigned c = e->cluster_id;
	uint32_t v = e->reset_value, m = counter_mask(ncounters(c));

	switch (e->selected_counter) {
	case PMU_CYCLE_COUNTER:
		creg_set_ccnt(p, c, v);
		break;
	case PMU_OVERFLOW_FLAG:
		creg_write(p, c, TB_PMOVSR, ~v & m);
		creg_write(p, c, TB_PMOVSSET, v & m);
		break;
	default:
		creg_set_counter(p, c, e->selected_counter - PMU_EVENT_COUNTER_0, v);
		break;
	}
}

/* DISABLE, CONF, CONF_RESET (validated: event or cycle counter only). */
static void configure(struct pmu_cpu *p, const struct counter_ *e)
{
	unsigned c = e->cluster_id, i = e->selected_counter - PMU_EVENT_COUNTER_0;
	bool cycle = e->selected_counter == PMU_CYCLE_COUNTER;
	uint32_t bit;

	if (e->selected_counter == PMU_OVERFLOW_FLAG)   /* entry_valid() lets none through */
		return;
	bit = cycle ? CCNT_BIT : 1u << i;
	if (e->request_code == PMU_DISABLE_COUNTER) {
		creg_write(p, c, TB_PMCNTENCLR, bit);
		return;
	}
	/* the whole PMXEVTYPER, as Type B writes it: the event number plus the
	 * filter bits, which the hardware keeps or ignores */
	if (!cycle)
		creg_set_type(p, c, i, e->event_type);
	creg_write(p, c, TB_PMCNTENSET, bit);
	creg_write(p, c, TB_PMCR_ENABLE, 0);
	if (e->request_code == PMU_CONF_RESET_COUNTER)
		reset_entry(p, e);
}

/* READ and READ_RESET, any counter, either cluster: inline in the loop.
 * An active-cluster event counter is selected and read where it is, and
 * PMSELR left so: pmu_sync() puts the guest's selection back once, after
 * all entries. Returns false for the other requests. */
static inline bool read_entry(struct pmu_cpu *p, const struct counter_ *e, struct counter_ *out)
{
	unsigned c = e->cluster_id, i = e->selected_counter - PMU_EVENT_COUNTER_0;

	if (e->request_code < PMU_READ_COUNTER)
		return false;
	switch (e->selected_counter) {
	case PMU_CYCLE_COUNTER:
		out->event_type = EVTYPER_CYCLES;
		out->counter_value = (uint32_t)creg_ccnt(p, c);
		break;
	case PMU_OVERFLOW_FLAG:   /* a status: PMOVSR */
		out->event_type = 0;
		out->counter_value = creg_read(p, c, TB_PMOVSR);
		break;
	default:
		if (is_active(p, c)) {
			pmu_hw_write(PMU_HW_PMSELR, i);
			out->event_type = pmu_hw_read(PMU_HW_PMXEVTYPER);
			out->counter_value = pmu_hw_read(PMU_HW_PMXEVCNTR);
		} else {
			out->event_type = saved(p, c)->evtyper[i];
			out->counter_value = saved(p, c)->evcntr[i];
		}
		break;
	}
	if (e->request_code == PMU_READ_RESET_COUNTER)
		reset_entry(p, e);
	return true;
}

int32_t pmu_sync(struct pmu_cpu *p, struct descriptor *d, uint32_t nelems)
{
	struct counter_ in[PMU_SYNC_MAX_ENTRIES];
	uint32_t n = nelems - 1, sel;

	if (!d || nelems < 1 || n > pmu_sync_max_entries() ||
	    ((volatile struct descriptor *)d)[0].header.entries != n)
		return BL_HVC_INVALID_PARAMETER;
	for (uint32_t k = 0; k < n; k++) {
		in[k] = d[k + 1].counter;   /* one read of the caller's words ... */
		/* ... and from here on only the copy is used: the compiler may
		 * not go back to the array, which may have changed */
		atomic_signal_fence(memory_order_seq_cst);
		if (!entry_valid(&in[k]))
			return BL_HVC_INVALID_PARAMETER;
	}
	sel = pmu_hw_read(PMU_HW_PMSELR);
	for (uint32_t k = 0; k < n; k++)
		if (!read_entry(p, &in[k], &d[k + 1].counter))
			configure(p, &in[k]);
	pmu_hw_write(PMU_HW_PMSELR, sel);
	d[0].header.active_cluster_id = p->active;
	return BL_HVC_SUCCESS;
}
