/*
 * Type B writes to the inactive cluster (spec 3.4.1 Type B detail point 2,
 * Appendix B: "save the operation, which will then be applied when the
 * cluster becomes active at the next cluster switch").
 *
 * The writes are not kept as a list but composed as they arrive, so memory
 * is fixed however many a guest queues, and the newest value always wins:
 *   - set/clear pairs compose to (x | set) & ~clr, with set and clr
 *     disjoint: a SET of v does set |= v, clr &= ~v; a CLR the reverse;
 *   - PMOVSR is write-1-to-clear: the clear bits accumulate;
 *   - PMSELR is resolved when a PMXEVTYPER/PMXEVCNTR write arrives (against
 *     the pending PMSELR, else the saved one), so each lands on the counter
 *     it addressed;
 *   - PMCR.P / PMCR.C become writes of 0 to the counters, so later counter
 *     writes override them and earlier ones are overridden, as in order;
 *   - everything else: last value wins.
 * Applying the result equals replaying the writes in order on a PMU that
 * does not count meanwhile (tests/test_pmu_deferred.c checks it against a
 * replay model on random sequences).
 */
#include <string.h>
#include "pmu_internal.h"

uint32_t deferred_selr(const struct pmu_cpu *p, unsigned c)
{
	const struct pmu_deferred *d = &p->pending[c];

	if (d->selr_set)
		return d->selr;
	return p->ever_active[c] ? p->saved[c].selr : 0;
}

void deferred_counter(struct pmu_cpu *p, unsigned c, unsigned i, uint32_t v)
{
	struct pmu_deferred *d = &p->pending[c];

	d->any = true;
	d->evcntr[i] = v;
	d->evcntr_mask |= 1u << i;
}

void deferred_type(struct pmu_cpu *p, unsigned c, unsigned i, uint32_t v)
{
	struct pmu_deferred *d = &p->pending[c];

	d->any = true;
	if (i == PMU_SEL_CCNT) {
		d->ccfiltr = v;
		d->ccfiltr_set = true;
	} else {
		d->evtyper[i] = v;
		d->evtyper_mask |= 1u << i;
	}
}

void deferred_ccnt(struct pmu_cpu *p, unsigned c, uint64_t v)
{
	struct pmu_deferred *d = &p->pending[c];

	d->any = true;
	d->ccnt = v;
	d->ccnt_set = true;
}

void deferred_write(struct pmu_cpu *p, unsigned c, enum tb_reg r, uint32_t v)
{
	struct pmu_deferred *d = &p->pending[c];
	unsigned n = ncounters(c);
	uint32_t m = counter_mask(n), sel;

	d->any = true;
	switch (r) {
	case TB_PMCR:
		d->pmcr = v & PMCR_WRITABLE;
		d->pmcr_set = true;
		if (v & PMCR_P)
			for (unsigned i = 0; i < n; i++)
				deferred_counter(p, c, i, 0);
		if (v & PMCR_C)
			deferred_ccnt(p, c, 0);
		break;
	case TB_PMSELR:
		d->selr = v;
		d->selr_set = true;
		break;
	case TB_PMXEVTYPER:
		sel = deferred_selr(p, c);
		if (sel < n || sel == PMU_SEL_CCNT)
			deferred_type(p, c, sel, v);
		break;
	case TB_PMXEVCNTR:
		sel = deferred_selr(p, c);
		if (sel < n)
			deferred_counter(p, c, sel, v);
		break;
	case TB_PMCNTENSET: d->cnten_set |= v & m; d->cnten_clr &= ~v; break;
	case TB_PMCNTENCLR: d->cnten_clr |= v & m; d->cnten_set &= ~v; break;
	case TB_PMINTENSET: d->inten_set |= v & m; d->inten_clr &= ~v; break;
	case TB_PMINTENCLR: d->inten_clr |= v & m; d->inten_set &= ~v; break;
	case TB_PMOVSR:     d->ovs_clr |= v & m; break;
	default: break;       /* TB_PMCCNTR goes through deferred_ccnt() */
	}
}

/* Cluster c is now the hardware: apply and forget. */
void deferred_apply(struct pmu_cpu *p, unsigned c)
{
	struct pmu_deferred *d = &p->pending[c];

	if (!d->any)
		return;
	if (d->pmcr_set)
		pmu_hw_write(PMU_HW_PMCR, d->pmcr);
	for (unsigned i = 0; i < PMU_HW_COUNTERS_MAX; i++) {
		if (d->evtyper_mask & (1u << i))
			hw_set_type(i, d->evtyper[i]);
		if (d->evcntr_mask & (1u << i))
			hw_set_counter(i, d->evcntr[i]);
	}
	if (d->ccfiltr_set)
		hw_set_type(PMU_SEL_CCNT, d->ccfiltr);
	if (d->ccnt_set)
		ccnt_load(p, d->ccnt);
	pmu_hw_write(PMU_HW_PMCNTENSET, d->cnten_set);
	pmu_hw_write(PMU_HW_PMCNTENCLR, d->cnten_clr);
	pmu_hw_write(PMU_HW_PMINTENSET, d->inten_set);
	pmu_hw_write(PMU_HW_PMINTENCLR, d->inten_clr);
	pmu_hw_write(PMU_HW_PMOVSR, d->ovs_clr);
	if (d->selr_set)
		pmu_hw_write(PMU_HW_PMSELR, d->selr);
	memset(d, 0, sizeof(*d));
}
