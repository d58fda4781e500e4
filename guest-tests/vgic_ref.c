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
 * (A level-sensitive interrupt whose line drops while it waits in a list
 * register stays pending there: GICv2's virtual interface cannot see the
 * line. So no case drops the line without a distributor write.)
 */
#include "gic.h"
#include "guest.h"

#define PPI_VTIMER 27u
#define SPURIOUS   1023u

static bool plain;

static void settle(void)
{
	/* the physical interrupt reaches HYP and a list register (under the
	 * monitor), or the CPU interface: far less than this */
	for (volatile uint32_t i = 0; i < 20000; i++)
		;
}

static void timer(bool on)
{
	__asm__ volatile("mcr p15, 0, %0, c14, c3, 0" : : "r"(0u));             /* CNTV_TVAL: due now */
	__asm__ volatile("mcr p15, 0, %0, c14, c3, 1" : : "r"(on ? 1u : 0u));   /* CNTV_CTL */
	__asm__ volatile("isb");
	settle();
}

static uint32_t iar(void) { settle(); return gicc_r32(GICC_IAR) & 0x3ff; }
static void eoi(uint32_t id) { gicc_w32(GICC_EOIR, id); }
static uint32_t bit(void) { return 1u << PPI_VTIMER; }

/* Timer off, the interrupt ended if taken, nothing left pending. */
static void clean(uint32_t taken)
{
	timer(false);
	if (taken == PPI_VTIMER)
		eoi(PPI_VTIMER);
	gicd_w32(GICD_ICPENDR, bit());
	settle();
	check_eq("... then nothing pending", iar(), SPURIOUS);
}

static void icactiver(void)
{
	timer(true);
	gicd_w32(GICD_ICACTIVER, bit());
	uint32_t got = iar();

	check_eq("1. ICACTIVER of the pending PPI: it is still acknowledged", got, PPI_VTIMER);
	timer(false);
	eoi(got);
	check_eq("1. ... timer off, EOI: no second delivery (IAR 1023)", iar(), SPURIOUS);
}

static void icenabler(void)
{
	timer(true);
	gicd_w32(GICD_ICENABLER, bit());
	check_eq("2. disabled while pending: IAR 1023", iar(), SPURIOUS);
	gicd_w32(GICD_ISENABLER, bit());
	uint32_t got = iar();

	check_eq("2. enabled again, still asserted: IAR 27", got, PPI_VTIMER);
	clean(got);
}

static void ctlr(void)
{
	timer(true);
	gicd_w32(GICD_CTLR, 0);
	check_eq("3. distributor off: IAR 1023", iar(), SPURIOUS);
	gicd_w32(GICD_CTLR, 1);
	uint32_t got = iar();

	check_eq("3. on again: IAR 27", got, PPI_VTIMER);
	clean(got);
}

static void priority(void)
{
	gicc_w32(GICC_PMR, 0x80);
	timer(true);
	gicd_w8(GICD_IPRIORITYR + PPI_VTIMER, 0xf0);
	check_eq("4. priority below the mask: IAR 1023", iar(), SPURIOUS);
	gicd_w8(GICD_IPRIORITYR + PPI_VTIMER, 0x10);
	uint32_t got = iar();

	check_eq("4. raised above it again: IAR 27", got, PPI_VTIMER);
	clean(got);
	gicc_w32(GICC_PMR, 0xff);
}

static void icpendr(void)
{
	timer(true);
	gicd_w32(GICD_ICPENDR, bit());
	uint32_t got = iar();

	check_eq("5. ICPENDR while the timer asserts it: pending by its level, IAR 27", got, PPI_VTIMER);
	clean(got);
	timer(true);
	timer(false);
	gicd_w32(GICD_ICPENDR, bit());
	check_eq("5. timer off, then ICPENDR: IAR 1023", iar(), SPURIOUS);
}

void guest_start(uint32_t r0, uint32_t r1, uint32_t r2, uint32_t cpsr);
void guest_start(uint32_t r0, uint32_t r1, uint32_t r2, uint32_t cpsr)
{
	(void)r0; (void)r1; (void)r2; (void)cpsr;
	plain = bootarg_u32("test.plain", 0) != 0;
	gprintf("# vgic-ref: on %s\n", plain ? "QEMU's own GIC (no monitor)" : "the monitor's virtual GIC");
	__asm__ volatile("cpsid i");
	gic_guest_init();
	gic_guest_enable(PPI_VTIMER, 0x80);
	clean(iar());
	icactiver();
	icenabler();
	ctlr();
	priority();
	icpendr();
	if (!plain) {
		test_finish();
		return;
	}
	/* no EL2, no EL3: QEMU's PSCI is HVC here (docs/launch.md) */
	test_summary();
	__asm__ volatile("mov r0, %0\n\t.arch_extension virt\n\thvc #0" : : "r"(PSCI_SYSTEM_OFF_FN) : "r0");
	for (;;)
		__asm__ volatile("wfi");
}
