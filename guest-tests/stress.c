/*
 * Differential stress guest (issue #6): a long random sequence of Type A
 * MCR/MRC, Type B calls, SYNC, state changes and cluster switches (guest-
 * and monitor-initiated), each run on the monitor and on the reference
 * model (lib/pmu_model.c, written from the spec and docs/, not from pmu/),
 * every value read back compared with the model's. Counters count only
 * SW_INCR (or nothing), so every expected value is exact; what could count
 * at an unknown rate (the cycle counter while enabled) is marked unknown
 * by the model and not compared. docs/testing.md says how to reproduce a
 * run: the seed is printed, and -DSTRESS_SEED / -DSTRESS_OPS set it.
 */
#include <stdio.h>
#include <string.h>
#include "pmu_guest.h"
#include "pmu_model.h"
#include "rng.h"

#ifndef STRESS_SEED
#define STRESS_SEED 0x57e55eedu
#endif
#ifndef STRESS_OPS
#define STRESS_OPS 100000u
#endif
#ifndef STRESS_TRACE
#define STRESS_TRACE 0          /* 1: print every operation (to find a mismatch's cause) */
#endif
#define TRACE(...) do { if (STRESS_TRACE) gprintf(__VA_ARGS__); } while (0)
#define MAX_MISMATCHES   5      /* then stop: the first ones tell the story */
#define AUTO_PHASE_ODDS  2500   /* one op in this many starts an auto-switch phase */
#define SYNC_MAX_WRITES  (14 * 4)   /* deferred writes one SYNC can queue */

enum kind {
	K_TA_READ, K_TA_WRITE, K_TA_SWINC, K_TA_UNDEF, K_TB_READ, K_TB_WRITE, K_TB_BADCLUSTER,
	K_SYNC, K_SYNC_BAD, K_PMU_SWITCH, K_CLUSTER_SWITCH, K_AUDIT, K_AUTO, K_NKINDS
};
static const char *const kind_name[K_NKINDS] = {
	"Type A MRC", "Type A MCR", "Type A PMSWINC", "Type A UNDEF encoding", "Type B read",
	"Type B write", "Type B bad cluster", "SYNC", "SYNC invalid", "HVC_PMU_SWITCH",
	"HVC_CLUSTER_SWITCH", "SYNC READ of every counter", "op under HVC_AUTO_SWITCH",
};
/* Relative frequencies of the kinds drawn each step (K_AUTO: phases). */
static const unsigned weight[K_NKINDS] = { 18, 14, 10, 1, 18, 18, 1, 6, 1, 3, 4, 1, 0 };

static const char *const ta_name[TA_NREGS] = {
	"PMCR", "PMCNTENSET", "PMCNTENCLR", "PMOVSR", "PMSWINC", "PMSELR", "PMCCNTR",
	"PMXEVTYPER", "PMXEVCNTR", "PMUSERENR", "PMINTENSET", "PMINTENCLR", "PMOVSSET",
};
static const char *const tb_name[TBI_NREGS] = {
	"PMCR", "PMSELR", "PMXEVTYPER", "PMCNTENSET", "PMCNTENCLR", "PMCCNTR", "PMOVSR",
	"PMXEVCNTR", "PMINTENSET", "PMINTENCLR",
};

static struct pmu_model model;
static struct rng rng;
static uint32_t op;                   /* index of the operation running */
static uint32_t ops_done, mismatches, compared, unknown;
static uint32_t kind_count[K_NKINDS], auto_switches;
static bool in_auto;

/* ---- comparison ------------------------------------------------------------- */

static void compare(const char *what, int cluster, uint32_t got, struct want w)
{
	compared++;
	if (w.care != ~0u)
		unknown++;
	if (((got ^ w.v) & w.care) == 0)
		return;
	mismatches++;
	check(false, "op %lu seed 0x%08lx (state %u, active %u): %s cluster %d: got 0x%08lx, want 0x%08lx (mask 0x%08lx)",
	      (unsigned long)op, (unsigned long)STRESS_SEED, model.state, model.active, what, cluster,
	      (unsigned long)got, (unsigned long)w.v, (unsigned long)w.care);
}

