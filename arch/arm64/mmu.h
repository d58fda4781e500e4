/*
 * Stage 2 for the AArch64 guest (arch/arm32/mmu.h is the ARMv7 one): an
 * identity map of what arch/s2_map.h says the guest owns - its RAM as
 * Normal memory, the board's device windows as Device - and nothing of the
 * monitor's image, data and stacks, so a guest access there is a stage-2
 * abort (trap.c: an external abort in the guest). EL2's own translation
 * stays off at this step (docs/arm64.md): the monitor reaches memory by
 * its physical address, which is the guest's IPA.
 */
#ifndef HYP_MMU_H
#define HYP_MMU_H

#include "blmon.h"

/* EL2's own stage 1 (arch/arm32/mmu.h's names, hyp/init/init.c calls
 * them): off at this step, the monitor runs on physical addresses
 * (another change turns it on) */
static inline void hyp_mmu_build(const struct blmon_platform *p) { (void)p; }
static inline void hyp_mmu_enable(void) {}

void stage2_build(const struct blmon_platform *p);   /* once, boot CPU */
void stage2_enable(void);                             /* every CPU, before HCR_EL2.VM */

#endif
