/*
 * Real cluster migration (hyp/switch/migrate.h, docs/migration.md).
 *
 * Each virtual CPU's monitor code runs as a HYP thread on a stack of its
 * own (arch/thread.h). A physical core without a virtual CPU runs its
 * park loop on its boot stack: asleep in WFI with only the monitor's
 * interrupts unmasked, until its mailbox names a virtual CPU - a new one
 * (PSCI CPU_ON, or the boot CPU) to start, or one migrating in to resume.
 * The outbound core saves its virtual CPU's context into struct hyp_cpu,
 * leaves its PMU and debug registers in reset, posts the virtual CPU to
 * the inbound core and switches to its own park loop; the inbound core
 * loads the context and switches to the virtual CPU's thread, which goes
 * on in hyp/switch/switch.c as after an in-place switch.
 */
#include "migrate.h"
#include "blmon.h"
#include "cluster.h"
#include "arch_caps.h"
#include "arch_cpu.h"
#include "sysreg.h"
#include "thread.h"
#include "gic.h"
#include "irq.h"
#include "blmon_log.h"
#include "percpu.h"
#include "pmu_phys.h"
#include "smp.h"
#include "switch.h"
#include "vgic_hw.h"

#define VCPU_STACK_SIZE ARCH_THREAD_STACK_SIZE

unsigned mig_n;
uint8_t mig_vcpu_of[8] = { 0, 1, 2, 3, 4, 5, 6, 7 };

/* One per physical CPU. */
static struct pcpu {
	struct hyp_cpu *volatile mail;   /* the virtual CPU to run next */
	uintptr_t park_sp;               /* its park loop, suspended */
	uintptr_t mpidr;                 /* as wide as the register (MPIDR_EL1: 64
					  * bits; the affinities kept fit in 32) */
	/* what the virtual CPU leaving this core asked for: post it to that
	 * core once its thread is off this one (its stack free to resume) */
	struct hyp_cpu *pass;
	unsigned pass_to;
	/* the guest's priorities of ids 0-31 as this core's GIC holds them
	 * (0: never written, the GIC's reset value) */
	_Alignas(4) uint8_t prio[32];
} pcpu[BLMON_MAX_CPUS];

static uint8_t vcpu_stack[MIG_MAX_N][VCPU_STACK_SIZE] __attribute__((aligned(16)));

void mig_init(unsigned n, unsigned ncpus, unsigned boot_cluster)
{
	if (n == 0)
		return;
	if (n > MIG_MAX_N)
		blmon_fatal("blmon.cluster_cpus=%u: at most %u CPUs per cluster (GICv2 has 8 CPU interfaces)",
			    n, MIG_MAX_N);
	if (2 * n > ncpus)
		blmon_fatal("blmon.cluster_cpus=%u needs %u CPUs; this board has at most %u", n, 2 * n, ncpus);
	mig_n = n;
	vgic_hw_mig_init(n, boot_cluster);
	for (unsigned p = 0; p < 8; p++)
		mig_vcpu_of[p] = (uint8_t)(p % n);
	log_info("migration: %u virtual CPU%s; cluster 0 (%s) on CPUs 0-%u, cluster 1 (%s) on CPUs %u-%u\n",
		 n, n == 1 ? "" : "s", pmu_cluster_desc[0].name, n - 1, pmu_cluster_desc[1].name, n, 2 * n - 1);
}

static unsigned phys_cluster(unsigned phys) { return phys / mig_n; }

/*
 * Every parked core's PMU and debug registers are in their reset state
 * (poison where the reset value is UNKNOWN): the outbound core resets its
 * own once its context is saved, and a core that has not run a virtual CPU
 * yet does it before it parks for the first time. So the inbound core
 * restores onto registers in reset, with nothing to do first, and a
 * missing restore shows up as a reset value. The monitor's in-memory
 * registers of counters the hardware lacks ("kept", pmu_hw_reset) model
 * the inbound core's: reset for `inbound`.
 */
static void outbound_reset(struct hyp_cpu *c, unsigned inbound, bool dbg)
{
	pmu_hw_reset(&c->pmu, inbound);
	if (dbg)
		dbg_hw_reset(inbound);
}

static void first_park_reset(unsigned cluster)
{
	struct pmu_cpu pmu;

	pmu_cpu_init(&pmu, cluster, hyp_pmu_counters);
	pmu_hw_reset(&pmu, cluster);
	dbg_hw_reset(cluster);
}

static bool on_cluster(const struct hyp_cpu *c, unsigned cluster)
{
	return phys_cluster(c->phys) == cluster;
}

/* What PL1 reads as MPIDR: cluster 0's core of the same number, on both
 * clusters, so the guest's CPU numbers, PSCI ids and GIC masks hold. */
