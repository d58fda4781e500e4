// SPDX-License-Identifier: GPL-2.0
/*
 * What each core of the pair counts, and how perf sees it in sysfs
 * (/sys/bus/event_source/devices/blmon_cortex_<core>/): format/event,
 * events/<alias>, cpus. Which core each cluster is comes from the monitor
 * (blmon_pair.c: the IDCODE of a PMCR, a Type B read): the Cortex-A15 and
 * Cortex-A7 on ARMv7, the Cortex-A57 and Cortex-A53 on AArch64. The event
 * lists are the spec's Table 2 and the ARMv8 cores' TRMs: an event number a
 * core does not list is refused when an event is opened
 * (docs/linux-module.md "perf per cluster").
 */
#include <linux/cpumask.h>
#include <linux/device.h>
#include <linux/perf_event.h>
#include <linux/sysfs.h>

#include "blmon_guest.h"
#include "blmon_perf.h"

struct ev_range { u8 lo, hi; };

/* Table 2, "Cortex-A15 Event description" column (a dash: not listed) */
static const struct ev_range a15_events[] = {
	{ 0x00, 0x05 }, { 0x08, 0x0b }, { 0x10, 0x1d }, { 0x40, 0x43 },
	{ 0x46, 0x48 }, { 0x4c, 0x4d }, { 0x50, 0x53 }, { 0x56, 0x58 },
	{ 0x60, 0x6a }, { 0x6c, 0x6e }, { 0x70, 0x76 }, { 0x78, 0x7a },
	{ 0x7c, 0x7e },
};
/* Table 2, "Cortex-A7 Event description" column */
static const struct ev_range a7_events[] = {
	{ 0x00, 0x19 }, { 0x1d, 0x1d }, { 0x60, 0x61 }, { 0x86, 0x87 },
	{ 0xc0, 0xc5 }, { 0xc7, 0xca },
};
/* ARMv8's pair (Juno r0): the common events each core's PMCEID0_EL0 lists
 * (Cortex-A57 TRM 0x7FFF0F3F, Cortex-A53 TRM 0x67FFBFFF; PMCEID1_EL0 0 on
 * both) but CHAIN (0x1e), which pairs two counters the Type B calls show
 * as 32-bit ones. The implementation-defined events (0x40 up) are not
 * listed yet (docs/linux-module.md). */
static const struct ev_range a57_events[] = {
	{ 0x00, 0x05 }, { 0x08, 0x0b }, { 0x10, 0x1d },
};
static const struct ev_range a53_events[] = {
	{ 0x00, 0x0d }, { 0x0f, 0x1a }, { 0x1d, 0x1d },
};

/* Each core's perf PMU and event list, by the IDCODE of its PMCR. */
struct bp_core_events {
	u8 idcode;
	const char *pmu, *source;
	const struct ev_range *events;
	size_t nevents;
};
#define CORE(id, pmu, source, ev) { id, pmu, source, ev, ARRAY_SIZE(ev) }
static const struct bp_core_events known_cores[] = {
	CORE(0x0f, "blmon_cortex_a15", "spec Table 2", a15_events),
	CORE(0x07, "blmon_cortex_a7", "spec Table 2", a7_events),
	CORE(0x01, "blmon_cortex_a57", "its TRM's PMCEID0_EL0", a57_events),
	CORE(0x03, "blmon_cortex_a53", "its TRM's PMCEID0_EL0", a53_events),
};
#undef CORE
static const struct bp_core_events *cluster_events[BP_NCLUSTERS];

struct bp_core bp_cores[BP_NCLUSTERS];

int bp_cores_init(void)
{
	const struct blmon_pair *pair = blmon_pair();

	if (!pair) {
		pr_info("blmon: perf: the monitor reports no pair of cores this module knows: no perf PMUs\n");
		return -ENODEV;
	}
	for (unsigned int cl = 0; cl < BP_NCLUSTERS; cl++) {
		const struct blmon_core *core = &pair->core[cl];

		for (size_t i = 0; i < ARRAY_SIZE(known_cores); i++)
			if (known_cores[i].idcode == core->idcode)
				cluster_events[cl] = &known_cores[i];
		if (!cluster_events[cl] || core->counters > BP_MAX_COUNTERS)
			return -ENODEV;         /* a pair without its PMU entry */
		bp_cores[cl] = (struct bp_core) {
			.name = cluster_events[cl]->pmu, .core = core->name,
			.source = cluster_events[cl]->source, .counters = core->counters,
		};
	}
	return 0;
}

