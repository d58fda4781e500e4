/*
 * The virtual GIC of the AArch64 monitor from an EL1 guest (-smp 1): the
 * one-CPU checks the ARMv7 vgic guest makes (guest-tests/common/
 * vgic_cases.c: ids, priorities, more pending than list registers, a
 * hardware-linked SPI deactivated by the guest's EOI, the distributor's
 * enable, the monitor's own interrupts kept from the guest while its
 * switch timer runs), taken through the EL1 IRQ vector, and what AArch64
 * adds to the emulated distributor's decode (arch/dabt.h with a 5-bit
 * SRT, arch/arm64/vcpu.h): loads into Xt sign- or zero-extended as the
 * instruction says, 64-bit and pair accesses refused with an abort.
 */
#include "guest64.h"
#include "gic.h"
#include "vgic_cases.h"

#define EC_DABT_CUR 0x25u

static uint32_t call(uint32_t fid, uint32_t a1) { return (uint32_t)hvc64(fid, a1, 0, 0).x0; }

static const struct vgic_case_ops ops = { call };

static struct gic_log *const log0 = &gic_log[0];

static uint64_t gicd_addr(uint32_t off) { return GUEST_GICD + off; }

/* Loads of the distributor into W and X registers: what the instruction
 * would load from memory */
static void loads_into_x(void)
{
	uint64_t x, a = gicd_addr(GICD_IPRIORITYR + 8);

	gicd_w8(GICD_IPRIORITYR + 8, 0x90);
	gicd_w8(GICD_IPRIORITYR + 9, 0x10);
	gicd_w8(GICD_IPRIORITYR + 10, 0x20);
	gicd_w8(GICD_IPRIORITYR + 11, 0xa0);
	exc_clear();
	x = ~0ull;
	__asm__ volatile("ldrb %w0, [%1]" : "+r"(x) : "r"(a) : "memory");
	check_eq("LDRB Wt of a priority byte: zero-extended into Xt", x, 0x90);
	__asm__ volatile("ldrsb %0, [%1]" : "=r"(x) : "r"(a) : "memory");
	check_eq("LDRSB Xt: sign-extended to 64 bits", x, 0xffffffffffffff90ull);
	__asm__ volatile("ldrsb %w0, [%1]" : "=r"(x) : "r"(a) : "memory");
	check_eq("LDRSB Wt: sign-extended to 32, Xt's upper half 0", x, 0xffffff90ull);
	__asm__ volatile("ldr %w0, [%1]" : "=r"(x) : "r"(a) : "memory");
	check_eq("LDR Wt of the word", x, 0xa0201090ull);
	__asm__ volatile("ldrsw %0, [%1]" : "=r"(x) : "r"(a) : "memory");
	check_eq("LDRSW Xt: sign-extended", x, 0xffffffffa0201090ull);
	__asm__ volatile("str %w1, [%0]" : : "r"(a), "r"(0x12345678deadbe80ull) : "memory");
	check_eq("STR Wt of x = 0x12345678_deadbe80: the low half is stored", gicd_r32(GICD_IPRIORITYR + 8), 0xdeadbe80u & 0xf8f8f8f8u);   /* priorities keep 5 bits */
	check_eq("... no exception on the way", last_exc.count, 0);
}

