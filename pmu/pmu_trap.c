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
 * The table pmu_trap() (pmu.h) indexes: one read and one write handler per
 * register, each the register's access and nothing else.
 */
#include "pmu_internal.h"
#include "cpregs.h"

#define TYPEA_MASK  counter_mask(PMU_TYPEA_COUNTERS)   /* 0x8000000F */

/* The guest's PMUSERENR: the hardware's (PMUv2: EN only), or on PMUv3,
 * while TPM traps, the value the monitor keeps (pmu_userenr_traps) */
static inline uint32_t guest_userenr(const struct pmu_cpu *p)
{
#if ARCH_PMU_PAIR_V8
	if (p->state != 2)
		return p->userenr;
#endif
	(void)p;
	return pmu_hw_read(PMU_HW_PMUSERENR) & PMUSERENR_MASK;
}

/* PL0 (ARM ARM C12.7.2; AArch64 D13.4.19): PMUSERENR is readable, never
 * writable; the interrupt enables are PL1-only; every other register
 * needs PMUSERENR.EN - or on PMUv3 its own finer enable: SW a PMSWINC
 * write, CR a PMCCNTR read, ER an event counter read and PMSELR. Registers
 * that do not exist fail later anyway. One rule for both back ends. */
static bool pl0_allowed(const struct pmu_cpu *p, uint32_t key, bool read)
{
	if (key == CPK_PMUSERENR)
		return read;
	if (key == CPK_PMINTENSET || key == CPK_PMINTENCLR)
		return false;
	uint32_t u = guest_userenr(p);

	if (u & PMUSERENR_EN)
		return true;
	if (PMUSERENR_MASK == PMUSERENR_EN)
		return false;
	switch (key) {
	case CPK_PMSWINC:
		return !read && (u & PMUSERENR_SW);
	case CPK_PMCCNTR:
		return read && (u & PMUSERENR_CR);
	case CPK_PMXEVCNTR:
		return read && (u & PMUSERENR_ER);
	case CPK_PMSELR:
		return (u & PMUSERENR_ER) != 0;
	default:
		return false;
	}
}

static uint32_t selected(void) { return pmu_hw_read(PMU_HW_PMSELR) & SELR_MASK; }

/* The registers of the view. Set/clear pairs, PMOVSR and the interrupt
 * enables show counters 0-3 and the cycle counter only. */