static bool in_ranges(const struct ev_range *r, size_t n, u32 ev)
{
	for (size_t i = 0; i < n; i++)
		if (ev >= r[i].lo && ev <= r[i].hi)
			return true;
	return false;
}

bool bp_core_has_event(unsigned int cluster, u32 ev)
{
	const struct bp_core_events *c = cluster_events[cluster];

	return c && in_ranges(c->events, c->nevents, ev);
}

/* ---- sysfs ----------------------------------------------------------- */

PMU_FORMAT_ATTR(event, "config:0-7");
static struct attribute *format_attrs[] = { &format_attr_event.attr, NULL };
static const struct attribute_group format_group = {
	.name = "format",
	.attrs = format_attrs,
};

static ssize_t alias_show(struct device *dev, struct device_attribute *attr, char *page)
{
	struct perf_pmu_events_attr *pa = container_of(attr, struct perf_pmu_events_attr, attr);

	return sysfs_emit(page, "event=0x%02llx\n", pa->id);
}

#define EV(name, id) PMU_EVENT_ATTR_ID(name, alias_show, id)
/* The architecture's names for Table 2's Type 1 events (as Linux's ARMv8
 * PMU driver spells them), `instructions` beside inst_retired, and the
 * Cortex-A7's two IRQ/FIQ events; each PMU shows those its core has. */
static struct attribute *event_attrs[] = {
	EV(sw_incr, 0x00), EV(l1i_cache_refill, 0x01), EV(l1i_tlb_refill, 0x02),
	EV(l1d_cache_refill, 0x03), EV(l1d_cache, 0x04), EV(l1d_tlb_refill, 0x05),
	EV(ld_retired, 0x06), EV(st_retired, 0x07), EV(inst_retired, 0x08),
	EV(instructions, 0x08), EV(exc_taken, 0x09), EV(exc_return, 0x0a),
	EV(cid_write_retired, 0x0b), EV(pc_write_retired, 0x0c),
	EV(br_immed_retired, 0x0d), EV(br_return_retired, 0x0e),
	EV(unaligned_ldst_retired, 0x0f), EV(br_mis_pred, 0x10), EV(cpu_cycles, 0x11),
	EV(br_pred, 0x12), EV(mem_access, 0x13), EV(l1i_cache, 0x14),
	EV(l1d_cache_wb, 0x15), EV(l2d_cache, 0x16), EV(l2d_cache_refill, 0x17),
	EV(l2d_cache_wb, 0x18), EV(bus_access, 0x19), EV(memory_error, 0x1a),
	EV(inst_spec, 0x1b), EV(ttbr_write_retired, 0x1c), EV(bus_cycles, 0x1d),
	EV(exc_irq, 0x86), EV(exc_fiq, 0x87),
	NULL,
};
#undef EV

static umode_t event_visible(struct kobject *kobj, struct attribute *attr, int i)
{
	struct pmu *pmu = dev_get_drvdata(kobj_to_dev(kobj));
	struct perf_pmu_events_attr *pa =
		container_of(attr, struct perf_pmu_events_attr, attr.attr);

	return bp_core_has_event(bp_pmu_cluster(pmu), pa->id) ? attr->mode : 0;
}

static const struct attribute_group events_group = {
	.name = "events",
	.attrs = event_attrs,
	.is_visible = event_visible,
};

/* Every online CPU: each has its own pair of cores (spec 3.5), so a
 * CPU-wide event is opened on each, and perf -a -A shows one row per CPU.
 * The file is `cpus`, as Linux's own CPU PMUs name it: perf 6.1 takes a PMU
 * with a `cpumask` file for an uncore PMU and counts it CPU-wide even for
 * `perf stat COMMAND` (docs/linux-module.md "perf per cluster"). */
static ssize_t cpus_show(struct device *dev, struct device_attribute *attr, char *buf)
{
	return cpumap_print_to_pagebuf(true, buf, cpu_online_mask);
}
static DEVICE_ATTR_RO(cpus);
static struct attribute *common_attrs[] = { &dev_attr_cpus.attr, NULL };
static const struct attribute_group common_group = { .attrs = common_attrs };

const struct attribute_group *bp_attr_groups[] = {
	&format_group, &events_group, &common_group, NULL,
};
