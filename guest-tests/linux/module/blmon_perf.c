// SPDX-License-Identifier: GPL-2.0
/*
 * perf PMUs per cluster through the Type B interface (spec 3.4, 3.5):
 * blmon_cortex_a15 and blmon_cortex_a7 on ARMv7, blmon_cortex_a57 and
 * blmon_cortex_a53 on AArch64 (the cores the monitor reports,
 * blmon_perf_events.c; docs/linux-module.md "perf per cluster"). Each
 * CPU has its own pair of cores, so each CPU's events live in that CPU's
 * big and LITTLE counters, programmed and read on that CPU:
 *   - configuration through the per-register calls with the cluster id
 *     (the inactive cluster's writes are deferred by the monitor to its
 *     next switch-in);
 *   - reads of a group through one HVC_SYNC_PMU_COUNTERS (a READ
 *     transaction), the cycle counter through its 64-bit call;
 *   - the overflow interrupt (the PMU's PPI, handed over by
 *     blmon_perf_native.c) folds the 32-bit counters and takes samples.
 * A cluster's counters count only while it is active and keep their value
 * while it is not (state 3), so for one event the two PMUs add up to what
 * the native driver counts. While any event exists every CPU is in state
 * 3; the last event's end puts them back in state 1.
 *
 * Counter index per cluster: 0 = the cycle counter (PMCCNTR), 1..N = event
 * counter 0..N-1. Event 0x11 (cpu_cycles) takes the cycle counter when it is
 * free, else an event counter.
 *
 * Every HVC below is made with interrupts off on the CPU whose counters it
 * addresses (perf's add/del/start/stop/read and the interrupt handler run
 * so; set-up and tear-down through on_each_cpu). Arguments are valid by
 * construction (cluster 0/1, counters below N), so statuses are not checked.
 */
#include <linux/bitops.h>
#include <linux/io.h>
#include <linux/module.h>
#include <linux/mutex.h>
#include <linux/percpu.h>
#include <linux/perf_event.h>
#include <linux/slab.h>
#include <asm/irq_regs.h>

#include "blmon_guest.h"
#include "blmon_perf.h"

#define BP_MAX_IDX      (1 + BP_MAX_COUNTERS)   /* cycle counter + the most a core has */
#define BP_CYCLES_IDX   0
#define EV_CPU_CYCLES   0x11
#define PMCR_E          (1u << 0)
#define EVTYPER_P       (1u << 31)              /* exclude PL1 */
#define EVTYPER_U       (1u << 30)              /* exclude PL0 */
#define EVTYPER_NSH     (1u << 27)              /* include PL2 (HYP) */
#define PMCCNTR_SEL     31                      /* PMSELR value for PMCCFILTR */
#define MAX_PERIOD      0xffffffffULL           /* the 32-bit overflow */
#define BP_MIN_PERIOD   10000u                  /* sampling: at most 1 interrupt per 10k counts */

struct bp_pmu {
	struct pmu pmu;
	unsigned int cluster;
};

/* A counter value written while its cluster was (maybe) inactive: w, and
 * the snapshot s reads showed then (see "counter values" below). */
struct bp_slot {
	bool pending;
	u32 w, s;
};

/* One CPU's view of one cluster's counters. */
struct bp_cluster_cpu {
	struct perf_event *events[BP_MAX_IDX];
	struct bp_slot slot[BP_MAX_IDX];
	unsigned long used;
	u32 type[BP_MAX_IDX];           /* PMXEVTYPER last written, ~0: unknown */
	int sel;                        /* PMSELR last written, -1: unknown */
	unsigned int txn;               /* PERF_PMU_TXN_* in progress */
	struct perf_event *txn_read[BP_MAX_IDX];
	unsigned int txn_n;
};

struct bp_cpu {
	struct bp_cluster_cpu cl[BP_NCLUSTERS];
	bool owned;                     /* state 3 set up by this module */
	struct descriptor *desc;        /* SYNC array: header + BP_MAX_IDX entries */
};

static DEFINE_PER_CPU(struct bp_cpu, bp_cpus);
static struct bp_pmu bp_pmus[BP_NCLUSTERS];
static DEFINE_MUTEX(bp_state_lock);     /* set-up / tear-down of every CPU */
static bool bp_have_irq;
static unsigned int bp_registered;

