/*
 * make bench, part 3 (tools/bench.sh): a whole-system cluster switch with
 * every CPU QEMU has (-smp 1, 2, 4; -icount shift=0,sleep=off). CPU0 asks
 * for N switches (HVC_CLUSTER_SWITCH, there and back); the others wait in
 * the guest's WFI, as an idle OS's CPUs do, and are gathered by the
 * monitor each time. Each CPU counts its own monitor instructions
 * (guest-tests/lib/hypcount.h); "wall" is the virtual time CPU0 spends in
 * the calls, in instructions (icount: 1 instruction = 1 ns; with one
 * QEMU thread for all CPUs it includes every CPU's instructions).
 */
#include <stdio.h>
#include "gic.h"
#include "hypcount.h"

#define N 64u
#define PSCI_CPU_ON 0x84000003u
#define MAX_CPUS 8u

static volatile uint32_t ready[MAX_CPUS], stop, hyp_of[MAX_CPUS];

void secondary_main(uint32_t context, uint32_t cpsr);
void secondary_main(uint32_t context, uint32_t cpsr)
{
	unsigned cpu = guest_cpu();

	(void)context; (void)cpsr;
	gic_guest_init();
	gic_guest_enable(1, 0x80);   /* CPU0's SGI 1 ends the WFI below */
	gic_guest_log_irqs();        /* taken and ended: a pending one would keep WFI from waiting */
	irq_enable();
	(void)read_PMCR();   /* PMU state 2: the counter reads natively */
	hypcount_start();
	ready[cpu] = 1;
	while (!stop)
		__asm__ volatile("wfi" ::: "memory");   /* woken by the monitor's SGI only */
	hyp_of[cpu] = hypcount();
	ready[cpu] = 2;
	__asm__ volatile("dsb" ::: "memory");
	gic_guest_sgi(GICD_SGIR_FILTER_LIST, 1u << 0, 1);   /* CPU0 waits in WFI */
	for (;;)
		__asm__ volatile("wfi");
}

static void report(const char *name, unsigned ncpu, uint32_t n)
{
	char what[64];

	snprintf(what, sizeof(what), "%s, -smp %u", name, ncpu);
	gprintf("bench %-50s %6lu instructions/op\n", what, (unsigned long)n);
}

void guest_start(uint32_t r0, uint32_t r1, uint32_t r2, uint32_t cpsr);
void guest_start(uint32_t r0, uint32_t r1, uint32_t r2, uint32_t cpsr)
{
	unsigned ncpu = 1;
	uint32_t h0, max = 0, sum;

	(void)r0; (void)r1; (void)r2; (void)cpsr;
	gic_guest_init();
	gic_guest_log_irqs();
	gic_guest_enable(1, 0x80);
	irq_enable();
	for (unsigned c = 1; c < MAX_CPUS; c++) {
		if (bl_hvc_regs(PSCI_CPU_ON, c, (uint32_t)secondary_entry, 0).r0 != 0)
			break;
		while (!ready[c])
			hvc(HVC_PMU_GET_STATE);   /* each HVC lets the other CPU run a little */
		ncpu++;
	}
	gprintf("# bench_smp: %u CPUs, %u whole-system switches there and back\n", ncpu, N);
	(void)read_PMCR();
	hypcount_start();
	h0 = hypcount();
	uint64_t t0 = read_CNTVCT();

	for (uint32_t i = 0; i < N; i++) {
		switch_to(A7_CLUSTER);
		switch_to(A15_CLUSTER);
	}
	uint64_t t1 = read_CNTVCT();

	hyp_of[0] = hypcount() - h0;
	stop = 1;
	__asm__ volatile("dsb" ::: "memory");
	/* no busy waiting: under -icount one QEMU thread runs every CPU, and
	 * a CPU that never stops keeps the others from running */
	for (unsigned c = 1; c < ncpu; c++) {
		gic_guest_sgi(GICD_SGIR_FILTER_LIST, 1u << c, 1);   /* out of its WFI */
		while (ready[c] != 2)
			__asm__ volatile("wfi" ::: "memory");
	}
	sum = 0;
	for (unsigned c = 0; c < ncpu; c++) {
		uint32_t per = (hyp_of[c] + N) / (2 * N);

		sum += per;
		if (per > max)
			max = per;
	}
	report("whole-system switch: initiating CPU (monitor)", ncpu, (hyp_of[0] + N) / (2 * N));
	report("whole-system switch: busiest CPU (monitor)", ncpu, max);
	report("whole-system switch: all CPUs together (monitor)", ncpu, sum);
	report("whole-system switch: wall, virtual time", ncpu,
	       (uint32_t)(((t1 - t0) * (1000000000ull / read_CNTFRQ()) + N) / (2 * N)));
	gprintf("bench done\n");
	psci_system_off();
}
