/*
 * One CPU's part of an emulated cluster switch: the physical CPU stops
 * being one core of the pair and becomes the other (spec 2, 3.1, 4;
 * docs/switch.md). hyp/switch/switch.c runs it on every online CPU at once.
 */
#ifndef HYP_CLUSTER_H
#define HYP_CLUSTER_H

#include <stdint.h>

struct hyp_cpu;

/* The CPU as the core of `cluster` comes out of reset: PMU state 1,
 * debug context unused, that core's identity. */
void cluster_init(struct hyp_cpu *c, unsigned cluster);
void hvc_check_table(void);

#ifndef HOST_BUILD
#include "sysreg.h"
#include "percpu.h"

/* What the guest reads as MIDR from now on (spec 3.4.1; docs/switch.md on
 * why we show the inbound core rather than the boot core). */
static inline void cluster_load_identity(unsigned cluster)
{
	sysreg_vpidr_el2_write(pmu_cluster_desc[cluster].midr);
}

/* This CPU's part of a switch to target: save the outbound context as the
 * PMU state says, put the hardware in the inbound core's reset state, take
 * its identity, restore what the state says. Inline: the switch path's
 * cost (docs/performance.md). */
static inline __attribute__((always_inline)) void cluster_switch_cpu(struct hyp_cpu *c, unsigned target)
{
	/* lazy debug switching: a context the guest never touched stays in
	 * the hardware's reset state, costing nothing */
	bool dbg = dbg_ctx_in_use(&c->dbg);

	/* 1. outbound: save what the state says to save */
	pmu_switch_out(&c->pmu);
	if (dbg)
		dbg_switch_out(&c->dbg);
	/* 2. the inbound core as it comes out of reset, but for the
	 * registers step 3 writes on this core before anything can look */
	pmu_hw_reset_unrestored(&c->pmu, target);
	if (dbg)
		dbg_hw_reset_unrestored(target);
	cluster_load_identity(target);
	/* 3. inbound: restore what the state says to restore */
	pmu_switch_in(&c->pmu, target);
	if (dbg)
		dbg_switch_in(&c->dbg, target);
	hyp_update_traps(c);
	c->switches++;
}
#endif

#endif
