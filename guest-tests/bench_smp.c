/*
 * make bench, part 3 (tools/bench.sh): a whole-system cluster switch with
 * every CPU QEMU has (-smp 1, 2, 4; -icount shift=0,sleep=off). CPU0 asks
 * for N switches (HVC_CLUSTER_SWITCH, there and back); the others wait in
 * the guest's WFI, as an idle OS's CPUs do, and are gathered by the
 * monitor each time. Under -icount one QEMU thread runs the CPUs one
 * after the other and 1 instruction = 1 ns of virtual time, so the
 * virtual time CPU0 spends in the calls is what all CPUs execute for the
 * switch, together; divided by the CPUs it is the cost per CPU. (A PMU
 * counter cannot measure a switch from inside: it is part of the context
 * that is saved, reset and restored.)
 */
#include <stdio.h>
#include "gic.h"
#include "pmu_guest.h"

#define N 64u
#define MAX_CPUS 8u

static volatile uint32_t ready[MAX_CPUS], stop;

void secondary_main(uint32_t context, uint32_t cpsr);
void secondary_main(uint32_t context, uint32_t cpsr)
{
	unsigned cpu = guest_cpu();

	(void)context; (void)cpsr;
	gic_guest_init();
	gic_guest_enable(1, 0x80);   /* CPU0's SGI 1 ends the WFI below */
	gic_guest_log_irqs();        /* taken and ended: a pending one would keep WFI from waiting */
	irq_enable();
	(void)read_PMCR();           /* PMU state 2, as under Linux's perf: the context migrates */
	ready[cpu] = 1;
	while (!stop)
		__asm__ volatile("wfi" ::: "memory");   /* woken by the monitor's SGI only */
	ready[cpu] = 2;
	dsb();
	gic_guest_sgi(GICD_SGIR_FILTER_LIST, 1u << 0, 1);   /* CPU0 waits in WFI */
	for (;;)
		__asm__ volatile("wfi");
}

static void report(const char *name, unsigned ncpu, uint32_t n)
{
	char what[64];

	if (bootarg_u32("blmon.cluster_cpus", 0))   /* issue #16: migrations */
		snprintf(what, sizeof(what), "%s, state 2, migrating N = %u", name, ncpu);
	else
		snprintf(what, sizeof(what), "%s, state 2, -smp %u", name, ncpu);
	gprintf("bench %-50s %6lu instructions/op\n", what, (unsigned long)n);
}

void guest_start(uint32_t r0, uint32_t r1, uint32_t r2, uint32_t cpsr);
void guest_start(uint32_t r0, uint32_t r1, uint32_t r2, uint32_t cpsr)
{
	unsigned ncpu = 1;

	(void)r0; (void)r1; (void)r2; (void)cpsr;
	gic_guest_init();
	gic_guest_log_irqs();
	gic_guest_enable(1, 0x80);
	irq_enable();
	(void)read_PMCR();
	for (unsigned c = 1; c < MAX_CPUS; c++) {
		if (bl_hvc_regs(PSCI_CPU_ON_FN, c, (uint32_t)secondary_entry, 0).r0 != 0)
			break;
		while (!ready[c])
			hvc(HVC_PMU_GET_STATE);   /* each HVC lets the other CPU run a little */
		ncpu++;
	}
	gprintf("# bench_smp: %u CPUs, %u whole-system switches there and back\n", ncpu, N);
	uint64_t t0 = read_CNTVCT();

	for (uint32_t i = 0; i < N; i++) {
		switch_to(A7_CLUSTER);
		switch_to(A15_CLUSTER);
	}
	uint64_t t1 = read_CNTVCT();

	stop = 1;
	dsb();
	/* no busy waiting: under -icount one QEMU thread runs every CPU, and
	 * a CPU that never stops keeps the others from running */
	for (unsigned c = 1; c < ncpu; c++) {
		gic_guest_sgi(GICD_SGIR_FILTER_LIST, 1u << c, 1);   /* out of its WFI */
		while (ready[c] != 2)
			__asm__ volatile("wfi" ::: "memory");
	}
	uint32_t all = (uint32_t)(((t1 - t0) * (1000000000ull / read_CNTFRQ()) + N) / (2ull * N));

	report("whole-system switch: all CPUs together", ncpu, all);
	report("whole-system switch: per CPU", ncpu, (all + ncpu / 2) / ncpu);
	gprintf("bench done\n");
	psci_system_off();
}
