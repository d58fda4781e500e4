#include "switch.h"
#include "cluster.h"
#include "cpregs_access.h"
#include "percpu.h"
#include "smp.h"
#include "vgic.h"

#define CNTHP_ENABLE 1u

/* Written under system_lock; read without it only where a stale value
 * is harmless (the barriers re-read until it is not). */
static struct {
	unsigned cluster;                 /* the system's cluster between switches */
	volatile bool active;             /* a switch is in progress */
	unsigned target;
	uint32_t members;                 /* the CPUs it moves */
	volatile uint32_t arrived, saved, done, left;   /* its barriers */
	uint32_t count;                   /* whole-system switches done */
	uint32_t period;                  /* monitor-driven: ticks, 0 = off */
	unsigned owner;                   /* whose HYP timer drives them */
	uint64_t next;                    /* next deadline (CNTPCT) */
} sw;

void switch_init(unsigned boot_cluster, uint32_t period_ticks)
{
	sw.cluster = boot_cluster;
	sw.period = period_ticks;
	sw.owner = 0;
}

uint32_t switch_count(void) { return sw.count; }
unsigned switch_cluster(void) { return sw.cluster; }

static void mark(volatile uint32_t *mask, uint32_t me)
{
	spin_lock(&system_lock);
	*mask |= me;
	spin_unlock(&system_lock);   /* SEV: waiters look again */
}

static void wait_all(const volatile uint32_t *mask)
{
	while ((*mask & sw.members) != sw.members)
		__asm__ volatile("wfe" ::: "memory");
}

static void finish(uint32_t me)
{
	spin_lock(&system_lock);
	sw.left |= me;
	if (sw.left == sw.members) {
		sw.cluster = sw.target;
		sw.count++;
		sw.active = false;
	}
	spin_unlock(&system_lock);
}

/*
 * One CPU's part in the switch in progress. Three barriers: all CPUs have
 * stopped running the guest; all have saved (the outbound cluster is
 * "off"); all have restored.
 */
static void take_part(struct hyp_cpu *c)
{
	uint32_t me = 1u << c->index;
	unsigned target = sw.target;

	mark(&sw.arrived, me);
	wait_all(&sw.arrived);
	cluster_save(c);
	mark(&sw.saved, me);
	wait_all(&sw.saved);
	cluster_restore(c, target);
	mark(&sw.done, me);
	wait_all(&sw.done);
	finish(me);
}

/* Called with system_lock held; returns with it held. */
static void wait_switch_over(void)
{
	while (sw.active) {
		spin_unlock(&system_lock);
		while (sw.active)
			__asm__ volatile("wfe" ::: "memory");
		spin_lock(&system_lock);
	}
}

/* With system_lock held: while a switch that counts on this CPU is in
 * progress, take part in it (dropping the lock meanwhile). */
static void take_part_if_member(struct hyp_cpu *c)
{
	uint32_t me = 1u << c->index;

	while (sw.active && (sw.members & me) && !(sw.arrived & me)) {
		spin_unlock(&system_lock);
		take_part(c);
		spin_lock(&system_lock);
	}
}

int32_t system_switch(struct hyp_cpu *c, uint32_t target)
{
	uint32_t me = 1u << c->index;

	if (target >= PMU_NCLUSTERS)
		return BL_HVC_INVALID_PARAMETER;
	spin_lock(&system_lock);
	if (sw.active) {
		/* someone else's switch first: it counts on us (we are online) */
		take_part_if_member(c);
		wait_switch_over();
	}
	if (target == sw.cluster) {
		spin_unlock(&system_lock);
		return (int32_t)target;
	}
	if ((smp_online() | me) == me) {
		/* alone: nobody to gather, and nobody can join while we hold
		 * the lock (smp_cpu_running takes it) */
		cluster_save(c);
		cluster_restore(c, target);
		sw.cluster = target;
		sw.count++;
		spin_unlock(&system_lock);
		return (int32_t)target;
	}
	sw.active = true;
	sw.target = target;
	sw.members = smp_online() | me;
	sw.arrived = sw.saved = sw.done = sw.left = 0;
	spin_unlock(&system_lock);
	smp_kick(sw.members & ~me);
	take_part(c);
	return (int32_t)target;
}

void switch_join_system(struct hyp_cpu *c)
{
	wait_switch_over();
	cluster_init(c, sw.cluster);
}

void switch_leave_system(struct hyp_cpu *c)
{
	take_part_if_member(c);
}

void switch_sgi(struct hyp_cpu *c)
{
	spin_lock(&system_lock);
	take_part_if_member(c);
	spin_unlock(&system_lock);
	switch_timer_sync(c);
	vgic_refill(&c->vgic);
}

/* ---- the switch timer: one CPU's HYP timer (CNTHP) ---------------------- */

static void timer_arm(struct hyp_cpu *c, uint64_t when)
{
	write_CNTHP_CVAL(when);
	write_CNTHP_CTL(CNTHP_ENABLE);
	isb();
	c->timer_armed = true;
}

static void timer_disarm(struct hyp_cpu *c)
{
	write_CNTHP_CTL(0);
	isb();
	c->timer_armed = false;
}

void switch_timer_sync(struct hyp_cpu *c)
{
	spin_lock(&system_lock);
	bool mine = sw.period && sw.owner == c->index;
	uint64_t now = read_CNTPCT();

	if (mine && !c->timer_armed && sw.next < now)
		sw.next = now + sw.period;
	uint64_t next = sw.next;

	spin_unlock(&system_lock);
	if (mine && !c->timer_armed)
		timer_arm(c, next);
	else if (!mine && c->timer_armed)
		timer_disarm(c);
}

void switch_timer_handover(struct hyp_cpu *c, uint32_t online)
{
	if (sw.owner != c->index || !online)
		return;
	sw.owner = (unsigned)__builtin_ctz(online);
	smp_kick(1u << sw.owner);
	write_CNTHP_CTL(0);
	c->timer_armed = false;
}

int32_t switch_set_period(struct hyp_cpu *c, uint32_t ticks)
{
	if (ticks != 0 && ticks < SWITCH_PERIOD_MIN)
		return BL_HVC_INVALID_PARAMETER;
	spin_lock(&system_lock);
	unsigned old = sw.owner;

	sw.period = ticks;
	sw.owner = c->index;
	sw.next = read_CNTPCT() + ticks;
	spin_unlock(&system_lock);
	timer_disarm(c);   /* re-armed with the new deadline */
	switch_timer_sync(c);
	if (old != c->index)
		smp_kick(1u << old);   /* it disarms its timer */
	return BL_HVC_SUCCESS;
}

void switch_timer_irq(struct hyp_cpu *c)
{
	spin_lock(&system_lock);
	if (!sw.period || sw.owner != c->index) {
		spin_unlock(&system_lock);
		timer_disarm(c);
		return;
	}
	sw.next = read_CNTPCT() + sw.period;
	uint64_t next = sw.next;
	unsigned target = sw.cluster ^ 1u;

	spin_unlock(&system_lock);
	timer_arm(c, next);
	system_switch(c, target);
}
