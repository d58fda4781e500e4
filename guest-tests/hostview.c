/*
 * The migration seen from the host (issue #16 item 6, docs/testing.md):
 * run with blmon.cluster_cpus=N on 2N CPUs and tools/test-all.sh's
 * --hostview, which has tools/hostview.py read every physical CPU's PC and
 * mode through QEMU's own monitor (info registers -a).
 *
 * The guest starts its test.cpus virtual CPUs (default 1); CPUs 1.. spin in
 * guest code (SVC mode), counting. For round r = 0..test.rounds-1 (default
 * 4) CPU0 switches the system to cluster (r + 1) & 1 with
 * HVC_CLUSTER_SWITCH, checks where it landed, prints
 * "# hostview: cluster K round R" and keeps every CPU in guest code for
 * test.hold_ms (default 1500) milliseconds of the generic timer while the
 * host looks: the active cluster's physical CPUs run the guest, the other
 * cluster's are parked in HYP mode inside the monitor.
 */
#include "gic.h"
#include "pmu_guest.h"

#define MAX_CPUS 8

static volatile uint32_t counter[MAX_CPUS];   /* each secondary's loop count */
static volatile uint32_t midr_seen[MAX_CPUS]; /* its MIDR, read before each count */
static volatile uint32_t mode_seen[MAX_CPUS]; /* its CPSR.M once started */
static volatile uint32_t stop;


void secondary_main(uint32_t context, uint32_t cpsr);
void secondary_main(uint32_t context, uint32_t cpsr)
{
	unsigned cpu = guest_cpu() & (MAX_CPUS - 1);

	(void)context;
	mode_seen[cpu] = (cpsr & 0x1f) | 0x100u;   /* 0x100: started */
	while (!stop) {
		midr_seen[cpu] = read_MIDR();
		dmb();
		counter[cpu]++;
	}
	for (;;)
		__asm__ volatile("wfi");
}

/* Guest code on CPU0 for ms milliseconds of the generic timer. */
static void hold(uint32_t ms)
{
	uint64_t end = deadline_ms(ms);

	while (!passed(end))
		__asm__ volatile("" ::: "memory");
}

void guest_start(uint32_t r0, uint32_t r1, uint32_t r2, uint32_t cpsr);
void guest_start(uint32_t r0, uint32_t r1, uint32_t r2, uint32_t cpsr)
{
	uint32_t ncpus = bootarg_u32("test.cpus", 1), rounds = bootarg_u32("test.rounds", 4);
	uint32_t hold_ms = bootarg_u32("test.hold_ms", 1500), started = 0;

	(void)r0; (void)r1; (void)r2;
	if (ncpus < 1 || ncpus > MAX_CPUS)
		ncpus = 1;
	gprintf("# hostview: %lu CPUs, %lu rounds of %lu ms\n", (unsigned long)ncpus,
		(unsigned long)rounds, (unsigned long)hold_ms);
	check_eq("CPU0 runs the guest in SVC mode", cpsr & 0x1f, 0x13);
	check_eq("CPU0 starts on cluster 0 (Cortex-A15 MIDR)", read_MIDR(), MIDR_A15);
	for (uint32_t c = 1; c < ncpus; c++) {
		if (psci_call(PSCI_CPU_ON_FN, c, (uint32_t)secondary_entry, 0) != 0)
			continue;
		started += wait_until(&mode_seen[c], 0x113u, 2000);
	}
	check_eq("CPUs 1..N-1 started (PSCI CPU_ON), each in SVC mode", started, ncpus - 1);

	/* one hold before the first round: the watcher attaches to QEMU's
	 * monitor meanwhile (on a loaded machine that took longer than a
	 * hold, and round 0 was missed) */
	hold(hold_ms);
	for (uint32_t r = 0; r < rounds; r++) {
		uint32_t k = (r + 1) & 1, before[MAX_CPUS], ran = 0, on_k = 0;

		check_eq("HVC_CLUSTER_SWITCH returns the target cluster", (uint32_t)switch_to(k), k);
		check_eq("... CPU0's MIDR is the target cluster's", read_MIDR(), midr_of(k));
		for (uint32_t c = 1; c < ncpus; c++)
			before[c] = counter[c];
		gprintf("# hostview: cluster %lu round %lu\n", (unsigned long)k, (unsigned long)r);
		hold(hold_ms);
		for (uint32_t c = 1; c < ncpus; c++) {
			uint32_t n = counter[c] - before[c];

			dmb();
			ran += n >= 2;   /* the MIDR of the second count on was read after the switch */
			on_k += n >= 2 && midr_seen[c] == midr_of(k);
		}
		check_eq("... every secondary ran guest code during the hold (its count advanced)", ran,
			 ncpus - 1);
		check_eq("... and read the target cluster's MIDR", on_k, ncpus - 1);
	}
	stop = 1;
	dsb();
	test_finish();
}
