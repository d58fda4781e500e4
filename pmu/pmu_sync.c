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
_Static_assert(PMU_NCLUSTERS == 2 && CLUSTER_A15 == 0 && CLUSTER_A7 == 1,
	       "PMU_SYNC_ENTRIES names both clusters' counters");

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

/* A READ's two output words, event_type and counter_value, staged as one
 * 64-bit word (one store, and one load when written out). */
static inline uint64_t staged(uint32_t type, uint32_t value)
{
	return (uint64_t)value << 32 | type;
}

static inline void unstage(struct descriptor *w, uint64_t x)
{
	w->counter.event_type = (uint32_t)x;
	w->counter.counter_value = (uint32_t)(x >> 32);
}

/*
 * From the first entry with a side effect on (tail; its words are in
 * in[0] already, the entries after it are copied to in[1...]): every entry
 * copied, then checked;
 * if all are valid, the READs done before it (res, from d + 1 up to tail)
 * are written out and every copied entry goes through process() in order,
 * so a READ sees an earlier RESET of its counter and inactive-cluster
 * writes are deferred in order. Out of line: a READ-only array (the
 * profiler's) never comes here, and the fast loop keeps its registers.
 * tail comes first: it is sync_reads()'s result, in r0 already (with p
 * first GCC moved it there on every call, the READ-only ones too, and the
 * write-back's registers went worse: 8 / 14 READ entries +4 / +7).
 */
static __attribute__((noinline)) int32_t
sync_tail(struct descriptor *tail, struct pmu_cpu *p, const struct descriptor *end,
	  const uint64_t *res, struct counter_ *in, struct descriptor *d)
{
	struct counter_ *e = in;
	struct descriptor *ge, *w;
	const uint64_t *r;

	for (ge = tail; ge != end; ge++, e++) {
		if (ge != tail) {   /* the first one is copied already */
			*e = ge->counter;   /* one read of each word (word loads) ... */
			/* ... and from here on only the copy is used: the compiler
			 * may not go back to the array, which may have changed */
			atomic_signal_fence(memory_order_seq_cst);
		}
		if (!entry_valid(p, e->cluster_id, e->selected_counter, e->request_code))
			return BL_HVC_INVALID_PARAMETER;
	}
	/* all valid */
	for (r = res, w = d + 1; w != tail; r++, w++)
		unstage(w, *r);
	for (e = in, ge = tail; ge != end; e++, ge++)
		process(p, e, &ge->counter);
	return BL_HVC_SUCCESS;
}

/* What pmu_sync_entries() keeps in its frame: the READs' results (the
 * ABI's words) and the copies the tail takes. */
struct sync_work {
	uint64_t res[PMU_SYNC_MAX_ENTRIES];   /* staged(): one store each */
	struct counter_ in[PMU_SYNC_MAX_ENTRIES];
};

/*
 * The READs from ge while nothing had a side effect, each result staged in
 * w->res; returns end if every entry was such a READ, NULL at an invalid
 * one, or the first entry with a side effect (any request but READ), whose
 * words are then copied to w->in[0] (each word of the array is read once).
 * Each kind a READ names is tested in the order of how often a profiler
 * asks: an event counter of the active cluster in the hardware (below
 * active_backed) or of the inactive one in its snapshot (below its counter
 * count), each valid by that one test; then either cluster's cycle counter
 * and overflow flags, valid as named. What is left (a counter the monitor
 * keeps, an invalid entry) goes through entry_valid() and read_value().
 * Each result is what read_value() gives (tests/pmu/test_pmu_sync.c
 * compares them). Out of line: its loop has the registers to itself, the
 * caller keeps what only the exits need (PMSELR, the carry tracking).
 */
