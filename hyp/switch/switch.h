/*
 * Whole-system cluster switches (docs/switch.md): every online CPU moves
 * to the other cluster together. The initiator (an HVC, or the switch
 * timer) gathers the others in HYP with the monitor's SGI; all save their
 * outbound context, then all reset to the inbound core and restore, then
 * all return to the guest. Between switches every online CPU is on the
 * same cluster. Guarded by system_lock (hyp/switch/smp.h).
 */
#ifndef HYP_SWITCH_H
#define HYP_SWITCH_H

#include <stdint.h>

#include "bl_pmu_abi.h"

struct hyp_cpu;

/* Shortest monitor-driven period accepted, in generic-timer ticks: a
 * switch costs a few thousand instructions, so anything much shorter
 * would leave the guest no time to run. */
#define SWITCH_PERIOD_MIN BL_SWITCH_PERIOD_MIN

void switch_init(unsigned boot_cluster, uint32_t period_ticks);
/* Switch the system to `target`; returns it once every online CPU runs
 * there, or -3 for a cluster that does not exist. */
int32_t system_switch(struct hyp_cpu *c, uint32_t target);
/* Monitor-driven switches every `ticks` of the generic timer, driven
 * from this CPU's HYP timer (0 = off): 0, or -3 if too short. */
int32_t switch_set_period(struct hyp_cpu *c, uint32_t ticks);
uint32_t switch_count(void);          /* whole-system switches done */
unsigned switch_cluster(void);        /* the system's cluster */
uint32_t switch_period(void);         /* monitor-driven period, ticks, 0 = off */

/* Interrupts (hyp/switch/irq.c) */
void switch_sgi(struct hyp_cpu *c);
void switch_timer_irq(struct hyp_cpu *c);
/* This CPU's HYP timer as the switch timer's owner wants it. */
void switch_timer_sync(struct hyp_cpu *c);

/* For hyp/switch/smp.c, with system_lock held */
void switch_join_system(struct hyp_cpu *c);
void switch_leave_system(struct hyp_cpu *c);
void switch_timer_handover(struct hyp_cpu *c, uint32_t online);

#endif
