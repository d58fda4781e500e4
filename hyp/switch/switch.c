/*
 * Whole-system switches (hyp/switch/switch.h, docs/switch.md).
 *
 * One barrier: every member stops running the guest (it is in HYP,
 * having taken the monitor's SGI or called in itself); then each saves its
 * outbound context, resets to the inbound core and restores - its own
 * registers, nobody else's - and returns to the guest on the new cluster.
 * Between switches no CPU runs guest code on a cluster other CPUs have
 * left. The initiator returns once every member has restored.
 *
 * Waiting CPUs sleep in WFI, not spin: QEMU then gives their host thread
 * back to the CPUs still on their way (a spinning vCPU starves the one it
 * waits for when there are more vCPUs than host cores). A waiter is woken
 * by the monitor's SGI, which the last CPU to arrive (or to finish) sends;
 * interrupts that wake it meanwhile are taken as usual (irq_drain).
 */
#include <stddef.h>
#include "switch.h"
#include "blmon.h"
#include "cluster.h"
#include "arch_cpu.h"
#include "sysreg.h"
#include "irq.h"
#include "migrate.h"
#include "percpu.h"
#include "smp.h"
#include "vgic.h"

/* Written under system_lock; read without it only where a stale value is
 * harmless (the waits re-read until it is not). */
