/* The list-register half of hyp/vgic/vgic_hw.h on the hardware, inline: every
 * physical interrupt the guest gets goes through these (GICH of the
 * running CPU; docs/performance.md). */
#ifndef HYP_VGIC_HW_GICH_H
#define HYP_VGIC_HW_GICH_H

#include <stdbool.h>
#include <stdint.h>
#include "gicv2.h"
#include "io.h"
#include "gic.h"

static inline uint32_t vgic_hw_gich(uint32_t off) { return gic_base.gich + off; }

static inline uint32_t vgic_hw_lr_read(unsigned i) { return mmio_read32(vgic_hw_gich(GICH_LR(i))); }
static inline void vgic_hw_lr_write(unsigned i, uint32_t v) { mmio_write32(vgic_hw_gich(GICH_LR(i)), v); }

static inline uint64_t vgic_hw_elsr(unsigned nr_lrs)
{
	uint64_t e = mmio_read32(vgic_hw_gich(GICH_ELSR0));

	if (nr_lrs > 32)
		e |= (uint64_t)mmio_read32(vgic_hw_gich(GICH_ELSR0 + 4)) << 32;
	return e;
}

/* Deactivate physical interrupt id: a soft-linked one the guest has
 * ended. GICC_DIR, or with migration through the distributor for an SPI
 * (hyp/vgic/vgic_hw_gich.c): chosen once, a call through a pointer. */
extern void (*vgic_hw_deactivate_fn)(uint32_t id);
static inline void vgic_hw_deactivate(uint32_t id) { vgic_hw_deactivate_fn(id); }

static inline void vgic_hw_set_underflow(bool on)
{
	mmio_write32(vgic_hw_gich(GICH_HCR), GICH_HCR_EN | (on ? GICH_HCR_UIE : 0));
}

#endif
