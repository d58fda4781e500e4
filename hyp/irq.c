/*
 * Monitor-initiated cluster switches (HVC_AUTO_SWITCH): the HYP physical
 * timer (CNTHP, PPI 26) interrupts the guest wherever it is, the monitor
 * switches cluster and re-arms the timer. Physical IRQs reach HYP only
 * while this is on (HCR.IMO); docs/switch.md says what that means for a
 * guest that uses interrupts itself.
 */
#include "cluster.h"
#include "frame.h"
#include "cpregs_access.h"
#include "gic.h"
#include "log.h"
#include "percpu.h"

#define CNTHP_ENABLE   1u
/* Shortest period accepted: a switch costs a few thousand instructions, so
 * anything much shorter would leave the guest no time to run. */
#define AUTO_PERIOD_MIN 500u

static void arm_timer(uint32_t period)
{
	write_CNTHP_TVAL(period);
	write_CNTHP_CTL(CNTHP_ENABLE);
	isb();
}

/* Interrupts that arrived in HYP while auto switching had IRQs routed here
 * are masked at the distributor (a level-triggered one would otherwise
 * fire forever) and unmasked when auto switching stops, so the guest then
 * takes them itself. */
static void release_held_irqs(struct hyp_cpu *c)
{
	for (unsigned w = 0; w < 32; w++) {
		for (unsigned b = 0; c->held_irqs[w] && b < 32; b++) {
			if (c->held_irqs[w] & (1u << b)) {
				gic_enable(w * 32 + b, true);
				c->held_irqs[w] &= ~(1u << b);
			}
		}
	}
}

int32_t hyp_set_auto_period(struct hyp_cpu *c, uint32_t period)
{
	if (period != 0 && period < AUTO_PERIOD_MIN)
		return BL_HVC_INVALID_PARAMETER;

	c->auto_period = period;
	if (period) {
		gic_init();
		gic_cpu_init();
		gic_set_priority(IRQ_HYP_TIMER, 0x80);
		gic_enable(IRQ_HYP_TIMER, true);
		arm_timer(period);
	} else {
		write_CNTHP_CTL(0);
	}
	hyp_update_hcr(c);
	if (!period)
		release_held_irqs(c);
	return BL_HVC_SUCCESS;
}

void hyp_irq(struct guest_frame *f);
void hyp_irq(struct guest_frame *f)
{
	struct hyp_cpu *c = this_cpu();
	uint32_t iar = gic_ack();
	uint32_t id = GICC_IAR_ID(iar);

	(void)f;
	if (id == IRQ_HYP_TIMER) {
		if (c->auto_period) {
			cluster_switch(c, pmu_active_cluster(&c->pmu) ^ 1u);
			arm_timer(c->auto_period);
		} else {
			write_CNTHP_CTL(0);
		}
	} else if (id < GIC_MAX_IRQS) {
		log_warn("IRQ %lu arrived while auto switching: held until it stops\n", (unsigned long)id);
		gic_enable(id, false);
		c->held_irqs[id / 32] |= 1u << (id % 32);
	}
	if (id < GIC_MAX_IRQS)
		gic_eoi(iar);
}