static inline struct bp_pmu *to_bp(struct pmu *pmu) { return container_of(pmu, struct bp_pmu, pmu); }
unsigned int bp_pmu_cluster(struct pmu *pmu) { return to_bp(pmu)->cluster; }
static inline unsigned int ev_cluster(struct perf_event *ev) { return to_bp(ev->pmu)->cluster; }

/* ---- Type B calls ------------------------------------------------------ */

static inline u32 tb_read(u32 fid, u32 cl) { return bl_hvc_regs(fid, cl, 0, 0).r0; }
static inline void tb_write(u32 fid, u32 cl, u32 v) { bl_hvc_regs(fid, cl, v, 0); }

static inline u32 idx_bit(int idx) { return idx == BP_CYCLES_IDX ? BIT(31) : BIT(idx - 1); }
static inline u32 all_bits(unsigned int cl) { return BIT(31) | (BIT(bp_cores[cl].counters) - 1); }

static void select_counter(struct bp_cluster_cpu *cc, unsigned int cl, int sel)
{
	if (cc->sel == sel)
		return;
	tb_write(HVC_PMSELR_WRITE, cl, sel);
	cc->sel = sel;
}

static void write_type(struct bp_cluster_cpu *cc, unsigned int cl, int idx, u32 type)
{
	if (cc->type[idx] == type)
		return;
	select_counter(cc, cl, idx == BP_CYCLES_IDX ? PMCCNTR_SEL : idx - 1);
	tb_write(HVC_PMXEVTYPER_WRITE, cl, type);
	cc->type[idx] = type;
}

/* ---- state 3 on each CPU ------------------------------------------------ */

/* Both clusters quiet: counters and interrupts off, flags clear. */
static void quiesce(unsigned int cl)
{
	tb_write(HVC_PMCNTENCLR_WRITE, cl, all_bits(cl));
	tb_write(HVC_PMINTENCLR_WRITE, cl, all_bits(cl));
	tb_write(HVC_PMOVSR_WRITE, cl, all_bits(cl));
}

/* Interrupts stay enabled for every counter: one that is not enabled does
 * not count, so it cannot overflow; PMCR.E stays set for the same reason. */
static void setup_cpu(struct bp_cpu *c)
{
	bl_hvc_regs(HVC_PMU_SWITCH, 1, 0, 0);
	for (unsigned int cl = 0; cl < BP_NCLUSTERS; cl++) {
		struct bp_cluster_cpu *cc = &c->cl[cl];

		quiesce(cl);
		tb_write(HVC_PMINTENSET_WRITE, cl, all_bits(cl));
		tb_write(HVC_PMCR_WRITE, cl, PMCR_E);
		memset(cc->type, 0xff, sizeof(cc->type));
		cc->sel = -1;
	}
	c->owned = true;
}

static void setup_one(void *unused)
{
	struct bp_cpu *c = this_cpu_ptr(&bp_cpus);

	if (!c->owned)
		setup_cpu(c);
}

static void teardown_one(void *unused)
{
	struct bp_cpu *c = this_cpu_ptr(&bp_cpus);

	if (!c->owned)
		return;
	for (unsigned int cl = 0; cl < BP_NCLUSTERS; cl++) {
		quiesce(cl);
		tb_write(HVC_PMCR_WRITE, cl, 0);
		/* leaving state 3 drops what still waits for the inactive
		 * cluster (docs/abi.md "Leaving state 3"): no write pending */
		memset(c->cl[cl].slot, 0, sizeof(c->cl[cl].slot));
	}
	bl_hvc_regs(HVC_PMU_SWITCH, 0, 0, 0);
	c->owned = false;
}

bool bp_cpu_owned(void)
{
	return this_cpu_ptr(&bp_cpus)->owned;
}