static __attribute__((noinline)) struct descriptor *
sync_reads(struct pmu_cpu *p, struct descriptor *ge, struct descriptor *end, struct sync_work *w)
{
	/* cppcheck-suppress ctuuninitvar ; false positive: the array's address, nothing read (w is the caller's scratch) */
	uint64_t *r = w->res;
	const unsigned act = p->active;
	const unsigned hw_n = p->active_backed;
	/* the other cluster's counter count and snapshot, by one compare
	 * (act is 0 or 1: no multiply by the snapshot's size); on AArch64
	 * both clusters have 6 counters, the same number either way */
	const bool a15 = act == CLUSTER_A15;
	const unsigned other_n = a15 ? PMU_A7_COUNTERS : PMU_A15_COUNTERS;   /* NOLINT(bugprone-branch-clone) */
	const struct pmu_regs *os = a15 ? saved(p, CLUSTER_A7) : saved(p, CLUSTER_A15);

	/* computed once: GCC would compute it again at each use */
	__asm__("" : "+r"(os));
	for (; ge != end; ge++, r++) {
		uint32_t c = guest_word(&ge->counter.cluster_id);
		uint32_t sel = guest_word(&ge->counter.selected_counter);
		uint32_t req = guest_word(&ge->counter.request_code);
		uint32_t i = sel - PMU_EVENT_COUNTER_0;

		if (req != PMU_READ_COUNTER) {   /* the first side effect */
			struct counter_ *e = &w->in[0];

			e->cluster_id = c;
			e->selected_counter = sel;
			e->event_type = guest_word(&ge->counter.event_type);
			e->reset_value = guest_word(&ge->counter.reset_value);
			e->request_code = req;
			return ge;
		}
		if (c == act) {
			if (__builtin_expect(i < hw_n, 1)) {   /* valid: in the hardware */
				pmu_hw_write(PMU_HW_PMSELR, i);
				uint32_t t = pmu_hw_read(PMU_HW_PMXEVTYPER);

				*r = staged(t, pmu_hw_read(PMU_HW_PMXEVCNTR));
				continue;
			}
			if (sel == PMU_CYCLE_COUNTER) {   /* creg_ccnt()'s low word */
				*r = staged(EVTYPER_CYCLES, pmu_ccnt_observe_lo(p));
				continue;
			}
			if (sel == PMU_OVERFLOW_FLAG) {
				*r = staged(0, creg_read_active(p, act, TB_PMOVSR));
				continue;
			}
		} else if (c < PMU_NCLUSTERS) {   /* so c is the other one */
			if (__builtin_expect(i < other_n, 1)) {   /* valid: the snapshot */
				*r = staged(os->evtyper[i], os->evcntr[i]);
				continue;
			}
			if (sel == PMU_CYCLE_COUNTER) {
				*r = staged(EVTYPER_CYCLES, (uint32_t)os->ccnt);
				continue;
			}
			if (sel == PMU_OVERFLOW_FLAG) {
				/* creg_read_inactive(TB_PMOVSR) without its mask: a
				 * snapshot holds no bit of a counter its cluster lacks
				 * (regs_save() masks the hardware's with hw_bits, the
				 * kept ones are kept_bits') */
				*r = staged(0, os->ovs);
				continue;
			}
		}
		if (!entry_valid(p, c, sel, req))
			return NULL;
		unsigned int t, v;

		read_value(p, c, sel, &t, &v);
		*r = staged(t, v);
	}
	return end;
}

/*
 * One pass reads and validates every entry; nothing the guest can see
 * changes before the last entry is valid, and each word of the array is
 * read once (guest_word()), only the words the entry's request uses.
 *  - READs before the first entry with a side effect (any other request)
 *    are done in that pass (sync_reads()), their results staged: a READ
 *    changes only PMSELR and the cycle counter's carry tracking, both put
 *    back if a later entry is bad. Their results are written out once all
 *    entries are valid.
 *  - From the first side effect on, sync_tail().
 * A READ-only array (a profiler reading its counters) takes the first path
 * only (docs/performance.md).
 */
int32_t pmu_sync_entries(struct pmu_cpu *p, struct descriptor *d, uint32_t entries)
{
	struct sync_work work;
	const uint64_t *r = work.res;
	struct descriptor *ge, *end, *w;
	const uint32_t ccnt_hi = p->ccnt_hi, ccnt_last = p->ccnt_last;
	uint32_t pmselr;

	pmselr = pmu_hw_read(PMU_HW_PMSELR);
	ge = d + 1;
	end = ge + entries;
	ge = sync_reads(p, ge, end, &work);
	if (ge == end) {   /* all valid, all READs: written out two at a time */
		w = d + 1;
		if (entries & 1) {
			/* a branch: GCC predicated this, which even arrays paid */
			__asm__ volatile("");
			unstage(w++, *r++);
		}
		for (; w != end; w += 2, r += 2) {
			uint64_t x = r[0], y = r[1];

			unstage(&w[0], x);
			unstage(&w[1], y);
		}
	} else if (!ge || sync_tail(ge, p, end, r, work.in, d) != BL_HVC_SUCCESS) {
		pmu_hw_write(PMU_HW_PMSELR, pmselr);
		p->ccnt_hi = ccnt_hi;
		p->ccnt_last = ccnt_last;
		return BL_HVC_INVALID_PARAMETER;
	}
	pmu_hw_write(PMU_HW_PMSELR, pmselr);
	d[0].header.active_cluster_id = p->active;
	return BL_HVC_SUCCESS;
}

/* The whole array's element count, checked against its header (read once
 * here; the HVC reads it itself and calls pmu_sync_entries()). */
int32_t pmu_sync(struct pmu_cpu *p, struct descriptor *d, uint32_t nelems)
{
	if (!d || nelems < 1 || nelems - 1 > PMU_SYNC_ENTRIES ||
	    guest_word(&d[0].header.entries) != nelems - 1)
		return BL_HVC_INVALID_PARAMETER;
	return pmu_sync_entries(p, d, nelems - 1);
}
