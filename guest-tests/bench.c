/*
 * Benchmark guest for `make bench` (tools/bench.sh), run with
 * -icount shift=0: one instruction = 1 ns of virtual time and the generic
 * timer runs at 62.5 MHz, so 1 tick = 16 instructions, guest and monitor
 * alike. The guest reads CNTVCT (never trapped) around N operations and
 * reports instructions per operation, loop overhead subtracted.
 */
#include <stdio.h>
#include "pmu_guest.h"

static uint64_t now(void) { __asm__ volatile("isb"); return read_CNTVCT(); }
static uint32_t freq_hz(void) { return read_CNTFRQ(); }

#include "bench_measure.h"   /* N, ipo(), report(), MEASURE() */

#define ipo_x100(t, b) ipo(t, b)

static volatile uint32_t sink;

/* MCR PMSELR with a chosen Rt: the monitor's path depends on it (r0-r12
 * are in its trap frame, SVC's LR is banked), and the compiler's own
 * choice for write_PMSELR() could be either. The LR form costs the guest
 * one MOV more, counted in its figure. */
static inline void mcr_pmselr_r0(uint32_t v)
{
	register uint32_t r0 __asm__("r0") = v;

	__asm__ volatile("mcr p15, 0, %0, c9, c12, 5" : : "r"(r0));
}

static inline void mcr_pmselr_lr(uint32_t v)
{
	__asm__ volatile("mov lr, %0\n\tmcr p15, 0, lr, c9, c12, 5" : : "r"(v) : "lr");
}
static uint64_t loop_ticks;

static struct descriptor sync_arr[16];

static void sync_prepare(unsigned entries)
{
	unsigned k = 0;

	for (uint32_t c = 0; c < 2 && k < entries; c++) {
		unsigned n = c ? 4 : 6;
		for (unsigned i = 0; i < n + 2 && k < entries; i++, k++) {
			sync_arr[k + 1].counter.cluster_id = c;
			sync_arr[k + 1].counter.selected_counter = i;
			sync_arr[k + 1].counter.request_code = PMU_READ_COUNTER;
		}
	}
	sync_arr[0].header.entries = entries;
}

/*
 * A perf driver reading a group of 8 events spread over both clusters:
 * on each, the cycle counter and event counters 0-2. One SYNC of 8 READ
 * entries (the A15 active, the A7 inactive, as the Type B lines above)...
 */
static void sync_prepare_group(void)
{
	unsigned k = 1;

	for (uint32_t c = 0; c < 2; c++) {
		for (unsigned i = 0; i < 4; i++, k++) {
			sync_arr[k].counter.cluster_id = c;
			sync_arr[k].counter.selected_counter = i ? PMU_EVENT_COUNTER_N(i - 1) : PMU_CYCLE_COUNTER;
			sync_arr[k].counter.request_code = PMU_READ_COUNTER;
		}
	}
	sync_arr[0].header.entries = k - 1;
}

/* ... against the same 8 values through the per-register calls: per
 * cluster HVC_PMCCNTR_READ, then HVC_PMSELR_WRITE + HVC_PMXEVCNTR_READ per
 * event counter (7 HVCs; on the inactive A7 the selection is a deferred
 * write, which its PMXEVCNTR_READ then indexes with). */
#define GROUP_HVCS 14u
static inline uint32_t read_group_per_register(uint32_t c)
{
	uint32_t sum = (uint32_t)hvc(HVC_PMCCNTR_READ, c);

	for (uint32_t n = 0; n < 3; n++) {
		hvc(HVC_PMSELR_WRITE, c, n);
		sum += (uint32_t)hvc(HVC_PMXEVCNTR_READ, c);
	}
	return sum;
}

/* blmon.cluster_cpus=1 (issue #16): the switches are migrations between
 * two physical CPUs; only they are measured (the rest is make bench's
 * single-CPU run). */
static bool migrating;

static void bench_switches(const char *what)
{
	uint64_t t;

	for (uint32_t st = 1; st <= 3; st++) {
		char name[64];

		pmu_switch(st == 1 ? 0 : 1);
		if (st == 2)
			sink = read_PMSELR();
		MEASURE(t, { switch_to(A7_CLUSTER); switch_to(A15_CLUSTER); });
		snprintf(name, sizeof(name), "%s, state %lu, %s", migrating ? "migration (-smp 2, N = 1)" : "cluster switch",
			 (unsigned long)st, what);
		report(name, ipo_x100(t, loop_ticks) / 2);
	}
}

