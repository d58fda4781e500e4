/*
 * Spec 3.5: HVC_GET_COUNTERS_SIZE and HVC_SYNC_PMU_COUNTERS. The caller
 * has checked that the array lies in guest memory. Each entry is read
 * once into monitor memory and validated there, so another CPU changing
 * the array meanwhile cannot race the checks, and a bad entry changes
 * nothing and writes nothing; entries go through the per-cluster layer (an
 * inactive cluster reads its snapshot and defers writes: "Values for
 * counters on an inactive cluster will be written when a cluster switch to
 * that cluster takes place"), and only the output words - event_type and
 * counter_value of READ entries, the header's active_cluster_id - are
 * written to the array. How the pass is organised: pmu_sync(). Choices
 * where the spec is silent: docs/pmu-core.md. Costs: docs/performance.md.
 */
#include <stddef.h>
#include <stdint.h>      /* newlib's stdatomic.h needs it first */
#include <stdatomic.h>   /* atomic_signal_fence: a compiler-only barrier */
#include "pmu_creg.h"

_Static_assert(offsetof(struct pmu_regs, evcntr) ==
	       offsetof(struct pmu_regs, evtyper) + PMU_HW_COUNTERS_MAX * sizeof(uint32_t),
	       "a snapshot's counts follow its types");

_Static_assert(PMU_SYNC_ENTRIES <= PMU_SYNC_MAX_ENTRIES, "pmu_sync's copy holds every entry");
_Static_assert(PMU_NCLUSTERS == 2, "PMU_SYNC_ENTRIES names both clusters' counters");

uint32_t pmu_sync_max_entries(void) { return PMU_SYNC_ENTRIES; }

/* "the size of the memory that will need to be reserved": the header and
 * the largest array. */
uint32_t pmu_counters_size(void)
{
	return (1 + pmu_sync_max_entries()) * (uint32_t)sizeof(struct descriptor);
}

/* One read of a word of the caller's array: volatile, so the compiler
 * neither reads it again (another CPU may have changed it since it was
 * validated) nor drops the read. */
static inline uint32_t guest_word(const unsigned int *w)
{
	return *(const volatile unsigned int *)w;
}

/* Tests in the order of read_value()'s switch, so the compiler can reuse
 * them when it inlines both: an event counter the physical PMU holds is
 * tested first, as read_value() tests it (the others are kept, or the
 * inactive cluster's, and valid too). */
