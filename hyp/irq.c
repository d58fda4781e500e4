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
#include "log.h"
#include "percpu.h"

#define CNTHP_PPI      26u
#define CNTHP_ENABLE   1u
/* Shortest period accepted: a switch costs a few thousand instructions, so
 * anything much shorter would leave the guest no time to run. */
#define AUTO_PERIOD_MIN 500u

/* Interrupts that arrived in HYP while auto switching had IRQs routed here.
 * The monitor has no virtual GIC to forward them with: they are masked at
 * the distributor (a level-triggered one would otherwise fire forever) and
 * unmasked when auto switching stops, so the guest then takes them itself. */
static uint32_t held_irqs[BOARD_MAX_CPUS][32];

static void arm_timer(uint32_t period)
{
	write_CNTHP_TVAL(period);
	write_CNTHP_CTL(CNTHP_ENABLE);
	isb();
}

static void release_held_irqs(struct hyp_cpu *c)
{
	for (unsigned w = 0; w < 32; w++) {
		for (unsigned b = 0; held_irqs[c->index][w] && b < 32; b++) {
			if (held_irqs[c->index][w] & (1u << b)) {
				board_irq_enable(w * 32 + b, true);
				held_irqs[c->index][w] &= ~(1u << b);
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
		if (!c->irq_ready) {
			board_irq_init_cpu();
			board_irq_enable_ppi(CNTHP_PPI);
			c->irq_ready = true;
		}
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
	uint32_t iar = board_irq_ack();
	uint32_t id = iar & 0x3ff;

	(void)f;
	if (id == CNTHP_PPI) {
		if (c->auto_period) {
			cluster_switch(c, pmu_active_cluster(&c->pmu) ^ 1u);
			arm_timer(c->auto_period);
		} else {
			write_CNTHP_CTL(0);
		}
	} else if (id < 1020) {
		log_warn("IRQ %lu arrived while auto switching: held until it stops\n", (unsigned long)id);
		board_irq_enable(id, false);
		held_irqs[c->index][id / 32] |= 1u << (id % 32);
	}
	if (id < 1020)
		board_irq_eoi(iar);
}
