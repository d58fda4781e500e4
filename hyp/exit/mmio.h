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
#include "exit.h"   /* mmio_hot_fn, struct mmio_hot */

struct vcpu;

/* offset into the region, size 1, 2 or 4; a read returns *val. false:
 * the access is refused and the guest gets a data abort. */
typedef bool (*mmio_fn)(void *ctx, uint32_t offset, unsigned size, bool write, uint32_t *val);

#define MMIO_MAX_REGIONS 6

/* At start-up, before any guest runs. */
void mmio_register(uint32_t base, uint32_t size, mmio_fn fn, void *ctx);
/* One register of a region whose word stores are frequent (an OS's
 * GICD_SGIR): the architecture recognises a described word store to it
 * before the general decode and calls fn with the value (struct mmio_hot,
 * arch/exit.h). fn does what the region's handler does for that store and
 * must accept every value, as that handler does. One such register, in
 * the region registered last (and no earlier region over it); blmon_init()
 * registers it before any guest runs. */
void mmio_register_hot(uint32_t ipa, mmio_hot_fn fn);
/* mmio_trap(), which the architecture calls on a stage-2 data abort: arch/exit.h */

#endif
