/*
 * What a cluster switch does to the PMU in each state (spec 3.1), in the
 * three phases hyp/switch/cluster.c calls: save (outbound), reset (pmu_hw_reset,
 * pmu_regfile.c), restore (inbound).
 */
#include "pmu_internal.h"

/* Every state snapshots the outbound cluster: it is the state-2 context to
 * migrate, the state-3 context to restore later, and what Type B reads of
 * an inactive cluster return ("values captured when switching away from
 * that cluster in the past", spec 3.4.1 Type B detail point 3). */
void pmu_switch_out(struct pmu_cpu *p)
{
	regs_save(p, &p->saved[p->active], p->active);
}

/*
 * State 2: "the same PMU context is restored on the inbound cluster after
 * the cluster switch without any specific checks" - the registers the
 * guest sees natively (counters 0..3, the cycle counter, controls) move
 * raw. Counters 4, 5 exist only on the A15 and only Type B reaches them:
 * they, and their enable/overflow bits, are the inbound cluster's own
 * (in the hardware or kept, the same): regs_restore() takes them from
 * the second context.
 */
void pmu_switch_in(struct pmu_cpu *p, unsigned inbound)
{
	unsigned out = p->active;

	if (inbound >= PMU_NCLUSTERS)   /* hyp validated it; never index with it */
		inbound = out;
	p->active = inbound;
	p->active_backed = p->backed[inbound];
	switch (p->state) {
	case 1:   /* "will not save and restore": the inbound core stays at reset */
		p->ccnt_hi = 0;
		p->ccnt_last = pmu_hw_read(PMU_HW_PMCCNTR);
		pmu_userenr_saved(p, out);    /* PMUv3 only: the guest's copy */
		pmu_userenr_trapping(p, 0);   /* ... and the reset value */
		break;
	case 2:
		regs_restore(p, &p->saved[out], &p->saved[inbound], inbound);
		break;
	default:  /* 3: the inbound cluster's own context (zeros if never active) */
		pmu_userenr_saved(p, out);    /* PMUv3 only: the guest's copy */
		regs_restore(p, &p->saved[inbound], &p->saved[inbound], inbound);
		pmu_userenr_trapping(p, p->saved[inbound].userenr);   /* ... and the inbound's */
		break;
	}
	p->ever_active[inbound] = true;
	/* Type B writes queued while it was inactive, in every state, on top of
	 * what the state restored (spec 3.4.1: "the programming action occurs
	 * only when a switch to that cluster takes place"). */
	deferred_apply(p, inbound);
}
