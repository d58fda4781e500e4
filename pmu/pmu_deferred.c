/*
 * Type B writes to the inactive cluster (spec 3.4.1 Type B detail point 2;
 * Appendix B: "save the operation, which will then be applied when the
 * cluster becomes active at the next cluster switch").
 *
 * The writes are not kept as a list but composed as they arrive, so the
 * memory is fixed however many a guest queues and the newest value always
 * wins. The composition is exactly what replaying the writes in order
 * would do to the registers the cluster has after its switch-in restore
 * (which in states 1 and 2 is not its snapshot):
 *   - set/clear pairs compose to (x | set) & ~clr with set, clr disjoint:
 *     a SET of v does set |= v, clr &= ~v; a CLR the reverse. PMOVSR
 *     (write-1-to-clear) and PMOVSSET are such a pair too;
 *   - PMCR: a whole write replaces the value; "set E" (SYNC CONF) ORs into
 *     the written value, or into the restored one if none was written;
 *     P and C become writes of 0 to the counters;
 *   - PMXEVTYPER/PMXEVCNTR after a queued PMSELR write land on the counter
 *     it selected ("known" writes, as are SYNC's explicit ones). Before
 *     any queued PMSELR write they address the PMSELR the cluster will
 *     have at switch-in, unknown until then: the latest such write is kept
 *     and applied to that counter unless a known write to the same counter
 *     came after it ("late" mask);
 *   - everything else: last value wins.
 * tests/pmu/test_pmu_deferred.c checks the result against an in-order replay
 * model on random sequences in all three states.
 */
#include <string.h>
#include "pmu_internal.h"

static unsigned type_slot(unsigned i) { return i == PMU_SEL_CCNT ? PMU_SLOT_CCFILTR : i; }

/* i < ncounters(c), checked by every caller */
void deferred_counter(struct pmu_cpu *p, unsigned c, unsigned i, uint32_t v)
{
	struct pmu_deferred *d = &p->pending[c];

	d->flags |= DEF_ANY;
	d->evcntr[i] = v;
	d->cnt_known |= 1u << i;
	d->cnt_late |= 1u << i;
}

/* i < ncounters(c) or PMU_SEL_CCNT, checked by every caller */
void deferred_type(struct pmu_cpu *p, unsigned c, unsigned i, uint32_t v)
{
	struct pmu_deferred *d = &p->pending[c];
	unsigned s = type_slot(i);

	d->flags |= DEF_ANY;
	d->evtyper[s] = v;
	d->type_known |= 1u << s;
	d->type_late |= 1u << s;
}

void deferred_ccnt(struct pmu_cpu *p, unsigned c, uint64_t v)
{
	struct pmu_deferred *d = &p->pending[c];

	d->flags |= DEF_ANY | DEF_CCNT;
	d->ccnt = v;
}

static void set_pair(uint32_t *set, uint32_t *clr, uint32_t v)
{
	*set |= v;
	*clr &= ~v;
}

/* v is already validated (PMSELR) by creg_write(). */
void deferred_write(struct pmu_cpu *p, unsigned c, enum tb_reg r, uint32_t v)
{
	struct pmu_deferred *d = &p->pending[c];
	uint32_t m = p->hw_bits[c] | p->kept_bits[c];   /* every counter c has */

	d->flags |= DEF_ANY;
	switch (r) {
	case TB_PMCR:
		d->pmcr = v & PMCR_WRITABLE;
		d->pmcr_or = 0;
		d->flags |= DEF_PMCR;
		if (v & PMCR_P)
			for (unsigned i = 0; i < ncounters(c); i++)
				deferred_counter(p, c, i, 0);
		if (v & PMCR_C)
			deferred_ccnt(p, c, 0);
		break;
	case TB_PMCR_ENABLE:
		if (d->flags & DEF_PMCR)
			d->pmcr |= PMCR_E;
		else
			d->pmcr_or |= PMCR_E;
		break;
	case TB_PMSELR:
		d->selr = v & SELR_MASK;
		d->flags |= DEF_SELR;
		break;
	/* A queued selection names a counter of c or 31 (creg_write_ok()). */
	case TB_PMXEVTYPER:
		if (!(d->flags & DEF_SELR)) {
			d->base_type = v;
			d->flags |= DEF_BASE_TYPE;
			d->type_late = 0;
		} else {
			deferred_type(p, c, d->selr, v);
		}
		break;
	case TB_PMXEVCNTR:
		if (!(d->flags & DEF_SELR)) {
			d->base_cnt = v;
			d->flags |= DEF_BASE_CNT;
			d->cnt_late = 0;
		} else if (d->selr != PMU_SEL_CCNT) {
			deferred_counter(p, c, d->selr, v);
		}
		break;
	case TB_PMCNTENSET: set_pair(&d->cnten_set, &d->cnten_clr, v & m); break;
	case TB_PMCNTENCLR: set_pair(&d->cnten_clr, &d->cnten_set, v & m); break;
	case TB_PMINTENSET: set_pair(&d->inten_set, &d->inten_clr, v & m); break;
	case TB_PMINTENCLR: set_pair(&d->inten_clr, &d->inten_set, v & m); break;
	case TB_PMOVSR:     set_pair(&d->ovs_clr, &d->ovs_set, v & m); break;
	case TB_PMOVSSET:   set_pair(&d->ovs_set, &d->ovs_clr, v & m); break;
	default: break;       /* TB_PMCCNTR goes through deferred_ccnt() */
	}
}