/* ---- counter values ------------------------------------------------------
 *
 * The inactive cluster's reads return its snapshot and its writes wait for
 * its next switch-in (docs/abi.md). So a counter value written while its
 * cluster may be inactive is not what reads show until that switch-in: the
 * slot remembers the write (w) and the snapshot reads showed then (s). A
 * read through SYNC also says which cluster was active (the header), in
 * the same call: the write has been applied when the slot's cluster is the
 * active one or the value moved off the snapshot; until then the counter
 * stands still and will continue from w. Counting events never write a
 * value (their counters run free; the overflow interrupt folds each 32-bit
 * wrap), so only sampling events leave writes pending.
 */

static inline u32 sync_sel(int idx)
{
	return idx == BP_CYCLES_IDX ? PMU_CYCLE_COUNTER : PMU_EVENT_COUNTER_N(idx - 1);
}

static void sync_entry(struct descriptor *d, unsigned int cl, int idx, u32 req, u32 type, u32 reset)
{
	d->counter.cluster_id = cl;
	d->counter.selected_counter = sync_sel(idx);
	d->counter.request_code = req;
	d->counter.event_type = type;
	d->counter.reset_value = reset;
	d->counter.counter_value = 0;
}

/* HVC_SYNC_PMU_COUNTERS on entries 1..n: the active cluster, or -1 */
static int sync_call(struct bp_cpu *c, unsigned int n)
{
	c->desc[0].header.entries = n;
	if (bl_hvc_regs(HVC_SYNC_PMU_COUNTERS, (u32)virt_to_phys(c->desc), 0, 0).r0 != BL_HVC_SUCCESS)
		return -1;
	return c->desc[0].header.active_cluster_id;
}

/* A slot's value as its events see it: what was read, or the pending write */
static u32 effective(struct bp_slot *sl, unsigned int cl, int active, u32 v)
{
	if (!sl->pending)
		return v;
	if (active == (int)cl || v != sl->s) {
		sl->pending = false;
		return v;
	}
	return sl->w;
}

static u64 read_cycles64(unsigned int cl)
{
	struct bl_hvc_regs r = bl_hvc_regs(HVC_PMCCNTR_READ, cl, 0, 0);

	return ((u64)r.r1 << 32) | r.r0;
}

/* The cycle counter is read whole (64 bits) through its own call, unless a
 * write is pending there (a pending write has upper word 0): then through
 * SYNC like the event counters, which says whether it has been applied. */
static inline bool by_64bit_call(const struct bp_cluster_cpu *cc, int idx)
{
	return idx == BP_CYCLES_IDX && !cc->slot[idx].pending;
}

/* A slot's value from a SYNC READ v: as its events see it, and once a
 * write on the cycle counter is found applied, its 64 bits after all. */
static u64 synced_value(struct bp_cluster_cpu *cc, unsigned int cl, int idx, int active, u32 v)
{
	v = effective(&cc->slot[idx], cl, active, v);
	return by_64bit_call(cc, idx) ? read_cycles64(cl) : v;
}

/* One counter's value */
static u64 read_slot(struct bp_cpu *c, unsigned int cl, int idx)
{
	struct bp_cluster_cpu *cc = &c->cl[cl];
	int active;

	if (by_64bit_call(cc, idx))
		return read_cycles64(cl);
	sync_entry(&c->desc[1], cl, idx, PMU_READ_COUNTER, 0, 0);
	active = sync_call(c, 1);
	return synced_value(cc, cl, idx, active, c->desc[1].counter.counter_value);
}

/* Start counting from value w (sampling: -left), enabled, the event type
 * written (the cycle counter's filter is written apart: SYNC ignores it). */
static void arm_slot(struct bp_cpu *c, unsigned int cl, int idx, u32 type, u32 w)
{
	struct bp_slot *sl = &c->cl[cl].slot[idx];
	int active;

	sync_entry(&c->desc[1], cl, idx, PMU_CONF_RESET_COUNTER, type, w);
	sync_entry(&c->desc[2], cl, idx, PMU_READ_COUNTER, 0, 0);
	active = sync_call(c, 2);
	if (idx != BP_CYCLES_IDX)
		c->cl[cl].type[idx] = type;
	if (active == (int)cl) {
		sl->pending = false;
	} else {
		sl->pending = true;
		sl->w = w;
		sl->s = c->desc[2].counter.counter_value;
	}
}