static struct want exact(uint32_t v) { return (struct want){ v, ~0u }; }

/* ---- values --------------------------------------------------------------------- */

static uint32_t value(void)
{
	switch (rng_below(&rng, 8)) {
	case 0: return 0;
	case 1: return 0xffffffffu - rng_below(&rng, 3);   /* a few increments from a wrap */
	case 2: return rng_below(&rng, 16);
	case 3: return 1u << rng_below(&rng, 32);
	default: return rng_next(&rng);
	}
}

/* Bits for a set/clear register: the cycle counter's bit is set rarely
 * (it would make the count unknown), cleared often. */
static uint32_t enable_bits(bool set)
{
	uint32_t v = rng_next(&rng) & 0x7fffffffu;

	if (rng_below(&rng, set ? 10 : 2) == 0)
		v |= CCNT_BIT;
	return v;
}

/* Event types: SW_INCR most often; events that never count under QEMU;
 * SW_INCR with PL1 filtered (P) and unfiltered (P = NSK), and PL0-only
 * filtering (U); as PMCCFILTR the same writes leave filter bits only. */
static uint32_t event_type(void)
{
	static const uint32_t types[] = {
		0x00, 0x00, 0x00, 0x00, 0x03, 0x04, 0x13, 0xc0,
		0x80000000u, 0xa0000000u, 0x40000000u,
	};
	return types[rng_below(&rng, sizeof(types) / sizeof(types[0]))];
}

/* PMCR: E, P, C, D, X, DP in any mix (bits 6-10 are not PMUv2's). */
static uint32_t pmcr_value(void) { return rng_next(&rng) & 0x3fu; }

/* ---- Type A ----------------------------------------------------------------------- */

static uint32_t typea_access(enum ta_reg r, bool read, uint32_t v)
{
#define TA_CASE(reg)                                   \
	case TA_##reg:                                 \
		if (read)                              \
			return read_##reg();           \
		write_##reg(v);                        \
		break;
	switch (r) {
	TA_CASE(PMCR) TA_CASE(PMCNTENSET) TA_CASE(PMCNTENCLR) TA_CASE(PMOVSR) TA_CASE(PMSELR)
	TA_CASE(PMCCNTR) TA_CASE(PMXEVTYPER) TA_CASE(PMXEVCNTR) TA_CASE(PMUSERENR)
	TA_CASE(PMINTENSET) TA_CASE(PMINTENCLR) TA_CASE(PMOVSSET)
	case TA_PMSWINC:
		if (read)
			return read_PMSWINC();
		write_PMSWINC(v);
		break;
	default:
		break;
	}
#undef TA_CASE
	isb();
	return 0;
}

/* A value to write to r. Natively (state 2) only what the Type A view
 * defines: no bits of counters 4, 5 (HPMN reserves them; QEMU would let
 * them through), no PMSELR 4, 5; in an auto-switch phase no PMCR.P (QEMU
 * natively resets all six counters, the A15's 4, 5 included, on whichever
 * core is live). Trapped, anything: the monitor must mask it. */
static uint32_t typea_value(enum ta_reg r)
{
	bool native = model.state == 2;
	uint32_t v;

	switch (r) {
	case TA_PMCR:
		v = pmcr_value();
		return in_auto ? v & ~PMCR_P : v;
	case TA_PMCNTENSET: case TA_PMINTENSET:
		v = enable_bits(true);
		break;
	case TA_PMCNTENCLR: case TA_PMINTENCLR: case TA_PMOVSR:
		v = enable_bits(false);
		break;
	case TA_PMSWINC:
		v = rng_below(&rng, 4) ? 0xfu >> rng_below(&rng, 4) : rng_next(&rng);
		break;
	case TA_PMSELR:
		v = rng_below(&rng, 3) ? rng_below(&rng, 4) : rng_below(&rng, 2) ? 31u : rng_next(&rng);
		if (native && ((v & 0x1f) == 4 || (v & 0x1f) == 5))
			v = 31;
		return v;
	case TA_PMXEVTYPER:
		return event_type();
	case TA_PMUSERENR:
		return native ? rng_below(&rng, 2) : rng_next(&rng);
	default:
		return value();
	}
	return native ? v & 0x8000000fu : v;
}

