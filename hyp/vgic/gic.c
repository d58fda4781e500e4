#include "gic.h"
#include "io.h"

struct gic_base gic_base;

void gic_set_base(uint32_t gicd, uint32_t gicc, uint32_t gich)
{
	gic_base.gicd = gicd;
	gic_base.gicc = gicc;
	gic_base.gich = gich;
}

static uint32_t gicc(uint32_t off) { return gic_base.gicc + off; }

uint32_t gicd_read32(uint32_t off) { return mmio_read32(gic_base.gicd + off); }
void gicd_write32(uint32_t off, uint32_t v) { mmio_write32(gic_base.gicd + off, v); }
uint8_t gicd_read8(uint32_t off) { return mmio_read8(gic_base.gicd + off); }
void gicd_write8(uint32_t off, uint8_t v) { mmio_write8(gic_base.gicd + off, v); }

uint32_t gic_lines(void)
{
	uint32_t n = 32 * GICD_TYPER_LINES(gicd_read32(GICD_TYPER));

	return n > GIC_MAX_IRQS ? GIC_MAX_IRQS : n;
}

void gic_init(void)
{
	gicd_write32(GICD_CTLR, GICD_CTLR_ENABLE);
}

static void enable_own(uint32_t id)
{
	gicd_write8(GICD_IPRIORITYR + id, GIC_PRIO_MONITOR);
	gicd_write32(GICD_ISENABLER + 4 * (id / 32), 1u << (id % 32));
}

void gic_cpu_init(void)
{
	/* the banked SGI/PPI registers are this CPU's own */
	enable_own(IRQ_MONITOR_SGI);
	enable_own(IRQ_MAINTENANCE);
	enable_own(IRQ_HYP_TIMER);
	mmio_write32(gicc(GICC_PMR), 0xff);
	mmio_write32(gicc(GICC_CTLR), GICC_CTLR_ENABLE | GICC_CTLR_EOIMODE);
	mmio_write32(gic_base.gich + GICH_HCR, GICH_HCR_EN);
}

void gic_park(bool parked)
{
	mmio_write32(gicc(GICC_PMR), parked ? GIC_PRIO_GUEST_MIN : 0xff);
}

void gic_deactivate(uint32_t iar) { gic_dir(iar); }
void gic_send_sgi(uint32_t sgir) { gicd_write32(GICD_SGIR, sgir); }