/* The final value of one indexed register: a known write, or the latest
 * write through the base selection if it is for this index and no known
 * write came after it. Returns false if the register is left as restored. */
static bool resolve(uint32_t known, uint32_t late, const uint32_t *vals, unsigned idx,
		    bool base_hit, uint32_t base_val, uint32_t *out)
{
	uint32_t bit = 1u << idx;

	if (base_hit && !(late & bit)) {
		*out = base_val;
		return true;
	}
	if (known & bit) {
		*out = vals[idx];
		return true;
	}
	return false;
}

/* Cluster c is now the hardware, its state's restore done: apply, forget. */
void deferred_apply(struct pmu_cpu *p, unsigned c)
{
	struct pmu_deferred *d = &p->pending[c];
	unsigned n = ncounters(c);
	uint32_t b, v, m;

	if (!(d->flags & DEF_ANY))
		return;
	b = pmu_hw_read(PMU_HW_PMSELR) & SELR_MASK;   /* the base selection */
	for (unsigned i = 0; i < n; i++) {
		if (resolve(d->type_known, d->type_late, d->evtyper, i,
			    (d->flags & DEF_BASE_TYPE) && b == i, d->base_type, &v))
			live_set_type(p, i, v);
		if (resolve(d->cnt_known, d->cnt_late, d->evcntr, i,
			    (d->flags & DEF_BASE_CNT) && b == i, d->base_cnt, &v))
			live_set_counter(p, i, v);
	}
	if (resolve(d->type_known, d->type_late, d->evtyper, PMU_SLOT_CCFILTR,
		    (d->flags & DEF_BASE_TYPE) && b == PMU_SEL_CCNT, d->base_type, &v))
		hw_set_type(PMU_SEL_CCNT, v);
	if (d->flags & DEF_CCNT)
		ccnt_load(p, d->ccnt);
	if (d->flags & DEF_PMCR)
		pmu_hw_write(PMU_HW_PMCR, d->pmcr);
	else if (d->pmcr_or)
		pmu_hw_write(PMU_HW_PMCR, (pmu_hw_read(PMU_HW_PMCR) & PMCR_WRITABLE) | d->pmcr_or);
	m = p->hw_bits[c];
	pmu_hw_write(PMU_HW_PMOVSR, d->ovs_clr & m);
	pmu_hw_write(PMU_HW_PMOVSSET, d->ovs_set & m);
	pmu_hw_write(PMU_HW_PMINTENCLR, d->inten_clr & m);
	pmu_hw_write(PMU_HW_PMINTENSET, d->inten_set & m);
	pmu_hw_write(PMU_HW_PMCNTENCLR, d->cnten_clr & m);
	pmu_hw_write(PMU_HW_PMCNTENSET, d->cnten_set & m);
	kept_update(p, c, &p->kept.ovs, d->ovs_set, d->ovs_clr);
	kept_update(p, c, &p->kept.inten, d->inten_set, d->inten_clr);
	kept_update(p, c, &p->kept.cnten, d->cnten_set, d->cnten_clr);
	if (d->flags & DEF_SELR)
		pmu_hw_write(PMU_HW_PMSELR, d->selr);
	memset(d, 0, sizeof(*d));
}
