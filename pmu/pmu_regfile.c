/*
 * The hardware PMU as a register file: indexed counter access, save,
 * restore, reset to a core's reset state, and the 64-bit cycle counter of
 * the Type B interface (spec 3.4: "The cycle counter value returned is
 * always a 64 bits value") on top of PMUv2's 32-bit PMCCNTR - or, on a
 * 64-bit physical counter (PMU_HW_CCNT64, AArch64), the hardware's. The
 * active cluster's counters past the physical PMU's (the A15's 4, 5 on a
 * physical Cortex-A7) are registers in p->kept, never counting: every
 * access here to a counter goes to one or the other, never to a counter
 * the hardware lacks (docs/pmu-core.md "Fewer physical counters").
 */
#include "pmu_internal.h"

static void select_counter(uint32_t i) { pmu_hw_write(PMU_HW_PMSELR, i); }

/* Indexed access goes through PMSELR, which belongs to the guest: put it
 * back, so the guest's next PMXEV* access addresses what it selected. */
static inline __attribute__((always_inline)) uint32_t
indexed_read(unsigned i, enum pmu_hwreg r)
{
	uint32_t sel = pmu_hw_read(PMU_HW_PMSELR), v;

	select_counter(i);
	v = pmu_hw_read(r);
	select_counter(sel);
	return v;
}

static inline __attribute__((always_inline)) void
indexed_write(unsigned i, enum pmu_hwreg r, uint32_t v)
{
	uint32_t sel = pmu_hw_read(PMU_HW_PMSELR);

	select_counter(i);
	pmu_hw_write(r, v);
	select_counter(sel);
}

uint32_t hw_counter(unsigned i) { return indexed_read(i, PMU_HW_PMXEVCNTR); }
void hw_set_counter(unsigned i, uint32_t v) { indexed_write(i, PMU_HW_PMXEVCNTR, v); }
uint32_t hw_type(unsigned i) { return indexed_read(i, PMU_HW_PMXEVTYPER); }
void hw_set_type(unsigned i, uint32_t v) { indexed_write(i, PMU_HW_PMXEVTYPER, v); }

static bool in_hw(const struct pmu_cpu *p, unsigned i) { return i < p->hw_counters; }

uint32_t live_counter(const struct pmu_cpu *p, unsigned i)
{
	return in_hw(p, i) ? hw_counter(i) : p->kept.evcntr[i];
}

void live_set_counter(struct pmu_cpu *p, unsigned i, uint32_t v)
{
	if (in_hw(p, i))
		hw_set_counter(i, v);
	else
		p->kept.evcntr[i] = v;
}

uint32_t live_type(const struct pmu_cpu *p, unsigned i)
{
	return in_hw(p, i) || i == PMU_SEL_CCNT ? hw_type(i) : p->kept.evtyper[i];
}

/* A kept type is the whole value written: no reserved bits to drop. */
void live_set_type(struct pmu_cpu *p, unsigned i, uint32_t v)
{
	if (in_hw(p, i) || i == PMU_SEL_CCNT)
		hw_set_type(i, v);
	else
		p->kept.evtyper[i] = v;
}

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
 * increment is performed here: each enabled hardware counter below n that
 * v names and that counts SW_INCR (event 0x00) goes up by one, overflow
 * included - unless its filter excludes the mode the guest wrote PMSWINC
 * from, as the hardware would (the differential stress guest found the
 * emulation counting where the native PMSWINC of state 2 does not). The
 * Type A view passes its 4 counters, HVC_PMU_SWINC (pmu_typeb.c) the
 * active cluster's counters in the hardware: kept ones never count. One
 * PMSELR save and restore around the loop, not one per access (make bench:
 * HVC_PMU_SWINC on 6 counters).
 */
void software_increment(uint32_t v, unsigned n, bool pl0)
{
	uint32_t en = pmu_hw_read(PMU_HW_PMCNTENSET) & v & counter_mask(n) & ~CCNT_BIT;
	uint32_t sel, ovf = 0;

	if (!en || !(pmu_hw_read(PMU_HW_PMCR) & PMCR_E))
		return;
	sel = pmu_hw_read(PMU_HW_PMSELR);
	for (unsigned i = 0; en >> i; i++) {
		uint32_t type, c;

		if (!(en & (1u << i)))
			continue;
		select_counter(i);
		type = pmu_hw_read(PMU_HW_PMXEVTYPER);
		if ((type & EVTYPER_EVENT) != 0x00 || mode_filtered(type, pl0))
			continue;
		c = pmu_hw_read(PMU_HW_PMXEVCNTR);
		pmu_hw_write(PMU_HW_PMXEVCNTR, c + 1u);
		if (c == UINT32_MAX)            /* the increment wrapped: overflow */
			ovf |= 1u << i;
	}
	select_counter(sel);
	if (ovf)
		pmu_hw_write(PMU_HW_PMOVSSET, ovf);
}