static void typea_op(enum ta_reg r, bool read)
{
	struct want w;
	uint32_t v = read ? 0 : typea_value(r), got;
	bool ok = model_typea(&model, r, read, v, &w);

	TRACE("# %lu: Type A %s %s 0x%08lx (state %u)\n", (unsigned long)op, read ? "MRC" : "MCR",
	      ta_name[r], (unsigned long)v, model.state);
	exc_clear();
	got = typea_access(r, read, v);
	compare(ok ? "Type A: no exception" : "Type A: UNDEF", -1, last_exc.kind,
		exact(ok ? EXC_NONE : EXC_UND));
	if (ok && read)
		compare(ta_name[r], (int)model.active, got, w);
}

/* Any register but the undefined ones, as state 2 allows. */
static enum ta_reg typea_pick(bool read)
{
	for (;;) {
		enum ta_reg r = (enum ta_reg)rng_below(&rng, TA_PMOVSSET);

		if (r == TA_PMSWINC && read)
			continue;
		if (model_native_defined(&model, r))
			return r;
	}
}

/* ---- Type B ------------------------------------------------------------------------- */

static void typeb_op(uint32_t cluster, bool write)
{
	unsigned reg = rng_below(&rng, TBI_NREGS), n = model_counters(cluster & 1u);
	uint32_t fid = HVC_PMCR_READ + 2 * reg + write, a2 = 0, a3 = 0;
	char what[40];

	if (write) {
		switch (reg) {
		case TBI_PMCR: a2 = rng_below(&rng, 4) ? pmcr_value() : rng_next(&rng); break;
		case TBI_PMSELR:
			a2 = rng_below(&rng, 8) ? rng_below(&rng, n) : rng_below(&rng, 2) ? 31u : value();
			break;
		case TBI_PMXEVTYPER: a2 = event_type(); break;
		case TBI_PMCNTENSET: case TBI_PMINTENSET: a2 = enable_bits(true); break;
		case TBI_PMCNTENCLR: case TBI_PMINTENCLR: case TBI_PMOVSR: a2 = enable_bits(false); break;
		default: a2 = value(); a3 = rng_below(&rng, 2) ? rng_below(&rng, 4) : value(); break;
		}
	}
	struct typeb_want w = model_typeb(&model, fid, cluster, a2, a3);
	struct bl_hvc_regs r = bl_hvc_regs(fid, cluster, a2, a3);

	TRACE("# %lu: Type B %s %s cluster %lu 0x%08lx 0x%08lx -> 0x%08lx 0x%08lx\n", (unsigned long)op,
	      tb_name[reg], write ? "write" : "read", (unsigned long)cluster, (unsigned long)a2,
	      (unsigned long)a3, (unsigned long)r.r0, (unsigned long)r.r1);

	snprintf(what, sizeof(what), "Type B %s %s r0", tb_name[reg], write ? "write" : "read");
	compare(what, (int)cluster, r.r0, w.r0);
	if (reg == TBI_PMCCNTR && !write) {
		snprintf(what, sizeof(what), "Type B PMCCNTR read r1 (high)");
		compare(what, (int)cluster, r.r1, w.r1);
	}
	snprintf(what, sizeof(what), "Type B %s %s r3 (status)", tb_name[reg], write ? "write" : "read");
	compare(what, (int)cluster, r.r3, w.r3);
}

/* ---- SYNC --------------------------------------------------------------------------- */

static struct descriptor arr[16] __attribute__((aligned(8)));
static struct descriptor arr_in[16], arr_want[16], arr_care[16];

static void sync_entry(struct counter_ *e, uint32_t c, uint32_t sel, uint32_t req)
{
	e->cluster_id = c;
	e->selected_counter = sel;
	e->event_type = req == PMU_CONF_COUNTER || req == PMU_CONF_RESET_COUNTER ? event_type() : value();
	e->counter_value = value();   /* input garbage: READ overwrites it */
	e->reset_value = value();
	e->request_code = req;
}

