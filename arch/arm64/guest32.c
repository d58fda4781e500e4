/*
 * An AArch32 EL1 guest (guest32.h): how the monitor knows it, enters it,
 * and takes exceptions into it by hand (ARM ARM G1.12 "Exception entry"
 * for AArch32, as arch/arm32/vcpu.c does it from HYP mode).
 */
#include "guest32.h"
#include "a32_regs.h"
#include "a32_iss.h"
#include "arch_cpu.h"
#include "hcr.h"
#include "dbg_regs.h"   /* DBGVCR_RESET */
#include "vcpu.h"
#include "sysregs_access.h"
#include "blmon.h"
#include "blmon_log.h"

/* An ARM Linux zImage's header (arch/arm/boot/compressed/head.S): the
 * magic at offset 0x24, start and end addresses after it. The monitor
 * reads it where QEMU's stub enters the kernel. */
#define ZIMAGE_MAGIC_OFF 0x24u
#define ZIMAGE_MAGIC     0x016f2818u

/* Written once by the boot CPU before the guest runs (no other CPU runs
 * the guest until it asks with PSCI CPU_ON, whose start orders it) */
static bool guest_a32;

bool guest_is_a32(void) { return guest_a32; }
bool el1_is_a32(void) { return !(read_HCR_EL2() & HCR_RW); }

/* cpu_enter_el1(pc, spsr, x0, x1, x2): vectors.S */
void __attribute__((noreturn)) cpu_enter_el1(uint64_t pc, uint64_t spsr, uint64_t x0, uint64_t x1,
					     uint64_t x2);

#define SPSR_EL1H_DAIF 0x3c5u   /* EL1h, D, A, I, F masked */
/* A32 SVC with A, I, F masked (PLATFORM.md: 0x1d3 enters it on QEMU 7.2) */
#define SPSR_A32_SVC   (A32_MODE_SVC | A32_PSR_A | A32_PSR_I | A32_PSR_F)

void cpu_enter_guest(uint64_t pc, uint64_t x0, uint64_t x1, uint64_t x2)
{
	if (!guest_a32)
		cpu_enter_el1(pc, SPSR_EL1H_DAIF, x0, x1, x2);
	/* EL1 in AArch32 from here (cpu_hyp_traps_init() set RW on this
	 * CPU); an entry's bit 0 is Thumb, as PSCI CPU_ON says for an
	 * AArch32 caller */
	write_HCR_EL2(read_HCR_EL2() & ~HCR_RW);
	/* its vector catch as a fresh core's, as the debug context's row is
	 * (cluster_init()); trap32.c and a migration keep it the guest's */
	write_DBGVCR32_EL2(DBGVCR_RESET);
	isb();
	if (pc & 1u)
		cpu_enter_el1(pc & ~1ull, SPSR_A32_SVC | A32_PSR_T, (uint32_t)x0, (uint32_t)x1, (uint32_t)x2);
	/* A32: a word-aligned entry (CPU_ON's entry is the guest's to give) */
	cpu_enter_el1(pc & ~3ull, SPSR_A32_SVC, (uint32_t)x0, (uint32_t)x1, (uint32_t)x2);
}

bool cpu_boot_guest_a32_under_a64(uint64_t pc)
{
	if ((pc & 3u) || pc >> 32)
		return false;
	return *(const volatile uint32_t *)(uintptr_t)(pc + ZIMAGE_MAGIC_OFF) == ZIMAGE_MAGIC;
}

/* The boot CPU's first entry, x0 the DTB (QEMU's stub): an ARM zImage is
 * entered as the ARM Linux boot protocol says - r0 = 0, r1 = ~0 (no
 * machine id: the DTB describes the machine), r2 = the DTB - in A32 SVC;
 * anything else as an arm64 kernel. */
void cpu_enter_boot_guest(uint64_t pc, uint64_t x0, uint64_t x1, uint64_t x2)
{
	if (cpu_boot_guest_a32_under_a64(pc)) {
		guest_a32 = true;
		log_info("the guest is AArch32 (ARM zImage magic at its entry + 0x24): A32 SVC, r0 = 0, "
			 "r1 = ~0, r2 = the DTB\n");
		cpu_enter_guest(pc, 0, 0xffffffffu, x0);
	}
	cpu_enter_guest(pc, x0, x1, x2);
}