#define MASKED(reg)                                                            \
	static uint32_t reg##_read(struct pmu_cpu *p)                          \
	{                                                                      \
		(void)p;                                                       \
		return pmu_hw_read(PMU_HW_##reg) & TYPEA_MASK;                 \
	}                                                                      \
	static void reg##_write(struct pmu_cpu *p, uint32_t v)                 \
	{                                                                      \
		(void)p;                                                       \
		pmu_hw_write(PMU_HW_##reg, v & TYPEA_MASK);                    \
	}
MASKED(PMCNTENSET)
MASKED(PMCNTENCLR)
MASKED(PMINTENSET)
MASKED(PMINTENCLR)
MASKED(PMOVSR)
#undef MASKED

/* PMOVSSET (ARMv7 with the Virtualization Extensions, both cores' TRMs;
 * PMUv3's PMOVSSET_EL0): reads the flags PMOVSR reads, a write sets the
 * view's bits - the register the monitor's own restore uses, so one
 * overflow register file, set and clear. */
static uint32_t PMOVSSET_read(struct pmu_cpu *p) { return PMOVSR_read(p); }

static void PMOVSSET_write(struct pmu_cpu *p, uint32_t v)
{
	(void)p;
	pmu_hw_write(PMU_HW_PMOVSSET, v & TYPEA_MASK);
}

/* Counters 4..30 do not exist in this view: RAZ/WI. */
static uint32_t PMXEVCNTR_read(struct pmu_cpu *p)
{
	(void)p;
	return selected() < PMU_TYPEA_COUNTERS ? pmu_hw_read(PMU_HW_PMXEVCNTR) : 0;
}

static void PMXEVCNTR_write(struct pmu_cpu *p, uint32_t v)
{
	(void)p;
	if (selected() < PMU_TYPEA_COUNTERS)
		pmu_hw_write(PMU_HW_PMXEVCNTR, v);
}

/* PMSELR = 31: the cycle counter filter. */
static uint32_t PMXEVTYPER_read(struct pmu_cpu *p)
{
	(void)p;
	return sel_has_type(selected(), PMU_TYPEA_COUNTERS) ? pmu_hw_read(PMU_HW_PMXEVTYPER) : 0;
}

static void PMXEVTYPER_write(struct pmu_cpu *p, uint32_t v)
{
	(void)p;
	if (sel_has_type(selected(), PMU_TYPEA_COUNTERS))
		pmu_hw_write(PMU_HW_PMXEVTYPER, v);
}

/* Through the 64-bit view, so Type B stays exact. */
static uint32_t PMCCNTR_read(struct pmu_cpu *p) { return pmu_ccnt_observe_lo(p); }
static void PMCCNTR_write(struct pmu_cpu *p, uint32_t v) { ccnt_load(p, v); }

static uint32_t PMCR_read(struct pmu_cpu *p)
{
	return pmcr_view(p->active, pmu_hw_read(PMU_HW_PMCR), PMU_TYPEA_COUNTERS);
}

static void PMCR_write(struct pmu_cpu *p, uint32_t v) { hw_pmcr_write(p, v, PMU_TYPEA_COUNTERS); }

static uint32_t PMSELR_read(struct pmu_cpu *p)
{
	(void)p;
	return pmu_hw_read(PMU_HW_PMSELR) & SELR_MASK;
}

static void PMSELR_write(struct pmu_cpu *p, uint32_t v)
{
	(void)p;
	pmu_selr_write(v);
}

static uint32_t PMUSERENR_read(struct pmu_cpu *p) { return guest_userenr(p); }

/* PMUv3: the monitor's copy (only a trapped access writes it: TPM is
 * set), which the hardware gets when the access moves the state to 2 */
static void PMUSERENR_write(struct pmu_cpu *p, uint32_t v)
{
#if ARCH_PMU_PAIR_V8
	p->userenr = v & PMUSERENR_MASK;
#else
	(void)p;
	pmu_hw_write(PMU_HW_PMUSERENR, v & PMUSERENR_MASK);
#endif
}

/* Write-only. */
static void PMSWINC_write(struct pmu_cpu *p, uint32_t v)
{
	(void)p;
	software_increment(v, PMU_TYPEA_COUNTERS, false);   /* from PL1; PL0: pmu_trap_pl0() */
}

/* Read-only; emulated, QEMU's v7 CPUs UNDEF them. */
static uint32_t PMCEID0_read(struct pmu_cpu *p) { return pmu_cluster_desc[p->active].pmceid0; }
static uint32_t PMCEID1_read(struct pmu_cpu *p) { return pmu_cluster_desc[p->active].pmceid1; }

#define RW(reg) [PMU_TYPEA_SLOT(CPK_##reg)] = { reg##_read, reg##_write }
#define RO(reg) [PMU_TYPEA_SLOT(CPK_##reg)] = { reg##_read, 0 }
#define WO(reg) [PMU_TYPEA_SLOT(CPK_##reg)] = { 0, reg##_write }
/* The rest of c9 (c14 4-7, c13 3-7, c15): no register, UNDEF. */
const struct pmu_typea_reg pmu_typea_regs[PMU_TYPEA_SLOTS] = {
	RW(PMCR), RW(PMCNTENSET), RW(PMCNTENCLR), RW(PMOVSR), WO(PMSWINC),
	RW(PMSELR), RO(PMCEID0), RO(PMCEID1), RW(PMCCNTR), RW(PMXEVTYPER),
	RW(PMXEVCNTR), RW(PMUSERENR), RW(PMINTENSET), RW(PMINTENCLR), RW(PMOVSSET),
};
#undef RW
#undef RO
#undef WO

/* A user-mode access (PMUSERENR.EN = 1 in state 1 or 3): allowed as the
 * hardware allows it, then done like a PL1 access - except PMSWINC, whose
 * counters filter on the mode of the write (U/NSU instead of P/NSK). Out
 * of line: rare, and it keeps the mode off the common path. */
enum pmu_trap_rc pmu_trap_pl0(struct pmu_cpu *p, uint32_t key, bool read, uint32_t *rt)
{
	if (!pl0_allowed(p, key, read))
		return PMU_TRAP_UNDEF;
	if (key == CPK_PMSWINC && !read) {
		software_increment(*rt, PMU_TYPEA_COUNTERS, true);
		p->state = 2;
		return PMU_TRAP_DONE;
	}
	return pmu_trap_access(p, key, read, rt);
}

/* PMUv3's AArch64 forms (pmu.h). The access rules are PMCCNTR's and
 * PMXEV*'s, which they are another way to reach. */
enum pmu_trap_rc pmu_trap_ccnt64(struct pmu_cpu *p, bool read, uint64_t *v, bool pl0)
{
	if (pl0 && !pl0_allowed(p, CPK_PMCCNTR, read))
		return PMU_TRAP_UNDEF;
	if (read)
		*v = ccnt_observe(p);
	else
		ccnt_load(p, *v);
	p->state = 2;
	return PMU_TRAP_DONE;
}

/* A counter the view lacks (n >= 4, but PMCCFILTR) is UNDEFINED, as
 * PMEVCNTR<n>_EL0 past PMCR_EL0.N is on the hardware - unlike the PMXEV*
 * forms, whose PMSELR may name one (RAZ/WI above). PMSELR is kept. */
enum pmu_trap_rc pmu_trap_evreg(struct pmu_cpu *p, bool type, unsigned n, bool read,
				uint32_t *rt, bool pl0)
{
	if (type ? !sel_has_type(n, PMU_TYPEA_COUNTERS) : n >= PMU_TYPEA_COUNTERS)
		return PMU_TRAP_UNDEF;
	if (pl0 && !pl0_allowed(p, type ? CPK_PMXEVTYPER : CPK_PMXEVCNTR, read))
		return PMU_TRAP_UNDEF;
	if (read)
		*rt = type ? hw_type(n) : hw_counter(n);
	else if (type)
		hw_set_type(n, *rt);
	else
		hw_set_counter(n, *rt);
	p->state = 2;
	return PMU_TRAP_DONE;
}
