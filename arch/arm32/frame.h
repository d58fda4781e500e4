/*
 * The guest's general registers as boot/vectors.S pushes them on a trap:
 * r0-r12 then LR_usr (HYP shares LR with usr/sys mode). Banked SP/LR of the
 * guest's other modes stay in the CPU and are reached with banked MRS/MSR.
 */
#ifndef HYP_FRAME_H
#define HYP_FRAME_H

#include <stddef.h>
#include <stdint.h>

struct guest_frame {
	uint32_t r[13];
	uint32_t lr_usr;
};

/* vectors.S pushes {r0-r12, lr}: 14 words, r0 lowest. */
_Static_assert(sizeof(struct guest_frame) == 14 * 4, "frame layout");
_Static_assert(offsetof(struct guest_frame, lr_usr) == 13 * 4, "frame layout");

#endif