static uint32_t vmpidr(unsigned v) { return (uint32_t)pcpu[v].mpidr; }

/* The monitor's SGI to a physical core (smp_kick() names virtual CPUs). */
static void wake(unsigned phys)
{
	gic_send_sgi(GICD_SGIR_VALUE(GICD_SGIR_FILTER_LIST, 1u << phys, IRQ_MONITOR_SGI));
}

static void post(unsigned phys, struct hyp_cpu *c)
{
	__atomic_store_n(&pcpu[phys].mail, c, __ATOMIC_RELEASE);
	dsb();
	wake(phys);
}

/* The physical core takes over virtual CPU c: its identity, HYP state and
 * TLBs (this core may hold the guest's entries from its cluster's last
 * turn, which local maintenance elsewhere did not reach). Kept on the fast
 * path (issue #29): the same holds for its I-cache and branch predictor,
 * which may hold code the guest has since rewritten and invalidated with
 * ICIALLU on the core it ran on - a local operation that never reached
 * this one; three writes and a DSB/ISB, against stale instructions. */
static void adopt(struct hyp_cpu *c, unsigned phys)
{
	sysreg_tpidr_el2_write((uintptr_t)c);
	c->phys = phys;
	c->hdcr = ~0u;
	sysreg_vmpidr_el2_write(vmpidr(c->index));
	cpu_flush_guest_local();
}

/* The running thread leaves this core for its park loop, which then posts
 * the virtual CPU to core `to` if `pass` (once the thread is off this
 * core: its stack is free to be used there). `suspend`: the thread goes
 * on there where it stops here (a migration); else it is done (CPU_OFF,
 * or a start that belongs to the other cluster's core). */
static void leave(struct hyp_cpu *c, bool pass, unsigned to, bool suspend)
{
	struct pcpu *me = &pcpu[c->phys];
	uintptr_t dead;

	if (!suspend)
		c->thread_sp = 0;
	me->pass = pass ? c : 0;
	me->pass_to = to;
	thread_switch(suspend ? &c->thread_sp : &dead, me->park_sp);
}

/* A virtual CPU's first code: as blmon_cpu_init() + blmon_enter_next_stage()
 * for a CPU of its own. */
static void __attribute__((noreturn)) vcpu_main(void *arg)
{
	struct hyp_cpu *c = arg;

	spin_lock(&system_lock);
	bool here = on_cluster(c, switch_cluster());

	spin_unlock(&system_lock);
	if (!here)   /* a switch came between CPU_ON and this core's start:
		      * the other cluster's core starts it afresh
		      * (switch_join_system waits out any later one) */
		leave(c, true, mig_phys(c->index, switch_cluster()), false);
	hyp_vcpu_init(c);
	gic_park(false);
	blmon_enter_next_stage();
}

/* Park until a virtual CPU comes, run it until it leaves, and again. */
static void __attribute__((noreturn)) park(unsigned phys)
{
	struct pcpu *me = &pcpu[phys];

	for (;;) {
		sysreg_tpidr_el2_write(0);
		gic_park(true);
		struct hyp_cpu *c;

		while (!(c = __atomic_exchange_n(&me->mail, 0, __ATOMIC_ACQUIRE))) {
			cpu_wait_interrupt();
			for (uint32_t iar; GICC_IAR_ID(iar = gic_ack()) < GIC_MAX_IRQS;) {
				gic_eoi(iar);     /* the monitor's SGI (the mail), or */
				gic_deactivate(iar);   /* a stale kick: nothing to do */
			}
		}
		/* its last core may still be leaving its thread (a CPU_OFF
		 * racing a switch and a CPU_ON): a few instructions */
		while (__atomic_load_n(&c->on_core, __ATOMIC_ACQUIRE))
			cpu_relax();
		c->on_core = true;
		if (c->ack_core) {   /* its poster waits for this (mig_cpu_on_wait) */
			wake(c->ack_core - 1);
			c->ack_core = 0;
		}
		adopt(c, phys);
		if (c->thread_sp)
			thread_switch(&me->park_sp, c->thread_sp);   /* migrating in */
		else
			thread_start(&me->park_sp, (uintptr_t)vcpu_stack[c->index] + VCPU_STACK_SIZE, vcpu_main, c);
		/* c's thread has left this core */
		struct hyp_cpu *pass = me->pass;

		me->pass = 0;
		__atomic_store_n(&c->on_core, false, __ATOMIC_RELEASE);
		if (pass)
			post(me->pass_to, pass);
	}
}