static inline u64 idx_mask(int idx) { return idx == BP_CYCLES_IDX ? ~0ULL : 0xffffffffULL; }

/* The count moved from prev_count to now: add the difference. */
static void update_to(struct perf_event *event, u64 now)
{
	struct hw_perf_event *hwc = &event->hw;
	u64 prev = local64_xchg(&hwc->prev_count, now);
	u64 delta = (now - prev) & idx_mask(hwc->idx);

	local64_add(delta, &event->count);
	local64_sub(delta, &hwc->period_left);
}

static void update(struct perf_event *event)
{
	update_to(event, read_slot(this_cpu_ptr(&bp_cpus), ev_cluster(event), event->hw.idx));
}

/* Sampling: the next period; the counter overflows after `left` more
 * counts. True when a whole period has passed (a sample is due). */
static bool set_period(struct perf_event *event)
{
	struct hw_perf_event *hwc = &event->hw;
	s64 left = local64_read(&hwc->period_left);
	s64 period = hwc->sample_period;
	bool due = false;
	u32 w;

	if (unlikely(left <= -period)) {
		left = period;
		local64_set(&hwc->period_left, left);
		hwc->last_period = period;
		due = true;
	}
	if (unlikely(left <= 0)) {
		left += period;
		local64_set(&hwc->period_left, left);
		hwc->last_period = period;
		due = true;
	}
	/* half the counter's range: an interrupt served late still folds */
	if (left > (s64)(MAX_PERIOD >> 1))
		left = MAX_PERIOD >> 1;
	w = (u32)-left;
	local64_set(&hwc->prev_count, w);
	arm_slot(this_cpu_ptr(&bp_cpus), ev_cluster(event), hwc->idx,
		 hwc->idx == BP_CYCLES_IDX ? 0 : (u32)hwc->config_base, w);
	perf_event_update_userpage(event);
	return due;
}

static void bp_start(struct perf_event *event, int flags)
{
	struct hw_perf_event *hwc = &event->hw;
	struct bp_cpu *c = this_cpu_ptr(&bp_cpus);
	unsigned int cl = ev_cluster(event);

	hwc->state = 0;
	if (hwc->idx == BP_CYCLES_IDX)
		write_type(&c->cl[cl], cl, BP_CYCLES_IDX, hwc->config_base & ~0xffu);
	if (is_sampling_event(event)) {
		set_period(event);
		return;
	}
	/* counting: the counter runs on from the value it has */
	if (hwc->idx != BP_CYCLES_IDX)
		write_type(&c->cl[cl], cl, hwc->idx, hwc->config_base);
	tb_write(HVC_PMCNTENSET_WRITE, cl, idx_bit(hwc->idx));
	local64_set(&hwc->prev_count, read_slot(c, cl, hwc->idx));
}

static void bp_stop(struct perf_event *event, int flags)
{
	struct hw_perf_event *hwc = &event->hw;

	if (!(hwc->state & PERF_HES_STOPPED)) {
		tb_write(HVC_PMCNTENCLR_WRITE, ev_cluster(event), idx_bit(hwc->idx));
		hwc->state |= PERF_HES_STOPPED;
	}
	if ((flags & PERF_EF_UPDATE) && !(hwc->state & PERF_HES_UPTODATE)) {
		update(event);
		hwc->state |= PERF_HES_UPTODATE;
	}
}

static int get_idx(struct bp_cluster_cpu *cc, unsigned int cl, struct perf_event *event)
{
	unsigned int n = bp_cores[cl].counters;
	int idx;

	if ((event->hw.config_base & 0xff) == EV_CPU_CYCLES &&
	    !test_and_set_bit(BP_CYCLES_IDX, &cc->used))
		return BP_CYCLES_IDX;
	idx = find_next_zero_bit(&cc->used, n + 1, 1);
	if (idx > n)
		return -EAGAIN;
	__set_bit(idx, &cc->used);
	return idx;
}