static inline bool entry_valid(const struct pmu_cpu *p, uint32_t c, uint32_t sel, uint32_t req)
{
	if (c >= PMU_NCLUSTERS || req - PMU_DISABLE_COUNTER > PMU_READ_RESET_COUNTER - PMU_DISABLE_COUNTER)
		return false;
	switch (sel) {
	case PMU_CYCLE_COUNTER:
		return true;
	case PMU_OVERFLOW_FLAG:   /* a flag, not a counter: read/reset only */
		return req >= PMU_READ_COUNTER;
	default:
		return sel - PMU_EVENT_COUNTER_0 < p->backed[c] ||
		       sel - PMU_EVENT_COUNTER_0 < ncounters(c);
	}
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

/* What READ puts in event_type (*type) and counter_value (*value), any
 * counter, either cluster. No side effect but PMSELR: an active-cluster
 * event counter is selected and read where it is, and pmu_sync() puts the
 * guest's selection back once, after all entries. */
static inline void read_value(struct pmu_cpu *p, unsigned c, uint32_t sel, unsigned int *type,
			      unsigned int *value)
{
	unsigned i = sel - PMU_EVENT_COUNTER_0;

	switch (sel) {
	case PMU_CYCLE_COUNTER:
		*type = EVTYPER_CYCLES;
		*value = (uint32_t)creg_ccnt(p, c);
		break;
	case PMU_OVERFLOW_FLAG:   /* a status: PMOVSR */
		*type = 0;
		*value = creg_read(p, c, TB_PMOVSR);
		break;
	default:
		if (i < p->backed[c] && is_active(p, c)) {
			pmu_hw_write(PMU_HW_PMSELR, i);
			*type = pmu_hw_read(PMU_HW_PMXEVTYPER);
			*value = pmu_hw_read(PMU_HW_PMXEVCNTR);
		} else if (is_active(p, c)) {   /* kept by the monitor */
			*type = p->kept.evtyper[i];
			*value = p->kept.evcntr[i];
		} else {
			*type = saved(p, c)->evtyper[i];
			*value = saved(p, c)->evcntr[i];
		}
		break;
	}
}

/* One validated entry, whatever its request: the only place requests
 * take effect. */
static void process(struct pmu_cpu *p, const struct counter_ *e, struct counter_ *out)
{
	if (e->request_code < PMU_READ_COUNTER) {
		configure(p, e);
		return;
	}
	read_value(p, e->cluster_id, e->selected_counter, &out->event_type, &out->counter_value);
	if (e->request_code == PMU_READ_RESET_COUNTER)
		reset_entry(p, e);
}

/*
 * One pass reads and validates every entry; nothing the guest can see
 * changes before the last entry is valid, and each word of the array is
 * read once (guest_word()), only the words the entry's request uses.
 *  - READs before the first entry with a side effect (any other request)
 *    are done in that pass, their results kept in `res`: a READ changes
 *    only PMSELR and the cycle counter's carry tracking, both put back if
 *    a later entry is bad. Their results are written out once all entries
 *    are valid.
 *  - From the first side effect on, entries are copied to `in`, and once
 *    all are valid processed in order by process(), so a READ sees an
 *    earlier RESET of its counter and inactive-cluster writes are deferred
 *    in order.
 * A READ-only array (a profiler reading its counters) takes the first path
 * only (docs/performance.md). Its entries are mostly event counters: of
 * the active cluster in the hardware (below active_backed), or of the
 * inactive one in its snapshot (below its ncounters). Those two are tested
 * first, with the per-cluster values taken before the loop, and are valid
 * by that test; anything else (cycle counter, overflow flags, kept
 * counters, an invalid entry) goes through entry_valid() and read_value().
 */
int32_t pmu_sync(struct pmu_cpu *p, struct descriptor *d, uint32_t nelems)
{
	struct counter_ in[PMU_SYNC_MAX_ENTRIES], *e = in;
	unsigned int res[PMU_SYNC_MAX_ENTRIES][2], (*r)[2] = res;   /* the ABI's words */
	struct descriptor *ge, *end, *tail, *w;
	const uint32_t ccnt_hi = p->ccnt_hi, ccnt_last = p->ccnt_last;
	const unsigned act = p->active, oth = act ^ 1u;
	const unsigned hw_n = p->active_backed, other_n = ncounters(oth);
	/* the snapshot's types, then its counts: one pointer for both */
	const uint32_t *otype = saved(p, oth)->evtyper;
	uint32_t pmselr;

	if (!d || nelems < 1 || nelems - 1 > PMU_SYNC_ENTRIES ||
	    guest_word(&d[0].header.entries) != nelems - 1)
		return BL_HVC_INVALID_PARAMETER;
	pmselr = pmu_hw_read(PMU_HW_PMSELR);
	for (ge = d + 1, end = d + nelems; ge != end; ge++, r++) {   /* READs while nothing had a side effect */
		uint32_t c = guest_word(&ge->counter.cluster_id);
		uint32_t sel = guest_word(&ge->counter.selected_counter);
		uint32_t req = guest_word(&ge->counter.request_code);
		uint32_t i = sel - PMU_EVENT_COUNTER_0;

		if (req != PMU_READ_COUNTER) {   /* the first side effect */
			e->cluster_id = c;
			e->selected_counter = sel;
			e->event_type = guest_word(&ge->counter.event_type);
			e->reset_value = guest_word(&ge->counter.reset_value);
			e->request_code = req;
			break;
		}
		if (c == act) {
			if (i < hw_n) {   /* valid: in the hardware */
				pmu_hw_write(PMU_HW_PMSELR, i);
				(*r)[0] = pmu_hw_read(PMU_HW_PMXEVTYPER);
				(*r)[1] = pmu_hw_read(PMU_HW_PMXEVCNTR);
				continue;
			}
		} else if (c < PMU_NCLUSTERS) {   /* so c == oth: one register less */
			if (i < other_n) {   /* valid: the snapshot */
				(*r)[0] = otype[i];
				(*r)[1] = otype[i + PMU_HW_COUNTERS_MAX];   /* evcntr[i] */
				continue;
			}
		}
		if (!entry_valid(p, c, sel, req))
			goto invalid;
		read_value(p, c, sel, &(*r)[0], &(*r)[1]);
	}
	for (tail = ge; ge != end; ge++, e++) {   /* from there on: copied, then checked */
		if (ge != tail) {   /* the first one is copied already */
			*e = ge->counter;   /* one read of each word (word loads) ... */
			/* ... and from here on only the copy is used: the compiler
			 * may not go back to the array, which may have changed */
			atomic_signal_fence(memory_order_seq_cst);
		}
		if (!entry_valid(p, e->cluster_id, e->selected_counter, e->request_code))
			goto invalid;
	}
	/* all valid */
	for (r = res, w = d + 1; w != tail; r++, w++) {   /* w: ge stays at tail */
		w->counter.event_type = (*r)[0];
		w->counter.counter_value = (*r)[1];
	}
	for (e = in, ge = tail; ge != end; e++, ge++)
		process(p, e, &ge->counter);
	pmu_hw_write(PMU_HW_PMSELR, pmselr);
	d[0].header.active_cluster_id = p->active;
	return BL_HVC_SUCCESS;
invalid:
	pmu_hw_write(PMU_HW_PMSELR, pmselr);
	p->ccnt_hi = ccnt_hi;
	p->ccnt_last = ccnt_last;
	return BL_HVC_INVALID_PARAMETER;
}
