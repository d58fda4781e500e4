/*
 * Per-cluster register access, the layer Type B and SYNC are built on
 * (pmu_creg.c has the indexed accessors). Inline on purpose: every caller
 * names a constant register (one generated Type B handler per register,
 * pmu_typeb_read.c and pmu_typeb.c; SYNC's fixed requests), so each use
 * folds to the few instructions that register needs instead of a switch
 * over all of them (docs/performance.md). Callers have checked c < PMU_NCLUSTERS.
 */
#ifndef PMU_CREG_H
#define PMU_CREG_H

#include "pmu_internal.h"

static inline bool is_active(const struct pmu_cpu *p, unsigned c) { return c == p->active; }

/* An inactive cluster's registers. A cluster never active since boot reads
 * as zero ("or zero (in the case when the cluster was never enabled)"): its
 * snapshot is, until its first switch-out writes it (pmu.h), so no test of
 * ever_active is needed here (PMCR's identity bits test it, below). */
static inline const struct pmu_regs *saved(const struct pmu_cpu *p, unsigned c)
{
	return &p->saved[c];
}

/*
 * PMXEVTYPER / PMXEVCNTR of the active cluster through selection sel:
 * in the hardware (the counter is selected there already: no select and
 * restore of PMSELR), or past the physical PMU's counters a register the
 * monitor keeps - or no counter of it, RAZ/WI: the kept arrays are zero
 * there (pmu.h), and a write lands only on a kept counter.
 */
static inline bool sel_in_hw(const struct pmu_cpu *p, enum tb_reg r, uint32_t sel)
{
	/* backed[active], kept apart: one load on the Type B fast path */
	return r == TB_PMXEVTYPER ? sel_has_type(sel, p->active_backed) : sel < p->active_backed;
}
static inline enum pmu_hwreg sel_hwreg(enum tb_reg r)
{
	return r == TB_PMXEVTYPER ? PMU_HW_PMXEVTYPER : PMU_HW_PMXEVCNTR;
}
static inline uint32_t *kept_reg(struct pmu_kept *k, enum tb_reg r, uint32_t sel)
{
	return r == TB_PMXEVTYPER ? &k->evtyper[sel] : &k->evcntr[sel];
}

/*
 * Each access comes in two halves, the active cluster (the hardware) and
 * an inactive one (snapshot, deferred writes), so the hot Type B handlers
 * can keep the active half inline and the other out of line.
 */
static inline __attribute__((always_inline)) uint32_t
creg_read_active(struct pmu_cpu *p, unsigned c, enum tb_reg r)
{
	unsigned n = ncounters(c);
	uint32_t m = p->hw_bits[c], sel;

	switch (r) {
	case TB_PMCR:
		return pmcr_view(c, pmu_hw_read(PMU_HW_PMCR), n);
	case TB_PMSELR:
		return pmu_hw_read(PMU_HW_PMSELR) & SELR_MASK;
	case TB_PMXEVTYPER:
	case TB_PMXEVCNTR:
		sel = pmu_hw_read(PMU_HW_PMSELR) & SELR_MASK;
		return sel_in_hw(p, r, sel) ? pmu_hw_read(sel_hwreg(r)) : *kept_reg(&p->kept, r, sel);
	case TB_PMCNTENSET:
	case TB_PMCNTENCLR:
		return (m & pmu_hw_read(PMU_HW_PMCNTENSET)) | p->kept.cnten;
	case TB_PMINTENSET:
	case TB_PMINTENCLR:
		return (m & pmu_hw_read(PMU_HW_PMINTENSET)) | p->kept.inten;
	case TB_PMOVSR:
	case TB_PMOVSSET:
		return (m & pmu_hw_read(PMU_HW_PMOVSR)) | p->kept.ovs;
	case TB_PMCCNTR:
		return (uint32_t)ccnt_observe(p);
	default:
		return 0;
	}
}

/* ... with its snapshot's address s = saved(p, c) given: a caller that
 * has it once (pmu_typeb_read.c) - GCC computes c * sizeof(struct
 * pmu_regs) again for each field otherwise */