void guest_start(uint32_t r0, uint32_t r1, uint32_t r2, uint32_t cpsr);
void guest_start(uint32_t r0, uint32_t r1, uint32_t r2, uint32_t cpsr)
{
	uint64_t t, t2;

	(void)r0; (void)r1; (void)r2; (void)cpsr;
	gprintf("# bench: %u operations each, CNTFRQ %lu Hz\n", N, (unsigned long)freq_hz());
	MEASURE(loop_ticks, sink = _i);
	migrating = bootarg_u32("blmon.cluster_cpus", 0) != 0;
	if (migrating)
		goto switches;
	report("loop overhead (store + branch; subtracted below)", ipo_x100(loop_ticks, 0));

	/* Null HVC: an id nobody owns (entry, dispatch, -1, exit). */
	MEASURE(t, sink = (uint32_t)hvc(0x9000ffffu));
	uint32_t null_hvc = ipo_x100(t, loop_ticks);
	report("HVC round trip, unknown id (entry+dispatch+exit)", null_hvc);
	MEASURE(t, sink = (uint32_t)hvc(HVC_PMU_GET_STATE));
	report("HVC_PMU_GET_STATE", ipo_x100(t, loop_ticks));

	/* Type A, state 2: native accesses, and PMCR (TPMCR-trapped, emulated) */
	sink = read_PMCR();
	write_PMCNTENSET(CCNT_BIT | 1);
	write_PMCR(PMCR_E);
	MEASURE(t, sink = read_PMCCNTR());
	report("state 2: native MRC PMCCNTR (monitor adds 0)", ipo_x100(t, loop_ticks));
	MEASURE(t, sink = read_PMXEVCNTR());
	report("state 2: native MRC PMXEVCNTR (monitor adds 0)", ipo_x100(t, loop_ticks));
	MEASURE(t, sink = read_PMCR());
	report("state 2: MRC PMCR (native on QEMU 7.2: no TPMCR)", ipo_x100(t, loop_ticks));

	/* Trapped MRC in state 3 = (PMU_SWITCH(1) + MRC) - PMU_SWITCH(1) on 3 */
	pmu_switch(1);
	MEASURE(t2, pmu_switch(1));
	uint32_t sw_noop = ipo_x100(t2, loop_ticks);
	report("HVC_PMU_SWITCH(1) in state 3 (no-op)", sw_noop);
	MEASURE(t, { pmu_switch(1); sink = read_PMCCNTR(); });
	report("state 3: trapped MRC PMCCNTR (3 -> 2), round trip", ipo_x100(t, t2));
	MEASURE(t, { pmu_switch(1); mcr_pmselr_r0(0); });
	report("state 3: trapped MCR PMSELR, Rt = r0 (3 -> 2)", ipo_x100(t, t2));
	MEASURE(t, { pmu_switch(1); mcr_pmselr_lr(0); });
	report("state 3: trapped MCR PMSELR, Rt = LR_svc (3 -> 2)", ipo_x100(t, t2));
	pmu_switch(0);
	MEASURE(t2, pmu_switch(0));
	MEASURE(t, { pmu_switch(0); sink = read_PMCCNTR(); });
	report("state 1: trapped MRC PMCCNTR (1 -> 2), round trip", ipo_x100(t, t2));

	/* Type B per-register */
	pmu_switch(1);
	MEASURE(t, sink = (uint32_t)hvc(HVC_PMXEVCNTR_READ, A15_CLUSTER));
	report("Type B PMXEVCNTR_READ, active cluster", ipo_x100(t, loop_ticks));
	MEASURE(t, hvc(HVC_PMXEVCNTR_WRITE, A15_CLUSTER, _i));
	report("Type B PMXEVCNTR_WRITE, active cluster", ipo_x100(t, loop_ticks));
	MEASURE(t, sink = (uint32_t)hvc(HVC_PMXEVCNTR_READ, A7_CLUSTER));
	report("Type B PMXEVCNTR_READ, inactive cluster", ipo_x100(t, loop_ticks));
	MEASURE(t, hvc(HVC_PMXEVCNTR_WRITE, A7_CLUSTER, _i));
	report("Type B PMXEVCNTR_WRITE, inactive (deferred)", ipo_x100(t, loop_ticks));
	MEASURE(t, sink = (uint32_t)hvc(HVC_PMCCNTR_READ, A15_CLUSTER));
	report("Type B PMCCNTR_READ (64-bit), active", ipo_x100(t, loop_ticks));

	/* HVC_PMU_SWINC as blmon's typeb_swinc makes it (every counter's bit),
	 * with the A15's 6 counters counting SW_INCR at PL1: each goes up */
	for (uint32_t i = 0; i < 6; i++)
		tb_set_evt(A15_CLUSTER, i, 0x00);
	typeb_write(HVC_PMCNTENSET_WRITE, A15_CLUSTER, 0x3f);
	typeb_write(HVC_PMCR_WRITE, A15_CLUSTER, PMCR_E);
	MEASURE(t, sink = (uint32_t)hvc(HVC_PMU_SWINC, 0x7fffffffu));
	report("HVC_PMU_SWINC, 6 counters counting SW_INCR", ipo_x100(t, loop_ticks));
	typeb_write(HVC_PMCNTENCLR_WRITE, A15_CLUSTER, 0x3f);

	/* SYNC */
	static const unsigned sizes[] = { 1, 8, 14 };
	for (unsigned s = 0; s < 3; s++) {
		char name[64];
		sync_prepare(sizes[s]);
		MEASURE(t, sink = (uint32_t)hvc(HVC_SYNC_PMU_COUNTERS, sync_arr));
		snprintf(name, sizeof(name), "HVC_SYNC_PMU_COUNTERS, %u READ entries", sizes[s]);
		report(name, ipo_x100(t, loop_ticks));
	}

	/* 8 counters over both clusters: one SYNC against 14 per-register HVCs */
	sync_prepare_group();
	MEASURE(t, sink = (uint32_t)hvc(HVC_SYNC_PMU_COUNTERS, sync_arr));
	report("8 counters, 2 clusters: one SYNC, 8 READ entries", ipo_x100(t, loop_ticks));
	MEASURE(t, sink = read_group_per_register(A15_CLUSTER) + read_group_per_register(A7_CLUSTER));
	uint32_t group = ipo_x100(t, loop_ticks);
	report("8 counters, 2 clusters: 14 per-register HVCs", group);
	report("8 counters, 2 clusters: per-register, per HVC x 8", (group * 8 + GROUP_HVCS / 2) / GROUP_HVCS);

	/* Cluster switches (two per iteration: there and back), first with a
	 * debug context the guest never touched (lazy), then with one. */
switches:
	bench_switches("debug never used");
	write_DBGBVR0(0);
	bench_switches("PMU + debug");
	gprintf("bench done\n");
	psci_system_off();
}
