/*
 * AArch32 EL1 guests under the AArch64 monitor (docs/arm64.md, "AArch32
 * guests"): which kind of EL1 the guest is, its entry in A32/T32 SVC, and
 * the exceptions the monitor injects into it - an AArch32 EL1 takes them
 * in Undefined or Abort mode at its vector base, not at VBAR_EL1 + an
 * AArch64 offset. Every trap from AArch32 (EL1 of such a guest, or EL0 of
 * either kind) goes through trap32.c on the general way (vectors.S 0x600).
 */
#ifndef ARM64_GUEST32_H
#define ARM64_GUEST32_H

#include <stdbool.h>
#include <stdint.h>
#include "frame.h"

/* The guest's EL1 is AArch32 (decided at the boot CPU's first entry:
 * guest32.c cpu_enter_boot_guest) */
bool guest_is_a32(void);
/* This CPU's EL1 as HCR_EL2.RW says (an exception from AArch32 EL0 goes
 * to an AArch64 EL1 when it is set) */
bool el1_is_a32(void);

/* Past a trapped AArch32 instruction: 4 bytes, or 2 for a 16-bit Thumb
 * one (ESR_EL2.IL clear), and the Thumb IT state advanced past it (as
 * arch/arm32/vcpu.c vcpu_skip_thumb_insn() does in HYP) - every step an
 * AArch32 trap takes, the portable handlers' vcpu_skip_insn() included */
void a32_skip_insn(struct guest_frame *f, bool il);

/* An undefined instruction at addr, taken to the guest's EL1 as the
 * hardware would take it: Undefined mode (SPSR_und = the trapped PSR,
 * LR_und = addr + 4, + 2 in Thumb) for an AArch32 EL1, ESR_EL1 EC 0x00
 * at VBAR_EL1 + 0x600 for an AArch64 one. */
void a32_inject_undef_at(struct guest_frame *f, uint64_t addr);
/* A stage-2 abort answered as a bus error (a synchronous external abort)
 * at the access (ELR_EL2), fault address far: Abort mode with
 * DFSR/DFAR (IFSR/IFAR for a fetch) for an AArch32 EL1. */
void a32_inject_dabt(struct guest_frame *f, uint32_t far, bool write);
void a32_inject_pabt(struct guest_frame *f, uint32_t far);

#endif
