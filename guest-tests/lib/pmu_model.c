/*
 * Reference model of the guest-visible PMU of both clusters (pmu_model.h).
 * Each rule cites the document it comes from; "QEMU:" marks what the
 * documents record about the emulated hardware the guest runs on natively
 * in state 2 (docs/states.md "QEMU 7.2 limits", /work PLATFORM facts).
 */
#include <string.h>
#include "pmu_guest.h"
#include "pmu_model.h"

#define PMCR_KEEP     0x39u          /* E, D, X, DP: what a PMCR write keeps */
#define PMCR_ARM      0x41000000u    /* IMP = ARM */
#define POISON(i)     (0xDEAD0000u | (uint32_t)(i))   /* docs/pmu-core.md "Reset" */
#define SEL_MASK      0x1fu
#define TYPE_P        (1u << 31)     /* PMXEVTYPER: do not count at PL1 ... */
#define TYPE_NSK      (1u << 29)     /* ... unless NSK says otherwise in Non-secure */
/* QEMU keeps the filter bits of a PMCCFILTR write (P, U, NSK, NSU, NSH, M). */
#define CCFILTR_KEEP  0xfc000000u

unsigned model_counters(unsigned c) { return c == A15_CLUSTER ? 6 : 4; }
static uint32_t mask_n(unsigned n) { return ((1u << n) - 1u) | CCNT_BIT; }
static uint32_t idcode(unsigned c) { return c == A15_CLUSTER ? IDCODE_A15 : IDCODE_A7; }
static uint32_t pmcr_view(uint32_t id, unsigned n, uint32_t bits)
{
	return PMCR_ARM | id << 16 | (uint32_t)n << 11 | (bits & PMCR_KEEP);
}
static struct want exact(uint32_t v) { return (struct want){ v, ~0u }; }
static struct want maybe(uint32_t v, bool unknown) { return (struct want){ v, unknown ? 0u : ~0u }; }
static bool bit_set(uint32_t mask, unsigned i) { return (mask >> i) & 1u; }

/* ---- one register file ------------------------------------------------ */

static void set_counter(struct model_regs *r, unsigned i, uint32_t v)
{
	r->evcntr[i] = v;
	r->cnt_unk &= ~(1u << i);
}

static void set_type(struct model_regs *r, unsigned i, uint32_t v)
{
	if (i == MODEL_SEL_CCNT) {
		r->ccfiltr = v & CCFILTR_KEEP;
		return;
	}
	r->evtyper[i] = v;
	r->type_unk &= ~(1u << i);
}

static void set_ccnt(struct model_regs *r, uint64_t v)
{
	r->ccnt = v;
	r->ccnt_unk = r->ccnt_hi_unk = false;
}

static void clear_ovs(struct model_regs *r, uint32_t bits)
{
	r->ovs &= ~bits;
	r->ovs_unk &= ~bits;
}

/* The inbound core out of reset (docs/switch.md step 2, docs/pmu-core.md
 * "Reset"): counting off, nothing enabled, PMSELR 0, PMCCFILTR 0; counters
 * and PMCCNTR hold poison, upper word 0. Event types get poison too, but
 * the hardware keeps only the bits it implements of what is written, so
 * what they read is not a documented value: unknown - except in the
 * counters the monitor keeps, which hold it whole. */
static void hw_reset(const struct pmu_model *m, struct model_regs *r)
{
	memset(r, 0, sizeof(*r));
	for (unsigned i = 0; i < MODEL_HW_COUNTERS; i++)
		r->evcntr[i] = r->evtyper[i] = POISON(i);
	r->type_unk = (1u << m->phys) - 1u;
	r->ccnt = POISON(MODEL_SEL_CCNT);
}

/* docs/switch.md step 1: everything a context holds, for the counters the
 * outbound cluster has (bits of others read as 0). */
static void snapshot(struct model_regs *s, const struct model_regs *h, unsigned n)
{
	uint32_t mk = mask_n(n), cm = (1u << n) - 1u;

	memset(s, 0, sizeof(*s));
	s->pmcr = h->pmcr;
	s->cnten = h->cnten & mk;
	s->inten = h->inten & mk;
	s->ovs = h->ovs & mk;
	s->ovs_unk = h->ovs_unk & mk;
	s->selr = h->selr;
	s->userenr = h->userenr;
	s->ccfiltr = h->ccfiltr;
	for (unsigned i = 0; i < n; i++) {
		s->evtyper[i] = h->evtyper[i];
		s->evcntr[i] = h->evcntr[i];
	}
	s->type_unk = h->type_unk & cm;
	s->cnt_unk = h->cnt_unk & cm;
	s->ccnt = h->ccnt;
	s->ccnt_unk = h->ccnt_unk;
	s->ccnt_hi_unk = h->ccnt_hi_unk;
}

