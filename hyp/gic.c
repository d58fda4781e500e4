#include "gic.h"
#include "io.h"
#include "platform.h"

static uint32_t gicd(uint32_t off) { return hyp_platform.gicd + off; }
static uint32_t gicc(uint32_t off) { return hyp_platform.gicc + off; }

void gic_init(void)
{
	mmio_write32(gicd(GICD_CTLR), GICD_CTLR_ENABLE);
}

void gic_cpu_init(void)
{
	mmio_write32(gicc(GICC_PMR), 0xff);
	mmio_write32(gicc(GICC_CTLR), GICC_CTLR_ENABLE);
}

uint32_t gic_ack(void) { return mmio_read32(gicc(GICC_IAR)); }
void gic_eoi(uint32_t iar) { mmio_write32(gicc(GICC_EOIR), iar); }

void gic_enable(uint32_t id, bool on)
{
	if (id < GIC_MAX_IRQS)
		mmio_write32(gicd((on ? GICD_ISENABLER : GICD_ICENABLER) + 4 * (id / 32)), 1u << (id % 32));
}

void gic_set_priority(uint32_t id, uint8_t prio)
{
	if (id < GIC_MAX_IRQS)
		mmio_write8(gicd(GICD_IPRIORITYR + id), prio);
}
