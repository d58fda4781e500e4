/*
 * The AArch64 monitor's `make bench` lines (issue #27 point 9), measured as
 * guest-tests/bench.c measures the ARMv7 ones: -icount shift=0 (one
 * instruction = 1 ns, the generic timer at 62.5 MHz = 16 instructions a
 * tick), CNTVCT_EL0 read around N operations, instructions per operation
 * with the loop's own subtracted. The calls are the same ABI through
 * `hvc #0` (include/bl_pmu_abi.h's hvc()). The cluster switch as bench.c
 * measures it: HVC_CLUSTER_SWITCH there and back, per switch (/2), in
 * PMU state 2, before and after the guest's first debug register access
 * (the lazy debug context: hyp/debug/dbg_context.c).
 */
#include "guest64.h"
#include "guest_fdt.h"

#define BIG 0u      /* Cortex-A57, active at boot */
#define LITTLE 1u   /* Cortex-A53, never active here */

static uint64_t now(void)
{
	__asm__ volatile("isb");
	return MRS(CNTVCT_EL0);
}

static uint32_t freq_hz(void) { return (uint32_t)MRS(CNTFRQ_EL0); }

#include "bench_measure.h"   /* N, ipo(), report(), MEASURE() */

static volatile uint64_t sink;
static uint64_t loop_ticks;

static void pmu_switch(uint32_t to) { (void)hvc(HVC_PMU_SWITCH, to); }

/* entries READ requests: the big cluster's cycle counter and event
 * counters first, then the LITTLE one's (both have 6 counters) */
static struct descriptor sync_arr[16];

static void sync_prepare(unsigned entries)
{
	unsigned k = 0;

	for (uint32_t c = 0; c < 2 && k < entries; c++)
		for (unsigned i = 0; i < 6 + 2 && k < entries; i++, k++) {
			sync_arr[k + 1].counter.cluster_id = c;
			sync_arr[k + 1].counter.selected_counter = i;
			sync_arr[k + 1].counter.request_code = PMU_READ_COUNTER;
		}
	sync_arr[0].header.entries = entries;
}

static void bench_type_a(void)
{
	uint64_t t, t2;

	/* a trapped access in state 3 = (PMU_SWITCH(1) + MRS) - PMU_SWITCH(1) on 3 */
	pmu_switch(1);
	MEASURE(t2, pmu_switch(1));
	report("AArch64: HVC_PMU_SWITCH(1) in state 3 (no-op)", ipo(t2, loop_ticks));
	MEASURE(t, { pmu_switch(1); sink = MRS(PMCCNTR_EL0); });
	report("AArch64: trapped MRS PMCCNTR_EL0 (3 -> 2), round trip", ipo(t, t2));
	MEASURE(t, { pmu_switch(1); MSR(PMSELR_EL0, 0); });
	report("AArch64: trapped MSR PMSELR_EL0 (3 -> 2), round trip", ipo(t, t2));
	pmu_switch(0);
	MEASURE(t2, pmu_switch(0));
	MEASURE(t, { pmu_switch(0); sink = MRS(PMCCNTR_EL0); });
	report("AArch64: trapped MRS PMCCNTR_EL0 (1 -> 2), round trip", ipo(t, t2));
}

static void bench_type_b(void)
{
	static const unsigned sizes[] = { 1, 8, 14 };
	uint64_t t;

	pmu_switch(1);
	MEASURE(t, sink = hvc(HVC_PMXEVCNTR_READ, BIG));
	report("AArch64: Type B PMXEVCNTR_READ, active cluster", ipo(t, loop_ticks));
	MEASURE(t, hvc(HVC_PMXEVCNTR_WRITE, BIG, _i));
	report("AArch64: Type B PMXEVCNTR_WRITE, active cluster", ipo(t, loop_ticks));
	MEASURE(t, sink = hvc(HVC_PMXEVCNTR_READ, LITTLE));
	report("AArch64: Type B PMXEVCNTR_READ, inactive cluster", ipo(t, loop_ticks));
	MEASURE(t, hvc(HVC_PMXEVCNTR_WRITE, LITTLE, _i));
	report("AArch64: Type B PMXEVCNTR_WRITE, inactive (deferred)", ipo(t, loop_ticks));
	MEASURE(t, sink = hvc(HVC_PMCCNTR_READ, BIG));
	report("AArch64: Type B PMCCNTR_READ (64-bit), active", ipo(t, loop_ticks));
	for (unsigned s = 0; s < 3; s++) {
		static const char *const names[] = {
			"AArch64: HVC_SYNC_PMU_COUNTERS, 1 READ entries",
			"AArch64: HVC_SYNC_PMU_COUNTERS, 8 READ entries",
			"AArch64: HVC_SYNC_PMU_COUNTERS, 14 READ entries",
		};
		sync_prepare(sizes[s]);
		MEASURE(t, sink = hvc(HVC_SYNC_PMU_COUNTERS, (uint32_t)(uintptr_t)sync_arr));
		report(names[s], ipo(t, loop_ticks));
	}
}