/* A context written onto hardware at reset, for the n counters the inbound
 * cluster has; the rest stays at reset. */
static void restore(struct model_regs *h, const struct model_regs *s, unsigned n)
{
	uint32_t mk = mask_n(n), cm = (1u << n) - 1u;

	h->pmcr = s->pmcr & PMCR_KEEP;
	for (unsigned i = 0; i < n; i++) {
		h->evtyper[i] = s->evtyper[i];
		h->evcntr[i] = s->evcntr[i];
	}
	h->type_unk = (h->type_unk & ~cm) | (s->type_unk & cm);
	h->cnt_unk = (h->cnt_unk & ~cm) | (s->cnt_unk & cm);
	h->ccfiltr = s->ccfiltr;
	h->ccnt = s->ccnt;
	h->ccnt_unk = s->ccnt_unk;
	h->ccnt_hi_unk = s->ccnt_hi_unk;
	h->ovs = s->ovs & mk;
	h->ovs_unk = s->ovs_unk & mk;
	h->inten = s->inten & mk;
	h->userenr = s->userenr & 1u;
	h->cnten = s->cnten & mk;
	h->selr = s->selr & SEL_MASK;
}

/* Counters 4, 5 and their bits (A15 only, reachable by Type B only) are a
 * cluster's own: state 2 does not migrate them (docs/pmu-core.md). */
static void copy_own_counters(struct model_regs *dst, const struct model_regs *src)
{
	const uint32_t own = ((1u << MODEL_HW_COUNTERS) - 1u) & ~((1u << MODEL_TYPEA_N) - 1u);

	for (unsigned i = MODEL_TYPEA_N; i < MODEL_HW_COUNTERS; i++) {
		dst->evtyper[i] = src->evtyper[i];
		dst->evcntr[i] = src->evcntr[i];
	}
	dst->type_unk = (dst->type_unk & ~own) | (src->type_unk & own);
	dst->cnt_unk = (dst->cnt_unk & ~own) | (src->cnt_unk & own);
	dst->cnten = (dst->cnten & ~own) | (src->cnten & own);
	dst->inten = (dst->inten & ~own) | (src->inten & own);
	dst->ovs = (dst->ovs & ~own) | (src->ovs & own);
	dst->ovs_unk = (dst->ovs_unk & ~own) | (src->ovs_unk & own);
}

/* ---- counting ----------------------------------------------------------- */

/* Under QEMU only SW_INCR, instructions (0x08) and cycles (0x11) count
 * (docs/states.md): a type the stress guest writes either counts software
 * increments or nothing, except those two. */
static bool counts_by_itself(uint32_t type)
{
	uint32_t ev = type & 0xffu;

	return ev == 0x08 || ev == 0x11 || (type & 0x00ffff00u) != 0;
}

void model_tick(struct pmu_model *m)
{
	struct model_regs *h = &m->hw;
	/* state 2: HDCR.HPMN = 4 and HPME = 0 freeze counters 4, 5; counters
	 * the monitor keeps never count */
	unsigned live = m->state == 2 ? MODEL_TYPEA_N : m->phys;

	if (!(h->pmcr & PMCR_E))
		return;
	for (unsigned i = 0; i < live; i++) {
		if (!bit_set(h->cnten, i))
			continue;
		if (bit_set(h->type_unk, i) || counts_by_itself(h->evtyper[i])) {
			h->cnt_unk |= 1u << i;
			h->ovs_unk |= 1u << i;
		}
	}
	if (h->cnten & CCNT_BIT) {
		h->ccnt_unk = h->ccnt_hi_unk = true;
		h->ovs_unk |= CCNT_BIT;
	}
}

/* PMSWINC at PL1 (ARM ARM C12.8.10 with the PMXEVTYPER filter of C12.8.13):
 * each enabled counter 0..3 with PMCR.E whose event is SW_INCR and whose
 * filter lets PL1 count goes up by one; a wrap sets its overflow flag.
 * The filter for a Non-secure guest on cores with the Security Extensions
 * (A15, A7): P == NSK - what the monitor's emulation applies. QEMU: its
 * CPU has no EL3, so natively NSK does not matter and P alone filters
 * (measured). Counters 4, 5 are outside the Type A view (spec 2.2) and,
 * natively, reserved by HDCR.HPMN. */
