/*
 * The trapped guest as the handlers see it: its frame, its return address
 * and CPSR (ELR_hyp / SPSR_hyp, written back on exit), and helpers to read
 * or write the register an instruction names, to step past an emulated
 * instruction, and to raise an exception inside the guest.
 */
#ifndef HYP_VCPU_H
#define HYP_VCPU_H

#include <stdbool.h>
#include <stdint.h>
#include "frame.h"
#include "psr.h"
#include "hsr.h"

struct hyp_cpu;

struct vcpu {
	struct guest_frame *f;
	uint32_t elr;   /* guest PC to return to */
	uint32_t spsr;  /* guest CPSR to return with */
	uint32_t hsr;
	struct hyp_cpu *cpu;
};

/* The guest's PC and CPSR live in ELR_hyp/SPSR_hyp until the ERET: a
 * handler that needs them loads them here and puts them back on exit. The
 * HVC path never does (docs/performance.md). Target only. */
#ifndef HOST_BUILD
#include "sysreg.h"
static inline __attribute__((always_inline)) void
vcpu_load(struct vcpu *v, struct guest_frame *f, uint32_t hsr)
{
	v->f = f;
	v->hsr = hsr;
	__asm__ volatile("mrs %0, elr_hyp" : "=r"(v->elr));
	__asm__ volatile("mrs %0, spsr" : "=r"(v->spsr));
	v->cpu = (struct hyp_cpu *)sysreg_tpidr_el2_read();   /* this_cpu() */
}

static inline __attribute__((always_inline)) void vcpu_put(const struct vcpu *v)
{
	__asm__ volatile("msr elr_hyp, %0" : : "r"(v->elr));
	__asm__ volatile("msr spsr_cxsf, %0" : : "r"(v->spsr));
}
#endif


/* Where the guest was (a log line's pc) */
static inline uint32_t vcpu_pc(const struct vcpu *v) { return v->elr; }

static inline bool vcpu_is_pl0(const struct vcpu *v)
{
	return (v->spsr & PSR_MODE_MASK) == PSR_MODE_USR;
}

/* Registers the trap frame holds for the guest's mode: r0-r7 always,
 * r8-r12 outside FIQ mode (FIQ banks its own). */
static inline bool vcpu_frame_holds(uint32_t spsr, unsigned n)
{
	return n < 8 || (n < 13 && (spsr & PSR_MODE_MASK) != PSR_MODE_FIQ);
}

/* General register n as the guest's current mode sees it. r13/r15 are not
 * accepted for coprocessor transfers (UNPREDICTABLE): false -> UNDEF.
 * r0-r7 are never banked: inline; the rest out of line. */
bool vcpu_get_banked_reg(struct guest_frame *f, uint32_t spsr, unsigned n, uint32_t *val);
bool vcpu_set_banked_reg(struct guest_frame *f, uint32_t spsr, unsigned n, uint32_t val);

static inline bool vcpu_get_reg(struct vcpu *v, unsigned n, uint32_t *val)
{
	if (n < 8) {
		*val = v->f->r[n];
		return true;
	}
	return vcpu_get_banked_reg(v->f, v->spsr, n, val);
}

static inline bool vcpu_set_reg(struct vcpu *v, unsigned n, uint32_t val)
{
	if (n < 8) {
		v->f->r[n] = val;
		return true;
	}
	return vcpu_set_banked_reg(v->f, v->spsr, n, val);
}

/* Step over the trapped instruction (2 or 4 bytes, Thumb IT state too). */
void vcpu_skip_thumb_insn(struct vcpu *v);
static inline void vcpu_skip_insn(struct vcpu *v)
{
	if (v->spsr & PSR_T)
		vcpu_skip_thumb_insn(v);
	else
		v->elr += 4;
}

/* Exceptions delivered into the guest at PL1, as the hardware would. */
void vcpu_inject_undef(struct vcpu *v);
/* An HVC of the monitor's ABI: HVC #0 (SMCCC). Any other immediate gets
 * vcpu_undef_at_hvc(): UNDEF at the HVC itself (out of line, rare). */
static inline bool vcpu_hvc_is_abi(uint32_t hsr) { return hsr_hvc_imm(hsr) == 0; }
void vcpu_undef_at_hvc(struct guest_frame *f, uint32_t hsr);
void vcpu_inject_dabt(struct vcpu *v, uint32_t far, bool write);
/* The data abort the guest's access just caused (stage 2), as the guest's
 * own: its address and direction from the trap's syndrome */
void vcpu_inject_trapped_dabt(struct vcpu *v);
void vcpu_inject_pabt(struct vcpu *v, uint32_t far);

#endif
