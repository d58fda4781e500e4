/*
 * Emulated cluster switch: the physical CPU stops being one core of the
 * pair and becomes the other (spec 2, 3.1, 4; docs/switch.md).
 */
#ifndef HYP_CLUSTER_H
#define HYP_CLUSTER_H

#include <stdint.h>

struct hyp_cpu;

void cluster_init(struct hyp_cpu *c, unsigned boot_cluster);
/* Switch to `target`; returns the active cluster afterwards, or -3 for a
 * cluster id that does not exist. Switching to the active one is a no-op. */
int32_t cluster_switch(struct hyp_cpu *c, uint32_t target);
/* Monitor-initiated switches every `period` generic-timer ticks (0 = off). */
int32_t hyp_set_auto_period(struct hyp_cpu *c, uint32_t period);   /* 0 or -3 */
void hvc_check_table(void);
/* Cluster switches done by the system so far. */
uint32_t switch_count(void);

#endif