static void software_increment(struct pmu_model *m, uint32_t v, bool native)
{
	struct model_regs *h = &m->hw;

	if (!(h->pmcr & PMCR_E))
		return;
	for (unsigned i = 0; i < MODEL_TYPEA_N; i++) {
		uint32_t bit = 1u << i, t = h->evtyper[i];

		if (!(v & bit) || !(h->cnten & bit) || (h->type_unk & bit) || (t & 0xffu) != 0x00)
			continue;
		if (((t & TYPE_P) != 0) != (!native && (t & TYPE_NSK) != 0))
			continue;                       /* filtered at PL1 */
		if (h->cnt_unk & bit) {
			h->ovs_unk |= bit;
			continue;
		}
		if (h->evcntr[i] == UINT32_MAX) {
			h->ovs |= bit;
			m->wraps++;
		}
		h->evcntr[i]++;
		m->increments++;
	}
}

/* ---- init, states --------------------------------------------------------- */

void model_init(struct pmu_model *m, unsigned boot_cluster, unsigned phys)
{
	memset(m, 0, sizeof(*m));
	m->phys = phys == MODEL_TYPEA_N ? MODEL_TYPEA_N : MODEL_HW_COUNTERS;
	m->phys_idcode = phys == MODEL_TYPEA_N ? IDCODE_A7 : IDCODE_A15;
	m->state = 1;                        /* spec 3.1: "The system boots in State 1" */
	m->active = boot_cluster;
	m->ever[boot_cluster] = true;
	hw_reset(m, &m->hw);                 /* docs/pmu-core.md: boot core at reset */
}

int32_t model_pmu_switch(struct pmu_model *m, uint32_t arg)
{
	if (arg > 1)                         /* docs/abi.md Table 3 */
		return BL_HVC_INVALID_PARAMETER;
	if (!arg && m->state == 3)           /* docs/abi.md "Leaving state 3" */
		m->queue[0].n = m->queue[1].n = 0;
	m->state = arg ? 3 : 1;
	return BL_HVC_SUCCESS;
}

/* ---- the active cluster: Type B semantics on the hardware ----------------- */

static void hw_apply(struct pmu_model *m, const struct model_write *w)
{
	struct model_regs *h = &m->hw;
	unsigned n = model_counters(m->active);
	uint32_t mk = mask_n(n), v = w->v;

	switch (w->kind) {
	case W_TYPE:   set_type(h, w->idx, v); return;
	case W_COUNT:  set_counter(h, w->idx, v); return;
	case W_CCNT:   set_ccnt(h, w->v64); return;
	case W_PMCR_E: h->pmcr |= PMCR_E; return;                 /* SYNC CONF */
	case W_OVSSET: h->ovs |= v & mk; h->ovs_unk &= ~(v & mk); return;
	default: break;
	}
	switch (w->idx) {
	case TBI_PMCR:          /* docs/abi.md: P and C act on that cluster's counters */
		h->pmcr = v & PMCR_KEEP;
		if (v & PMCR_P)
			for (unsigned i = 0; i < n; i++)
				set_counter(h, i, 0);
		if (v & PMCR_C)
			set_ccnt(h, 0);
		break;
	case TBI_PMSELR:     h->selr = v; break;   /* validated: < n or 31 */
	case TBI_PMXEVTYPER:
		if (h->selr < n || h->selr == MODEL_SEL_CCNT)
			set_type(h, h->selr, v);
		break;
	case TBI_PMXEVCNTR:  /* RAZ/WI past the cluster's counters (and for 31) */
		if (h->selr < n)
			set_counter(h, h->selr, v);
		break;
	case TBI_PMCNTENSET: h->cnten |= v & mk; break;
	case TBI_PMCNTENCLR: h->cnten &= ~(v & mk); break;
	case TBI_PMINTENSET: h->inten |= v & mk; break;
	case TBI_PMINTENCLR: h->inten &= ~(v & mk); break;
	case TBI_PMOVSR:     clear_ovs(h, v & mk); break;
	default: break;
	}
}

/* ---- per-cluster access: active = hardware, inactive = snapshot + queue --- */

