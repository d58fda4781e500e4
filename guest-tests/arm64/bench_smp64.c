/*
 * make bench (tools/bench.sh): the AArch64 monitor's whole-system cluster
 * switch with every CPU QEMU has (-smp 1, 2, 4; -icount shift=0,sleep=off),
 * measured as ARMv7's guest-tests/bench_smp.c measures it: CPU 0 asks for
 * N switches there and back (HVC_CLUSTER_SWITCH), the others wait in WFI,
 * as an idle OS's CPUs do, and are gathered by the monitor's SGI each
 * time; under -icount one QEMU thread runs the CPUs one after the other,
 * so the virtual time CPU 0 spends in the calls is what all CPUs execute
 * for the switch, together. Every CPU's PMU is in state 2 (as under
 * Linux's perf): its context is what moves.
 */
#include "guest64.h"
#include "gic.h"
#include "fmt.h"
#include "guest_fdt.h"

#define NSW 64u
#define MAX_CPUS 8u
#define PSCI_CPU_ON64 0xc4000003u

static volatile uint32_t ready[MAX_CPUS], stop;

void secondary_main(uint64_t context)
{
	unsigned cpu = guest_cpu();

	(void)context;
	gic_guest_init();
	gic_guest_enable(1, 0x80);   /* CPU 0's SGI 1 ends the WFI below */
	gic_guest_log_irqs();        /* taken and ended: a pending one would keep WFI from waiting */
	irq_enable();
	(void)MRS(PMSELR_EL0);       /* PMU state 2 */
	ready[cpu] = 1;
	__asm__ volatile("dsb sy" ::: "memory");
	gic_guest_sgi(GICD_SGIR_FILTER_LIST, 1u << 0, 1);   /* CPU 0 waits in WFI */
	while (!stop)
		__asm__ volatile("wfi" ::: "memory");   /* woken by the monitor's SGI only */
	ready[cpu] = 2;
	__asm__ volatile("dsb sy" ::: "memory");
	gic_guest_sgi(GICD_SGIR_FILTER_LIST, 1u << 0, 1);   /* CPU 0 waits in WFI */
	for (;;)
		__asm__ volatile("wfi");
}

static bool migrating;   /* blmon.cluster_cpus=N: the CPUs are N virtual ones on 2N cores */

static void report(const char *name, unsigned ncpu, uint32_t n)
{
	char what[96];

	if (migrating)
		fmt_snprintf(what, sizeof(what), "AArch64: %s, state 2, migrating N = %u", name, ncpu);
	else
		fmt_snprintf(what, sizeof(what), "AArch64: %s, state 2, -smp %u", name, ncpu);
	gprintf("bench %-50s %6lu instructions/op\n", what, (unsigned long)n);
}

void guest_main(uint64_t dtb);
void guest_main(uint64_t dtb)
{
	unsigned ncpu = 1, n = GICD_TYPER_CPUS(gicd_r32(GICD_TYPER));
	uint64_t freq;

	migrating = fdt_bootarg_u32((const void *)(uintptr_t)dtb, "blmon.cluster_cpus", 0) != 0;
	freq = cntfrq();
	gic_guest_init();
	gic_guest_log_irqs();
	gic_guest_enable(1, 0x80);
	irq_enable();
	(void)MRS(PMSELR_EL0);
	for (unsigned c = 1; c < n && c < MAX_CPUS; c++) {
		if (smc64(PSCI_CPU_ON64, c, (uintptr_t)secondary_entry, 0).x0 != 0)
			break;
		/* asleep, not spinning: under -icount one QEMU thread runs
		 * every CPU, and a spinning CPU 0 was seen to keep CPU 1 from
		 * ever starting (its HVCs do not let it run, as on ARMv7) */
		while (!ready[c])
			__asm__ volatile("wfi" ::: "memory");
		ncpu++;
	}
	gprintf("# bench_smp64: %u CPUs, %u whole-system switches there and back\n", ncpu, NSW);
	uint64_t t0 = cntvct();

	for (uint32_t i = 0; i < NSW; i++) {
		(void)hvc64(HVC_CLUSTER_SWITCH, 1, 0, 0);
		(void)hvc64(HVC_CLUSTER_SWITCH, 0, 0, 0);
	}
	uint64_t t1 = cntvct();

	stop = 1;
	__asm__ volatile("dsb sy" ::: "memory");
	for (unsigned c = 1; c < ncpu; c++) {
		gic_guest_sgi(GICD_SGIR_FILTER_LIST, 1u << c, 1);   /* out of its WFI */
		while (ready[c] != 2)
			__asm__ volatile("wfi" ::: "memory");
	}
	uint32_t all = (uint32_t)(((t1 - t0) * (1000000000ull / freq) + NSW) / (2ull * NSW));

	report("whole-system switch: all CPUs together", ncpu, all);
	report("whole-system switch: per CPU", ncpu, (all + ncpu / 2) / ncpu);
	gprintf("bench done\n");
	psci_system_off();
}
