/* The guest's GIC driver, both architectures (gic.h) */
#include "gic.h"

struct gic_log gic_log[8];

void gic_guest_init(void)
{
	gicd_w32(GICD_CTLR, 1);
	gicc_w32(GICC_PMR, 0xff);
	gicc_w32(GICC_CTLR, 1);
}

void gic_guest_enable(uint32_t id, uint8_t prio)
{
	gicd_w8(GICD_IPRIORITYR + id, prio);
	if (id >= GIC_NR_PRIVATE)
		gicd_w8(GICD_ITARGETSR + id, (uint8_t)(1u << guest_cpu()));
	gicd_w32(GICD_ISENABLER + 4 * (id / 32), 1u << (id % 32));
}

static void log_irq(void)
{
	struct gic_log *l = &gic_log[guest_cpu()];
	uint32_t iar = gicc_r32(GICC_IAR), id = iar & 0x3ff;

	if (id >= GIC_SPURIOUS)
		return;
	if (l->n < GIC_LOG_MAX) {
		l->iar[l->n] = iar;
		l->active_before_eoi[l->n] = gicd_bit(GICD_ISACTIVER, id);
		l->n++;
	}
	gicc_w32(GICC_EOIR, iar);
}

void gic_guest_log_irqs(void)
{
	irq_hook = log_irq;
}
