#ifndef HYP_MMU_H
#define HYP_MMU_H

#include "blmon.h"

/* HYP's own stage-1 translation: identity, RAM (the guest's and the
 * monitor's) Normal write-back, the rest Device, in 2 MiB blocks. Needed
 * so the monitor's data accesses are Normal memory (exclusives for locks,
 * unaligned accesses, caches on real boards). */
void hyp_mmu_build(const struct blmon_platform *p);   /* once, boot CPU */
void hyp_mmu_enable(void);                             /* every CPU */

/* Stage 2 for the guest: identity map of the guest's RAM (Normal) and the
 * device windows (Device), block by block as arch/s2_map.h decides for
 * every back end, except
 *   - the monitor's memory: not mapped, a guest access faults to HYP and
 *     the monitor answers with an abort (arch/arm32/trap.c);
 *   - the GIC: the distributor is not mapped (the monitor emulates it),
 *     the guest's CPU interface address maps the virtual CPU interface,
 *     GICH and the physical CPU interface are not mapped;
 *   - the board's emulated regions (blmon_platform.mmio): not mapped.
 * Tables are shared by all CPUs. */
void stage2_build(const struct blmon_platform *p);
void stage2_enable(void);

#endif
