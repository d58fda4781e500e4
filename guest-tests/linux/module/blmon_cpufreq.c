// SPDX-License-Identifier: GPL-2.0
/*
 * The cpufreq driver that lets the OS pick the cluster (spec section 5,
 * Appendix A: the cpufreq driver is the initiator of a cluster switch).
 * Loaded with `cpufreq=1` (docs/linux-module.md, "Letting the load decide").
 *
 * One policy for every CPU: the monitor switches the whole system
 * (docs/switch.md), so the CPUs cannot be on different clusters. One table
 * of operating points, the LITTLE core's below the big core's, as Linux's
 * big.LITTLE cpufreq driver did over bL_switcher: the LITTLE core's points
 * are its real frequencies halved ("virtual" kHz: an A7 does about half the
 * work of an A15 per clock), the big core's are its own. The table is that
 * of the board whose pair the monitor reports: Versatile Express TC2's
 * (Cortex-A15 + Cortex-A7, ARMv7) or Juno r0's (Cortex-A57 + Cortex-A53,
 * AArch64). Sources and numbers: docs.
 *
 * A point on the other cluster is an HVC_CLUSTER_SWITCH; a point on the same
 * cluster changes nothing in hardware (QEMU has no clock to scale), it is
 * bookkeeping. The driver never trusts its own memory of the cluster: every
 * decision and every `get` asks the monitor (HVC_SYSTEM_INFO), so a switch
 * made by someone else (the `cluster` file, another HVC caller) is seen.
 *
 * Hysteresis, for the governors that scale by load (schedutil, ondemand,
 * conservative: CPUFREQ_GOV_DYNAMIC_SWITCHING): the two points at the
 * boundary hold the cluster. On the A7, a request for the A15's lowest point
 * is served by the A7's highest; on the A15, a request for the A7's highest
 * by the A15's lowest. A load near the boundary then stays where it is; it
 * takes a clearly higher (lower) request to switch. The other governors get
 * exactly the point they ask for.
 */
#include <linux/cpufreq.h>
#include <linux/cpumask.h>
#include <linux/module.h>

#include "bl_pmu_abi.h"
#include "blmon_guest.h"

static bool cpufreq;
module_param(cpufreq, bool, 0444);
MODULE_PARM_DESC(cpufreq, "register the cpufreq driver that switches clusters (default 0)");
static bool hysteresis = true;
module_param(hysteresis, bool, 0644);
MODULE_PARM_DESC(hysteresis, "the boundary points hold the cluster under load-driven governors (default 1)");

/* driver_data = the cluster serving the point. Ascending: LITTLE first. */
static struct cpufreq_frequency_table tc2_freqs[] = {
	/* Cortex-A7: 350, 500, 700, 900 MHz, halved */
	{ .driver_data = A7_CLUSTER, .frequency = 175000 },
	{ .driver_data = A7_CLUSTER, .frequency = 250000 },
	{ .driver_data = A7_CLUSTER, .frequency = 350000 },
	{ .driver_data = A7_CLUSTER, .frequency = 450000 },
	/* Cortex-A15: 500 MHz to 1.2 GHz */
	{ .driver_data = A15_CLUSTER, .frequency = 500000 },
	{ .driver_data = A15_CLUSTER, .frequency = 600000 },
	{ .driver_data = A15_CLUSTER, .frequency = 800000 },
	{ .driver_data = A15_CLUSTER, .frequency = 1000000 },
	{ .driver_data = A15_CLUSTER, .frequency = 1200000 },
	{ .frequency = CPUFREQ_TABLE_END },
};
/* Juno r0 (ARM's SCP firmware, the DVFS table of its r0 revision):
 * Cortex-A53 450, 575, 700, 775, 850 MHz, halved as the A7's; Cortex-A57
 * 450, 625, 800, 950, 1100 MHz */
static struct cpufreq_frequency_table juno_r0_freqs[] = {
	{ .driver_data = A7_CLUSTER, .frequency = 225000 },
	{ .driver_data = A7_CLUSTER, .frequency = 287500 },
	{ .driver_data = A7_CLUSTER, .frequency = 350000 },
	{ .driver_data = A7_CLUSTER, .frequency = 387500 },
	{ .driver_data = A7_CLUSTER, .frequency = 425000 },
	{ .driver_data = A15_CLUSTER, .frequency = 450000 },
	{ .driver_data = A15_CLUSTER, .frequency = 625000 },
	{ .driver_data = A15_CLUSTER, .frequency = 800000 },
	{ .driver_data = A15_CLUSTER, .frequency = 950000 },
	{ .driver_data = A15_CLUSTER, .frequency = 1100000 },
	{ .frequency = CPUFREQ_TABLE_END },
};

/* The table of the pair the monitor reports (blmon_pair(), by its big
 * core): TC2's for the Cortex-A15, Juno r0's for the Cortex-A57.
 * little_top / big_low: the boundary points. */
struct blmon_points {
	u8 big_idcode;
	const char *board;
	struct cpufreq_frequency_table *freqs;
	unsigned int little_top, big_low, npoints;
};
static const struct blmon_points known_points[] = {
	{ 0x0f, "Versatile Express TC2 (Cortex-A15 + Cortex-A7)", tc2_freqs, 3, 4, ARRAY_SIZE(tc2_freqs) - 1 },
	{ 0x01, "Juno r0 (Cortex-A57 + Cortex-A53)", juno_r0_freqs, 4, 5, ARRAY_SIZE(juno_r0_freqs) - 1 },
};
static const struct blmon_points *pts;  /* chosen at registration */