static void random_entry(struct counter_ *e)
{
	uint32_t c = rng_below(&rng, 2), n = model_counters(c);
	uint32_t sel = rng_below(&rng, n + 2);   /* cycle, overflow flag, counters */
	uint32_t req = PMU_DISABLE_COUNTER + rng_below(&rng, 5);

	if (sel == PMU_OVERFLOW_FLAG)
		req = rng_below(&rng, 2) ? PMU_READ_COUNTER : PMU_READ_RESET_COUNTER;
	sync_entry(e, c, sel, req);
}

/* One invalid element among valid ones (docs/abi.md validation list). */
static void spoil(unsigned entries)
{
	struct counter_ *e = &arr[1 + rng_below(&rng, entries)].counter;

	switch (rng_below(&rng, 6)) {
	case 0: e->cluster_id = 2 + rng_below(&rng, 0x1000); break;
	case 1: e->cluster_id = A7_CLUSTER; e->selected_counter = PMU_EVENT_COUNTER_N(4); break;
	case 2: e->selected_counter = PMU_EVENT_COUNTER_N(6 + rng_below(&rng, 100)); break;
	case 3: e->request_code = rng_below(&rng, 2) ? 0 : 6 + rng_below(&rng, 100); break;
	case 4: e->selected_counter = PMU_OVERFLOW_FLAG; e->request_code = 1 + rng_below(&rng, 3); break;
	default: arr[0].header.entries = 15 + rng_below(&rng, 100); break;
	}
}

static void sync_run(unsigned entries, bool all_read)
{
	unsigned nelems = entries + 1, cmp_elems;

	arr[0].header.active_cluster_id = value();
	memcpy(arr_in, arr, sizeof(arr));
	for (unsigned k = 1; STRESS_TRACE && k < nelems; k++)
		TRACE("# %lu: SYNC [%u] cluster %lu sel %lu req %lu type 0x%lx reset 0x%08lx\n",
		      (unsigned long)op, k, (unsigned long)arr[k].counter.cluster_id,
		      (unsigned long)arr[k].counter.selected_counter, (unsigned long)arr[k].counter.request_code,
		      (unsigned long)arr[k].counter.event_type, (unsigned long)arr[k].counter.reset_value);
	int32_t want_rc = model_sync(&model, arr_in, nelems, arr_want, arr_care);
	int32_t rc = (int32_t)hvc(HVC_SYNC_PMU_COUNTERS, arr);

	compare(all_read ? "SYNC READ all: status" : "SYNC status", -1, (uint32_t)rc, exact((uint32_t)want_rc));
	cmp_elems = nelems < 16 ? nelems : 16;
	/* nelems >= 1 (the header): cppcheck's value flow misses it */
	// cppcheck-suppress knownConditionTrueFalse
	for (unsigned k = 0; k < cmp_elems; k++) {
		const uint32_t *g = (const uint32_t *)&arr[k], *w = (const uint32_t *)&arr_want[k];
		const uint32_t *m = (const uint32_t *)&arr_care[k];
		static const char *const field[6] = {
			"cluster_id", "selected_counter", "event_type", "counter_value", "reset_value",
			"request_code",
		};
		char what[64];

		for (unsigned f = 0; f < 6; f++) {
			snprintf(what, sizeof(what), "SYNC element %u (sel %lu, req %lu) %s", k,
				 (unsigned long)arr_in[k].counter.selected_counter,
				 (unsigned long)arr_in[k].counter.request_code, k ? field[f] : "header");
			compare(what, k ? (int)arr_in[k].counter.cluster_id : -1, g[f],
				(struct want){ w[f], m[f] });
		}
	}
}

static void sync_op(bool invalid)
{
	unsigned entries = 1 + rng_below(&rng, 14);

	memset(arr, 0, sizeof(arr));
	for (unsigned k = 1; k <= entries; k++)
		random_entry(&arr[k].counter);
	arr[0].header.entries = entries;
	if (invalid)
		spoil(entries);
	/* an entries field past 14 makes the array longer than the model's
	 * copy: the model rejects it from the header alone */
	sync_run(arr[0].header.entries <= 15 ? arr[0].header.entries : 15, false);
}