void mig_enter(unsigned phys)
{
	static bool started;

	first_park_reset(phys_cluster(phys));
	__atomic_store_n(&pcpu[phys].mpidr, sysreg_mpidr_el1_read(), __ATOMIC_RELEASE);
	if (phys == 0 && !started) {
		/* the boot CPU: every core of both clusters, then virtual CPU
		 * 0; once (a core a board powered down comes back here too) */
		started = true;
		for (unsigned p = 1; p < 2 * mig_n; p++) {
			int32_t rc = board_cpu_on(p);

			if (rc != 0)
				blmon_fatal("blmon.cluster_cpus=%u needs %u CPUs: CPU %u did not start (PSCI %ld; QEMU: -smp %u)",
					    mig_n, 2 * mig_n, p, (long)rc, 2 * mig_n);
		}
		/* every core's MPIDR is known before any virtual CPU runs
		 * (vmpidr()): wait for all of them, 1 s at most */
		uint64_t deadline = sysreg_cntpct_el0_read() + sysreg_cntfrq_el0_read();

		for (unsigned p = 1; p < 2 * mig_n; p++)
			while (!__atomic_load_n(&pcpu[p].mpidr, __ATOMIC_ACQUIRE)) {
				if (sysreg_cntpct_el0_read() > deadline)
					blmon_fatal("CPU %u was started but did not reach the monitor within 1 s", p);
				cpu_poll_pause();
			}
		mig_cpu_on(hyp_cpu(0), switch_cluster());
	}
	park(phys);
}

void mig_cpu_on(struct hyp_cpu *c, unsigned cluster)
{
	c->thread_sp = 0;
	post(mig_phys(c->index, cluster), c);
}

/* PSCI CPU_ON from a running virtual CPU: its core posts and then sleeps
 * until the parked core has taken the virtual CPU (it answers with the
 * monitor's SGI). Not only tidy: under QEMU's -icount every CPU runs in
 * one thread, and a parked core was seen never to wake from its WFI while
 * the poster kept running (docs/migration.md). */
void mig_cpu_on_wait(struct hyp_cpu *c, unsigned cluster, struct hyp_cpu *me)
{
	unsigned to = mig_phys(c->index, cluster);

	c->ack_core = me->phys + 1;
	mig_cpu_on(c, cluster);
	while (__atomic_load_n(&pcpu[to].mail, __ATOMIC_ACQUIRE) == c) {
		cpu_wait_interrupt();
		irq_drain(me);
	}
}

void mig_cpu_off(struct hyp_cpu *c)
{
	unsigned phys = c->phys;

	cpu_ctx_stop_timers();
	sysreg_cnthp_ctl_el2_write(0);
	outbound_reset(c, phys_cluster(phys), dbg_ctx_in_use(&c->dbg));
	leave(c, false, 0, false);
	__builtin_unreachable();
}

void mig_switch_cpu(struct hyp_cpu *c, unsigned target)
{
	unsigned in = mig_phys(c->index, target);
	bool dbg = dbg_ctx_in_use(&c->dbg);

	/* 1. outbound: the guest's context, its PMU as the state says, its
	 * debug context */
	cpu_ctx_save(&c->ctx);
	pmu_switch_out(&c->pmu);
	if (dbg)
		dbg_switch_out(&c->dbg);
	/* 2. the outbound core in reset; with its timers and PMU quiet, what
	 * is still pending for the guest here goes into the virtual GIC,
	 * then its interface and banked state go with the virtual CPU, and
	 * the switch timer's deadline if this CPU drives it */
	outbound_reset(c, target, dbg);
	irq_drain(c);
	gic_park(true);
	vgic_hw_save(&c->gic, c->vgic.nr_lrs);
	c->cnthp_ctl = sysreg_cnthp_ctl_el2_read();
	c->cnthp_cval = sysreg_cnthp_cval_el2_read();
	sysreg_cnthp_ctl_el2_write(0);
	/* 3. the inbound core takes it from here */
	leave(c, true, in, true);

	/* 4. on the inbound core (adopt() has run), in reset as every parked
	 * core is: everything back */
	cluster_load_identity(target);
	cpu_ctx_load(&c->ctx);
	pmu_switch_in(&c->pmu, target);
	if (dbg)
		dbg_switch_in(&c->dbg, target);
	pmu_userenr_adopted(&c->pmu);   /* MDCR_EL2 unknown here (adopt()) */
	hyp_update_traps(c);
	vgic_hw_load(&c->gic, c->vgic.nr_lrs, c->vgic.prio_private, pcpu[c->phys].prio);
	sysreg_cnthp_cval_el2_write(c->cnthp_cval);
	sysreg_cnthp_ctl_el2_write(c->cnthp_ctl);
	isb();
	gic_park(false);
	c->switches++;
}