/* PMCR.P and .C are actions. The hardware would apply P to all its
 * counters, so the monitor applies them itself to the n counters of the
 * view that wrote them (Type A: 4; Type B: the cluster's, kept ones
 * included): a Type A reset does not wipe A15 counters 4, 5 that only
 * Type B can see, and C resets the 64-bit cycle counter, upper word
 * included. */
void hw_pmcr_write(struct pmu_cpu *p, uint32_t v, unsigned n)
{
	pmu_hw_write(PMU_HW_PMCR, v & PMCR_WRITABLE);
	if (v & PMCR_P)
		for (unsigned i = 0; i < n; i++)
			live_set_counter(p, i, 0);
	if (v & PMCR_C)
		ccnt_load(p, 0);
}

/*
 * The upper word advances when the low word is seen smaller than at the
 * previous observation. Exact as long as the monitor looks at least once
 * per 2^32 counted cycles while the counter runs (docs/pmu-core.md).
 */
uint64_t ccnt_observe(struct pmu_cpu *p)
{
	return pmu_ccnt_observe64(p);
}

/* A 64-bit physical counter takes all of v: a guest's read in state 2,
 * native, sees what a trapped or Type B write put there. */
void ccnt_load(struct pmu_cpu *p, uint64_t v)
{
	if (PMU_HW_CCNT64) {
		pmu_hw_write_ccnt64(v);
		return;
	}
	pmu_hw_write(PMU_HW_PMCCNTR, (uint32_t)v);
	p->ccnt_hi = (uint32_t)(v >> 32);
	p->ccnt_last = (uint32_t)v;
}

/* The kept counters' part of a context: cluster c's counters from
 * backed[c] up, and their bits (regs_save / regs_restore, when c has
 * any). Out of line: on a physical PMU with every counter, never called. */
static void __attribute__((noinline)) kept_save(const struct pmu_cpu *p, struct pmu_regs *r, unsigned c)
{
	r->cnten |= p->kept.cnten;
	r->inten |= p->kept.inten;
	r->ovs |= p->kept.ovs;
	for (unsigned i = p->backed[c]; i < ncounters(c); i++) {
		r->evtyper[i] = p->kept.evtyper[i];
		r->evcntr[i] = p->kept.evcntr[i];
	}
}

static void __attribute__((noinline)) kept_restore(struct pmu_cpu *p, const struct pmu_regs *r, unsigned c)
{
	uint32_t m = p->kept_bits[c];

	p->kept.cnten = r->cnten & m;
	p->kept.inten = r->inten & m;
	p->kept.ovs = r->ovs & m;
	for (unsigned i = p->backed[c]; i < ncounters(c); i++) {
		p->kept.evtyper[i] = r->evtyper[i];
		p->kept.evcntr[i] = r->evcntr[i];
	}
}

/* Counter i's type and value, and back; the reset's poison. Straight-line
 * for the Type A counters 0..3, which every cluster has in the hardware
 * (hw_counters >= 4): a loop over them cost 3 a counter. */
_Static_assert(PMU_TYPEA_COUNTERS == 4, "straight-line Type A counters 0..3");
/* Where each counter has registers of its own (PMU_HW_EV_DIRECT: PMUv3),
 * no select and PMSELR stays the guest's; else PMSELR selects counter i
 * (the filter at 31) for the PMXEV* view (arch/pmu_hw.h). */
_Static_assert(PMU_HW_EV_DIRECT_MAX == 0 || PMU_HW_EV_DIRECT_MAX >= PMU_HW_COUNTERS_MAX,
	       "every counter a cluster has reached directly");
static inline __attribute__((always_inline)) void ev_select(uint32_t i)
{
	if (!PMU_HW_EV_DIRECT)
		select_counter(i);
}

static inline __attribute__((always_inline)) void save_counter(unsigned i, struct pmu_regs *r)
{
	ev_select(i);
	r->evtyper[i] = pmu_hw_ev_read(i, PMU_HW_PMXEVTYPER);
	r->evcntr[i] = pmu_hw_ev_read(i, PMU_HW_PMXEVCNTR);
}