static const struct model_regs *view(const struct pmu_model *m, unsigned c)
{
	static const struct model_regs never;   /* spec: "or zero (... never enabled)" */

	if (c == m->active)
		return &m->hw;
	return m->ever[c] ? &m->saved[c] : &never;
}

/* docs/abi.md: an inactive cluster's reads use the queued PMSELR if any. */
static uint32_t selection(const struct pmu_model *m, unsigned c)
{
	if (c != m->active)
		for (unsigned k = m->queue[c].n; k-- > 0;)
			if (m->queue[c].w[k].kind == W_TB && m->queue[c].w[k].idx == TBI_PMSELR)
				return m->queue[c].w[k].v;
	return view(m, c)->selr;
}

static struct want cluster_read(const struct pmu_model *m, unsigned c, unsigned reg)
{
	const struct model_regs *s = view(m, c);
	unsigned n = model_counters(c);
	uint32_t mk = mask_n(n), sel = selection(m, c);
	struct want w = exact(0);

	switch (reg) {
	case TBI_PMCR:   /* never active: 0, not an identity (docs/abi.md) */
		if (c == m->active || m->ever[c])
			w = exact(pmcr_view(idcode(c), n, s->pmcr));
		break;
	case TBI_PMSELR: w = exact(sel); break;
	case TBI_PMXEVTYPER:
		if (sel < n)
			w = maybe(s->evtyper[sel], bit_set(s->type_unk, sel));
		else if (sel == MODEL_SEL_CCNT)
			w = exact(s->ccfiltr);
		break;
	case TBI_PMXEVCNTR:
		if (sel < n)
			w = maybe(s->evcntr[sel], bit_set(s->cnt_unk, sel));
		break;
	case TBI_PMCNTENSET:
	case TBI_PMCNTENCLR: w = exact(s->cnten & mk); break;
	case TBI_PMINTENSET:
	case TBI_PMINTENCLR: w = exact(s->inten & mk); break;
	case TBI_PMOVSR:     w = (struct want){ s->ovs & mk, ~s->ovs_unk }; break;
	default: break;
	}
	if (c != m->active && m->stale)
		w.care = 0;
	return w;
}

/* docs/abi.md: writes to the inactive cluster are applied at its next
 * switch-in, in order, with each register's semantics. */
static void cluster_write(struct pmu_model *m, unsigned c, struct model_write w)
{
	if (c == m->active) {
		hw_apply(m, &w);
		return;
	}
	if (m->queue[c].n < MODEL_QUEUE)
		m->queue[c].w[m->queue[c].n++] = w;
	else
		m->overflowed = true;   /* the stress guest checks room first */
}

bool model_queue_room(const struct pmu_model *m, unsigned n)
{
	return m->queue[m->active ^ 1u].n + n <= MODEL_QUEUE;
}

unsigned model_queued(const struct pmu_model *m, unsigned cluster) { return m->queue[cluster].n; }

struct typeb_want model_typeb(struct pmu_model *m, uint32_t fid, uint32_t cluster, uint32_t a2,
			      uint32_t a3)
{
	struct typeb_want w = { exact(0), { 0, 0 }, exact(0) };
	unsigned reg = (fid - HVC_PMCR_READ) / 2;
	bool write = (fid - HVC_PMCR_READ) & 1u;

	if (cluster > A7_CLUSTER) {   /* nothing changes; r0 = -3 (write) / 0 (read), r3 = -3 */
		w.r0 = exact(write ? (uint32_t)BL_HVC_INVALID_PARAMETER : 0);
		w.r3 = exact((uint32_t)BL_HVC_INVALID_PARAMETER);
		return w;
	}
	unsigned n = model_counters(cluster);

	if (reg == TBI_PMCCNTR) {     /* 64-bit: read r0 low, r1 high; write r2 low, r3 high */
		if (write) {
			cluster_write(m, cluster, (struct model_write){ W_CCNT, 0, 0, (uint64_t)a3 << 32 | a2 });
		} else {
			const struct model_regs *s = view(m, cluster);
			bool stale = cluster != m->active && m->stale;

			w.r0 = maybe((uint32_t)s->ccnt, s->ccnt_unk || stale);
			w.r1 = maybe((uint32_t)(s->ccnt >> 32), s->ccnt_unk || s->ccnt_hi_unk || stale);
		}
		return w;
	}
	if (!write) {
		w.r0 = cluster_read(m, cluster, reg);
		return w;
	}
	if (reg == TBI_PMSELR && !(a2 < n || a2 == MODEL_SEL_CCNT)) {
		w.r0 = w.r3 = exact((uint32_t)BL_HVC_INVALID_PARAMETER);
		return w;
	}
	cluster_write(m, cluster, (struct model_write){ W_TB, (uint8_t)reg, a2, 0 });
	return w;
}

