/*
 * Type A: a guest MCR/MRC on the PMU that HDCR.TPM (states 1, 3) or
 * HDCR.TPMCR (state 2, PMCR only) sent to HYP. The access is validated,
 * moves the state to 2 (spec 3.1.1: "triggered by executing any MRC/MCR
 * instruction accessing any PMU register"), and is then performed "as if
 * executed on the hardware", through the view both clusters share: 4
 * event counters (spec 2.2) and the active cluster's IDCODE and PMCEID.
 */
#include "pmu_internal.h"
#include "cpregs.h"

#define TYPEA_MASK    counter_mask(PMU_TYPEA_COUNTERS)
#define PMUSERENR_EN  1u

/* Does the PMUv2 we present have this register, in this direction, at
 * this privilege (ARM ARM C12.7 and B4.1)? */
static bool allowed(uint32_t key, bool read, bool pl0)
{
	bool exists;

	switch (key) {
	case CPK_PMSWINC:
		exists = !read;                 /* write-only */
		break;
	case CPK_PMCEID0:
	case CPK_PMCEID1:
		exists = read;                  /* read-only */
		break;
	case CPK_PMCR: case CPK_PMCNTENSET: case CPK_PMCNTENCLR: case CPK_PMOVSR:
	case CPK_PMSELR: case CPK_PMCCNTR: case CPK_PMXEVTYPER: case CPK_PMXEVCNTR:
	case CPK_PMUSERENR: case CPK_PMINTENSET: case CPK_PMINTENCLR:
		exists = true;
		break;
	default:                                /* PMOVSSET and the rest of c9: none in PMUv2 */
		return false;
	}
	if (!exists || !pl0)
		return exists;
	/* PL0: PMUSERENR is readable, never writable; the interrupt enables
	 * are PL1-only; everything else needs PMUSERENR.EN. */
	if (key == CPK_PMUSERENR)
		return read;
	if (key == CPK_PMINTENSET || key == CPK_PMINTENCLR)
		return false;
	return (pmu_hw_read(PMU_HW_PMUSERENR) & PMUSERENR_EN) != 0;
}

static uint32_t selected(void) { return pmu_hw_read(PMU_HW_PMSELR) & 0x1f; }

/*
 * PMSWINC done by the monitor. A write from HYP would be filtered out
 * (event counters do not count at PL2 while PMXEVTYPER.NSH = 0, which also
 * keeps the monitor's own work out of the guest's counts), so the software
 * increment is performed here: each enabled counter of the Type A view
 * that counts SW_INCR (event 0x00) goes up by one, overflow included.
 */
static void software_increment(uint32_t v)
{
	uint32_t en = pmu_hw_read(PMU_HW_PMCNTENSET);

	if (!(pmu_hw_read(PMU_HW_PMCR) & PMCR_E))
		return;
	for (unsigned i = 0; i < PMU_TYPEA_COUNTERS; i++) {
		if (!(v & en & (1u << i)) || (hw_type(i) & 0xff) != 0x00)
			continue;
		uint32_t c = hw_counter(i) + 1;

		hw_set_counter(i, c);
		if (c == 0)
			pmu_hw_write(PMU_HW_PMOVSSET, 1u << i);
	}
}

enum pmu_trap_rc pmu_trap(struct pmu_cpu *p, uint32_t key, bool read, uint32_t *rt, bool pl0)
{
	uint32_t v = *rt, sel;

	if (!allowed(key, read, pl0))
		return PMU_TRAP_UNDEF;
	p->state = 2;

	switch (key) {
	case CPK_PMCR:
		if (read)
			*rt = pmcr_view(p->active, pmu_hw_read(PMU_HW_PMCR), PMU_TYPEA_COUNTERS);
		else
			hw_pmcr_write(p, v, PMU_TYPEA_COUNTERS);
		break;
	case CPK_PMCCNTR:
		if (read)
			*rt = (uint32_t)ccnt_observe(p);
		else
			ccnt_load(p, v);
		break;
	case CPK_PMXEVTYPER:    /* counters 4..30 do not exist here: RAZ/WI */
		sel = selected();
		if (sel < PMU_TYPEA_COUNTERS || sel == PMU_SEL_CCNT) {
			if (read)
				*rt = pmu_hw_read(PMU_HW_PMXEVTYPER);
			else
				pmu_hw_write(PMU_HW_PMXEVTYPER, v);
		} else if (read) {
			*rt = 0;
		}
		break;
	case CPK_PMXEVCNTR:
		sel = selected();
		if (sel < PMU_TYPEA_COUNTERS) {
			if (read)
				*rt = pmu_hw_read(PMU_HW_PMXEVCNTR);
			else
				pmu_hw_write(PMU_HW_PMXEVCNTR, v);
		} else if (read) {
			*rt = 0;
		}
		break;
	case CPK_PMCEID0:
		*rt = pmu_cluster_desc[p->active].pmceid0;
		break;
	case CPK_PMCEID1:
		*rt = pmu_cluster_desc[p->active].pmceid1;
		break;
	case CPK_PMSWINC:
		software_increment(v);
		break;
	case CPK_PMSELR:
		if (read)
			*rt = pmu_hw_read(PMU_HW_PMSELR);
		else
			pmu_hw_write(PMU_HW_PMSELR, v & 0x1f);
		break;
	case CPK_PMUSERENR:
		if (read)
			*rt = pmu_hw_read(PMU_HW_PMUSERENR);
		else
			pmu_hw_write(PMU_HW_PMUSERENR, v & PMUSERENR_EN);
		break;
	default: {   /* the set/clear pairs and PMOVSR: masked to the 4 + cycle counter */
		static const struct { uint32_t key; enum pmu_hwreg rd, wr; } pairs[] = {
			{ CPK_PMCNTENSET, PMU_HW_PMCNTENSET, PMU_HW_PMCNTENSET },
			{ CPK_PMCNTENCLR, PMU_HW_PMCNTENSET, PMU_HW_PMCNTENCLR },
			{ CPK_PMINTENSET, PMU_HW_PMINTENSET, PMU_HW_PMINTENSET },
			{ CPK_PMINTENCLR, PMU_HW_PMINTENSET, PMU_HW_PMINTENCLR },
			{ CPK_PMOVSR, PMU_HW_PMOVSR, PMU_HW_PMOVSR },
		};
		for (unsigned i = 0; i < sizeof(pairs) / sizeof(pairs[0]); i++) {
			if (pairs[i].key != key)
				continue;
			if (read)
				*rt = pmu_hw_read(pairs[i].rd) & TYPEA_MASK;
			else
				pmu_hw_write(pairs[i].wr, v & TYPEA_MASK);
		}
		break;
	}
	}
	return PMU_TRAP_DONE;
}