static struct {
	unsigned cluster;                 /* the system's cluster between switches */
	volatile uint32_t active;         /* a switch is in progress (0/1: a word, tested by one branch) */
	volatile uint32_t gen;            /* switches started */
	unsigned target;
	uint32_t members;                 /* the CPUs it moves */
	volatile uint32_t arrived, done;  /* ... stopped / restored */
	uint32_t waiters;                 /* CPUs asleep until it is over */
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
uint32_t switch_period(void) { return sw.period; }

/* Sleep until an interrupt is pending, then take what is pending. */
static void doze(struct hyp_cpu *c)
{
	cpu_wait_interrupt();
	irq_drain(c);
}

/* Sleep at once: under QEMU's -icount one thread runs every CPU, and a
 * spin only delays the CPUs it waits for; on hardware the wake-up (an SGI)
 * costs about what a short spin would. */
#define WAIT_UNTIL(c, cond)              \
	do {                             \
		while (!(cond))          \
			doze(c);         \
	} while (0)

static bool all_arrived(void) { return (sw.arrived & sw.members) == sw.members; }

static bool over(uint32_t gen) { return !sw.active || sw.gen != gen; }

/* With system_lock held: sleep until the switch `gen` is over. */
static void wait_over(struct hyp_cpu *c, uint32_t gen)
{
	while (!over(gen)) {
		sw.waiters |= 1u << c->index;
		spin_unlock(&system_lock);
		WAIT_UNTIL(c, over(gen));
		spin_lock(&system_lock);
	}
}

/* The system's cluster becomes target (system_lock held, no CPU in the
 * guest): with migration the guest's SPIs go to its cores now, so what
 * becomes pending from here on waits there for its virtual CPU. */
static inline __attribute__((always_inline)) void system_cluster_is(unsigned target, bool mig)
{
	sw.cluster = target;
	sw.count++;
	if (mig) {
		board_cluster_up(target);
		vgic_hw_retarget(target);
	}
}

/* With migration, once every moving CPU has restored on the target (the
 * system's cluster): the other cluster's cores have all been left, and
 * may go down. */
static inline __attribute__((always_inline)) void outbound_cluster_left(bool mig)
{
	if (mig)
		board_cluster_down(sw.cluster ^ 1u);
}

/* This CPU moves: in place, or to its core on the target cluster. */
static inline __attribute__((always_inline)) void move_cpu(struct hyp_cpu *c, unsigned target, bool mig)
{
	if (mig)
		mig_switch_cpu(c, target);
	else
		cluster_switch_cpu(c, target);
}

/* The one online CPU moves the system (system_lock held). */
static void __attribute__((noinline)) migrate_alone(struct hyp_cpu *c, unsigned target)
{
	system_cluster_is(target, true);
	mig_switch_cpu(c, target);
	outbound_cluster_left(true);
}

/* One CPU's part in the switch in progress (system_lock not held). */
static void take_part(struct hyp_cpu *c)
{
	uint32_t me = 1u << c->index;
	unsigned target = sw.target;
	bool last, mig = mig_on();   /* read once: the lock's barriers would reload it */

	spin_lock(&system_lock);
	sw.arrived |= me;
	last = all_arrived();
	if (last) {
		/* no CPU runs the guest now; each that does again runs on
		 * the target: from here on it is the system's cluster */
		system_cluster_is(target, mig);
	}
	spin_unlock(&system_lock);
	if (last)
		smp_kick(sw.arrived & ~me, 0);   /* the sleepers at the barrier */
	else
		WAIT_UNTIL(c, all_arrived());

	move_cpu(c, target, mig);

	spin_lock(&system_lock);
	sw.done |= me;
	if (sw.done == sw.members) {
		outbound_cluster_left(mig);
		sw.active = false;
		smp_kick(sw.waiters & ~me, 0);
		sw.waiters = 0;
	}
	spin_unlock(&system_lock);
	irq_timer_unmask(c);   /* a switch-timer tick held back meanwhile comes now */
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

/* With system_lock held: until no switch is in progress, taking part in
 * any that counts on this CPU - the next one may begin before a waiter
 * sees the last one end. */
static void __attribute__((noinline)) wait_switches_over(struct hyp_cpu *c)
{
	while (sw.active) {
		take_part_if_member(c);
		if (sw.active)   /* not a member, or our part is done: the others' */
			wait_over(c, sw.gen);
	}
}

/* Switch to target; `wait`: return only once every CPU has restored (an
 * HVC's promise; the switch timer has nobody to tell). Inlined in both
 * callers, and wait_switches_over() out of line behind a test of
 * sw.active: the one-CPU switch (an HVC_CLUSTER_SWITCH alone) saves no
 * call, frame or loop - docs/performance.md, AArch64. */
static inline __attribute__((always_inline)) int32_t do_switch(struct hyp_cpu *c, uint32_t target, bool wait)
{
	uint32_t me = 1u << c->index;

	if (target >= PMU_NCLUSTERS)
		return BL_HVC_INVALID_PARAMETER;
	spin_lock(&system_lock);
	/* someone else's switch first: it counts on us (we are online) */
	if (sw.active)
		wait_switches_over(c);
	if (target == sw.cluster) {
		spin_unlock(&system_lock);
		return (int32_t)target;
	}
	if ((smp_online() | me) == me) {
		/* alone: nobody to gather, and nobody can join while we hold
		 * the lock (smp_cpu_running takes it) */
		if (mig_on()) {
			migrate_alone(c, target);
		} else {
			sw.cluster = target;
			sw.count++;
			cluster_switch_cpu(c, target);
		}
		spin_unlock(&system_lock);
		return (int32_t)target;
	}
	uint32_t gen = ++sw.gen;

	sw.active = true;
	sw.target = target;
	sw.members = smp_online() | me;
	sw.arrived = sw.done = 0;
	spin_unlock(&system_lock);
	smp_kick(sw.members & ~me, 0);
	take_part(c);
	spin_lock(&system_lock);
	if (wait)   /* back to the guest once every CPU runs on the target */
		wait_over(c, gen);
	take_part_if_member(c);   /* a kick of a next switch may have been taken meanwhile */
	spin_unlock(&system_lock);
	return (int32_t)target;
}

/* What other CPUs asked of this one with the monitor's SGI (smp_kick's
 * reasons). irq_drain takes that SGI inside a switch's waits without
 * starting anything, so its reasons stay in c->kick until this runs:
 * after the switch, on every path out of one. */
static void take_kicks(struct hyp_cpu *c)
{
	uint32_t why = __atomic_exchange_n(&c->kick, 0, __ATOMIC_ACQUIRE);

	if (why & KICK_TIMER)
		switch_timer_sync(c);
	if (why & KICK_REFILL)
		vgic_kicked(&c->vgic);
}

static inline void take_kicks_left(struct hyp_cpu *c)
{
	if (__atomic_load_n(&c->kick, __ATOMIC_RELAXED))
		take_kicks(c);
}

int32_t system_switch(struct hyp_cpu *c, uint32_t target)
{
	int32_t r = do_switch(c, target, true);

	take_kicks_left(c);
	return r;
}

void switch_join_system(struct hyp_cpu *c)
{
	wait_switches_over(c);   /* not online yet: never a member */
	cluster_init(c, sw.cluster);
}

void switch_leave_system(struct hyp_cpu *c)
{
	wait_switches_over(c);
}

void switch_sgi(struct hyp_cpu *c)
{
	spin_lock(&system_lock);
	/* a kick taken while waiting (irq_drain) may have been a new
	 * switch's: whatever is in progress and counts on us, we join */
	take_part_if_member(c);
	spin_unlock(&system_lock);
	take_kicks(c);
}

/* ---- the switch timer: one CPU's HYP timer (CNTHP) ---------------------- */

static void timer_arm(struct hyp_cpu *c, uint64_t when)
{
	sysreg_cnthp_cval_el2_write(when);
	sysreg_cnthp_ctl_el2_write(CNTHP_CTL_ENABLE);
	isb();
	c->timer_armed = true;
	c->timer_masked = false;
}

static void timer_disarm(struct hyp_cpu *c)
{
	sysreg_cnthp_ctl_el2_write(0);
	isb();
	c->timer_armed = false;
	c->timer_masked = false;
}

void irq_timer_mask(struct hyp_cpu *c)
{
	sysreg_cnthp_ctl_el2_write(CNTHP_CTL_ENABLE | CNTHP_CTL_IMASK);
	isb();
	c->timer_masked = true;
}

void irq_timer_unmask(struct hyp_cpu *c)
{
	if (c->timer_masked && c->timer_armed) {
		sysreg_cnthp_ctl_el2_write(CNTHP_CTL_ENABLE);
		isb();
	}
	c->timer_masked = false;
}

void switch_timer_sync(struct hyp_cpu *c)
{
	spin_lock(&system_lock);
	bool mine = sw.period && sw.owner == c->index;
	uint64_t now = sysreg_cntpct_el0_read();

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
	smp_kick(1u << sw.owner, KICK_TIMER);
	timer_disarm(c);
}

int32_t switch_set_period(struct hyp_cpu *c, uint32_t ticks)
{
	if (ticks != 0 && ticks < SWITCH_PERIOD_MIN)
		return BL_HVC_INVALID_PARAMETER;
	spin_lock(&system_lock);
	unsigned old = sw.owner;

	sw.period = ticks;
	sw.owner = c->index;
	sw.next = sysreg_cntpct_el0_read() + ticks;
	spin_unlock(&system_lock);
	timer_disarm(c);   /* re-armed with the new deadline */
	switch_timer_sync(c);
	if (old != c->index)
		smp_kick(1u << old, KICK_TIMER);   /* it disarms its timer */
	return BL_HVC_SUCCESS;
}

/* If this CPU drives the switch timer: the next period starts now, the
 * timer is armed for its end, and `target` (if asked) is the cluster the
 * next switch goes to; else nothing is done (false).
 * The next period starts when this CPU's part of a switch is over, not at
 * its deadline: a switch that takes longer than the period (the other CPUs
 * slow to gather: a busy host, more vCPUs than host cores) would otherwise
 * be followed at once by the next, and the guest would get no time between
 * them (Linux at -smp 4 with blmon.switch_us=2000 on a 2-core host never
 * finished booting; docs/linux.md). */
static bool timer_restart(struct hyp_cpu *c, unsigned *target)
{
	spin_lock(&system_lock);
	bool mine = sw.period && sw.owner == c->index;
	uint64_t next = 0;

	if (mine) {
		next = sw.next = sysreg_cntpct_el0_read() + sw.period;
		if (target)
			*target = sw.cluster ^ 1u;
	}
	spin_unlock(&system_lock);
	if (mine)
		timer_arm(c, next);
	return mine;
}

void switch_timer_irq(struct hyp_cpu *c)
{
	unsigned target;

	if (!timer_restart(c, &target)) {
		timer_disarm(c);
		return;
	}
	do_switch(c, target, false);
	take_kicks_left(c);
	timer_restart(c, NULL);
}