static int bp_add(struct perf_event *event, int flags)
{
	struct bp_cpu *c = this_cpu_ptr(&bp_cpus);
	unsigned int cl = ev_cluster(event);
	struct bp_cluster_cpu *cc = &c->cl[cl];
	int idx;

	if (!c->owned)          /* a CPU that came online after the first event */
		setup_cpu(c);
	idx = get_idx(cc, cl, event);
	if (idx < 0)
		return idx;
	cc->events[idx] = event;
	event->hw.idx = idx;
	event->hw.state = PERF_HES_STOPPED | PERF_HES_UPTODATE;
	if (flags & PERF_EF_START)
		bp_start(event, PERF_EF_RELOAD);
	perf_event_update_userpage(event);
	return 0;
}

static void bp_del(struct perf_event *event, int flags)
{
	unsigned int cl = ev_cluster(event);
	struct bp_cluster_cpu *cc = &this_cpu_ptr(&bp_cpus)->cl[cl];
	int idx = event->hw.idx;

	bp_stop(event, PERF_EF_UPDATE);
	cc->events[idx] = NULL;
	__clear_bit(idx, &cc->used);
	perf_event_update_userpage(event);
}

/* ---- reading a group: one SYNC ------------------------------------------ */

/* Every queued event's counter read in one SYNC, but a cycle counter with
 * nothing pending: its 64 bits through its own call. */
static void read_events(struct bp_cpu *c, unsigned int cl, struct perf_event **evs, unsigned int nev)
{
	struct bp_cluster_cpu *cc = &c->cl[cl];
	bool in_sync[BP_MAX_IDX];       /* nev <= BP_MAX_IDX: a txn's or an interrupt's */
	unsigned int n = 0;
	int active;

	for (unsigned int i = 0; i < nev; i++) {
		int idx = evs[i]->hw.idx;

		in_sync[i] = !by_64bit_call(cc, idx);
		if (in_sync[i])
			sync_entry(&c->desc[++n], cl, idx, PMU_READ_COUNTER, 0, 0);
		else
			update_to(evs[i], read_cycles64(cl));
	}
	if (!n)
		return;
	active = sync_call(c, n);
	n = 0;
	for (unsigned int i = 0; i < nev; i++)
		if (in_sync[i])
			update_to(evs[i], synced_value(cc, cl, evs[i]->hw.idx, active,
						       c->desc[++n].counter.counter_value));
}

static void bp_read(struct perf_event *event)
{
	unsigned int cl = ev_cluster(event);
	struct bp_cluster_cpu *cc = &this_cpu_ptr(&bp_cpus)->cl[cl];

	if ((cc->txn & PERF_PMU_TXN_READ) && cc->txn_n < BP_MAX_IDX) {
		cc->txn_read[cc->txn_n++] = event;
		return;
	}
	update(event);
}

static void bp_start_txn(struct pmu *pmu, unsigned int flags)
{
	struct bp_cluster_cpu *cc = &this_cpu_ptr(&bp_cpus)->cl[to_bp(pmu)->cluster];

	cc->txn = flags;
	cc->txn_n = 0;
}

static int bp_commit_txn(struct pmu *pmu)
{
	struct bp_cpu *c = this_cpu_ptr(&bp_cpus);
	unsigned int cl = to_bp(pmu)->cluster;
	struct bp_cluster_cpu *cc = &c->cl[cl];

	if (cc->txn & PERF_PMU_TXN_READ)
		read_events(c, cl, cc->txn_read, cc->txn_n);
	cc->txn = 0;
	return 0;
}

static void bp_cancel_txn(struct pmu *pmu)
{
	this_cpu_ptr(&bp_cpus)->cl[to_bp(pmu)->cluster].txn = 0;
}

/* ---- the overflow interrupt --------------------------------------------- */

/* The active cluster's flags only: the inactive one's counters stand still,
 * and a flag it raised just before a switch-out waits in its saved PMOVSR
 * for its next switch-in, where it interrupts again - so a sample is always
 * taken while its cluster runs. Counting events are only brought up to
 * date (their counter wrapped); sampling events are re-armed. */