/* Accesses a GIC does not allow, or the syndrome cannot describe: aborts */
static void bad_accesses(void)
{
	uint64_t a = gicd_addr(GICD_TYPER), x0, x1;

	exc_clear();
	(void)*(volatile uint16_t *)(uintptr_t)gicd_addr(GICD_ISENABLER);
	check_eq("halfword read of the distributor: data abort", last_exc.ec, EC_DABT_CUR);
	exc_clear();
	*(volatile uint8_t *)(uintptr_t)gicd_addr(GICD_ISENABLER) = 1;
	check_eq("byte write to a word-only register: data abort", last_exc.ec, EC_DABT_CUR);
	exc_clear();
	__asm__ volatile("ldr %0, [%1]" : "=r"(x0) : "r"(a) : "memory");
	check_eq("64-bit LDR Xt (the GIC has no 64-bit registers): data abort", last_exc.ec, EC_DABT_CUR);
	check_eq("... at the distributor's address (FAR_EL1)", last_exc.far, a);
	exc_clear();
	__asm__ volatile("str %0, [%1]" : : "r"(0ull), "r"(gicd_addr(GICD_ICENABLER)) : "memory");
	check_eq("64-bit STR Xt: data abort", last_exc.ec, EC_DABT_CUR);
	exc_clear();
	__asm__ volatile("ldp %w0, %w1, [%2]" : "=r"(x0), "=r"(x1) : "r"(a) : "memory");
	check_eq("LDP (no syndrome): data abort", last_exc.ec, EC_DABT_CUR);
	exc_clear();
	(void)gicd_r32(GICD_TYPER);
	check_eq("a word read is fine", last_exc.count, 0);
}

/* One GICD_SGIR store of v from Rt = reg, guest IRQs masked, x4-x7, x16
 * and x17 holding their own numbers: whether they still do after it */
#define SGIR_STORE(reg, a, v)                                                          \
	({                                                                             \
		register uint64_t r_ __asm__(reg) = (v);                               \
		register uint64_t k4 __asm__("x4") = 4, k5 __asm__("x5") = 5;          \
		register uint64_t k6 __asm__("x6") = 6, k7 __asm__("x7") = 7;          \
		register uint64_t k16 __asm__("x16") = 16, k17 __asm__("x17") = 17;    \
		__asm__ volatile("str %w[r], [%[a]]"                                   \
				 : "+r"(k4), "+r"(k5), "+r"(k6), "+r"(k7), "+r"(k16), "+r"(k17) \
				 : [r] "r"(r_), [a] "r"(a) : "memory");                \
		k4 == 4 && k5 == 5 && k6 == 6 && k7 == 7 && k16 == 16 && k17 == 17;    \
	})

/* GICD_SGIR from a register of x0-x3 takes the monitor's fast way for the
 * store (hyp/exit/sys_trap.c dabt_store()), from x9 the general one
 * (mmio_trap()): either way the SGI arrives once, from CPU 0, the store is
 * stepped over once, and the registers the fast way's C may not touch are
 * the guest's after it. */
static void sgir_any_register(void)
{
	uint64_t a = gicd_addr(GICD_SGIR);
	const uint32_t id = 5;
	uint32_t v = GICD_SGIR_VALUE(GICD_SGIR_FILTER_SELF, 0, id);
	bool kept;

	gic_guest_enable(id, 0x80);
	for (unsigned way = 0; way < 2; way++) {
		const char *name = way ? "x9 (the general way)" : "x2 (the fast way)";

		vgic_log_reset(log0);
		exc_clear();
		kept = way ? SGIR_STORE("x9", a, v) : SGIR_STORE("x2", a, v);
		check(kept, "GICD_SGIR stored from %s: x4-x7, x16, x17 kept", name);
		check_eq("... no exception", last_exc.count, 0);
		irq_enable();
		check(vgic_wait_for(&log0->n, 1), "... the SGI arrives");
		irq_disable();
		check_eq("... as SGI 5 from CPU 0 (IAR)", log0->iar[0], id);
		check_eq("... exactly once", log0->n, 1);
	}
	/* the monitor's own SGI and the reserved filter, refused the fast way
	 * as the general one refuses them: nothing arrives */
	vgic_log_reset(log0);
	gic_guest_enable(15, 0x80);
	(void)SGIR_STORE("x1", a, GICD_SGIR_VALUE(GICD_SGIR_FILTER_SELF, 0, 15));
	(void)SGIR_STORE("x3", a, GICD_SGIR_VALUE(3, 0xff, id));
	irq_enable();
	check(!vgic_arrives_within(&log0->n, 1, VGIC_QUIET_MS),
	      "the monitor's SGI 15 and filter 3 from x1/x3: nothing arrives");
	irq_disable();
}

