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

static void arm_timer(uint32_t period)
{
	write_CNTHP_TVAL(period);
	write_CNTHP_CTL(CNTHP_ENABLE);
	isb();
}

void hyp_set_auto_period(struct hyp_cpu *c, uint32_t period)
{
	static bool gic_ready[BOARD_MAX_CPUS];

	c->auto_period = period;
	if (period) {
		if (!gic_ready[c->index]) {
			board_irq_init_cpu();
			board_irq_enable_ppi(CNTHP_PPI);
			gic_ready[c->index] = true;
		}
		arm_timer(period);
	} else {
		write_CNTHP_CTL(0);
	}
	hyp_update_hcr(c);
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
		log_warn("IRQ %lu taken in HYP is not the monitor's: dropped\n", (unsigned long)id);
	}
	if (id < 1020)
		board_irq_eoi(iar);
}