/* ---- Type A ---------------------------------------------------------------- */

bool model_native_defined(const struct pmu_model *m, enum ta_reg r)
{
	if (m->state != 2)
		return true;
	/* PMSELR 4, 5 name counters HDCR.HPMN reserves: UNPREDICTABLE at PL1 */
	if ((r == TA_PMXEVTYPER || r == TA_PMXEVCNTR) && (m->hw.selr == 4 || m->hw.selr == 5))
		return false;
	return true;
}

bool model_typea(struct pmu_model *m, enum ta_reg r, bool read, uint32_t v, struct want *out)
{
	struct model_regs *h = &m->hw;
	bool native = m->state == 2;
	/* docs/states.md: trapped, the set/clear/overflow registers show bits
	 * 0-3 and 31. QEMU: natively it shows every physical counter's bit
	 * (it does not apply HPMN to them); kept counters are not there. */
	uint32_t vis = native ? mask_n(m->phys) : mask_n(MODEL_TYPEA_N);
	uint32_t sel = h->selr & SEL_MASK;

	/* ... bits 4, 5 of whichever core is live, when switches fall at
	 * instants the model does not know */
	uint32_t bits_known = ~0u;

	if (m->auto_on && native)
		bits_known = ~(vis & ~mask_n(MODEL_TYPEA_N));

	*out = exact(0);
	if (r == TA_PMSWINC && read)
		return false;   /* docs/states.md: UNDEF, no state change */
	switch (r) {
	case TA_PMCR:
		if (read) {
			/* QEMU ignores HDCR.TPMCR for AArch32 (docs/states.md):
			 * natively the physical core's IDCODE, N = HPMN = 4 */
			*out = exact(pmcr_view(native ? m->phys_idcode : idcode(m->active), MODEL_TYPEA_N, h->pmcr));
			break;
		}
		h->pmcr = v & PMCR_KEEP;
		if (v & PMCR_P)   /* trapped: the view's counters; QEMU natively: every physical one */
			for (unsigned i = 0; i < (native ? m->phys : MODEL_TYPEA_N); i++)
				set_counter(h, i, 0);
		if (v & PMCR_C) {
			set_ccnt(h, 0);
			h->ccnt_hi_unk = native;   /* unseen by the monitor: upper word not reset */
		}
		break;
	case TA_PMCNTENSET:
	case TA_PMCNTENCLR:
		if (read)
			*out = (struct want){ h->cnten & vis, bits_known };
		else if (r == TA_PMCNTENSET)
			h->cnten |= v & vis;
		else
			h->cnten &= ~(v & vis);
		break;
	case TA_PMINTENSET:
	case TA_PMINTENCLR:
		if (read)
			*out = (struct want){ h->inten & vis, bits_known };
		else if (r == TA_PMINTENSET)
			h->inten |= v & vis;
		else
			h->inten &= ~(v & vis);
		break;
	case TA_PMOVSR:
		if (read)
			*out = (struct want){ h->ovs & vis, ~h->ovs_unk & bits_known };
		else
			clear_ovs(h, v & vis);
		break;
	case TA_PMOVSSET:   /* the flags PMOVSR reads; a write sets the view's bits */
		if (read) {
			*out = (struct want){ h->ovs & vis, ~h->ovs_unk & bits_known };
		} else {
			h->ovs |= v & vis;
			h->ovs_unk &= ~(v & vis);
		}
		break;
	case TA_PMSWINC:
		software_increment(m, v, native);
		break;
	case TA_PMSELR:
		if (read)
			*out = exact(sel);
		else
			h->selr = v & SEL_MASK;
		break;
	case TA_PMCCNTR:
		if (read) {
			*out = maybe((uint32_t)h->ccnt, h->ccnt_unk);
		} else {
			/* trapped: the whole 64-bit counter, upper word 0
			 * (docs/states.md); native: the low word only, and the
			 * monitor cannot tell it from a wrap (docs/pmu-core.md) */
			set_ccnt(h, native ? (h->ccnt & ~0xffffffffull) | v : v);
			h->ccnt_hi_unk = native;
		}
		break;
	case TA_PMXEVTYPER:   /* 4-30 RAZ/WI, 31 = PMCCFILTR (docs/states.md) */
		if (read && sel < MODEL_TYPEA_N)
			*out = maybe(h->evtyper[sel], bit_set(h->type_unk, sel));
		else if (read && sel == MODEL_SEL_CCNT)
			*out = exact(h->ccfiltr);
		else if (!read && (sel < MODEL_TYPEA_N || sel == MODEL_SEL_CCNT))
			set_type(h, sel, v);
		break;
	case TA_PMXEVCNTR:    /* 4-31 RAZ/WI */
		if (read && sel < MODEL_TYPEA_N)
			*out = maybe(h->evcntr[sel], bit_set(h->cnt_unk, sel));
		else if (!read && sel < MODEL_TYPEA_N)
			set_counter(h, sel, v);
		break;
	case TA_PMUSERENR:
		if (read)
			*out = exact(h->userenr & 1u);
		else
			h->userenr = v & 1u;
		break;
	default:
		return false;
	}
	/* spec 3.1.1: any PMU MCR/MRC moves 1 -> 2 and 3 -> 2 */
	m->state = 2;
	return true;
}

