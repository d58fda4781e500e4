// SPDX-License-Identifier: GPL-2.0
/*
 * The blmon PMUs and Linux's own PMU driver (armv7_*, on AArch64 armv8_*)
 * share one PMU per core.
 * Their rules do not mix (docs/linux-module.md "perf per cluster"): the
 * native driver uses Type A, and any Type A access moves the monitor from
 * state 3 to state 2 (spec 3.1.1), after which the per-cluster counts are
 * gone; and while the blmon PMUs hold state 3, counters of the native driver
 * would stop migrating with the OS. So one of them at a time, enforced when
 * an event is created, never discovered afterwards:
 *   - a blmon event is refused (-EBUSY) while native events exist,
 *   - a native event is refused (-EBUSY) while blmon events exist.
 * Linux 6.1 has no hook for two drivers of one PMU, so the native PMU's
 * event_init is wrapped (and each native event gets a destroy callback that
 * counts it out; arm_pmu sets none). The same applies to the overflow
 * interrupt: the native driver owns the PMU's PPI and its handler reads
 * PMOVSR through Type A, so its handle_irq is wrapped to hand the interrupt
 * to the blmon PMUs on a CPU they own. Both pointers are put back at unload.
 *
 * The native PMU is found through a disabled kernel counter: perf picks the
 * CPU PMU for a PERF_TYPE_HARDWARE event; being disabled, it never touches
 * the hardware.
 */
#include <linux/module.h>
#include <linux/perf/arm_pmu.h>
#include <linux/spinlock.h>
#include <linux/string.h>

#include "blmon_perf.h"

static DEFINE_SPINLOCK(arb_lock);
static unsigned int native_users, blmon_users;     /* under arb_lock */

static struct arm_pmu *native;
static int (*native_event_init)(struct perf_event *event);
static irqreturn_t (*native_handle_irq)(struct arm_pmu *pmu);

int bp_users_get(bool *first)
{
	int err = 0;

	spin_lock(&arb_lock);
	if (native_users)
		err = -EBUSY;
	else
		*first = blmon_users++ == 0;
	spin_unlock(&arb_lock);
	if (err)
		pr_info_ratelimited("blmon: perf: the native PMU driver has %s events: blmon PMUs busy\n",
				    native ? native->name : "its");
	return err;
}

bool bp_users_put(void)
{
	bool last;

	spin_lock(&arb_lock);
	last = --blmon_users == 0;
	spin_unlock(&arb_lock);
	return last;
}

bool bp_users_none(void)
{
	return READ_ONCE(blmon_users) == 0;
}

static void native_event_destroy(struct perf_event *event)
{
	spin_lock(&arb_lock);
	native_users--;
	spin_unlock(&arb_lock);
	module_put(THIS_MODULE);
}

static int wrap_event_init(struct perf_event *event)
{
	int err;

	/* an RCU reader, so that unloading waits for it (armpmu_event_init
	 * does not sleep) */
	rcu_read_lock();
	err = native_event_init(event);
	/* Its refusals first: perf offers events of the generic types to
	 * every PMU in turn, so only an event this PMU takes is counted. */
	if (err || event->destroy) {    /* arm_pmu sets no destroy: keep any */
		rcu_read_unlock();
		return err;
	}
	spin_lock(&arb_lock);
	if (blmon_users)
		err = -EBUSY;
	else
		native_users++;
	spin_unlock(&arb_lock);
	if (err) {
		pr_info_ratelimited("blmon: perf: %s busy: the blmon PMUs have events\n",
				    native->name);
	} else {
		__module_get(THIS_MODULE);      /* the destroy callback is ours */
		event->destroy = native_event_destroy;
	}
	rcu_read_unlock();
	return err;
}

static irqreturn_t wrap_handle_irq(struct arm_pmu *pmu)
{
	if (bp_cpu_owned())
		return bp_handle_irq();
	return native_handle_irq(pmu);
}

static struct arm_pmu *find_native(void)
{
	struct perf_event_attr attr = {
		.type = PERF_TYPE_HARDWARE,
		.size = sizeof(attr),
		.config = PERF_COUNT_HW_CPU_CYCLES,
		.disabled = 1,
	};
	struct perf_event *ev;
	struct arm_pmu *found = NULL;

	ev = perf_event_create_kernel_counter(&attr, raw_smp_processor_id(), NULL, NULL, NULL);
	if (IS_ERR(ev))
		return NULL;
	/* only Linux's ARMv7 (ARMv8) driver is known to be an arm_pmu here */
	if (ev->pmu->name && !strncmp(ev->pmu->name, BL_NATIVE_PMU_PREFIX,
				      strlen(BL_NATIVE_PMU_PREFIX)))
		found = to_arm_pmu(ev->pmu);
	perf_event_release_kernel(ev);
	return found;
}

int bp_native_init(void)
{
	native = find_native();
	if (!native)
		return -ENODEV;
	native_event_init = native->pmu.event_init;
	native_handle_irq = native->handle_irq;
	WRITE_ONCE(native->handle_irq, wrap_handle_irq);
	WRITE_ONCE(native->pmu.event_init, wrap_event_init);
	return 0;
}

void bp_native_exit(void)
{
	if (!native)
		return;
	WRITE_ONCE(native->pmu.event_init, native_event_init);
	WRITE_ONCE(native->handle_irq, native_handle_irq);
	/* a handler or event_init still in a wrapper is an RCU reader */
	synchronize_rcu();
	native = NULL;
}
