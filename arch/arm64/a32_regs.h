/*
 * An AArch32 guest's registers as EL2 sees them (ARM ARM D1.20.1, "Mapping
 * of AArch32 registers to AArch64"): r0-r7 are x0-x7 in every mode;
 * r8-r12 are x8-x12, but FIQ's are x24-x28; r13 and r14 are the mode's
 * own - usr/sys x13/x14, hyp x15 (never an EL1's), irq x17/x16, svc
 * x19/x18, abt x21/x20, und x23/x22, fiq x29/x30. A trap from AArch32
 * saves them all as x0-x30 (vectors.S), so a trapped instruction's Rt is
 * a slot of the frame. Portable: host-tested (tests/arch/test_a32_iss.c).
 */
#ifndef ARM64_A32_REGS_H
#define ARM64_A32_REGS_H

#include <stdint.h>

/* SPSR_EL2.M[4:0] of an exception from AArch32 (M[4] set): the modes */
#define A32_PSR_M4    (1u << 4)    /* SPSR_EL2.M[4]: the exception came from AArch32 */
#define A32_MODE_MASK 0x1fu
#define A32_MODE_USR  0x10u
#define A32_MODE_FIQ  0x11u
#define A32_MODE_IRQ  0x12u
#define A32_MODE_SVC  0x13u
#define A32_MODE_ABT  0x17u
#define A32_MODE_UND  0x1bu
#define A32_MODE_SYS  0x1fu
#define A32_PSR_T     (1u << 5)
#define A32_PSR_F     (1u << 6)
#define A32_PSR_I     (1u << 7)
#define A32_PSR_A     (1u << 8)
#define A32_PSR_E     (1u << 9)
#define A32_PSR_IL    (1u << 20)   /* SPSR_EL2's illegal execution state */
#define A32_PSR_SS    (1u << 21)   /* ... and software step */
#define A32_PSR_J     (1u << 24)

/* The x register that holds AArch32 register n (0-15) in mode m, or -1:
 * r15 (the PC is ELR_EL2, never an operand the monitor emulates), or a
 * mode an EL1 or EL0 cannot be in (mon, hyp, a reserved encoding). */
static inline int a32_reg_x(uint32_t m, unsigned n)
{
	if (n > 14)
		return -1;
	switch (m & A32_MODE_MASK) {
	case A32_MODE_USR:
	case A32_MODE_SYS:
		return (int)n;
	case A32_MODE_FIQ:
		return n < 8 ? (int)n : n < 13 ? (int)n + 16 : n == 13 ? 29 : 30;
	case A32_MODE_IRQ:
		return n < 13 ? (int)n : n == 13 ? 17 : 16;
	case A32_MODE_SVC:
		return n < 13 ? (int)n : n == 13 ? 19 : 18;
	case A32_MODE_ABT:
		return n < 13 ? (int)n : n == 13 ? 21 : 20;
	case A32_MODE_UND:
		return n < 13 ? (int)n : n == 13 ? 23 : 22;
	default:
		return -1;
	}
}

#endif