static inline __attribute__((always_inline)) uint32_t
creg_read_snapshot(const struct pmu_cpu *p, unsigned c, const struct pmu_regs *s, enum tb_reg r)
{
	unsigned n = ncounters(c);
	uint32_t m = counter_mask(n), sel;

	switch (r) {
	case TB_PMCR:   /* never active: 0, not an identity (spec: "or zero") */
		return p->ever_active[c] ? pmcr_view(c, s->pmcr, n) : 0;
	case TB_PMSELR:
		return deferred_selr(p, c, s);
	case TB_PMXEVTYPER:
		sel = deferred_selr(p, c, s);
		if (!sel_has_type(sel, n))
			return 0;
		return sel == PMU_SEL_CCNT ? s->ccfiltr : s->evtyper[sel];
	case TB_PMXEVCNTR:
		/* past the cluster's counters the snapshot is zero (pmu.h): the
		 * array's bound is the test, a constant (no ncounters() load) */
		sel = deferred_selr(p, c, s);
		return sel < PMU_HW_COUNTERS_MAX ? s->evcntr[sel] : 0;
	case TB_PMCNTENSET:
	case TB_PMCNTENCLR:
		return m & s->cnten;
	case TB_PMINTENSET:
	case TB_PMINTENCLR:
		return m & s->inten;
	case TB_PMOVSR:
	case TB_PMOVSSET:
		return m & s->ovs;
	case TB_PMCCNTR:
		return (uint32_t)s->ccnt;
	default:
		return 0;
	}
}

static inline __attribute__((always_inline)) uint32_t
creg_read_inactive(const struct pmu_cpu *p, unsigned c, enum tb_reg r)
{
	return creg_read_snapshot(p, c, saved(p, c), r);
}

static inline __attribute__((always_inline)) uint32_t
creg_read(struct pmu_cpu *p, unsigned c, enum tb_reg r)
{
	return is_active(p, c) ? creg_read_active(p, c, r) : creg_read_inactive(p, c, r);
}

/* A PMSELR value must name a counter the cluster has (or 31). */
static inline bool creg_write_ok(unsigned c, enum tb_reg r, uint32_t v)
{
	return r != TB_PMSELR || sel_has_type(v, ncounters(c));
}

/* A set/clear or overflow register: the bits of the counters in the
 * hardware there, those of the kept ones in their register (kept_update). */
static inline __attribute__((always_inline)) void
bits_write(struct pmu_cpu *p, unsigned c, enum pmu_hwreg hr, uint32_t *kept, uint32_t v, bool set)
{
	pmu_hw_write(hr, v & p->hw_bits[c]);
	kept_update(p, c, kept, set ? v : 0, set ? 0 : v);
}

/* 0, or -3 for a PMSELR value naming a counter this cluster lacks (nothing
 * changes). Bits of counters the cluster lacks are ignored. */
static inline __attribute__((always_inline)) int32_t
creg_write_active(struct pmu_cpu *p, unsigned c, enum tb_reg r, uint32_t v)
{
	struct pmu_kept *k = &p->kept;
	uint32_t sel;

	if (!creg_write_ok(c, r, v))
		return BL_HVC_INVALID_PARAMETER;
	switch (r) {
	case TB_PMCR:        hw_pmcr_write(p, v, ncounters(c)); break;
	case TB_PMCR_ENABLE:
		pmu_hw_write(PMU_HW_PMCR, (pmu_hw_read(PMU_HW_PMCR) & PMCR_WRITABLE) | PMCR_E);
		break;
	case TB_PMSELR:      pmu_hw_write(PMU_HW_PMSELR, v); break;
	case TB_PMXEVTYPER:
	case TB_PMXEVCNTR:
		sel = pmu_hw_read(PMU_HW_PMSELR) & SELR_MASK;
		if (sel_in_hw(p, r, sel))
			pmu_hw_write(sel_hwreg(r), v);
		else if ((p->kept_bits[c] >> sel) & 1u)
			*kept_reg(k, r, sel) = v;
		break;
	case TB_PMCNTENSET:  bits_write(p, c, PMU_HW_PMCNTENSET, &k->cnten, v, true); break;
	case TB_PMCNTENCLR:  bits_write(p, c, PMU_HW_PMCNTENCLR, &k->cnten, v, false); break;
	case TB_PMINTENSET:  bits_write(p, c, PMU_HW_PMINTENSET, &k->inten, v, true); break;
	case TB_PMINTENCLR:  bits_write(p, c, PMU_HW_PMINTENCLR, &k->inten, v, false); break;
	case TB_PMOVSR:      bits_write(p, c, PMU_HW_PMOVSR, &k->ovs, v, false); break;   /* W1C */
	case TB_PMOVSSET:    bits_write(p, c, PMU_HW_PMOVSSET, &k->ovs, v, true); break;
	default: break;
	}
	return BL_HVC_SUCCESS;
}

static inline __attribute__((always_inline)) int32_t
creg_write_inactive(struct pmu_cpu *p, unsigned c, enum tb_reg r, uint32_t v)
{
	if (!creg_write_ok(c, r, v))
		return BL_HVC_INVALID_PARAMETER;
	deferred_write(p, c, r, v);
	return BL_HVC_SUCCESS;
}

static inline __attribute__((always_inline)) int32_t
creg_write(struct pmu_cpu *p, unsigned c, enum tb_reg r, uint32_t v)
{
	return is_active(p, c) ? creg_write_active(p, c, r, v) : creg_write_inactive(p, c, r, v);
}

#endif