irqreturn_t bp_handle_irq(void)
{
	struct bp_cpu *c = this_cpu_ptr(&bp_cpus);
	struct pt_regs *regs = get_irq_regs();
	unsigned int cl = blmon_active_cluster();
	struct perf_event *evs[BP_MAX_IDX];
	struct bp_cluster_cpu *cc;
	unsigned int n = 0;
	u32 ovs;

	if (cl >= BP_NCLUSTERS)
		return IRQ_NONE;
	cc = &c->cl[cl];
	ovs = tb_read(HVC_PMOVSR_READ, cl) & all_bits(cl);
	if (!ovs)
		return IRQ_NONE;
	tb_write(HVC_PMOVSR_WRITE, cl, ovs);
	for (int idx = 0; idx < BP_MAX_IDX; idx++)
		if (cc->events[idx] && (ovs & idx_bit(idx)))
			evs[n++] = cc->events[idx];
	read_events(c, cl, evs, n);
	for (unsigned int i = 0; i < n; i++) {
		struct perf_event *event = evs[i];
		struct perf_sample_data data;

		if (!is_sampling_event(event))
			continue;
		/* a flag seen twice (its clear deferred by a switch in
		 * between) finds no period passed: no second sample */
		if (!set_period(event))
			continue;
		/* perf_event_overflow() is not exported to modules (6.1): the
		 * sample goes straight to the event's handler, perf's ring
		 * buffer output; no throttling, hence the period floor */
		perf_sample_data_init(&data, 0, event->hw.last_period);
		READ_ONCE(event->overflow_handler)(event, &data, regs);
	}
	irq_work_run();
	return IRQ_HANDLED;
}

/* ---- events -------------------------------------------------------------- */

static void bp_event_destroy(struct perf_event *event)
{
	if (!bp_users_put())
		return;
	mutex_lock(&bp_state_lock);
	if (bp_users_none()) {          /* no event created meanwhile */
		on_each_cpu(teardown_one, NULL, 1);
	}
	mutex_unlock(&bp_state_lock);
}

/* A group is one cluster's: its events must fit that core's counters (the
 * cycle counter takes one cpu_cycles event). Software events may join;
 * another cluster's or the native PMU's events may not. */
static int validate_group(struct perf_event *event)
{
	unsigned int cl = ev_cluster(event), cycles = 0, others = 0;
	struct perf_event *leader = event->group_leader, *sib;
	struct perf_event *members[BP_MAX_IDX + 2];
	unsigned int n = 0;

	if (leader != event)
		members[n++] = leader;
	for_each_sibling_event(sib, leader) {
		if (n == ARRAY_SIZE(members) - 1)
			return -EINVAL;
		members[n++] = sib;
	}
	members[n++] = event;
	for (unsigned int i = 0; i < n; i++) {
		struct perf_event *m = members[i];

		/* (perf counts every event of a perf_sw_context PMU, ours
		 * too, as a software event: told apart by the PMU) */
		if (m->pmu != event->pmu) {
			if (m->pmu->task_ctx_nr == perf_sw_context &&
			    m->pmu != &bp_pmus[0].pmu && m->pmu != &bp_pmus[1].pmu)
				continue;       /* a software event may join */
			return -EINVAL;         /* another PMU's counters */
		}
		if ((m->hw.config_base & 0xff) == EV_CPU_CYCLES && !cycles)
			cycles++;
		else
			others++;
	}
	if (others > bp_cores[cl].counters) {
		pr_info_ratelimited("blmon: perf: %s: a group of %u events does not fit %u counters and the cycle counter\n",
				    bp_cores[cl].name, cycles + others, bp_cores[cl].counters);
		return -EINVAL;
	}
	return 0;
}

