/*
 * Type A: a guest MCR/MRC on the PMU that HDCR.TPM (states 1, 3) or
 * HDCR.TPMCR (state 2, PMCR only) sent to HYP. The access is checked, then
 * performed "as if executed on the hardware" through the view both
 * clusters share - 4 event counters (spec 2.2), the active cluster's
 * IDCODE and PMCEID - and the state becomes 2 (spec 3.1.1: "Transition
 * from State 1 to State 2 is triggered by executing any MRC/MRC
 * instruction accessing any PMU register"; likewise from state 3). An
 * access that UNDEFs changes nothing, the state included.
 *
 * Hot path: one switch; a counter read is the hardware access plus a
 * compare (PMXEVCNTR: the selection check; PMCCNTR: the carry check).
 */
#include "pmu_internal.h"
#include "cpregs.h"

#define TYPEA_MASK  counter_mask(PMU_TYPEA_COUNTERS)   /* 0x8000000F */

/* PL0 (ARM ARM C12.7.2): PMUSERENR is readable, never writable; the
 * interrupt enables are PL1-only; every other register needs
 * PMUSERENR.EN. Registers that do not exist fail later anyway. */
static bool pl0_allowed(uint32_t key, bool read)
{
	if (key == CPK_PMUSERENR)
		return read;
	if (key == CPK_PMINTENSET || key == CPK_PMINTENCLR)
		return false;
	return (pmu_hw_read(PMU_HW_PMUSERENR) & PMUSERENR_EN) != 0;
}

static uint32_t selected(void) { return pmu_hw_read(PMU_HW_PMSELR) & SELR_MASK; }

/* PMXEVTYPER mode filter (ARM ARM C12.8.13, with the Security Extensions
 * both cores implement): the guest is Non-secure, so PL1 counts iff
 * P == NSK and PL0 iff U == NSU. */
#define EVTYPER_P      (1u << 31)
#define EVTYPER_U      (1u << 30)
#define EVTYPER_NSK    (1u << 29)
#define EVTYPER_NSU    (1u << 28)

static bool mode_filtered(uint32_t type, bool pl0)
{
	if (pl0)
		return !(type & EVTYPER_U) != !(type & EVTYPER_NSU);
	return !(type & EVTYPER_P) != !(type & EVTYPER_NSK);
}

/*
 * PMSWINC done by the monitor. A write from HYP would be filtered out
 * (event counters do not count at PL2 while PMXEVTYPER.NSH = 0, which also
 * keeps the monitor's own work out of the guest's counts), so the software
 * increment is performed here: each enabled counter of the Type A view
 * that counts SW_INCR (event 0x00) goes up by one, overflow included -
 * unless its filter excludes the mode the guest wrote PMSWINC from, as the
 * hardware would (the differential stress guest found the emulation
 * counting where the native PMSWINC of state 2 does not).
 */
static void software_increment(uint32_t v, bool pl0)
{
	uint32_t en = pmu_hw_read(PMU_HW_PMCNTENSET) & v;

	if (!(pmu_hw_read(PMU_HW_PMCR) & PMCR_E))
		return;
	for (unsigned i = 0; i < PMU_TYPEA_COUNTERS; i++) {
		uint32_t type;

		if (!(en & (1u << i)))
			continue;
		type = hw_type(i);
		if ((type & EVTYPER_EVENT) != 0x00 || mode_filtered(type, pl0))
			continue;
		uint32_t c = hw_counter(i);

		hw_set_counter(i, c + 1u);
		if (c == UINT32_MAX)            /* the increment wrapped: overflow */
			pmu_hw_write(PMU_HW_PMOVSSET, 1u << i);
	}
}

/* A register of the Type A view: read it masked, or write it masked. */
static void masked(enum pmu_hwreg r, bool read, uint32_t *rt)
{
	if (read)
		*rt = pmu_hw_read(r) & TYPEA_MASK;
	else
		pmu_hw_write(r, *rt & TYPEA_MASK);
}

enum pmu_trap_rc pmu_trap(struct pmu_cpu *p, uint32_t key, bool read, uint32_t *rt, bool pl0)
{
	uint32_t sel;

	if (pl0 && !pl0_allowed(key, read))
		return PMU_TRAP_UNDEF;
	switch (key) {
	case CPK_PMXEVCNTR:     /* counters 4..30 do not exist in this view: RAZ/WI */
		sel = selected();
		if (read)
			*rt = sel < PMU_TYPEA_COUNTERS ? pmu_hw_read(PMU_HW_PMXEVCNTR) : 0;
		else if (sel < PMU_TYPEA_COUNTERS)
			pmu_hw_write(PMU_HW_PMXEVCNTR, *rt);
		break;
	case CPK_PMCCNTR:       /* through the 64-bit view, so Type B stays exact */
		if (read)
			*rt = (uint32_t)ccnt_observe(p);
		else
			ccnt_load(p, *rt);
		break;
	case CPK_PMXEVTYPER:    /* PMSELR = 31: the cycle counter filter */
		sel = selected();
		if (read)
			*rt = sel_has_type(sel, PMU_TYPEA_COUNTERS) ? pmu_hw_read(PMU_HW_PMXEVTYPER) : 0;
		else if (sel_has_type(sel, PMU_TYPEA_COUNTERS))
			pmu_hw_write(PMU_HW_PMXEVTYPER, *rt);
		break;
	case CPK_PMCR:
		if (read)
			*rt = pmcr_view(p->active, pmu_hw_read(PMU_HW_PMCR), PMU_TYPEA_COUNTERS);
		else
			hw_pmcr_write(p, *rt, PMU_TYPEA_COUNTERS);
		break;
	case CPK_PMCNTENSET: masked(PMU_HW_PMCNTENSET, read, rt); break;
	case CPK_PMCNTENCLR: masked(PMU_HW_PMCNTENCLR, read, rt); break;
	case CPK_PMINTENSET: masked(PMU_HW_PMINTENSET, read, rt); break;
	case CPK_PMINTENCLR: masked(PMU_HW_PMINTENCLR, read, rt); break;
	case CPK_PMOVSR:     masked(PMU_HW_PMOVSR, read, rt); break;
	case CPK_PMSELR:
		if (read)
			*rt = pmu_hw_read(PMU_HW_PMSELR) & SELR_MASK;
		else
			pmu_hw_write(PMU_HW_PMSELR, *rt & SELR_MASK);
		break;
	case CPK_PMUSERENR:
		if (read)
			*rt = pmu_hw_read(PMU_HW_PMUSERENR) & PMUSERENR_EN;
		else
			pmu_hw_write(PMU_HW_PMUSERENR, *rt & PMUSERENR_EN);
		break;
	case CPK_PMSWINC:       /* write-only */
		if (read)
			return PMU_TRAP_UNDEF;
		software_increment(*rt & TYPEA_MASK, pl0);
		break;
	case CPK_PMCEID0:       /* read-only; emulated, QEMU's v7 CPUs UNDEF them */
		if (!read)
			return PMU_TRAP_UNDEF;
		*rt = pmu_cluster_desc[p->active].pmceid0;
		break;
	case CPK_PMCEID1:
		if (!read)
			return PMU_TRAP_UNDEF;
		*rt = pmu_cluster_desc[p->active].pmceid1;
		break;
	default:                /* PMOVSSET and the rest of c9: not in our PMUv2 */
		return PMU_TRAP_UNDEF;
	}
	p->state = 2;
	return PMU_TRAP_DONE;
}
