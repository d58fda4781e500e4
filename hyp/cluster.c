/*
 * The switch sequence. Between saving the outbound context and restoring
 * the inbound one, the hardware is put into the inbound core's reset state,
 * so anything not restored shows up as a reset (or poison) value instead of
 * passing by accident.
 */
#include "cluster.h"
#include "percpu.h"
#include "cpregs_access.h"
#include "pmu_phys.h"

static void load_identity(unsigned cluster)
{
	/* What the guest reads as MIDR from now on (spec 3.4.1; docs/switch.md
	 * on why we show the inbound core rather than the boot core). */
	write_VPIDR(pmu_cluster_desc[cluster].midr);
}

void cluster_init(struct hyp_cpu *c, unsigned boot_cluster)
{
	pmu_cpu_init(&c->pmu, boot_cluster, hyp_pmu_counters);
	dbg_ctx_init(&c->dbg);
	load_identity(boot_cluster);
}

int32_t cluster_switch(struct hyp_cpu *c, uint32_t target)
{
	if (target >= PMU_NCLUSTERS)
		return BL_HVC_INVALID_PARAMETER;
	if (target == pmu_active_cluster(&c->pmu))
		return (int32_t)target;

	bool dbg = dbg_ctx_in_use(&c->dbg);

	/* 1. outbound: save what the state says to save */
	pmu_switch_out(&c->pmu);
	if (dbg)
		dbg_switch_out(&c->dbg);
	/* 2. the inbound core as it comes out of reset */
	pmu_hw_reset(&c->pmu, target);
	if (dbg)
		dbg_hw_reset(target);
	load_identity(target);
	/* 3. inbound: restore what the state says to restore */
	pmu_switch_in(&c->pmu, target);
	if (dbg)
		dbg_switch_in(&c->dbg, target);
	hyp_update_traps(c);
	c->switches++;
	return (int32_t)target;
}

uint32_t switch_count(void)
{
	return hyp_cpu(0)->switches;
}
