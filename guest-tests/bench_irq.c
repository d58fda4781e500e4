/*
 * make bench, part 2 (tools/bench.sh): the virtual GIC's costs, in the
 * monitor's own instructions (guest-tests/lib/hypcount.h), -icount shift=0:
 * the lines of guest-tests/common/bench_irq.h, which AArch64's
 * guest-tests/arm64/bench_irq64.c measures too.
 */
#include "guest.h"
#include "hypcount.h"

static uint64_t now(void) { __asm__ volatile("isb"); return read_CNTVCT(); }
static uint32_t freq_hz(void) { return read_CNTFRQ(); }
static void vtimer_off(void) { __asm__ volatile("mcr p15, 0, %0, c14, c3, 1" : : "r"(0)); }   /* CNTV_CTL */
static void vtimer_arm(uint32_t ticks)
{
	__asm__ volatile("mcr p15, 0, %0, c14, c3, 0" : : "r"(ticks));   /* CNTV_TVAL */
	__asm__ volatile("mcr p15, 0, %0, c14, c3, 1" : : "r"(1u));      /* CNTV_CTL on */
}

#include "bench_irq.h"

void guest_start(uint32_t r0, uint32_t r1, uint32_t r2, uint32_t cpsr);
void guest_start(uint32_t r0, uint32_t r1, uint32_t r2, uint32_t cpsr)
{
	(void)r0; (void)r1; (void)r2; (void)cpsr;
	gprintf("# bench_irq: %u interrupts each, monitor instructions counted in HYP\n", BENCH_IRQ_N);
	(void)read_PMCR();   /* a Type A access: PMU state 2, counters native */
	hypcount_start();
	if (bench_irq_run("", bootarg_u32("blmon.vgic_hw", 0) ? "HW-linked" : "soft-linked"))
		gprintf("bench done\n");
	psci_system_off();
}