/* A switch as measured from Linux (docs/linux-module.md): 0.7 ms at -smp 2
 * and 1.4 ms at -smp 4 under QEMU; schedutil spaces its decisions by
 * min(1000 x latency, 10 ms). */
#define BLMON_TRANSITION_NS (1000 * 1000)

/* The point last set; the cluster is always asked from the monitor. */
static unsigned int cur_index;
static bool registered;

static u32 system_cluster(void)
{
	return bl_hvc_regs(HVC_SYSTEM_INFO, 0, 0, 0).r1;
}

static unsigned int cluster_of(unsigned int index)
{
	return pts->freqs[index].driver_data;
}

/* The point that holds `cluster` nearest to `index`. */
static unsigned int nearest_on(u32 cluster, unsigned int index)
{
	if (cluster_of(index) == cluster)
		return index;
	return cluster == A7_CLUSTER ? pts->little_top : pts->big_low;
}

static unsigned int blmon_cpufreq_get(unsigned int cpu)
{
	return pts->freqs[nearest_on(system_cluster(), READ_ONCE(cur_index))].frequency;
}

static unsigned int choose(struct cpufreq_policy *policy, unsigned int index, u32 now)
{
	bool by_load = READ_ONCE(hysteresis) && policy->governor &&
		       (policy->governor->flags & CPUFREQ_GOV_DYNAMIC_SWITCHING);

	if (by_load && now == A7_CLUSTER && index == pts->big_low)
		return pts->little_top;
	if (by_load && now == A15_CLUSTER && index == pts->little_top)
		return pts->big_low;
	return index;
}

/* ->target, not ->target_index: the hysteresis may serve a request with
 * another point than the one asked, and the notifications must name it. */
static int blmon_cpufreq_target(struct cpufreq_policy *policy, unsigned int freq,
				unsigned int relation)
{
	int asked = cpufreq_frequency_table_get_index(policy, freq);
	struct cpufreq_freqs freqs;
	unsigned int index;
	u32 now = system_cluster();
	int err = 0;

	if (asked < 0)          /* the core resolves to a table point first */
		return asked;
	index = choose(policy, (unsigned int)asked, now);
	freqs.old = policy->cur;
	freqs.new = pts->freqs[index].frequency;
	if (freqs.old == freqs.new && cluster_of(index) == now)
		return 0;
	cpufreq_freq_transition_begin(policy, &freqs);
	if (cluster_of(index) != now) {
		u32 r = blmon_hvc_this_cpu(HVC_CLUSTER_SWITCH, cluster_of(index), 0, 0).r0;

		if (r != cluster_of(index))
			err = blmon_errno(r) ?: -EIO;
	}
	if (!err)
		WRITE_ONCE(cur_index, index);
	cpufreq_freq_transition_end(policy, &freqs, err);
	return err;
}

static int blmon_cpufreq_init(struct cpufreq_policy *policy)
{
	/* One policy: every CPU, present or to come. */
	cpumask_copy(policy->cpus, cpu_possible_mask);
	policy->freq_table = pts->freqs;
	policy->cpuinfo.transition_latency = BLMON_TRANSITION_NS;
	return 0;
}

static struct cpufreq_driver blmon_cpufreq_driver = {
	.name = "blmon",
	/* NEED_UPDATE_LIMITS: ->target is called even when the governor asks
	 * for policy->cur, so a switch made by someone else is undone by the
	 * governor's next decision instead of being taken for its own.
	 * CONST_LOOPS: no clock really changes; udelay stays calibrated. */
	.flags = CPUFREQ_NEED_UPDATE_LIMITS | CPUFREQ_CONST_LOOPS,
	.init = blmon_cpufreq_init,
	.verify = cpufreq_generic_frequency_table_verify,
	.target = blmon_cpufreq_target,
	.get = blmon_cpufreq_get,
	.attr = cpufreq_generic_attr,
};

bool blmon_cpufreq_active(void)
{
	return registered;
}

int blmon_cpufreq_register(void)
{
	const struct blmon_pair *pair;
	u32 period;
	int err;

	if (!cpufreq)
		return 0;
	period = (u32)hvc(HVC_SWITCH_PERIOD);
	/* -1: a monitor without a switch timer (AArch64 today) never
	 * switches by itself */
	if (period && period != (u32)BL_HVC_NOT_SUPPORTED) {
		/* The boot option is a test mode that asked for switches at a
		 * fixed rate: it wins, and the user is told. */
		pr_notice("blmon: cpufreq: not registered, the monitor switches by itself every %u timer ticks (blmon.switch_us or auto_switch); write 0 to auto_switch and load again to let the governor decide\n",
			  period);
		return 0;
	}
	pair = blmon_pair();
	pts = NULL;
	for (size_t i = 0; pair && i < ARRAY_SIZE(known_points); i++)
		if (known_points[i].big_idcode == pair->core[A15_CLUSTER].idcode)
			pts = &known_points[i];
	if (!pts) {
		pr_err("blmon: cpufreq: the monitor reports no pair of cores this driver has operating points for: not registered\n");
		return -ENODEV;
	}
	cur_index = system_cluster() == A7_CLUSTER ? pts->little_top : pts->npoints - 1;
	err = cpufreq_register_driver(&blmon_cpufreq_driver);
	if (err) {
		pr_err("blmon: cpufreq: cannot register (%d); is another cpufreq driver loaded?\n", err);
		return err;
	}
	registered = true;
	pr_info("blmon: cpufreq: registered, %u points of %s, the cluster follows the governor\n",
		pts->npoints, pts->board);
	return 0;
}

void blmon_cpufreq_unregister(void)
{
	if (registered)
		cpufreq_unregister_driver(&blmon_cpufreq_driver);
	registered = false;
}
