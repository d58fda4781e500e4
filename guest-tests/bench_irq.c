/*
 * make bench, part 2 (tools/bench.sh): the virtual GIC's costs, in the
 * monitor's own instructions (guest-tests/lib/hypcount.h), -icount shift=0.
 *  - a physical interrupt to the guest: the guest's virtual timer (PPI 27)
 *    fires, the monitor takes it in HYP, injects it through a list
 *    register (hardware-linked) and returns to the guest's IRQ vector;
 *  - the guest's EOI: on the virtual CPU interface, no monitor at all;
 *  - an SGI the guest sends itself: the trapped GICD_SGIR write, the
 *    physical SGI taken in HYP, its injection with the source CPU.
 */
#include "gic.h"
#include "hypcount.h"

#define N         256u
#define PPI_VTIMER 27u

static volatile uint32_t fired;
static uint32_t eoi_hyp;   /* HYP instructions across the guest's EOIs */

static void handler(void)
{
	uint32_t iar = gicc_r32(GICC_IAR), before;

	if ((iar & 0x3ff) == PPI_VTIMER)
		__asm__ volatile("mcr p15, 0, %0, c14, c3, 1" : : "r"(0));   /* CNTV_CTL off */
	before = hypcount();
	gicc_w32(GICC_EOIR, iar);
	eoi_hyp += hypcount() - before;
	fired++;
}

static void report(const char *name, uint32_t n)
{
	gprintf("bench %-50s %6lu instructions/op\n", name, (unsigned long)n);
}

static uint32_t per_op(uint32_t total) { return (total + N / 2) / N; }

void guest_start(uint32_t r0, uint32_t r1, uint32_t r2, uint32_t cpsr);
void guest_start(uint32_t r0, uint32_t r1, uint32_t r2, uint32_t cpsr)
{
	uint32_t h;

	(void)r0; (void)r1; (void)r2; (void)cpsr;
	gprintf("# bench_irq: %u interrupts each, monitor instructions counted in HYP\n", N);
	(void)read_PMCR();   /* a Type A access: PMU state 2, counters native */
	hypcount_start();
	gic_guest_init();
	gic_guest_enable(PPI_VTIMER, 0x80);
	gic_guest_enable(1, 0x80);
	irq_hook = handler;
	irq_enable();

	/* virtual timer interrupts */
	fired = 0;
	eoi_hyp = 0;
	h = hypcount();
	for (uint32_t i = 0; i < N; i++) {
		uint32_t want = fired + 1;

		__asm__ volatile("mcr p15, 0, %0, c14, c3, 0" : : "r"(200u));   /* CNTV_TVAL */
		__asm__ volatile("mcr p15, 0, %0, c14, c3, 1" : : "r"(1u));     /* CNTV_CTL on */
		while (fired < want)
			;
	}
	h = hypcount() - h;
	report("physical IRQ -> guest vector (PPI, list register, HW)", per_op(h - eoi_hyp));
	report("guest EOI of it (virtual CPU interface)", per_op(eoi_hyp));

	/* SGIs to self */
	fired = 0;
	eoi_hyp = 0;
	h = hypcount();
	for (uint32_t i = 0; i < N; i++) {
		uint32_t want = fired + 1;

		gic_guest_sgi(GICD_SGIR_FILTER_SELF, 0, 1);
		while (fired < want)
			;
	}
	h = hypcount() - h;
	report("guest SGI to itself: GICD_SGIR emulated + injection", per_op(h - eoi_hyp));
	gprintf("bench done\n");
	psci_system_off();
}
