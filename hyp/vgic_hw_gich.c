/* hyp/vgic_hw.h on the hardware: GICH of the running CPU, the physical
 * distributor (hyp/gic.c), and the monitor's SGI to kick other CPUs. */
#include "gic.h"
#include "io.h"
#include "percpu.h"
#include "platform.h"
#include "smp.h"
#include "vgic_hw.h"

static uint32_t gich(uint32_t off) { return hyp_platform.gich + off; }

uint32_t vgic_hw_lr_read(unsigned i) { return mmio_read32(gich(GICH_LR(i))); }
void vgic_hw_lr_write(unsigned i, uint32_t v) { mmio_write32(gich(GICH_LR(i)), v); }

uint64_t vgic_hw_elsr(void)
{
	return mmio_read32(gich(GICH_ELSR0)) | ((uint64_t)mmio_read32(gich(GICH_ELSR0 + 4)) << 32);
}

void vgic_hw_set_underflow(bool on)
{
	mmio_write32(gich(GICH_HCR), GICH_HCR_EN | (on ? GICH_HCR_UIE : 0));
}

uint32_t vgic_hw_gicd_read32(uint32_t off) { return gicd_read32(off); }
void vgic_hw_gicd_write32(uint32_t off, uint32_t v) { gicd_write32(off, v); }
uint8_t vgic_hw_gicd_read8(uint32_t off) { return gicd_read8(off); }
void vgic_hw_gicd_write8(uint32_t off, uint8_t v) { gicd_write8(off, v); }
void vgic_hw_send_sgi(uint32_t sgir) { gic_send_sgi(sgir); }

void vgic_hw_kick_others(void)
{
	smp_kick(smp_online() & ~(1u << this_cpu()->index), KICK_REFILL);
}

/* GICH_VTR.ListRegs + 1 */
unsigned vgic_hw_nr_lrs(void)
{
	return GICH_VTR_LRS(mmio_read32(gich(GICH_VTR)));
}