/* state 2 (a trapped access from state 1), then two switches an
 * iteration: per switch, the loop's share halved too */
static void bench_switch(const char *name)
{
	uint64_t t;

	pmu_switch(0);
	sink = MRS(PMSELR_EL0);
	MEASURE(t, { (void)hvc(HVC_CLUSTER_SWITCH, LITTLE); (void)hvc(HVC_CLUSTER_SWITCH, BIG); });
	report(name, ipo(t, loop_ticks) / 2);
}

/* blmon.cluster_cpus=1 (issue #28 item 5): every switch is a migration
 * between physical CPUs 0 and 1; only they are measured (the rest is
 * the single-CPU run's), in each PMU state, without and with the debug
 * context in use. Under -icount one QEMU thread runs both cores: the
 * figure is what the outbound and the inbound execute together. */
static void bench_migration(void)
{
	static const char *const names[2][3] = {
		{ "AArch64: migration (-smp 2, N = 1), state 1, debug never used",
		  "AArch64: migration (-smp 2, N = 1), state 2, debug never used",
		  "AArch64: migration (-smp 2, N = 1), state 3, debug never used" },
		{ "AArch64: migration (-smp 2, N = 1), state 1, PMU + debug",
		  "AArch64: migration (-smp 2, N = 1), state 2, PMU + debug",
		  "AArch64: migration (-smp 2, N = 1), state 3, PMU + debug" },
	};
	uint64_t t;

	for (unsigned dbg = 0; dbg < 2; dbg++) {
		if (dbg)
			MSR(DBGBVR0_EL1, 0);
		for (uint32_t st = 1; st <= 3; st++) {
			pmu_switch(st == 1 ? 0 : 1);
			if (st == 2)
				sink = MRS(PMSELR_EL0);
			MEASURE(t, { (void)hvc(HVC_CLUSTER_SWITCH, LITTLE); (void)hvc(HVC_CLUSTER_SWITCH, BIG); });
			report(names[dbg][st - 1], ipo(t, loop_ticks) / 2);
		}
	}
}

void guest_main(uint64_t dtb);
void guest_main(uint64_t dtb)
{
	uint64_t t;

	gprintf("# bench64: %u operations each, CNTFRQ_EL0 %llu Hz\n", N,
		(unsigned long long)MRS(CNTFRQ_EL0));
	MEASURE(loop_ticks, sink = _i);
	if (fdt_bootarg_u32((const void *)(uintptr_t)dtb, "blmon.cluster_cpus", 0)) {
		bench_migration();
		gprintf("bench done\n");
		psci_system_off();
	}
	report("AArch64: loop overhead (store + branch; subtracted below)", ipo(loop_ticks, 0));
	MEASURE(t, sink = hvc(0x9000ffffu));
	report("AArch64: HVC round trip, unknown id", ipo(t, loop_ticks));
	MEASURE(t, sink = hvc(HVC_PMU_GET_STATE));
	report("AArch64: HVC_PMU_GET_STATE", ipo(t, loop_ticks));
	bench_type_a();
	bench_type_b();
	bench_switch("AArch64: cluster switch, state 2, debug never used");
	MSR(DBGBVR0_EL1, 0);
	bench_switch("AArch64: cluster switch, state 2, PMU + debug");
	gprintf("bench done\n");
	psci_system_off();
}
