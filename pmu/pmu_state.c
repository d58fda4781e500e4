/*
 * The three states of spec 3.1 and what a cluster switch does in each
 * (docs/states.md). Transitions never touch the hardware: they change what
 * traps and what the next switch saves and restores.
 */
#include <string.h>
#include "pmu_internal.h"

/* HDCR bits (ARM ARM B4.1.67) */
#define HDCR_HPMN(n)  ((uint32_t)(n) & 0x1f)
#define HDCR_TPMCR    (1u << 5)
#define HDCR_TPM      (1u << 6)

void pmu_cpu_init(struct pmu_cpu *p, unsigned boot_cluster)
{
	memset(p, 0, sizeof(*p));
	p->state = 1;                       /* spec 3.1: "The system boots in State 1" */
	p->active = boot_cluster < PMU_NCLUSTERS ? boot_cluster : CLUSTER_A15;
	p->ever_active[p->active] = true;
	pmu_hw_reset(p->active);
	ccnt_load(p, 0);
}

unsigned pmu_state(const struct pmu_cpu *p) { return p->state; }
unsigned pmu_active_cluster(const struct pmu_cpu *p) { return p->active; }

/*
 * State 2 runs natively with HPMN = 4 (the guest sees 4 counters) and only
 * PMCR trapped, for the active cluster's IDCODE. States 1 and 3 trap every
 * PMU access; HPMN = 6 there so PMCR.E governs all six A15 counters that
 * Type B programs (counters at or above HPMN would need HDCR.HPME).
 */
uint32_t pmu_hdcr_bits(const struct pmu_cpu *p)
{
	if (p->state == 2)
		return HDCR_TPMCR | HDCR_HPMN(PMU_TYPEA_COUNTERS);
	return HDCR_TPM | HDCR_HPMN(PMU_HW_COUNTERS_MAX);
}

/* Table 3: 1 -> state 3 (from 1 or 2), 0 -> state 1 (from 2 or 3). */
int32_t pmu_hvc_pmu_switch(struct pmu_cpu *p, uint32_t arg)
{
	if (arg > 1)
		return BL_HVC_INVALID_PARAMETER;
	p->state = arg ? 3 : 1;
	return BL_HVC_SUCCESS;
}

/* Every state snapshots the outbound cluster: it is the state-2 context to
 * migrate, the state-3 context to restore later, and what Type B reads of
 * an inactive cluster return (spec 3.4.1, Type B detail, point 3). */
void pmu_switch_out(struct pmu_cpu *p)
{
	regs_save(p, &p->saved[p->active], ncounters(p->active));
}

/* State 2 migrates the guest-visible context raw (spec: "without any
 * specific checks"); counters beyond the 4 Type A shows, and their enable
 * bits, are the inbound cluster's own (only Type B reaches them). */
static void migrate(struct pmu_cpu *p, unsigned out, unsigned in)
{
	struct pmu_regs m = p->saved[out];
	const struct pmu_regs *own = &p->saved[in];
	const uint32_t visible = counter_mask(PMU_TYPEA_COUNTERS);

	for (unsigned i = PMU_TYPEA_COUNTERS; i < PMU_HW_COUNTERS_MAX; i++) {
		m.evtyper[i] = own->evtyper[i];
		m.evcntr[i] = own->evcntr[i];
	}
	m.cnten = (m.cnten & visible) | (own->cnten & ~visible);
	m.inten = (m.inten & visible) | (own->inten & ~visible);
	m.ovs = (m.ovs & visible) | (own->ovs & ~visible);
	regs_restore(p, &m, ncounters(in));
}

void pmu_switch_in(struct pmu_cpu *p, unsigned inbound)
{
	unsigned out = p->active;

	p->active = inbound;
	switch (p->state) {
	case 1:   /* no save/restore: the inbound core stays at reset */
		p->ccnt_hi = 0;
		p->ccnt_last = pmu_hw_read(PMU_HW_PMCCNTR);
		break;
	case 2:
		migrate(p, out, inbound);
		break;
	default:  /* 3: the inbound cluster's own context (zeros if never active) */
		regs_restore(p, &p->saved[inbound], ncounters(inbound));
		break;
	}
	p->ever_active[inbound] = true;
	deferred_apply(p, inbound);   /* Type B writes queued while it was inactive */
}
