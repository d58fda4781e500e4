/*
 * One cluster's PMU registers as Type B and SYNC see them (spec 3.4.1,
 * Appendix B): the active cluster is the hardware ("return the current
 * value", "apply the specified changes immediately"); an inactive one
 * reads as it was when last switched away from, or 0 if never active
 * since boot, and writes to it are deferred to its next switch-in. Each
 * cluster shows its real PMU: 6 event counters on the A15, 4 on the A7.
 * Callers have checked c < PMU_NCLUSTERS and i against the cluster.
 */
#include "pmu_internal.h"

static bool is_active(const struct pmu_cpu *p, unsigned c) { return c == p->active; }

static const struct pmu_regs *saved(const struct pmu_cpu *p, unsigned c)
{
	static const struct pmu_regs never;   /* "or zero (... never enabled)" */

	return p->ever_active[c] ? &p->saved[c] : &never;
}

uint32_t creg_counter(struct pmu_cpu *p, unsigned c, unsigned i)
{
	return is_active(p, c) ? hw_counter(i) : saved(p, c)->evcntr[i];
}

void creg_set_counter(struct pmu_cpu *p, unsigned c, unsigned i, uint32_t v)
{
	if (is_active(p, c))
		hw_set_counter(i, v);
	else
		deferred_counter(p, c, i, v);
}

/* Type and count of event counter i in one selection (SYNC READ). */
void creg_type_counter(struct pmu_cpu *p, unsigned c, unsigned i, uint32_t *type, uint32_t *count)
{
	if (is_active(p, c)) {
		uint32_t sel = pmu_hw_read(PMU_HW_PMSELR);

		pmu_hw_write(PMU_HW_PMSELR, i);
		*type = pmu_hw_read(PMU_HW_PMXEVTYPER);
		*count = pmu_hw_read(PMU_HW_PMXEVCNTR);
		pmu_hw_write(PMU_HW_PMSELR, sel);
	} else {
		*type = saved(p, c)->evtyper[i];
		*count = saved(p, c)->evcntr[i];
	}
}

uint32_t creg_type(struct pmu_cpu *p, unsigned c, unsigned i)
{
	if (is_active(p, c))
		return hw_type(i);
	return i == PMU_SEL_CCNT ? saved(p, c)->ccfiltr : saved(p, c)->evtyper[i];
}

void creg_set_type(struct pmu_cpu *p, unsigned c, unsigned i, uint32_t v)
{
	if (is_active(p, c))
		hw_set_type(i, v);
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

/* The selection PMXEV* reads index with. For an inactive cluster a queued
 * PMSELR write counts, so "select, then read" works on either cluster. */
static uint32_t selection(const struct pmu_cpu *p, unsigned c)
{
	return is_active(p, c) ? pmu_hw_read(PMU_HW_PMSELR) & SELR_MASK : deferred_selr(p, c);
}

static uint32_t pmcr_bits(const struct pmu_cpu *p, unsigned c)
{
	return is_active(p, c) ? pmu_hw_read(PMU_HW_PMCR) : saved(p, c)->pmcr;
}

uint32_t creg_read(struct pmu_cpu *p, unsigned c, enum tb_reg r)
{
	unsigned n = ncounters(c);
	uint32_t m = counter_mask(n), sel;
	const struct pmu_regs *s = saved(p, c);
	bool act = is_active(p, c);

	switch (r) {
	case TB_PMCR:   /* never active: 0, not an identity (spec: "or zero") */
		return act || p->ever_active[c] ? pmcr_view(c, pmcr_bits(p, c), n) : 0;
	case TB_PMSELR:
		return selection(p, c);
	/* On the active cluster the counter is already selected in the
	 * hardware: read it there, no select/restore of PMSELR. */
	case TB_PMXEVTYPER:
		sel = selection(p, c);
		if (!sel_has_type(sel, n))
			return 0;
		return act ? pmu_hw_read(PMU_HW_PMXEVTYPER) : creg_type(p, c, sel);
	case TB_PMXEVCNTR:
		sel = selection(p, c);
		if (sel >= n)
			return 0;
		return act ? pmu_hw_read(PMU_HW_PMXEVCNTR) : creg_counter(p, c, sel);
	case TB_PMCNTENSET:
	case TB_PMCNTENCLR:
		return m & (act ? pmu_hw_read(PMU_HW_PMCNTENSET) : s->cnten);
	case TB_PMINTENSET:
	case TB_PMINTENCLR:
		return m & (act ? pmu_hw_read(PMU_HW_PMINTENSET) : s->inten);
	case TB_PMOVSR:
	case TB_PMOVSSET:
		return m & (act ? pmu_hw_read(PMU_HW_PMOVSR) : s->ovs);
	case TB_PMCCNTR:
		return (uint32_t)creg_ccnt(p, c);
	default:
		return 0;
	}
}

/* 0, or -3 for a PMSELR value naming a counter this cluster lacks. Bits of
 * counters the cluster lacks are ignored. */
int32_t creg_write(struct pmu_cpu *p, unsigned c, enum tb_reg r, uint32_t v)
{
	unsigned n = ncounters(c);
	uint32_t m = counter_mask(n), sel;

	if (r == TB_PMSELR && !sel_has_type(v, n))
		return BL_HVC_INVALID_PARAMETER;
	if (!is_active(p, c)) {
		deferred_write(p, c, r, v);
		return BL_HVC_SUCCESS;
	}
	switch (r) {
	case TB_PMCR:        hw_pmcr_write(p, v, n); break;
	case TB_PMCR_ENABLE:
		pmu_hw_write(PMU_HW_PMCR, (pmu_hw_read(PMU_HW_PMCR) & PMCR_WRITABLE) | PMCR_E);
		break;
	case TB_PMSELR:      pmu_hw_write(PMU_HW_PMSELR, v); break;
	case TB_PMXEVTYPER:
		sel = selection(p, c);
		if (sel_has_type(sel, n))
			pmu_hw_write(PMU_HW_PMXEVTYPER, v);
		break;
	case TB_PMXEVCNTR:
		if (selection(p, c) < n)
			pmu_hw_write(PMU_HW_PMXEVCNTR, v);
		break;
	case TB_PMCNTENSET:  pmu_hw_write(PMU_HW_PMCNTENSET, v & m); break;
	case TB_PMCNTENCLR:  pmu_hw_write(PMU_HW_PMCNTENCLR, v & m); break;
	case TB_PMINTENSET:  pmu_hw_write(PMU_HW_PMINTENSET, v & m); break;
	case TB_PMINTENCLR:  pmu_hw_write(PMU_HW_PMINTENCLR, v & m); break;
	case TB_PMOVSR:      pmu_hw_write(PMU_HW_PMOVSR, v & m); break;
	case TB_PMOVSSET:    pmu_hw_write(PMU_HW_PMOVSSET, v & m); break;
	default: break;
	}
	return BL_HVC_SUCCESS;
}