/* READ of every counter and flag of both clusters: changes nothing. */
static void audit_op(void)
{
	unsigned k = 0;

	memset(arr, 0, sizeof(arr));
	for (uint32_t c = 0; c < 2; c++)
		for (uint32_t sel = 0; sel < model_counters(c) + 2; sel++)
			sync_entry(&arr[++k].counter, c, sel, PMU_READ_COUNTER);
	arr[0].header.entries = k;
	sync_run(k, true);
}

/* ---- states and switches --------------------------------------------------------------- */

static void pmu_switch_op(void)
{
	uint32_t arg = rng_below(&rng, 10) ? rng_below(&rng, 2) : value();
	int32_t want = model_pmu_switch(&model, arg);

	TRACE("# %lu: HVC_PMU_SWITCH(0x%lx)\n", (unsigned long)op, (unsigned long)arg);

	compare("HVC_PMU_SWITCH status", -1, (uint32_t)pmu_switch(arg), exact((uint32_t)want));
}

static void cluster_switch_to(uint32_t target)
{
	int32_t want = model_cluster_switch(&model, target);

	TRACE("# %lu: switch to %lu (state %u)\n", (unsigned long)op, (unsigned long)target, model.state);

	compare("HVC_CLUSTER_SWITCH result", -1, (uint32_t)switch_to(target), exact((uint32_t)want));
	compare("active cluster (HVC_MONITOR_INFO)", -1, cluster_now(), exact(model.active));
}

static void cluster_switch_op(void)
{
	uint32_t t = rng_below(&rng, 8) ? model.active ^ 1u : rng_below(&rng, 2) ? model.active : value();

	cluster_switch_to(t);
}

/* Room for deferred writes: the model keeps them in a bounded queue (the
 * monitor's composition has no bound); a switch to the inactive cluster
 * applies them. */
static void make_room(unsigned n)
{
	if (!model_queue_room(&model, n))
		cluster_switch_to(model.active ^ 1u);
}

static void step(enum kind k);

/*
 * Monitor-initiated switches. The model cannot know where the HYP timer
 * interrupts the guest, so a phase keeps to what a switch cannot change:
 * state 2 (one context, migrated raw), nothing deferred for the inbound
 * cluster, and only native Type A accesses of the registers the Type A
 * view has. Afterwards the model learns the active cluster from the
 * monitor, and one guest-initiated switch refreshes the inactive
 * cluster's snapshot (taken at an instant the model cannot know).
 */
static void auto_phase(void)
{
	unsigned n = 100 + rng_below(&rng, 400);
	uint32_t period = 500 + rng_below(&rng, 4000);

	if (model.state != 2)
		step(K_TA_READ);                     /* any Type A access: -> 2 */
	if (!model_auto_ready(&model))
		cluster_switch_to(model.active ^ 1u);  /* apply what is deferred */
	if (model.state != 2)
		return;
	model_auto_begin(&model);
	in_auto = true;
	uint32_t before = auto_switch(period);

	for (unsigned i = 0; i < n && mismatches < MAX_MISMATCHES; i++) {
		op = ops_done++;
		kind_count[K_AUTO]++;
		model_tick(&model);
		switch (rng_below(&rng, 3)) {
		case 0: typea_op(typea_pick(true), true); break;
		case 1: typea_op(typea_pick(false), false); break;
		default: typea_op(TA_PMSWINC, false); break;
		}
		model_tick(&model);
	}
	uint32_t done = auto_switch(0) - before;

	in_auto = false;
	auto_switches += done;
	TRACE("# %lu: auto-switch phase of %u ops, period %lu: %lu switches, now on %lu\n",
	      (unsigned long)op, n, (unsigned long)period, (unsigned long)done, (unsigned long)cluster_now());
	model_auto_end(&model, cluster_now(), done != 0);
	compare("state after an auto-switch phase", -1, pmu_state_now(), exact(model.state));
	if (done)
		cluster_switch_to(model.active ^ 1u);
}

