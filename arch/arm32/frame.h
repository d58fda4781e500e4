/*
 * The guest's general registers as boot/vectors.S pushes them on a trap:
 * r0-r12 then LR_usr (HYP shares LR with usr/sys mode). Banked SP/LR of the
 * guest's other modes stay in the CPU and are reached with banked MRS/MSR.
 */
#ifndef HYP_FRAME_H
#define HYP_FRAME_H

#include <stddef.h>
#include <stdint.h>

/* A guest general register as the frame holds it, and as the HVC ABI's
 * handlers take r0-r3 (hyp/exit/hvc.c): 32 bits here, 64 on AArch64
 * (arch/arm64/frame.h). */
typedef uint32_t guest_reg_t;

struct guest_frame {
	guest_reg_t r[13];
	uint32_t lr_usr;
};

/* vectors.S pushes {r0-r12, lr}: 14 words, r0 lowest. */
_Static_assert(sizeof(struct guest_frame) == 14 * 4, "frame layout");
_Static_assert(offsetof(struct guest_frame, lr_usr) == 13 * 4, "frame layout");

/* The link register, for a report (hyp/core/panic.c) */
static inline guest_reg_t frame_lr(const struct guest_frame *f) { return f->lr_usr; }

#endif
