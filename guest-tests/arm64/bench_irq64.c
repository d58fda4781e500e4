/*
 * The AArch64 monitor's virtual GIC lines of make bench (tools/bench.sh):
 * ARMv7's (guest-tests/common/bench_irq.h, which guest-tests/bench_irq.c
 * runs too) from an EL1 guest - the physical IRQ to the guest's vector,
 * the guest's EOI, an SGI to itself - in the monitor's own instructions,
 * counted at EL2 by a PMU counter (lib/hypcount.h) and checked against
 * CNTVCT_EL0, -icount shift=0.
 */
#include "guest64.h"
#include "guest_fdt.h"
#include "hypcount.h"

static uint64_t now(void) { return cntvct(); }
static uint32_t freq_hz(void) { return (uint32_t)cntfrq(); }
static void vtimer_off(void) { MSR(CNTV_CTL_EL0, 0); }
static void vtimer_arm(uint32_t ticks)
{
	MSR(CNTV_TVAL_EL0, ticks);
	MSR(CNTV_CTL_EL0, 1);
}

#include "bench_irq.h"

void guest_main(uint64_t dtb);
void guest_main(uint64_t dtb)
{
	bool hw = fdt_bootarg_u32((const void *)(uintptr_t)dtb, "blmon.vgic_hw", 0) != 0;

	gprintf("# bench_irq64: %u interrupts each, monitor instructions counted at EL2\n", BENCH_IRQ_N);
	(void)MRS(PMCR_EL0);   /* a Type A access: PMU state 2, counters native */
	hypcount_start();
	if (bench_irq_run("AArch64: ", hw ? "HW-linked" : "soft-linked"))
		gprintf("bench done\n");
	psci_system_off();
}