static int bp_event_init(struct perf_event *event)
{
	struct perf_event_attr *attr = &event->attr;
	struct hw_perf_event *hwc = &event->hw;
	unsigned int cl = ev_cluster(event);
	bool first = false;
	u32 type;
	int err;

	if (attr->type != event->pmu->type)
		return -ENOENT;
	if (has_branch_stack(event) || attr->exclude_idle)
		return -EOPNOTSUPP;
	if (attr->config > 0xff || !bp_core_has_event(cl, attr->config)) {
		pr_info_ratelimited("blmon: perf: %s: event 0x%llx is not a %s event (%s)\n",
				    bp_cores[cl].name, attr->config,
				    bp_cores[cl].core, bp_cores[cl].source);
		return -EINVAL;
	}
	if (is_sampling_event(event)) {
		if (!bp_have_irq)
			return -EOPNOTSUPP;
		/* without perf's throttling (bp_handle_irq) a sampling rate
		 * must be bounded: a fixed period (-c), not below the floor */
		if (attr->freq || attr->sample_period < BP_MIN_PERIOD) {
			pr_info_ratelimited("blmon: perf: %s: sampling needs a fixed period of at least %u (perf record -c)\n",
					    bp_cores[cl].name, BP_MIN_PERIOD);
			return -EINVAL;
		}
	}
	type = attr->config;
	if (attr->exclude_user)
		type |= EVTYPER_U;
	if (attr->exclude_kernel)
		type |= EVTYPER_P;
	if (!attr->exclude_hv)
		type |= EVTYPER_NSH;
	hwc->config_base = type;
	hwc->idx = -1;
	if (!is_sampling_event(event)) {
		hwc->sample_period = MAX_PERIOD >> 1;
		hwc->last_period = hwc->sample_period;
		local64_set(&hwc->period_left, hwc->sample_period);
	}
	err = validate_group(event);
	if (err)
		return err;
	err = bp_users_get(&first);
	if (err)
		return err;
	event->destroy = bp_event_destroy;
	/* The first event: every CPU to state 3. Every event waits for a
	 * tear-down still running for the previous last one (under the lock),
	 * so none is added on a CPU about to be torn down; an add on a CPU not
	 * set up (the first event's set-up still to come, a CPU that came
	 * online later) sets that CPU up itself. */
	mutex_lock(&bp_state_lock);
	if (first)
		on_each_cpu(setup_one, NULL, 1);
	mutex_unlock(&bp_state_lock);
	return 0;
}

int blmon_perf_init(void)
{
	int cpu, err;

	err = bp_cores_init();
	if (err)
		return 0;               /* the module's other parts work on */
	for_each_possible_cpu(cpu) {
		struct bp_cpu *c = per_cpu_ptr(&bp_cpus, cpu);

		c->desc = kzalloc(sizeof(*c->desc) * (1 + BP_MAX_IDX), GFP_KERNEL);
		if (!c->desc || upper_32_bits(virt_to_phys(c->desc))) {
			blmon_perf_exit();
			return -ENOMEM;
		}
	}
	bp_have_irq = bp_native_init() == 0;
	if (!bp_have_irq)
		pr_info("blmon: perf: no " BL_NATIVE_PMU_PREFIX "* PMU driver: counting only, no sampling\n");
	for (unsigned int cl = 0; cl < BP_NCLUSTERS; cl++) {
		bp_pmus[cl] = (struct bp_pmu) {
			.cluster = cl,
			.pmu = {
				.module = THIS_MODULE,
				/* beside the software events, as hw_breakpoint:
				 * Linux 6.1 gives a task one hardware context,
				 * and the native driver's events hold it */
				.task_ctx_nr = perf_sw_context,
				.capabilities = bp_have_irq ? 0 : PERF_PMU_CAP_NO_INTERRUPT,
				.attr_groups = bp_attr_groups,
				.event_init = bp_event_init,
				.add = bp_add,
				.del = bp_del,
				.start = bp_start,
				.stop = bp_stop,
				.read = bp_read,
				.start_txn = bp_start_txn,
				.commit_txn = bp_commit_txn,
				.cancel_txn = bp_cancel_txn,
			},
		};
		err = perf_pmu_register(&bp_pmus[cl].pmu, bp_cores[cl].name, -1);
		if (err) {
			blmon_perf_exit();
			return err;
		}
		bp_registered++;
	}
	return 0;
}

void blmon_perf_exit(void)
{
	int cpu;

	/* no event exists: perf holds the module while one does */
	while (bp_registered)
		perf_pmu_unregister(&bp_pmus[--bp_registered].pmu);
	bp_native_exit();
	for_each_possible_cpu(cpu) {
		kfree(per_cpu_ptr(&bp_cpus, cpu)->desc);
		per_cpu_ptr(&bp_cpus, cpu)->desc = NULL;
	}
}