/* ---- a guest's PPI: the physical IRQ's hot way (hyp/switch/irq_hot.c) ---- */

#define PPI_VTIMER  27u
#define GICC_RPR    0x14u   /* the running priority (GICv2) */

static volatile unsigned ppi_n;
static volatile uint32_t ppi_iar, ppi_rpr;

/* The virtual timer is level-sensitive: off before the EOI */
static void vtimer_irq(void)
{
	uint32_t iar = gicc_r32(GICC_IAR);

	if (GICC_IAR_ID(iar) >= GIC_SPURIOUS)
		return;
	if (GICC_IAR_ID(iar) == PPI_VTIMER)
		MSR(CNTV_CTL_EL0, 0);
	ppi_iar = iar;
	ppi_rpr = gicc_r32(GICC_RPR);
	ppi_n++;
	gicc_w32(GICC_EOIR, iar);
}

static void vtimer_arm(uint32_t ticks)
{
	MSR(CNTV_TVAL_EL0, ticks);
	MSR(CNTV_CTL_EL0, 1);
}

/* The guest's virtual timer (PPI 27) straight into a free list register,
 * with the guest's priority there; and with the guest's distributor off
 * - the PPI ended and handed to vgic_inject_hw(), which holds it - given
 * only once the distributor is on again, once. */
static void ppi_hot_way(void)
{
	irq_hook = vtimer_irq;
	ppi_n = 0;
	gic_guest_enable(PPI_VTIMER, 0xa0);
	irq_enable();
	vtimer_arm(1000);
	check(vgic_wait_for(&ppi_n, 1), "the virtual timer's PPI arrives");
	irq_disable();
	check_eq("... as PPI 27 (IAR)", ppi_iar, PPI_VTIMER);
	check_eq("... at the guest's priority (GICC_RPR in its handler)", ppi_rpr, 0xa0);
	check_eq("... once", ppi_n, 1);

	ppi_n = 0;
	gicd_w32(GICD_CTLR, 0);
	vtimer_arm(100);
	while (!(MRS(CNTV_CTL_EL0) & 4))   /* ISTATUS: the timer's line is up */
		;
	irq_enable();
	vgic_arrives_within(&ppi_n, 1, VGIC_QUIET_MS);   /* a while: the monitor has taken it */
	check_eq("... held while the guest's distributor is off", ppi_n, 0);
	gicd_w32(GICD_CTLR, 1);
	check(vgic_wait_for(&ppi_n, 1), "... and given once it is on again");
	irq_disable();
	check_eq("... as PPI 27", ppi_iar, PPI_VTIMER);
	check_eq("... once", ppi_n, 1);
	gicd_w32(GICD_ICENABLER, 1u << PPI_VTIMER);
	gic_guest_log_irqs();
}

void guest_main(uint64_t dtb);
void guest_main(uint64_t dtb)
{
	(void)dtb;
	gprintf("# vgic64: the AArch64 monitor's virtual GIC\n");
	gic_guest_init();
	gic_guest_log_irqs();

	uint32_t lines = 32 * ((gicd_r32(GICD_TYPER) & 0x1f) + 1);

	check(lines >= 64 && lines <= 1020, "GICD_TYPER reads the hardware's lines (%lu)", (unsigned long)lines);
	vgic_sgi_to_self();
	sgir_any_register();
	ppi_hot_way();
	/* the two highest SPIs: no device of the board drives them */
	vgic_more_than_lrs(lines - 1, lines - 2);
	vgic_sgi_coalesces();
	vgic_distributor_off_holds();
	loads_into_x();
	bad_accesses();
	vgic_attack_distributor(&ops);
	note_end_time();
	test_finish();
}
