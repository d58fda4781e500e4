/* hyp/vgic_hw.h on the hardware, out of line: the physical distributor
 * (hyp/gic.c), the monitor's SGI to kick other CPUs (the list registers:
 * hyp/vgic_hw_gich.h). */
#include "gic.h"
#include "io.h"
#include "percpu.h"
#include "platform.h"
#include "smp.h"
#include "vgic_hw.h"

void vgic_hw_deactivate(uint32_t id) { gic_deactivate(id); }

uint32_t vgic_hw_gicd_read32(uint32_t off) { return gicd_read32(off); }
void vgic_hw_gicd_write32(uint32_t off, uint32_t v) { gicd_write32(off, v); }
uint8_t vgic_hw_gicd_read8(uint32_t off) { return gicd_read8(off); }
void vgic_hw_gicd_write8(uint32_t off, uint8_t v) { gicd_write8(off, v); }
void vgic_hw_send_sgi(uint32_t sgir) { gic_send_sgi(sgir); }

void vgic_hw_kick_others(void)
{
	smp_kick(smp_online() & ~(1u << this_cpu()->index), KICK_REFILL);
}

void vgic_hw_kick(uint32_t cpus)
{
	smp_kick(cpus & smp_online() & ~(1u << this_cpu()->index), KICK_REFILL);
}

/* GICH_VTR.ListRegs + 1 */
unsigned vgic_hw_nr_lrs(void)
{
	return GICH_VTR_LRS(mmio_read32(vgic_hw_gich(GICH_VTR)));
}
