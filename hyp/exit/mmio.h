/*
 * Emulated device regions of the guest's physical address space: stage 2
 * leaves them unmapped, so every guest access is a stage-2 data abort that
 * hyp/exit/mmio.c decodes from the syndrome and hands to the region's handler
 * (the virtual GIC's distributor, a board's registers).
 */
#ifndef HYP_MMIO_H
#define HYP_MMIO_H

#include <stdbool.h>
#include <stdint.h>

struct vcpu;

/* offset into the region, size 1, 2 or 4; a read returns *val. false:
 * the access is refused and the guest gets a data abort. */
typedef bool (*mmio_fn)(void *ctx, uint32_t offset, unsigned size, bool write, uint32_t *val);

#define MMIO_MAX_REGIONS 6

/* At start-up, before any guest runs. */
void mmio_register(uint32_t base, uint32_t size, mmio_fn fn, void *ctx);
/* mmio_trap(), which the architecture calls on a stage-2 data abort: arch/exit.h */

#endif