/* ---- cluster switch (docs/switch.md, docs/states.md) ---------------------- */

int32_t model_cluster_switch(struct pmu_model *m, uint32_t target)
{
	if (target > A7_CLUSTER)
		return BL_HVC_INVALID_PARAMETER;
	if (target == m->active)
		return (int32_t)target;

	unsigned out = m->active, in = target;
	struct model_regs ctx;

	snapshot(&m->saved[out], &m->hw, model_counters(out));   /* every state */
	hw_reset(m, &m->hw);
	m->active = in;
	switch (m->state) {
	case 1:   /* no restore: the inbound core stays at reset */
		break;
	case 2:   /* the one context migrates raw; counters 4, 5 are the inbound's own */
		ctx = m->saved[out];
		copy_own_counters(&ctx, &m->saved[in]);
		restore(&m->hw, &ctx, model_counters(in));
		break;
	default:  /* 3: the inbound's own context, zeros if never active */
		restore(&m->hw, &m->saved[in], model_counters(in));
		break;
	}
	m->ever[in] = true;
	m->stale = false;
	for (unsigned k = 0; k < m->queue[in].n; k++)   /* deferred writes, in order */
		hw_apply(m, &m->queue[in].w[k]);
	m->queue[in].n = 0;
	return (int32_t)target;
}

/* ---- SYNC (spec 3.5, docs/abi.md) ------------------------------------------ */

static bool entry_valid(const struct counter_ *e)
{
	if (e->cluster_id > A7_CLUSTER)
		return false;
	if (e->request_code < PMU_DISABLE_COUNTER || e->request_code > PMU_READ_RESET_COUNTER)
		return false;
	if (e->selected_counter == PMU_OVERFLOW_FLAG)
		return e->request_code == PMU_READ_COUNTER || e->request_code == PMU_READ_RESET_COUNTER;
	return e->selected_counter == PMU_CYCLE_COUNTER ||
	       (e->selected_counter >= PMU_EVENT_COUNTER_0 &&
		e->selected_counter - PMU_EVENT_COUNTER_0 < model_counters(e->cluster_id));
}

