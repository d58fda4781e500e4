/*
 * The trapped AArch64 guest as the handlers see it: its registers in the
 * frame (x31 is XZR for the instructions the monitor emulates), stepping
 * past an instruction, and exceptions injected into EL1 - frame_*() for
 * the back end's own handlers, which have the frame; and struct vcpu with
 * the names arch/arm32/vcpu.h gives the portable handlers (emulated MMIO,
 * PSCI: hyp/exit/mmio.c, psci.c).
 */
#ifndef HYP_VCPU_H
#define HYP_VCPU_H

#include <stdbool.h>
#include <stdint.h>
#include "frame.h"
#include "esr.h"
#include "a32_regs.h"   /* A32_PSR_M4 */
#include "guest32.h"    /* a32_skip_insn() */

/* SPSR_EL2.M[3:0]: where the guest was */
#define SPSR_M_MASK   0xfu
#define SPSR_M_EL0T   0x0u
#define SPSR_M_EL1T   0x4u
#define SPSR_M_EL1H   0x5u
#define SPSR_M_AARCH32 (1u << 4)
#define SPSR_DAIF     (0xfu << 6)

static inline bool frame_is_el0(const struct guest_frame *f)
{
	return (f->spsr & SPSR_M_MASK) == SPSR_M_EL0T;
}

/* xN, or 0 for XZR (31) */
static inline uint64_t frame_get_x(const struct guest_frame *f, unsigned n)
{
	return n < 31 ? f->r[n] : 0;
}

static inline void frame_set_x(struct guest_frame *f, unsigned n, uint64_t v)
{
	if (n < 31)
		f->r[n] = v;
}

/* Past the trapped instruction (always 4 bytes in AArch64) */
static inline void frame_skip_insn(struct guest_frame *f) { f->elr += 4; }

/* An undefined instruction at addr, taken to EL1 as the hardware would
 * take it: ESR_EL1 EC 0x00 (vcpu.c). */
void frame_inject_undef_at(struct guest_frame *f, uint64_t addr);
/* ... at the instruction that trapped (ELR_EL2 is its address for EC
 * 0x18) */
static inline void frame_inject_undef(struct guest_frame *f) { frame_inject_undef_at(f, f->elr); }

/* A stage-2 abort answered as a bus error: a synchronous external abort
 * taken to EL1 at the access (ELR_EL2), FAR_EL1 = far, ESR_EL1 EC 0x25
 * (0x24 from EL0) with WnR, or EC 0x21 (0x20) for an instruction fetch
 * (vcpu.c) */
void frame_inject_dabt(struct guest_frame *f, uint64_t far, bool write);
void frame_inject_pabt(struct guest_frame *f, uint64_t far);

/* ---- the portable handlers' view (arch/arm32/vcpu.h's names) ---- */
struct hyp_cpu;
struct vcpu {
	struct guest_frame *f;   /* the whole frame: x0-x30, ELR_EL2, SPSR_EL2 */
	uint32_t esr;            /* ESR_EL2's EC, IL and ISS */
	struct hyp_cpu *cpu;
};

#define ESR_DABT_SF (1u << 15)   /* the load's register is Xt (64 bits) */

static inline uint64_t vcpu_pc(const struct vcpu *v) { return v->f->elr; }
/* A store's source: Wn (the low half; hyp/exit/mmio.c refuses 64-bit
 * accesses), XZR 0 */
static inline bool vcpu_get_reg(struct vcpu *v, unsigned n, uint32_t *val)
{
	*val = (uint32_t)frame_get_x(v->f, n);
	return true;
}
/* A load's result, which mmio.c has sign-extended to 32 bits where the
 * syndrome says SSE: into Wn zero-extended, or into Xn (SF: LDRSB/LDRSH/
 * LDRSW Xt) sign-extended from bit 31, as the load would write it. */
static inline bool vcpu_set_reg(struct vcpu *v, unsigned n, uint32_t val)
{
	bool sext = (v->esr & ESR_DABT_SF) && ((v->esr >> 21) & 1u);

	frame_set_x(v->f, n, sext ? (uint64_t)(int64_t)(int32_t)val : val);
	return true;
}
/* Past the instruction the portable handlers emulated (hyp/exit/mmio.c,
 * psci.c): an AArch64 one, or an AArch32 guest's (trap32.c), whose length
 * ESR_EL2.IL gives and whose Thumb IT state advances (guest32.c) */
static inline void vcpu_skip_insn(struct vcpu *v)
{
	if (__builtin_expect(v->f->spsr & A32_PSR_M4, 0))
		a32_skip_insn(v->f, v->esr & ESR_IL);
	else
		frame_skip_insn(v->f);
}
static inline void vcpu_inject_undef(struct vcpu *v) { frame_inject_undef(v->f); }
/* The data abort the guest's access just caused (stage 2), as the guest's
 * own: FAR_EL2 and the direction from the syndrome (vcpu.c) */
void vcpu_inject_trapped_dabt(struct vcpu *v);

/* An HVC of the monitor's ABI: HVC #0 (SMCCC). Another immediate is an
 * undefined instruction at the HVC (ELR_EL2 is past it). */
static inline bool vcpu_hvc_is_abi(uint32_t esr) { return esr_hvc_imm(esr) == 0; }
static inline void vcpu_undef_at_hvc(struct guest_frame *f, uint32_t esr)
{
	(void)esr;
	frame_inject_undef_at(f, f->elr - 4);
}

#endif
