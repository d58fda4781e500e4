/*
 * Every physical interrupt comes to HYP (HCR.IMO), vector +0x18. The
 * monitor's own (hyp/vgic/gic.h) are handled here; every other one is the
 * guest's and goes into its virtual CPU interface (hyp/vgic/vgic_lr.c, vgic_sgi.c):
 * hardware-linked for PPIs and SPIs, whose physical deactivation is left
 * to the guest's EOI, and with the source CPU for SGIs, which end here.
 * One interrupt per exception: another one pending is taken right after
 * the ERET. docs/vgic.md; the path's cost is in docs/performance.md.
 */
#include "frame.h"
#include "gic.h"
#include "irq.h"
#include "exit.h"
#include "migrate.h"
#include "percpu.h"
#include "switch.h"
#include "vgic.h"

/* The monitor's own: ended here, then handled (a handler may wait for
 * other CPUs, which must not find this one's interrupt still active). */
static inline __attribute__((always_inline)) void own_irq_body(struct hyp_cpu *c, uint32_t iar)
{
	uint32_t id = GICC_IAR_ID(iar);

	if (id == IRQ_HYP_TIMER) {
		/* level-sensitive: masked before it ends (the handler re-arms
		 * it), and ended before the handler, which may move this
		 * virtual CPU to another core (hyp/switch/migrate.c) */
		gic_eoi(iar);
		irq_timer_mask(c);
		gic_deactivate(iar);
		switch_timer_irq(c);
		return;
	}
	gic_eoi(iar);
	gic_deactivate(iar);
	if (id == IRQ_MAINTENANCE)
		vgic_refill(&c->vgic);
	else
		switch_sgi(c);
}

static void __attribute__((noinline)) own_irq(struct hyp_cpu *c, uint32_t iar)
{
	own_irq_body(c, iar);
}

static void __attribute__((noinline)) guest_sgi(struct hyp_cpu *c, uint32_t iar)
{
	uint32_t src = GICC_IAR_CPU(iar);

	gic_eoi(iar);
	gic_deactivate(iar);
	/* with migration the guest knows its source by virtual CPU number */
	vgic_inject_sgi(&c->vgic, GICC_IAR_ID(iar), mig_vcpu(src));
}

/* The guest's: an SGI ends here and goes in with its source CPU; a PPI or
 * SPI is dropped in priority and goes in hardware-linked (the guest's EOI
 * deactivates it). */
static inline void guest_irq(struct hyp_cpu *c, uint32_t iar, uint32_t id)
{
	if (id < GIC_NR_SGIS) {
		guest_sgi(c, iar);
		return;
	}
	gic_eoi(iar);
	vgic_inject_hw(&c->vgic, id);
}

/* Inside a switch: nothing of the monitor's may start anything. */
void irq_drain(struct hyp_cpu *c)
{
	for (;;) {
		uint32_t iar = gic_ack();
		uint32_t id = GICC_IAR_ID(iar);

		if (id >= GIC_MAX_IRQS)
			return;
		if (id == IRQ_HYP_TIMER) {
			gic_eoi(iar);
			irq_timer_mask(c);   /* the level goes: it cannot fire again meanwhile */
			gic_deactivate(iar);
		} else if (gic_monitor_owned(id)) {
			gic_eoi(iar);
			gic_deactivate(iar);
			if (id == IRQ_MAINTENANCE)
				vgic_refill(&c->vgic);
		} else {
			guest_irq(c, iar, id);
		}
	}
}

/* An interrupt acknowledged (iar), whoever's it is */
static inline __attribute__((always_inline)) void irq_acked(struct hyp_cpu *c, uint32_t iar)
{
	uint32_t id = GICC_IAR_ID(iar);

	if (id >= GIC_MAX_IRQS)            /* spurious: nothing to end */
		return;
	if (gic_monitor_owned(id))
		own_irq(c, iar);
	else
		guest_irq(c, iar, id);
}

void hyp_irq(struct guest_frame *f)
{
	struct hyp_cpu *c = this_cpu();
	uint32_t iar = gic_ack();

	(void)f;
	irq_acked(c, iar);
}

/* AArch64's hot IRQ path (irq_hot.c) acknowledged it and found it is not
 * the common case: the rest of hyp_irq() (unused on AArch32, dropped by
 * the linker there) */
void hyp_irq_acked(uint32_t iar)
{
	irq_acked(this_cpu(), iar);
}

/* ... the monitor's own (the tests done; the body inline: a call less on
 * this way) */
void hyp_irq_own(uint32_t iar)
{
	own_irq_body(this_cpu(), iar);
}

/* ... a guest's SGI it ended and could not put straight into a list
 * register (src: the guest's number of the sender) */
void hyp_irq_sgi(uint32_t id, uint32_t src)
{
	vgic_inject_sgi(&this_cpu()->vgic, id, src);
}

/* ... and a guest's PPI it ended and found no list register for
 * (vgic_inject_hw(): it waits) */
void hyp_irq_queue(uint32_t id)
{
	vgic_inject_hw(&this_cpu()->vgic, id);
}
