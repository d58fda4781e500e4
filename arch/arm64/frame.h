/*
 * The guest's registers as vectors.S saves them on a trap from EL1/EL0:
 * x0-x30, then ELR_EL2 and SPSR_EL2 (where and how the guest resumes:
 * handlers change them here and the exit writes them back). 34 words, so
 * the stack stays 16-byte aligned. SP_EL1/SP_EL0 stay in the CPU.
 */
#ifndef HYP_FRAME_H
#define HYP_FRAME_H

#include <stddef.h>
#include <stdint.h>

/* A guest general register: 64 bits (arch/arm32/frame.h: 32). The HVC
 * handlers take x0-x3 as these (hyp/exit/hvc.c). */
typedef uint64_t guest_reg_t;

struct guest_frame {
	guest_reg_t r[31];     /* x0-x30 */
	uint64_t elr, spsr;
	uint64_t pad;
};

#define FRAME_ELR   (31 * 8)
#define FRAME_SPSR  (32 * 8)
#define FRAME_SIZE  (34 * 8)
_Static_assert(sizeof(struct guest_frame) == FRAME_SIZE, "frame layout (vectors.S)");
_Static_assert(offsetof(struct guest_frame, elr) == FRAME_ELR, "frame layout (vectors.S)");
_Static_assert(offsetof(struct guest_frame, spsr) == FRAME_SPSR, "frame layout (vectors.S)");

/* The link register, for a report (hyp/core/panic.c) */
static inline guest_reg_t frame_lr(const struct guest_frame *f) { return f->r[30]; }

#endif
