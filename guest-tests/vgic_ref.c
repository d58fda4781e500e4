/*
 * The GIC's answers to distributor writes on a pending interrupt, checked
 * against QEMU's own GICv2 (issue #18): the same guest, with the same
 * expectations, runs on plain QEMU (vgic-ref-plain: -machine
 * virtualization=off, no monitor, the guest in SVC on the physical GIC;
 * test.plain=1) and under the monitor (vgic-ref), where its distributor is
 * emulated and its interrupts come through list registers. Each case makes
 * the virtual timer's PPI 27 pending (level-sensitive, CPSR.I masked, GICC
 * polled) and asks GICC_IAR after a distributor write:
 *   1. ICACTIVER of the pending PPI, then acknowledge, timer off, EOI: no
 *      second delivery (the monitor once answered 27 again);
 *   2. disabled (ICENABLER): 1023; enabled again, still asserted: 27;
 *   3. the distributor off (GICD_CTLR = 0): 1023; on again: 27;
 *   4. its priority below the priority mask: 1023; raised again: 27;
 *   5. ICPENDR while the timer still asserts it: 27 (pending by its level);
 *      timer off, then ICPENDR: 1023.
 * and SGIs' pending state per source (GICD_SPENDSGIR/CPENDSGIR):
 *   6. an SGI sent to itself reads pending from this CPU; cleared
 *      (CPENDSGIR) before it is taken, it never comes;
 *   7. SPENDSGIR sets SGI 5 from CPU 3: it comes once, with source 3 in
 *      IAR; from two sources: twice, the lower CPU first;
 *   8. set again while the guest handles it: pending; cleared: only the
 *      active part is left, nothing comes after the EOI;
 *   9. (under the monitor only) its SGI 15 cannot be set.
 * (A level-sensitive interrupt whose line drops while it waits in a list
 * register stays pending there: GICv2's virtual interface cannot see the
 * line. So no case drops the line without a distributor write.)
 */
#include "gic.h"
#include "guest.h"
#include "vgic_ref_cases.h"

static void vtimer(bool on)
{
	__asm__ volatile("mcr p15, 0, %0, c14, c3, 0" : : "r"(0u));             /* CNTV_TVAL: due now */
	__asm__ volatile("mcr p15, 0, %0, c14, c3, 1" : : "r"(on ? 1u : 0u));   /* CNTV_CTL */
	__asm__ volatile("isb");
}

void guest_start(uint32_t r0, uint32_t r1, uint32_t r2, uint32_t cpsr);
void guest_start(uint32_t r0, uint32_t r1, uint32_t r2, uint32_t cpsr)
{
	bool plain = bootarg_u32("test.plain", 0) != 0;

	(void)r0; (void)r1; (void)r2; (void)cpsr;
	gprintf("# vgic-ref: on %s\n", plain ? "QEMU's own GIC (no monitor)" : "the monitor's virtual GIC");
	__asm__ volatile("cpsid i");
	vgic_ref_run(plain, vtimer);
	if (!plain) {
		/* migrate-vgic-ref switches all along: the runner holds the
		 * monitor's switch count to this run time */
		gprintf("# end cntvct_ns %lu000000\n", (unsigned long)(read_CNTVCT() / (read_CNTFRQ() / 1000u)));
		test_finish();
		return;
	}
	/* no EL2, no EL3: QEMU's PSCI is HVC here (docs/launch.md) */
	test_summary();
	__asm__ volatile("mov r0, %0\n\t.arch_extension virt\n\thvc #0" : : "r"(PSCI_SYSTEM_OFF_FN) : "r0");
	for (;;)
		__asm__ volatile("wfi");
}
