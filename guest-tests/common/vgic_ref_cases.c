/*
 * The cases of the vgic-ref guests (guest-tests/vgic_ref.c on ARMv7,
 * guest-tests/arm64/vgic_ref64.c on AArch64; the list is in vgic_ref.c's
 * head): the GIC's answers to distributor writes on a pending interrupt,
 * the same expectations on QEMU's own GICv2 and under the monitor.
 */
#include "vgic_ref_cases.h"
#include "gic.h"
#include "tap.h"

#define PPI_VTIMER 27u
#define SPURIOUS   1023u

static void settle(void)
{
	/* the physical interrupt reaches HYP and a list register (under the
	 * monitor), or the CPU interface: far less than this */
	for (volatile uint32_t i = 0; i < 20000; i++)
		;
}

static void (*vtimer_set)(bool on);

static void timer(bool on)
{
	vtimer_set(on);
	settle();
}

/* GICC_IAR: the id and, for an SGI, its source CPU (bits 12:10) */
static uint32_t iar_src(void) { settle(); return gicc_r32(GICC_IAR) & 0x1fff; }
static uint32_t iar(void) { return iar_src() & 0x3ff; }
static void eoi(uint32_t iar_val) { gicc_w32(GICC_EOIR, iar_val); }
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

#define SGI_A 2u
#define SGI_B 5u   /* byte 1 of SPENDSGIR1 */
#define IAR_SGI(id, src) ((id) | (uint32_t)(src) << 10)

static void sgi_cleared_before_taken(uint32_t self)
{
	gic_guest_sgi(GICD_SGIR_FILTER_SELF, 0, SGI_A);
	settle();
	check_eq("6. an SGI sent to itself: SPENDSGIR0 shows its source", gicd_r32(GICD_SPENDSGIR),
		 (1u << self) << (8 * SGI_A));
	check_eq("6. ... CPENDSGIR0 reads the same", gicd_r32(GICD_CPENDSGIR), (1u << self) << (8 * SGI_A));
	gicd_w8(GICD_CPENDSGIR + SGI_A, (uint8_t)(1u << self));
	check_eq("6. CPENDSGIR (a byte) clears it: SPENDSGIR0 0", gicd_r32(GICD_SPENDSGIR), 0);
	check_eq("6. ... and it never comes (IAR 1023)", iar(), SPURIOUS);
}

static void sgi_set_pending(void)
{
	gicd_w8(GICD_SPENDSGIR + SGI_B, 1u << 3);
	check_eq("7. SPENDSGIR sets SGI 5 from CPU 3: SPENDSGIR1 reads it", gicd_r32(GICD_SPENDSGIR + 4), 0x0800u);
	uint32_t got = iar_src();

	check_eq("7. ... it comes with source 3 in IAR", got, IAR_SGI(SGI_B, 3));
	check_eq("7. ... taken, no longer pending", gicd_r32(GICD_SPENDSGIR + 4), 0);
	eoi(got);
	check_eq("7. ... once (IAR 1023)", iar(), SPURIOUS);

	/* a byte: QEMU 7.2 makes an SGI pending from no source for each zero
	 * byte of a SPENDSGIR write, and aborts when the guest takes it
	 * (docs/vgic.md) */
	gicd_w8(GICD_SPENDSGIR + SGI_B, 0x09);   /* SGI 5 from CPUs 0 and 3 */
	check_eq("7. from two sources: SPENDSGIR1 0x900", gicd_r32(GICD_SPENDSGIR + 4), 0x0900u);
	got = iar_src();
	check_eq("7. ... the lower source first", got, IAR_SGI(SGI_B, 0));
	eoi(got);
	got = iar_src();
	check_eq("7. ... then the other", got, IAR_SGI(SGI_B, 3));
	eoi(got);
	check_eq("7. ... each once (IAR 1023)", iar(), SPURIOUS);
}

static void sgi_pending_and_active(uint32_t self)
{
	uint8_t me = (uint8_t)(1u << self);

	gicd_w8(GICD_SPENDSGIR + SGI_B, me);
	uint32_t got = iar_src();

	check_eq("8. SGI 5 from this CPU taken", got, IAR_SGI(SGI_B, self));
	gicd_w8(GICD_SPENDSGIR + SGI_B, me);
	check_eq("8. set again while active: pending", gicd_r8(GICD_SPENDSGIR + SGI_B), me);
	gicd_w8(GICD_CPENDSGIR + SGI_B, me);
	check_eq("8. cleared: not pending, still active", gicd_r8(GICD_CPENDSGIR + SGI_B), 0);
	eoi(got);
	check_eq("8. ... nothing after the EOI (IAR 1023)", iar(), SPURIOUS);
}

/* The monitor keeps SGI 15; QEMU's own GIC has no such rule. */
static void monitor_sgi(uint32_t self)
{
	gicd_w8(GICD_SPENDSGIR + 15, (uint8_t)(1u << self));
	check_eq("9. SPENDSGIR of the monitor's SGI 15: reads not pending", gicd_r32(GICD_SPENDSGIR + 12), 0);
	check_eq("9. ... and does not come (IAR 1023)", iar(), SPURIOUS);
}

void vgic_ref_run(bool plain, void (*vtimer)(bool on))
{
	vtimer_set = vtimer;
	gic_guest_init();
	gic_guest_enable(PPI_VTIMER, 0x80);
	clean(iar());
	icactiver();
	icenabler();
	ctlr();
	priority();
	icpendr();
	sgi_cleared_before_taken(guest_cpu());
	sgi_set_pending();
	sgi_pending_and_active(guest_cpu());
	if (!plain)
		monitor_sgi(guest_cpu());
}