static void step(enum kind k)
{
	op = ops_done++;
	kind_count[k]++;
	model_tick(&model);
	switch (k) {
	case K_TA_READ:  typea_op(typea_pick(true), true); break;
	case K_TA_WRITE: typea_op(typea_pick(false), false); break;
	case K_TA_SWINC: typea_op(TA_PMSWINC, false); break;
	case K_TA_UNDEF:   /* PMOVSSET trapped (the monitor's emulation, states 1, 3); PMSWINC is write-only: UNDEF */
		if (model.state != 2 && rng_below(&rng, 2))
			typea_op(TA_PMOVSSET, rng_below(&rng, 2));
		else
			typea_op(TA_PMSWINC, true);
		break;
	case K_TB_READ:  typeb_op(rng_below(&rng, 2), false); break;
	case K_TB_WRITE:
		make_room(1);
		typeb_op(rng_below(&rng, 2), true);
		break;
	case K_TB_BADCLUSTER: typeb_op(2 + rng_below(&rng, 0x10000) * rng_below(&rng, 2), rng_below(&rng, 2)); break;
	case K_SYNC:
		make_room(SYNC_MAX_WRITES);
		sync_op(false);
		break;
	case K_SYNC_BAD: sync_op(true); break;
	case K_PMU_SWITCH: pmu_switch_op(); break;
	case K_CLUSTER_SWITCH: cluster_switch_op(); break;
	case K_AUDIT: audit_op(); break;
	default: break;
	}
	model_tick(&model);
	compare("PMU state (HVC_PMU_GET_STATE)", -1, pmu_state_now(), exact(model.state));
}

static enum kind draw(void)
{
	unsigned total = 0, r;

	for (unsigned k = 0; k < K_NKINDS; k++)
		total += weight[k];
	r = rng_below(&rng, total);
	for (unsigned k = 0; k < K_NKINDS; k++) {
		if (r < weight[k])
			return (enum kind)k;
		r -= weight[k];
	}
	return K_TA_READ;
}

void guest_start(uint32_t r0, uint32_t r1, uint32_t r2, uint32_t cpsr);
void guest_start(uint32_t r0, uint32_t r1, uint32_t r2, uint32_t cpsr)
{
	(void)r0; (void)r1; (void)r2; (void)cpsr;
	/* the physical PMU's counters, as the scenario tells (cortex-a7: 4) */
	uint32_t phys = bootarg_u32("test.pmu_counters", 6);

	rng = rng_seed(STRESS_SEED);
	gprintf("# stress: seed 0x%08lx, %lu operations (rebuild with -DSTRESS_SEED=, -DSTRESS_OPS=), %lu physical counters\n",
		(unsigned long)STRESS_SEED, (unsigned long)STRESS_OPS, (unsigned long)phys);
	model_init(&model, cluster_now(), phys);
	compare("boots in state 1", -1, pmu_state_now(), exact(1));

	while (ops_done < STRESS_OPS && mismatches < MAX_MISMATCHES) {
		if (rng_below(&rng, AUTO_PHASE_ODDS) == 0)
			auto_phase();
		else
			step(draw());
	}
	if (mismatches < MAX_MISMATCHES)
		audit_op();

	check(ops_done >= STRESS_OPS, "%lu operations run (seed 0x%08lx), at least %lu",
	      (unsigned long)ops_done, (unsigned long)STRESS_SEED, (unsigned long)STRESS_OPS);
	check(mismatches == 0, "%lu mismatches between the monitor and the model", (unsigned long)mismatches);
	check(!model.overflowed, "the model's deferred-write queue never overflowed");
	for (unsigned k = 0; k < K_NKINDS; k++)
		check(kind_count[k] > 0, "%s: %lu operations", kind_name[k], (unsigned long)kind_count[k]);
	check(auto_switches > 0, "monitor-initiated switches during the run: %lu", (unsigned long)auto_switches);
	check(model.increments > 0 && model.wraps > 0,
	      "exact SW_INCR counts: %lu increments, %lu of them wrapped a counter",
	      (unsigned long)model.increments, (unsigned long)model.wraps);
	/* most compared values must be exact, or the run proved little */
	check(unknown * 10 < compared, "values compared: %lu, of which not exact (masked): %lu",
	      (unsigned long)compared, (unsigned long)unknown);
	test_finish();
}
