/*
 * EL2's own stage 1 and the guest's stage 2 (arch/arm32/mmu.h is the ARMv7
 * one, with the same names): docs/arm64.md "The EL2 MMU" and "Stage 2".
 */
#ifndef HYP_MMU_H
#define HYP_MMU_H

#include "blmon.h"

/* EL2's stage 1: an identity map of the low 4 GiB, RAM (the guest's and
 * the monitor's) Normal write-back, the rest Device-nGnRE, in 2 MiB
 * blocks; only the monitor's own memory executable. hyp_mmu_build() once,
 * on the boot CPU with its MMU off (it also invalidates the monitor's
 * memory from the data cache); hyp_mmu_enable() on every CPU before it
 * first uses a lock - blmon_cpu_init() calls it, so a secondary CPU
 * brought up through blmon_cpu_init() gets it without more. */
void hyp_mmu_build(const struct blmon_platform *p);
void hyp_mmu_enable(void);

/* The fatal exit's window (board/common/fatal_probe.h phys_window, with
 * EL2's MMU on): the 2 MiB block at va (below 4 GiB) of EL2's identity map
 * shows the 2 MiB at pa (up to 40 bits, TCR_EL2.PS) as Device memory
 * instead, on this CPU, for good. */
void hyp_mmu_window(uintptr_t va, uint64_t pa);

/* Stage 2 for the guest: an identity map of what arch/s2_map.h says the
 * guest owns - its RAM as Normal memory, the board's device windows as
 * Device - and nothing of the monitor's image, data and stacks, so a guest
 * access there is a stage-2 abort (trap.c: an external abort in the guest). */
void stage2_build(const struct blmon_platform *p);   /* once, boot CPU */
void stage2_enable(void);                             /* every CPU, before HCR_EL2.VM */

#endif
