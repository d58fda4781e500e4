#ifndef HYP_MMU_H
#define HYP_MMU_H

#include "board.h"

/* HYP's own stage-1 translation: identity, RAM normal write-back, the rest
 * device. Needed so the monitor's data accesses are Normal memory (unaligned
 * accesses, caches on real boards). */
void hyp_mmu_build(const struct board_mem *m);   /* once, boot CPU */
void hyp_mmu_enable(void);                        /* every CPU */

/* Stage 2 for the guest: identity map of the guest's RAM (normal) and the
 * device window (device) minus the board's hole; the monitor's RAM is not
 * mapped, so a guest access to it faults to HYP (hyp/trap.c injects an
 * abort into the guest). Tables are shared by all CPUs. */
void stage2_build(const struct board_mem *m);
void stage2_enable(void);

#endif
