/*
 * The switch sequence on one CPU. Between saving the outbound context and
 * restoring the inbound one, the hardware is put into the inbound core's
 * reset state, so anything not restored shows up as a reset (or poison)
 * value instead of passing by accident.
 */
#include "cluster.h"
#include "percpu.h"
#include "pmu_phys.h"

void cluster_init(struct hyp_cpu *c, unsigned cluster)
{
	pmu_cpu_init(&c->pmu, cluster, hyp_pmu_counters);
	dbg_ctx_init(&c->dbg);
	cluster_load_identity(cluster);
	hyp_update_traps(c);
}
