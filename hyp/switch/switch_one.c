/*
 * The whole-system switch of a back end with one CPU and no GIC yet
 * (arch_caps.h: ARCH_HAS_CLUSTER_SWITCH without ARCH_HAS_SWITCHING -
 * AArch64 at issue #27's second step). With one CPU there is nobody to
 * gather (no SGI, no barrier, no lock), so the system's switch is the
 * CPU's: the same cluster_switch_cpu() (hyp/switch/cluster.h) - save,
 * reset to the inbound core, restore - that switch.c runs on every CPU,
 * under the same rules as switch.c's do_switch() when its CPU is alone: a
 * cluster that does not exist is -3, the current cluster a no-op that
 * returns it. No switch timer: its interrupt would need the GIC.
 */
#include "arch_caps.h"

#if ARCH_HAS_CLUSTER_SWITCH && !ARCH_HAS_SWITCHING
#include "switch.h"
#include "cluster.h"
#include "percpu.h"
#include "smp.h"

static struct {
	unsigned cluster;   /* the system's cluster */
	uint32_t count;     /* switches done */
} sw;

/* HVC_SYSTEM_INFO's r2: the one CPU */
volatile uint32_t smp_online_cpus = 1;

void switch_init(unsigned boot_cluster, uint32_t period_ticks)
{
	(void)period_ticks;   /* no switch timer (above) */
	sw.cluster = boot_cluster;
}

uint32_t switch_count(void) { return sw.count; }
unsigned switch_cluster(void) { return sw.cluster; }
uint32_t switch_period(void) { return 0; }

int32_t system_switch(struct hyp_cpu *c, uint32_t target)
{
	if (target >= PMU_NCLUSTERS)
		return BL_HVC_INVALID_PARAMETER;
	if (target == sw.cluster)
		return (int32_t)target;
	sw.cluster = target;
	sw.count++;
	cluster_switch_cpu(c, target);
	return (int32_t)target;
}
#endif