void a32_skip_insn(struct guest_frame *f, bool il)
{
	f->elr = (uint32_t)(f->elr + (il ? 4u : 2u));
	f->spsr = a32_it_advance((uint32_t)f->spsr) | (f->spsr & ~0xffffffffull);
}

/* SCTLR (SCTLR_EL1's low half for an AArch32 EL1) */
#define SCTLR_V  (1u << 13)   /* high vectors */
#define SCTLR_EE (1u << 25)   /* exceptions big-endian */
#define SCTLR_TE (1u << 30)   /* exceptions in Thumb */
#define TTBCR_EAE (1u << 31)  /* TTBCR (TCR_EL1[31:0]): long descriptors */

/* Take an exception into the AArch32 EL1's mode `mode` at vector offset
 * vec with LR = lr, masking mask: the mode's SPSR gets the guest's PSR;
 * the new PSR keeps NZCV, Q, GE and the masks but takes the mode, T from
 * SCTLR.TE, E from SCTLR.EE, no IT state, J, IL or SS. */
static void a32_enter(struct guest_frame *f, uint32_t mode, uint32_t vec, uint32_t lr, uint32_t mask)
{
	uint32_t sctlr = (uint32_t)read_SCTLR_EL1();
	uint32_t base = (sctlr & SCTLR_V) ? 0xffff0000u : (uint32_t)read_VBAR_EL1() & ~0x1fu;
	uint32_t spsr = (uint32_t)f->spsr;
	uint32_t cpsr = (spsr & ~(A32_MODE_MASK | A32_PSR_T | A32_PSR_E | A32_PSR_IT_MASK | A32_PSR_J |
				  A32_PSR_IL | A32_PSR_SS)) | mode | mask;

	if (sctlr & SCTLR_TE)
		cpsr |= A32_PSR_T;
	if (sctlr & SCTLR_EE)
		cpsr |= A32_PSR_E;
	if (mode == A32_MODE_UND) {
		write_SPSR_UND(spsr);
		f->r[a32_reg_x(A32_MODE_UND, 14)] = lr;
	} else {
		write_SPSR_ABT(spsr);
		f->r[a32_reg_x(A32_MODE_ABT, 14)] = lr;
	}
	f->spsr = cpsr;
	f->elr = base + vec;
}

void a32_inject_undef_at(struct guest_frame *f, uint64_t addr)
{
	if (!el1_is_a32()) {   /* AArch32 EL0 under an AArch64 kernel */
		frame_inject_undef_at(f, addr);
		return;
	}
	/* LR_und = the instruction + 4 (ARM) or + 2 (Thumb), ARM ARM G1.12.3 */
	a32_enter(f, A32_MODE_UND, 0x04, (uint32_t)addr + ((f->spsr & A32_PSR_T) ? 2u : 4u), A32_PSR_I);
}

/* A synchronous external abort's status in the format TTBCR.EAE selects
 * (short descriptors 0b01000, long 0b010000 with the LPAE bit) */
static uint32_t ext_abort_fsr(bool write)
{
	uint32_t fsr = (read_TCR_EL1() & TTBCR_EAE) ? ((1u << 9) | 0x10u) : 0x08u;

	return fsr | (write ? (1u << 11) : 0u);
}

/* DFSR is ESR_EL1[31:0], DFAR FAR_EL1[31:0], IFAR FAR_EL1[63:32], IFSR
 * IFSR32_EL2 (ARM ARM "Mapping of AArch32 registers to AArch64") */
void a32_inject_dabt(struct guest_frame *f, uint32_t far, bool write)
{
	if (!el1_is_a32()) {
		frame_inject_dabt(f, far, write);
		return;
	}
	write_ESR_EL1(ext_abort_fsr(write));
	write_FAR_EL1((read_FAR_EL1() & ~0xffffffffull) | far);
	a32_enter(f, A32_MODE_ABT, 0x10, (uint32_t)f->elr + 8u, A32_PSR_I | A32_PSR_A);
}

void a32_inject_pabt(struct guest_frame *f, uint32_t far)
{
	if (!el1_is_a32()) {
		frame_inject_pabt(f, far);
		return;
	}
	write_IFSR32_EL2(ext_abort_fsr(false));
	write_FAR_EL1((read_FAR_EL1() & 0xffffffffull) | (uint64_t)far << 32);
	a32_enter(f, A32_MODE_ABT, 0x0c, (uint32_t)f->elr + 4u, A32_PSR_I | A32_PSR_A);
}
