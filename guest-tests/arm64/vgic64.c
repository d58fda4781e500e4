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

static const struct vgic_case_ops ops = { call, deadline_ms, passed };

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