static inline __attribute__((always_inline)) void
restore_counter(unsigned i, const struct pmu_regs *r)
{
	ev_select(i);
	pmu_hw_ev_write(i, PMU_HW_PMXEVTYPER, r->evtyper[i]);
	pmu_hw_ev_write(i, PMU_HW_PMXEVCNTR, r->evcntr[i]);
}

static inline __attribute__((always_inline)) void poison_counter(unsigned i)
{
	ev_select(i);
	pmu_hw_ev_write(i, PMU_HW_PMXEVTYPER, PMU_POISON(i));
	pmu_hw_ev_write(i, PMU_HW_PMXEVCNTR, PMU_POISON(i));
}

/* Everything a context holds, for the counters cluster c has. The entries
 * past them are not written: p->saved[c] keeps the zeros pmu_cpu_init()
 * gave them (pmu.h). */
void regs_save(struct pmu_cpu *p, struct pmu_regs *r, unsigned c)
{
	uint32_t sel = pmu_hw_read(PMU_HW_PMSELR);
	uint32_t m = p->hw_bits[c];
	unsigned n = p->backed[c];

	r->pmcr = pmu_hw_read(PMU_HW_PMCR) & PMCR_WRITABLE;
	r->cnten = pmu_hw_read(PMU_HW_PMCNTENSET) & m;
	r->inten = pmu_hw_read(PMU_HW_PMINTENSET) & m;
	r->ovs = pmu_hw_read(PMU_HW_PMOVSR) & m;
	r->userenr = pmu_hw_read(PMU_HW_PMUSERENR);
	r->selr = sel;
	save_counter(0, r);   /* every cluster has 0..3 in the hardware */
	save_counter(1, r);
	save_counter(2, r);
	save_counter(3, r);
	for (unsigned i = PMU_TYPEA_COUNTERS; i < n; i++)
		save_counter(i, r);
	ev_select(PMU_SEL_CCNT);
	r->ccfiltr = pmu_hw_ccfiltr_read();
	ev_select(sel);
	r->ccnt = ccnt_observe(p);
	if (p->kept_bits[c])
		kept_save(p, r, c);
}

/*
 * The inverse of regs_save(): the controls, the cycle counter and the
 * Type A counters 0..3 (and their bits) from r; the cluster's counters
 * past them (A15 4, 5: Type B only, in the hardware or kept) and their
 * bits from own. State 2 migrates r and keeps the inbound cluster's own
 * (pmu_switch.c); state 3 passes its context twice. Two sources instead
 * of a merged copy: the 88-byte struct copy cost about 100 per switch.
 * Enables go in last among the
 * counters' registers so nothing counts a half-restored value; PMSELR
 * last of all because the selects above use it.
 */
void regs_restore(struct pmu_cpu *p, const struct pmu_regs *r, const struct pmu_regs *own, unsigned c)
{
	const uint32_t vis = counter_mask(PMU_TYPEA_COUNTERS);
	uint32_t m = p->hw_bits[c];
	unsigned n = p->backed[c];
	uint32_t ovs = ((r->ovs & vis) | (own->ovs & ~vis)) & m;
	uint32_t inten = ((r->inten & vis) | (own->inten & ~vis)) & m;
	uint32_t cnten = ((r->cnten & vis) | (own->cnten & ~vis)) & m;

	pmu_hw_write(PMU_HW_PMCR, r->pmcr & PMCR_WRITABLE);
	restore_counter(0, r);
	restore_counter(1, r);
	restore_counter(2, r);
	restore_counter(3, r);
	for (unsigned i = PMU_TYPEA_COUNTERS; i < n; i++)
		restore_counter(i, own);
	ev_select(PMU_SEL_CCNT);
	pmu_hw_ccfiltr_write(r->ccfiltr);
	ccnt_load(p, r->ccnt);
	pmu_hw_write(PMU_HW_PMOVSR, ~ovs & m);      /* write-1-to-clear ... */
	pmu_hw_write(PMU_HW_PMOVSSET, ovs);         /* ... and set (v7 + VE) */
	pmu_hw_write(PMU_HW_PMINTENCLR, ~inten & m);
	pmu_hw_write(PMU_HW_PMINTENSET, inten);
	pmu_hw_write(PMU_HW_PMUSERENR, r->userenr & PMUSERENR_MASK);   /* PMUv3: EN, SW, CR, ER */
	pmu_hw_write(PMU_HW_PMCNTENCLR, ~cnten & m);
	pmu_hw_write(PMU_HW_PMCNTENSET, cnten);
	select_counter(r->selr & SELR_MASK);
	if (p->kept_bits[c])
		kept_restore(p, own, c);
}