static void sync_entry(struct pmu_model *m, struct counter_ *e, struct counter_ *care)
{
	unsigned c = e->cluster_id;
	uint32_t req = e->request_code, mk = mask_n(model_counters(c));
	bool reset = req == PMU_CONF_RESET_COUNTER || req == PMU_READ_RESET_COUNTER;

	if (e->selected_counter == PMU_OVERFLOW_FLAG) {   /* counter_value = PMOVSR */
		struct want w = cluster_read(m, c, TBI_PMOVSR);

		e->event_type = 0;
		e->counter_value = w.v;
		care->counter_value = w.care;
		if (req == PMU_READ_RESET_COUNTER) {      /* PMOVSR = reset_value */
			cluster_write(m, c, (struct model_write){ W_TB, TBI_PMOVSR, ~e->reset_value & mk, 0 });
			cluster_write(m, c, (struct model_write){ W_OVSSET, 0, e->reset_value & mk, 0 });
		}
		return;
	}

	bool cycle = e->selected_counter == PMU_CYCLE_COUNTER;
	unsigned i = cycle ? MODEL_SEL_CCNT : e->selected_counter - PMU_EVENT_COUNTER_0;
	uint32_t bit = cycle ? CCNT_BIT : 1u << i;
	const struct model_regs *s = view(m, c);
	bool stale = c != m->active && m->stale;

	switch (req) {
	case PMU_DISABLE_COUNTER:
		cluster_write(m, c, (struct model_write){ W_TB, TBI_PMCNTENCLR, bit, 0 });
		return;
	case PMU_CONF_COUNTER:
	case PMU_CONF_RESET_COUNTER:   /* type (event counters), enable, PMCR.E */
		if (!cycle)
			cluster_write(m, c, (struct model_write){ W_TYPE, (uint8_t)i, e->event_type, 0 });
		cluster_write(m, c, (struct model_write){ W_TB, TBI_PMCNTENSET, bit, 0 });
		cluster_write(m, c, (struct model_write){ W_PMCR_E, 0, 0, 0 });
		break;
	default:                       /* READ, READ_RESET */
		if (cycle) {
			e->event_type = 0x11;
			e->counter_value = (uint32_t)s->ccnt;
			care->counter_value = s->ccnt_unk || stale ? 0 : ~0u;
		} else {
			e->event_type = s->evtyper[i];
			e->counter_value = s->evcntr[i];
			care->event_type = bit_set(s->type_unk, i) || stale ? 0 : ~0u;
			care->counter_value = bit_set(s->cnt_unk, i) || stale ? 0 : ~0u;
		}
		break;
	}
	if (reset) {
		if (cycle)
			cluster_write(m, c, (struct model_write){ W_CCNT, 0, 0, e->reset_value });
		else
			cluster_write(m, c, (struct model_write){ W_COUNT, (uint8_t)i, e->reset_value, 0 });
	}
}

int32_t model_sync(struct pmu_model *m, const struct descriptor *in, unsigned nelems,
		   struct descriptor *want, struct descriptor *care)
{
	const unsigned max_entries = (1 + 2 * 2 + 6 + 4) - 1;   /* docs/abi.md: 14 */

	memcpy(want, in, nelems * sizeof(*in));
	memset(care, 0xff, nelems * sizeof(*care));
	if (nelems < 1 || in[0].header.entries != nelems - 1 || in[0].header.entries > max_entries)
		return BL_HVC_INVALID_PARAMETER;
	for (unsigned k = 1; k < nelems; k++)
		if (!entry_valid(&in[k].counter))
			return BL_HVC_INVALID_PARAMETER;   /* nothing changed, buffer untouched */
	want[0].header.active_cluster_id = m->active;
	for (unsigned k = 1; k < nelems; k++) {
		model_tick(m);
		sync_entry(m, &want[k].counter, &care[k].counter);
	}
	return BL_HVC_SUCCESS;
}

/* ---- monitor-initiated switches -------------------------------------------- */

bool model_auto_ready(const struct pmu_model *m)
{
	return m->state == 2 && m->queue[m->active ^ 1u].n == 0;
}

void model_auto_begin(struct pmu_model *m)
{
	m->auto_a15 = m->active == A15_CLUSTER ? m->hw : m->saved[A15_CLUSTER];
	m->auto_on = true;
}

/*
 * In state 2 a switch migrates every register the Type A view has, raw, so
 * native Type A accesses see no difference wherever the switches fell. What
 * the model does not know afterwards is which cluster is active (read back
 * from the monitor) and the inactive cluster's snapshot (taken at the last
 * switch, an unknown instant): it is stale until the next switch-out.
 * Counters 4, 5 stayed the A15's own: frozen in state 2 (HPME = 0), not
 * migrated, untouched by the accesses the phase makes.
 */
void model_auto_end(struct pmu_model *m, unsigned now_active, bool switched)
{
	struct model_regs reset;

	m->auto_on = false;
	if (!switched)
		return;
	m->active = now_active;
	m->ever[A15_CLUSTER] = m->ever[A7_CLUSTER] = true;
	if (now_active == A15_CLUSTER) {
		copy_own_counters(&m->hw, &m->auto_a15);
	} else {
		hw_reset(m, &reset);
		copy_own_counters(&m->hw, &reset);
		copy_own_counters(&m->saved[A15_CLUSTER], &m->auto_a15);
	}
	m->stale = true;
}
