/*
 * A trapped MCR/MRC (HSR EC 0x03 for CP15, 0x05 for CP14) decoded and
 * carried out: the syndrome names the register (a CPK_* key of cpregs.h)
 * and Rt; a condition that fails means the instruction is skipped
 * unexecuted (ARM ARM B1.14.1: a trapped conditional instruction may fail
 * its check). The access itself is the portable monitor's (a cp_access_fn:
 * hyp/exit/reg_trap.c gives the PMU's and the debug context's); this
 * header is how AArch32 reaches it, inline, so a trapped PMU access pays
 * no call between the decode and the emulation (docs/performance.md).
 *
 * Every PMU access in states 1 and 3 comes this way, so the path works on
 * the trap frame and the syndrome: an Rt the frame holds (r0-r7, and
 * r8-r12 outside FIQ mode) is used in place, an ARM-state instruction
 * steps ELR by 4. Banked registers, Thumb stepping and UNDEF injection
 * are out of line (arch/arm32/cp_trap.c).
 */
#ifndef ARCH_CP_TRAP_H
#define ARCH_CP_TRAP_H

#include <stdbool.h>
#include <stdint.h>
#include "frame.h"
#include "hsr.h"
#include "psr.h"
#include "vcpu.h"

/* The access: key = CPK_*, *val = Rt (read: written), pl0 = from user
 * mode. 0: done; else UNDEF. */
typedef int (*cp_access_fn)(uint32_t key, bool read, uint32_t *val, bool pl0);

/* Out of line (arch/arm32/cp_trap.c): step past a Thumb instruction (2 or
 * 4 bytes, the IT state advances); UNDEF in the guest at the instruction. */
void cp_skip_thumb(struct guest_frame *f, uint32_t hsr);
void cp_undef(struct guest_frame *f, uint32_t hsr);

/* Return past an emulated ARM-state (4-byte) instruction. */
static inline __attribute__((always_inline)) void cp_step_arm(void)
{
	uint32_t elr;

	__asm__ volatile("mrs %0, elr_hyp" : "=r"(elr));
	__asm__ volatile("msr elr_hyp, %0" : : "r"(elr + 4));
}

static inline __attribute__((always_inline)) uint32_t cp_guest_spsr(void)
{
	uint32_t spsr;

	__asm__ volatile("mrs %0, spsr" : "=r"(spsr));
	return spsr;
}

/* Any form: a condition, Thumb, a banked Rt. */
static inline __attribute__((always_inline)) void
cp_access(struct guest_frame *f, uint32_t hsr, cp_access_fn fn)
{
	struct hsr_cp32 d = hsr_decode_cp32(hsr);
	uint32_t spsr = cp_guest_spsr(), banked = 0;
	uint32_t *rt = &f->r[d.rt];   /* r0-r7: the frame slot itself */

	if (!hsr_cond_pass(&d, spsr))
		goto skip;
	if (d.rt >= 8) {              /* possibly banked: through a copy */
		rt = &banked;
		if (!d.read && !vcpu_get_banked_reg(f, spsr, d.rt, &banked))
			goto undef;
	}
	if (fn(d.key, d.read, rt, (spsr & PSR_MODE_MASK) == PSR_MODE_USR) != 0)
		goto undef;
	if (d.rt >= 8 && d.read && !vcpu_set_banked_reg(f, spsr, d.rt, banked))
		goto undef;
skip:
	if (spsr & PSR_T) {
		cp_skip_thumb(f, hsr);
		return;
	}
	cp_step_arm();
	return;
undef:
	cp_undef(f, hsr);
}

/* An access in ARM state, condition passed, whose Rt is at *rt: access,
 * then step 4. */
static inline __attribute__((always_inline)) void
cp_arm_access(struct guest_frame *f, uint32_t hsr, bool pl0, uint32_t *rt, cp_access_fn fn)
{
	struct hsr_cp32 d = hsr_decode_cp32(hsr);

	if (fn(d.key, d.read, rt, pl0) != 0) {
		cp_undef(f, hsr);
		return;
	}
	cp_step_arm();
}

/* Rt = LR in SVC mode (a kernel's): banked, one MRS/MSR away. Never PL0,
 * which also keeps lr in a register (the PL0 path would take its address). */
static inline __attribute__((always_inline)) void
cp_lr_svc_access(struct guest_frame *f, uint32_t hsr, cp_access_fn fn)
{
	uint32_t lr;

	__asm__ volatile("mrs %0, LR_svc" : "=r"(lr));
	cp_arm_access(f, hsr, false, &lr, fn);
	__asm__ volatile("msr LR_svc, %0" : : "r"(lr));   /* unchanged by an MCR */
}

/*
 * What a compiler emits for a PMU access - ARM state, condition AL, Rt in
 * r0-r12 outside FIQ mode (the frame holds them) - goes straight to fn
 * with Rt's frame slot; LR in SVC mode (lr_svc: the caller's out-of-line
 * cp_lr_svc_access) nearly so. Anything else (Thumb, a conditional
 * MCR/MRC, FIQ's r8-r12, LR of another mode) takes general (the caller's
 * out-of-line cp_access): every check there would cost this path too.
 */
static inline __attribute__((always_inline)) void
cp_access_fast(struct guest_frame *f, uint32_t hsr, cp_access_fn fn,
	       void (*lr_svc)(struct guest_frame *, uint32_t),
	       void (*general)(struct guest_frame *, uint32_t))
{
	struct hsr_cp32 d = hsr_decode_cp32(hsr);
	uint32_t spsr = cp_guest_spsr();

	if (!(spsr & PSR_T) && (!d.cv || d.cond >= 0xe)) {
		if (vcpu_frame_holds(spsr, d.rt)) {
			cp_arm_access(f, hsr, (spsr & PSR_MODE_MASK) == PSR_MODE_USR, &f->r[d.rt], fn);
			return;
		}
		if (d.rt == 14 && (spsr & PSR_MODE_MASK) == PSR_MODE_SVC) {
			lr_svc(f, hsr);
			return;
		}
	}
	general(f, hsr);
}

/*
 * The hot form (issue #29): a kernel's MCR/MRC as compilers emit it - ARM
 * state, condition AL (CV set, cond 0xE), from PL1. The caller tells it by
 * its syndrome (hsr.h: hsr_cp32_form() against HSR_CP32_AL()) and, knowing
 * the register,
 * gives cp_hot_access() an fn for it alone (inlined: no table, no key
 * decode); the mode and Rt are checked as in cp_access_fast(), but PL0,
 * whose access has rules of its own, goes to general with every other form.
 */
static inline __attribute__((always_inline)) void
cp_hot_access(struct guest_frame *f, uint32_t hsr, cp_access_fn fn,
	      void (*general)(struct guest_frame *, uint32_t))
{
	uint32_t spsr = cp_guest_spsr(), rt = (hsr >> 5) & 15u;

	/* T clear and not usr: mode's low four bits are 0 only for usr (every
	 * AArch32 mode has bit 4 set) */
	if ((spsr & (PSR_T | 0xfu)) - 1u < 0xfu) {
		if (rt < 8) {
			cp_arm_access(f, hsr, false, &f->r[rt], fn);
			return;
		}
		if (rt == 14 && (spsr & PSR_MODE_MASK) == PSR_MODE_SVC) {
			cp_lr_svc_access(f, hsr, fn);
			return;
		}
	}
	general(f, hsr);
}

#endif