/* The inbound cluster's kept counters come out of reset like the
 * hardware's: nothing enabled, no overflow, poison in the UNKNOWN-at-reset
 * values; every other entry 0 (pmu.h), so the outbound's (still
 * p->active) are cleared - the only others that can be set. */
static void __attribute__((noinline)) kept_reset(struct pmu_cpu *p, unsigned inbound)
{
	struct pmu_kept *k = &p->kept;
	unsigned out = p->active;

	if (inbound >= PMU_NCLUSTERS)   /* as pmu_switch_in(): never index with it */
		inbound = out;
	k->cnten = k->inten = k->ovs = 0;
	for (unsigned i = p->backed[out]; i < ncounters(out); i++)
		k->evtyper[i] = k->evcntr[i] = 0;
	for (unsigned i = p->backed[inbound]; i < ncounters(inbound); i++)
		k->evtyper[i] = k->evcntr[i] = PMU_POISON(i);
}

/*
 * The inbound core as it leaves reset (ARM ARM C12.8): counting off, no
 * enables, no overflow, PMUSERENR 0, PMSELR 0. Registers whose reset value
 * is UNKNOWN get poison, so a context that is not restored shows up in a
 * test instead of passing by accident. PMCCFILTR is the exception: it
 * resets to 0 (count at PL0 and PL1, as QEMU resets it) because guests
 * commonly enable the cycle counter without writing its filter. Only the
 * counters the physical PMU has are touched; kept ones reset in memory.
 */
void pmu_hw_reset(struct pmu_cpu *p, unsigned inbound)
{
	/* both cores' hardware resets the same way; N/IDCODE are emulated */
	pmu_hw_write(PMU_HW_PMCR, 0);
	pmu_hw_write(PMU_HW_PMCNTENCLR, ~0u);
	pmu_hw_write(PMU_HW_PMINTENCLR, ~0u);
	pmu_hw_write(PMU_HW_PMOVSR, ~0u);
	pmu_hw_write(PMU_HW_PMUSERENR, 0);
	poison_counter(0);
	poison_counter(1);
	poison_counter(2);
	poison_counter(3);
	for (unsigned i = PMU_TYPEA_COUNTERS; i < p->hw_counters; i++)
		poison_counter(i);
	ev_select(PMU_SEL_CCNT);
	pmu_hw_ccfiltr_write(0);
	pmu_hw_write(PMU_HW_PMCCNTR, PMU_POISON(PMU_SEL_CCNT));
	select_counter(0);
	if (p->hw_counters < PMU_HW_COUNTERS_MAX)
		kept_reset(p, inbound);
}

/* Counters of the physical PMU the inbound cluster does not have (the
 * A15's 4, 5 when the A7 comes in on a 6-counter PMU): the restore does
 * not reach them, so they reset here as in pmu_hw_reset(). */
static void __attribute__((noinline)) reset_unbacked(struct pmu_cpu *p, unsigned inbound)
{
	uint32_t gone = counter_mask(p->hw_counters) & ~p->hw_bits[inbound];

	pmu_hw_write(PMU_HW_PMINTENCLR, gone);
	pmu_hw_write(PMU_HW_PMOVSR, gone);
	for (unsigned i = p->backed[inbound]; i < p->hw_counters; i++)
		poison_counter(i);
}

/*
 * The reset phase when pmu_switch_in() follows at once on the same core
 * in state 2 or 3 (an in-place switch, pmu_hw_reset_unrestored() in
 * pmu.h): the restore (regs_restore) writes every register pmu_hw_reset()
 * writes for the inbound cluster's counters - PMCR, their types and
 * values, PMCCFILTR, PMCCNTR, the set/clear pairs, PMUSERENR, PMSELR -
 * before anything can look, so those reset values could never be seen
 * (and cost about 70 per switch). Still reset: every enable (so nothing
 * counts a half-restored value, as after a reset), the physical counters
 * the inbound cluster lacks, and the kept ones. A migration's outbound
 * core, which parks, always resets in full (hyp/switch/migrate.c).
 */
void pmu_hw_reset_restored(struct pmu_cpu *p, unsigned inbound)
{
	if (inbound >= PMU_NCLUSTERS) {   /* as pmu_switch_in(): never index with it */
		pmu_hw_reset(p, inbound);
		return;
	}
	pmu_hw_write(PMU_HW_PMCNTENCLR, ~0u);
	if (p->backed[inbound] < p->hw_counters)
		reset_unbacked(p, inbound);
	if (p->hw_counters < PMU_HW_COUNTERS_MAX)
		kept_reset(p, inbound);
}
