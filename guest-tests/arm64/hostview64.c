/*
 * The migration seen from the host on the AArch64 monitor (issue #28 item
 * 2, docs/migration.md): guest-tests/hostview.c's rounds from an EL1
 * guest, for tools/test-all.sh's --hostview (tools/hostview.py, the same
 * watcher, reads every physical CPU's PC and exception level through
 * QEMU's own monitor).
 *
 * The guest starts its test.cpus virtual CPUs (default 1); CPUs 1.. spin
 * in guest code (EL1h), counting. For round r = 0..test.rounds-1 (default
 * 4) CPU 0 switches the system to cluster (r + 1) & 1 with
 * HVC_CLUSTER_SWITCH, checks where it landed, prints
 * "# hostview: cluster K round R" and keeps every CPU in guest code for
 * test.hold_ms (default 1500) ms of the virtual counter while the host
 * looks: the active cluster's physical CPUs run the guest at EL1, the
 * other cluster's are parked at EL2 inside the monitor.
 */
#include "guest64.h"
#include "guest_fdt.h"

#define MAX_CPUS 8
#define CURRENTEL_EL1 (1u << 2)
#define PSCI_CPU_ON64 0xc4000003u

static const uint32_t midr[2] = { 0x411fd070u, 0x410fd034u };

static volatile uint32_t counter[MAX_CPUS];   /* each secondary's loop count */
static volatile uint32_t midr_seen[MAX_CPUS]; /* its MIDR, read before each count */
static volatile uint32_t el_seen[MAX_CPUS];   /* its CurrentEL once started, | 0x100 */
static volatile uint32_t stop;

static uint32_t current_el(void)
{
	uint64_t v;

	__asm__ volatile("mrs %0, CurrentEL" : "=r"(v));
	return (uint32_t)v;
}

void secondary_main(uint64_t context)
{
	unsigned cpu = (unsigned)context & (MAX_CPUS - 1);

	el_seen[cpu] = current_el() | 0x100u;
	while (!stop) {
		midr_seen[cpu] = (uint32_t)MRS(MIDR_EL1);
		__asm__ volatile("dmb ish" ::: "memory");
		counter[cpu]++;
	}
	for (;;)
		__asm__ volatile("wfi");
}

void guest_main(uint64_t dtb);
void guest_main(uint64_t dtb)
{
	const void *fdt = (const void *)(uintptr_t)dtb;
	uint32_t ncpus = fdt_bootarg_u32(fdt, "test.cpus", 1), rounds = fdt_bootarg_u32(fdt, "test.rounds", 4);
	uint32_t hold_ms = fdt_bootarg_u32(fdt, "test.hold_ms", 1500), started = 0;

	if (ncpus < 1 || ncpus > MAX_CPUS)
		ncpus = 1;
	gprintf("# hostview: %lu CPUs, %lu rounds of %lu ms\n", (unsigned long)ncpus, (unsigned long)rounds,
		(unsigned long)hold_ms);
	check_eq("CPU 0 runs the guest at EL1", current_el(), CURRENTEL_EL1);
	check_eq("CPU 0 starts on cluster 0 (Cortex-A57 MIDR)", MRS(MIDR_EL1), midr[0]);
	for (uint32_t c = 1; c < ncpus; c++) {
		if ((uint32_t)smc64(PSCI_CPU_ON64, c, (uintptr_t)secondary_entry, c).x0 != 0)
			continue;
		started += wait_flag(&el_seen[c], 0x100u | CURRENTEL_EL1, 2000);
	}
	check_eq("CPUs 1..N-1 started (PSCI CPU_ON), each at EL1", started, ncpus - 1);

	/* one hold before the first round: the watcher attaches to QEMU's
	 * monitor meanwhile (on a loaded machine that took longer than a
	 * hold, and round 0 was missed) */
	uint64_t settle = deadline_ms(hold_ms);

	while (!passed(settle))
		;
	for (uint32_t r = 0; r < rounds; r++) {
		uint32_t k = (r + 1) & 1, before[MAX_CPUS], ran = 0, on_k = 0;

		check_eq("HVC_CLUSTER_SWITCH returns the target cluster",
			 (uint32_t)hvc64(HVC_CLUSTER_SWITCH, k, 0, 0).x0, k);
		check_eq("... CPU 0's MIDR_EL1 is the target cluster's", MRS(MIDR_EL1), midr[k]);
		for (uint32_t c = 1; c < ncpus; c++)
			before[c] = counter[c];
		gprintf("# hostview: cluster %lu round %lu\n", (unsigned long)k, (unsigned long)r);
		uint64_t end = deadline_ms(hold_ms);

		while (!passed(end))
			;
		for (uint32_t c = 1; c < ncpus; c++) {
			uint32_t n = counter[c] - before[c];

			__asm__ volatile("dmb ish" ::: "memory");
			ran += n >= 2;   /* the MIDR of the second count on was read after the switch */
			on_k += n >= 2 && midr_seen[c] == midr[k];
		}
		check_eq("... every secondary ran guest code during the hold (its count advanced)", ran,
			 ncpus - 1);
		check_eq("... and read the target cluster's MIDR_EL1", on_k, ncpus - 1);
	}
	stop = 1;
	__asm__ volatile("dsb sy" ::: "memory");
	test_finish();
}
