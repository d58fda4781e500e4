/*
 * Interrupts across cluster migrations (issue #16 item 4, docs/migration.md):
 * an interrupt pending or active in the outbound core's list registers, or
 * waiting in the monitor's pending set, arrives on the inbound core exactly
 * once, also one that fires while the migration runs. The same checks pass
 * with blmon.cluster_cpus=N (scenario migrate-irq: -smp 4, N = 2, the
 * virtual CPUs move between cores) and without it (migirq: -smp 2, the
 * switches happen in place). The CPU count comes from test.smp; the
 * two-CPU parts run only with 2 or more.
 *
 * 1. Pending across a switch: IRQs masked at the CPU, 8 SGIs (4 of them
 *    from CPU1 when there is one) and 2 SPIs pending at once - more than
 *    the 4 list registers - then HVC_CLUSTER_SWITCH; unmasked on the
 *    other cluster, each arrives once, nothing else, in priority order,
 *    with its source CPU; the SPIs end (neither active nor pending at the
 *    distributor). Both directions.
 * 2. Active across a switch: the IRQ handler of the virtual timer (PPI 27,
 *    its level still high), of an SGI and of an SPI switches clusters
 *    before it ends the interrupt. Each is taken once, is active on the
 *    inbound core while handled (PPI, SPI), is ended there by the EOI, and
 *    the next one arrives again; an SGI/SPI made pending again while
 *    active arrives once more after the EOI. Both directions.
 *    After each case of 1 and 2 the system goes back to the outbound
 *    cluster, where the interrupt must still arrive (nothing the switch
 *    left on the outbound core - an active or pending state - holds it),
 *    and on again. Each SPI case uses an SPI of its own.
 * 3. During monitor-driven switching (HVC_AUTO_SWITCH, 1 ms), 1-4 s each:
 *    (a) every CPU's virtual timer re-armed 30 us ahead in its handler,
 *    thousands of times: each run saw its deadline passed (ISTATUS) and
 *    runs = arms (the last arm fired too); (b) with 2 CPUs, SGI ping-pong
 *    between CPU0 and CPU1 with sequence numbers: each number seen once on
 *    each side, none lost, each SGI with its sender's virtual CPU number,
 *    tens of round trips with a switch between ping and answer. Tens of
 *    switches at least happen in each window (HVC_SYSTEM_INFO).
 *
 * CPU0 runs the checks; CPU1 obeys commands (c1_cmd).
 */
#include "gic.h"
#include "pmu_guest.h"

#define MAXCPU       2u
#define PPI_VTIMER   27u
#define SGI_FROM1    4u     /* part 1: SGIs 4-7 come from CPU1 when there is one */
#define SGI_PING     8u     /* CPU0 -> CPU1 */
#define SGI_PONG     9u     /* CPU1 -> CPU0 */
#define SGI_ACTIVE   10u    /* part 2 */
#define SGI_DOORBELL 11u    /* CPU0 -> CPU1: a command is waiting */
#define NO_ID        0xffffu
#define LOG_MAX      64u

#define CNTV_ENABLE  (1u << 0)
#define CNTV_ISTATUS (1u << 2)

/* Timeouts: host time on a loaded 2-core machine, far above what any wait
 * here takes (the slowest waits measured are noted where they are). */
#define WAIT_MS      5000u
/* ... for an interrupt a CPU sends itself: microseconds */
#define WAIT_SELF_MS 2000u

static unsigned ncpu;
/* The highest SPIs (no device of the board drives them), a fresh one for
 * each case: what one case leaves behind does not hold up the next. */
static uint32_t lines, spi_next;
static uint32_t fresh_spi(void) { return lines - 1 - spi_next++; }
static uint64_t ticks_per_us;


/*
 * Sleep until an interrupt, then take it: WFI with IRQs masked (a pending
 * one still ends it), unmasked after. Waiting CPUs sleep rather than spin:
 * each guest CPU is a QEMU thread, and on the test machine's 2 cores,
 * shared with other runs, a spinning one holds a core the CPU it waits
 * for needs (a ping-pong round trip then took ~8 ms; QEMU halts a CPU in
 * WFI). It also has the migrations find CPUs asleep, as an OS's idle CPUs.
 */
static void sleep_irq(void)
{
	__asm__ volatile("cpsid i\n\tdsb\n\twfi\n\tcpsie i\n\tisb" ::: "memory");
}

/* Wait until *flag == want, asleep between interrupts, for at most ms
 * (something must wake the CPU: the interrupt awaited, the monitor's
 * switches, a timer). IRQs are unmasked on return. */
static bool sleep_until(const volatile uint32_t *flag, uint32_t want, uint32_t ms)
{
	uint64_t end = deadline_ms(ms);

	for (;;) {
		irq_disable();
		if (*flag == want)
			break;
		if (passed(end)) {
			irq_enable();
			return false;
		}
		__asm__ volatile("dsb\n\twfi" ::: "memory");
		irq_enable();
		isb();
	}
	irq_enable();
	return true;
}

static uint64_t us(uint32_t n) { return ticks_per_us * n; }
static uint32_t ms_since(uint64_t t0) { return (uint32_t)((read_CNTVCT() - t0) / us(1000)); }
/* Wait n microseconds of virtual-counter time. */
static void delay_us(uint32_t n)
{
	uint64_t end = read_CNTVCT() + us(n);

	while (read_CNTVCT() < end)
		;
}

/* ---- what each CPU's IRQ handler saw ------------------------------------ */

/* Interrupts no part takes for itself (the timer, ping, pong), in order. */
struct ilog {
	volatile uint32_t iar[LOG_MAX];
	volatile uint32_t n;
	volatile uint32_t spurious;
};
static struct ilog ilog[MAXCPU];

static void log_reset(unsigned cpu)
{
	ilog[cpu].n = 0;
	dmb();
}

/* Virtual timer: how its handler treats a run. */
enum tmode {
	T_ONCE,        /* turn it off (CNTV_CTL = 0) */
	T_AGAIN,       /* a new deadline `delta` ahead, then T_ONCE */
	T_REARM,       /* a new deadline `delta` ahead until `stop`, then off */
};
struct tstate {
	volatile uint32_t mode, stop, stopped;
	volatile uint32_t runs, arms;
	volatile uint32_t no_istatus, early, disabled;   /* runs that should not have been */
	uint64_t delta;
};
static struct tstate tst[MAXCPU];

/* Part 2: the handler of interrupt sw_id (CPU0) switches to sw_target
 * before its EOI; what it saw. */
static volatile uint32_t sw_id = NO_ID, sw_target, sw_repend;
static struct {
	volatile uint32_t iar, ret, midr_before, midr_after, active, done;
} sw;

/* Part 3(b): the ping-pong's sequence numbers and tallies. */
struct pp {
	volatile uint32_t last, rx, dup, skip, bad_src;
};
static volatile uint32_t ping_seq, pong_seq;
static struct pp pp[MAXCPU];

static void timer_arm(uint64_t delta)
{
	write_CNTV_CVAL(read_CNTVCT() + delta);
	write_CNTV_CTL(CNTV_ENABLE);
	isb();
}

static void timer_irq(struct tstate *t)
{
	uint32_t ctl = read_CNTV_CTL();
	uint64_t now = read_CNTVCT(), cval = read_CNTV_CVAL();

	t->runs++;
	if (!(ctl & CNTV_ENABLE))
		t->disabled++;
	if (!(ctl & CNTV_ISTATUS))
		t->no_istatus++;
	if (now < cval)
		t->early++;
	switch (t->mode) {
	case T_AGAIN:
		t->mode = T_ONCE;
		write_CNTV_CVAL(now + t->delta);
		break;
	case T_REARM:
		if (!t->stop) {
			write_CNTV_CVAL(now + t->delta);
			t->arms++;
			break;
		}
		write_CNTV_CTL(0);
		t->stopped = 1;
		break;
	default:
		write_CNTV_CTL(0);
		break;
	}
	isb();
}

/* Part 2, in the handler, the interrupt acknowledged and not yet ended. */
static void switch_in_handler(uint32_t iar, uint32_t id)
{
	sw_id = NO_ID;
	sw.iar = iar;
	if (sw_repend == 1) {   /* pending again while active */
		if (id < GIC_NR_SGIS)
			gic_guest_sgi(GICD_SGIR_FILTER_SELF, 0, id);
		else
			gicd_w32(GICD_ISPENDR + 4 * (id / 32), 1u << (id % 32));
	}
	sw.midr_before = read_MIDR();
	sw.ret = (uint32_t)switch_to(sw_target);
	sw.midr_after = read_MIDR();
	/* the physical state on the inbound core: a held PPI/SPI is active
	 * (acknowledged in HYP, soft-linked); an SGI was ended there at once */
	sw.active = id >= GIC_NR_SGIS ? gicd_bit(GICD_ISACTIVER, id) : 0;
	sw.done = 1;
}

static void pp_rx(struct pp *p, uint32_t iar, uint32_t seq, uint32_t src)
{
	if (GICC_IAR_CPU(iar) != src)
		p->bad_src++;
	if (seq == p->last)
		p->dup++;
	else if (seq != p->last + 1)
		p->skip++;
	p->last = seq;
	p->rx++;
}

static void irq(void)
{
	unsigned cpu = guest_cpu();
	uint32_t iar = gicc_r32(GICC_IAR), id = GICC_IAR_ID(iar);
	struct ilog *l = &ilog[cpu];

	if (id >= GIC_MAX_IRQS) {
		l->spurious++;
		return;
	}
	if (cpu == 0 && id == sw_id)
		switch_in_handler(iar, id);
	if (id == PPI_VTIMER) {
		timer_irq(&tst[cpu]);
	} else if (id == SGI_PING && cpu == 1) {
		uint32_t s = ping_seq;

		pp_rx(&pp[1], iar, s, 0);
		pong_seq = s;
		dmb();
		gic_guest_sgi(GICD_SGIR_FILTER_LIST, 1u << 0, SGI_PONG);
	} else if (id == SGI_PONG && cpu == 0) {
		pp_rx(&pp[0], iar, pong_seq, 1);
	} else if (id == SGI_DOORBELL && cpu == 1) {
		/* nothing: it ends CPU1's WFI */
	} else if (l->n < LOG_MAX) {
		l->iar[l->n] = iar;
		dmb();
		l->n++;
	}
	gicc_w32(GICC_EOIR, iar);
}

/* ---- CPU1 ------------------------------------------------------------------ */

enum c1 { C1_NONE, C1_SGIS, C1_MIDR, C1_TIMER };
static volatile uint32_t c1_cmd, c1_ready, c1_midr;

static void prio_setup(void)
{
	gic_guest_enable(PPI_VTIMER, 0x80);
	gic_guest_enable(SGI_PING, 0x80);
	gic_guest_enable(SGI_PONG, 0x80);
	gic_guest_enable(SGI_ACTIVE, 0x80);
	gic_guest_enable(SGI_DOORBELL, 0x80);
}

void secondary_main(uint32_t context, uint32_t cpsr);
void secondary_main(uint32_t context, uint32_t cpsr)
{
	(void)context; (void)cpsr;
	gic_guest_init();
	prio_setup();
	irq_enable();
	c1_ready = 1;
	for (;;) {
		uint32_t c;

		irq_disable();   /* no doorbell taken between the test and the WFI */
		while ((c = c1_cmd) == C1_NONE) {
			__asm__ volatile("dsb\n\twfi" ::: "memory");
			irq_enable();   /* what woke it is taken here */
			isb();
			irq_disable();
		}
		irq_enable();
		switch (c) {
		case C1_SGIS:
			for (uint32_t id = SGI_FROM1; id < SGI_FROM1 + 4; id++)
				gic_guest_sgi(GICD_SGIR_FILTER_LIST, 1u << 0, id);
			break;
		case C1_MIDR:
			c1_midr = read_MIDR();
			break;
		case C1_TIMER:
			timer_arm(tst[1].delta);
			break;
		default:
			continue;
		}
		dmb();
		c1_cmd = C1_NONE;
	}
}

static bool on_cpu1(enum c1 c)
{
	c1_cmd = c;
	dsb();
	gic_guest_sgi(GICD_SGIR_FILTER_LIST, 1u << 1, SGI_DOORBELL);
	return wait_until(&c1_cmd, C1_NONE, WAIT_MS);
}

/* Every CPU's MIDR is that of `cluster`. */
static void all_on(uint32_t cluster, const char *when)
{
	unsigned ok = read_MIDR() == midr_of(cluster), want = 1;

	if (ncpu >= 2) {
		ok += on_cpu1(C1_MIDR) && c1_midr == midr_of(cluster);
		want++;
	}
	check(ok == want, "%s: every CPU on cluster %lu (MIDR)", when, (unsigned long)cluster);
}

static void start_cpu1(void)
{
	check_eq("CPU1 started (PSCI CPU_ON)",
		 psci_call(PSCI_CPU_ON_FN, 1, (uint32_t)secondary_entry, 0), 0);
	check(wait_until(&c1_ready, 1, WAIT_MS), "CPU1 set up its GIC");
}

/* Make interrupt id pending for CPU0: an SGI to itself, or an SPI by
 * GICD_ISPENDR (targeted at CPU0 by gic_guest_enable). */
static void pend(uint32_t id)
{
	if (id < GIC_NR_SGIS)
		gic_guest_sgi(GICD_SGIR_FILTER_SELF, 0, id);
	else
		gicd_w32(GICD_ISPENDR + 4 * (id / 32), 1u << (id % 32));
}

/* An SPI neither active nor pending at the distributor (what the guest
 * reads: the physical state), with what it found if not. */
static bool spi_idle(uint32_t id)
{
	uint32_t act = gicd_bit(GICD_ISACTIVER, id), pend_ = gicd_bit(GICD_ISPENDR, id);

	if (act || pend_)
		gprintf("#   SPI %lu: GICD_ISACTIVER %lu, GICD_ISPENDR %lu\n", (unsigned long)id,
			(unsigned long)act, (unsigned long)pend_);
	return !act && !pend_;
}

/* Interrupt id, made pending with IRQs unmasked, is taken once. */
static void arrives_once(uint32_t id, const char *where)
{
	struct ilog *l = &ilog[0];

	log_reset(0);
	irq_enable();
	pend(id);
	wait_until(&l->n, 1, WAIT_SELF_MS);
	delay_us(5000);   /* a doubled one would come now */
	irq_disable();
	check(l->n == 1 && l->iar[0] == id, "... %s %lu made pending %s: taken once (%lu times)",
	      id < GIC_NR_SGIS ? "SGI" : "SPI", (unsigned long)id, where, (unsigned long)l->n);
}

/* After a switch from cluster `out`: back there (its cores, with
 * migration), interrupt ids still arrive - nothing the switch left behind
 * (an active or pending state on the outbound core) holds them - then on
 * to `in` again. */
static void revisit(uint32_t out, uint32_t in, const uint32_t *ids, unsigned n)
{
	check_eq("back to the outbound cluster (HVC_CLUSTER_SWITCH)", (uint32_t)switch_to(out), out);
	for (unsigned i = 0; i < n; i++)
		arrives_once(ids[i], "there");
	check_eq("... and to the inbound one again", (uint32_t)switch_to(in), in);
}

/* ---- 1. pending across a switch ------------------------------------------- */

#define NSGI 8u
static const uint8_t sgi_prio[NSGI] = { 0x70, 0x20, 0x90, 0x40, 0x10, 0x60, 0xa0, 0x30 };
static const uint8_t prio_a = 0x58, prio_b = 0x18;   /* between the SGIs' */

static uint32_t want_src(uint32_t id)
{
	return ncpu >= 2 && id >= SGI_FROM1 && id < SGI_FROM1 + 4 ? 1 : 0;
}

static void pending_across(void)
{
	struct ilog *l = &ilog[0];
	uint32_t out = cluster_now(), target = out ^ 1, from = read_MIDR(), spi_a = fresh_spi(), spi_b = fresh_spi();
	uint32_t seen_sgi = 0, seen_a = 0, seen_b = 0, bad_src = 0, ok_order = 1;
	uint8_t last = 0;

	gprintf("# 1: 8 SGIs, SPIs %lu and %lu pending, IRQs masked; switch to cluster %lu\n", (unsigned long)spi_a,
		(unsigned long)spi_b, (unsigned long)target);
	irq_disable();
	log_reset(0);
	for (uint32_t id = 0; id < NSGI; id++)
		gic_guest_enable(id, sgi_prio[id]);
	gic_guest_enable(spi_a, prio_a);
	gic_guest_enable(spi_b, prio_b);
	for (uint32_t id = 0; id < NSGI; id++)
		if (!want_src(id))
			gic_guest_sgi(GICD_SGIR_FILTER_SELF, 0, id);
	if (ncpu >= 2)
		check(on_cpu1(C1_SGIS), "CPU1 sent SGIs 4-7 to CPU0");
	gicd_w32(GICD_ISPENDR + 4 * (spi_a / 32), 1u << (spi_a % 32));
	gicd_w32(GICD_ISPENDR + 4 * (spi_b / 32), 1u << (spi_b % 32));
	delay_us(2000);   /* they reach HYP at once: into list registers and the pending set */
	check_eq("HVC_CLUSTER_SWITCH with them pending returns the target", (uint32_t)switch_to(target), target);
	check(read_MIDR() == midr_of(target) && read_MIDR() != from,
	      "... MIDR now the target's (0x%08lx, was 0x%08lx)", (unsigned long)read_MIDR(), (unsigned long)from);
	check_eq("... none taken while masked", l->n, 0);
	irq_enable();
	bool all = wait_until(&l->n, NSGI + 2, WAIT_SELF_MS);

	delay_us(20000);   /* anything doubled would come now */
	irq_disable();
	check(all, "unmasked on the inbound cluster: all 10 arrive (%lu)", (unsigned long)l->n);
	for (unsigned k = 0; k < l->n; k++) {
		uint32_t iar = l->iar[k], id = GICC_IAR_ID(iar);
		uint8_t p = id < NSGI ? sgi_prio[id] : id == spi_a ? prio_a : id == spi_b ? prio_b : 0xff;

		if (k > 0 && p < last)
			ok_order = 0;
		last = p;
		if (id < NSGI) {
			seen_sgi += 1u << (4 * id);   /* a nibble per SGI: counts up to 15 */
			bad_src += GICC_IAR_CPU(iar) != want_src(id);
		} else {
			bad_src += GICC_IAR_CPU(iar) != 0;
		}
		seen_a += id == spi_a;
		seen_b += id == spi_b;
	}
	check_eq("... each SGI exactly once (a count per nibble)", seen_sgi, 0x11111111u);
	check(seen_a == 1 && seen_b == 1, "... each SPI exactly once (%lu, %lu)",
	      (unsigned long)seen_a, (unsigned long)seen_b);
	check_eq("... nothing else, nothing twice", l->n, NSGI + 2);
	check(ok_order, "... in priority order");
	check_eq("... each SGI with its sender's CPU number, SPIs with 0", bad_src, 0);
	check_eq("... no spurious acknowledge", ilog[0].spurious, 0);
	check(spi_idle(spi_a) & spi_idle(spi_b), "... both SPIs ended: neither active nor pending at the distributor");
	all_on(target, "...");

	const uint32_t spis[2] = { spi_a, spi_b };

	revisit(out, target, spis, 2);
}

/* ---- 2. active across a switch -------------------------------------------- */

static void sw_arm(uint32_t id, uint32_t target, uint32_t repend)
{
	sw.done = 0;
	sw_target = target;
	sw_repend = repend;
	dmb();
	sw_id = id;
}

/* What the handler saw: the switch happened inside it. */
static bool sw_ok(uint32_t target, uint32_t id, bool active)
{
	return sw.done && sw.ret == target && sw.midr_after == midr_of(target) &&
	       sw.midr_before != sw.midr_after && GICC_IAR_ID(sw.iar) == id && sw.active == active;
}

static void sw_report(uint32_t target)
{
	if (!sw_ok(target, GICC_IAR_ID(sw.iar), sw.active))
		gprintf("#   handler saw: done %lu, switch returned 0x%lx, MIDR 0x%08lx -> 0x%08lx, IAR 0x%lx, active %lu\n",
			(unsigned long)sw.done, (unsigned long)sw.ret, (unsigned long)sw.midr_before,
			(unsigned long)sw.midr_after, (unsigned long)sw.iar, (unsigned long)sw.active);
}

static void tstate_reset(struct tstate *t, enum tmode mode, uint64_t delta)
{
	t->mode = mode;
	t->delta = delta;
	t->stop = t->stopped = 0;
	t->runs = t->arms = 0;
	t->no_istatus = t->early = t->disabled = 0;
	dmb();
}

static bool timer_clean(const struct tstate *t)
{
	return !t->no_istatus && !t->early && !t->disabled;
}

/* The timer's handler switches; then it gives the timer a new deadline
 * (again = true) or turns it off and CPU0 arms a new one. */
static void timer_active_across(bool again)
{
	struct tstate *t = &tst[0];
	uint32_t target = cluster_now() ^ 1;

	gprintf("# 2: virtual timer handler switches to cluster %lu, then %s\n", (unsigned long)target,
		again ? "a new deadline, EOI" : "timer off, EOI");
	log_reset(0);
	tstate_reset(t, again ? T_AGAIN : T_ONCE, us(1000));
	sw_arm(PPI_VTIMER, target, 0);
	irq_enable();
	timer_arm(us(200));
	bool fired = wait_until(&t->runs, 1, WAIT_MS);

	check(fired && sw_ok(target, PPI_VTIMER, true),
	      "timer PPI 27 taken; its handler switched to cluster %lu; PPI active on the inbound core",
	      (unsigned long)target);
	sw_report(target);
	if (again) {
		check(wait_until(&t->runs, 2, WAIT_MS), "... the new deadline set after the switch fires");
	} else {
		delay_us(5000);
		check_eq("... timer off: not taken again", t->runs, 1);
		timer_arm(us(200));
		check(wait_until(&t->runs, 2, WAIT_MS), "... a new deadline fires");
	}
	delay_us(5000);
	irq_disable();
	check(t->runs == 2 && timer_clean(t),
	      "... once: 2 runs in all (%lu), each with ISTATUS set and its deadline passed (%lu, %lu, %lu)",
	      (unsigned long)t->runs, (unsigned long)t->no_istatus, (unsigned long)t->early,
	      (unsigned long)t->disabled);
	check(ilog[0].n == 0 && !ilog[0].spurious && !gicd_bit(GICD_ISACTIVER, PPI_VTIMER),
	      "... nothing else taken (%lu, %lu spurious); PPI 27 no longer active",
	      (unsigned long)ilog[0].n, (unsigned long)ilog[0].spurious);
}

/* An SGI (id < 16) or SPI whose handler switches to the other cluster;
 * repend: made pending again by the handler before the switch, so it
 * comes once more after the EOI. */
static void irq_active_across(uint32_t id, bool repend)
{
	struct ilog *l = &ilog[0];
	uint32_t out = cluster_now(), target = out ^ 1, want = repend ? 2 : 1, ok = 0;
	bool spi = id >= GIC_NR_PRIVATE;

	gprintf("# 2: %s %lu's handler switches to cluster %lu%s\n", spi ? "SPI" : "SGI", (unsigned long)id,
		(unsigned long)target, repend ? ", pending again meanwhile" : "");
	log_reset(0);
	gic_guest_enable(id, 0x80);
	sw_arm(id, target, repend);
	irq_enable();
	pend(id);
	check(wait_until(&sw.done, 1, WAIT_MS) && sw_ok(target, id, spi),
	      "%s %lu taken; its handler switched to cluster %lu%s", spi ? "SPI" : "SGI", (unsigned long)id,
	      (unsigned long)target, spi ? "; active on the inbound side" : "");
	sw_report(target);
	wait_until(&l->n, want, WAIT_SELF_MS);
	delay_us(10000);
	irq_disable();
	for (unsigned k = 0; k < l->n; k++)
		ok += l->iar[k] == id;
	check(l->n == want && ok == want && !l->spurious, "... taken %lu time%s in all (%lu, %lu spurious)",
	      (unsigned long)want, want == 1 ? "" : "s", (unsigned long)l->n, (unsigned long)l->spurious);
	/* ended: a new one arrives (the running priority dropped on the
	 * inbound interface, no list register left active) */
	arrives_once(id, "after the EOI");
	if (spi)
		check(spi_idle(id), "... ended: neither active nor pending at the distributor");
	revisit(out, target, &id, 1);
}

/* ---- 3. during monitor-driven switching ----------------------------------- */

static uint32_t switch_period(void) { return read_CNTFRQ() / 1000u; }   /* 1 ms */

static bool auto_on(void)
{
	uint32_t p = switch_period();

	return p >= BL_SWITCH_PERIOD_MIN && (uint32_t)hvc(HVC_AUTO_SWITCH, p) == 0 &&
	       (uint32_t)hvc(HVC_SWITCH_PERIOD) == p;
}

static void auto_off(void)
{
	check_eq("HVC_AUTO_SWITCH(0): switching off", (uint32_t)hvc(HVC_AUTO_SWITCH, 0), 0);
	check_eq("... HVC_SWITCH_PERIOD reads 0", (uint32_t)hvc(HVC_SWITCH_PERIOD), 0);
}

/* Each window runs WINDOW_MS at least, then until it has done enough
 * (thousands of timer runs or round trips), WINDOW_MAX_MS at most: on the
 * loaded 2-core test machine a round trip took from 40 us to 15 ms
 * (two QEMU threads that must both run), a whole-system switch 1-10 ms. */
#define WINDOW_MS      1000u
#define WINDOW_MAX_MS  4000u
#define MIN_SWITCHES   20u

/* At least some tens of whole-system switches in the window. */
static void switches_in_window(uint32_t n, uint32_t ms)
{
	check(n >= MIN_SWITCHES, "... %lu whole-system switches during the %lu ms window (>= %lu)",
	      (unsigned long)n, (unsigned long)ms, (unsigned long)MIN_SWITCHES);
}

#define TIMER_DELTA_US 30u
#define TIMER_ENOUGH   2000u    /* runs per CPU */
#define TIMER_LEAST    100u

static bool timers_enough(void)
{
	for (unsigned c = 0; c < ncpu; c++)
		if (tst[c].arms < TIMER_ENOUGH)
			return false;
	return true;
}

static void timers_while_switching(void)
{
	uint32_t before, n, ms;

	gprintf("# 3a: virtual timer re-armed %u us ahead on %u CPU%s, switches every %lu ticks\n",
		TIMER_DELTA_US, ncpu, ncpu == 1 ? "" : "s", (unsigned long)switch_period());
	for (unsigned c = 0; c < ncpu; c++) {
		log_reset(c);
		ilog[c].spurious = 0;
		tstate_reset(&tst[c], T_REARM, us(TIMER_DELTA_US));
		tst[c].arms = 1;
	}
	dmb();
	before = system_info().r0;
	check(auto_on(), "HVC_AUTO_SWITCH(1 ms in ticks) on");
	irq_enable();
	uint64_t t0 = read_CNTVCT();

	timer_arm(tst[0].delta);
	if (ncpu >= 2)
		check(on_cpu1(C1_TIMER), "CPU1 arms its timer");
	while ((ms = ms_since(t0)) < WINDOW_MS || (!timers_enough() && ms < WINDOW_MAX_MS))
		sleep_irq();   /* the timer wakes it */
	for (unsigned c = 0; c < ncpu; c++)
		tst[c].stop = 1;
	dmb();
	for (unsigned c = 0; c < ncpu; c++) {
		struct tstate *t = &tst[c];
		bool last = wait_until(&t->stopped, 1, WAIT_MS);

		delay_us(5000);   /* a doubled one would come now */
		check(last && t->runs == t->arms,
		      "CPU%u: timer armed %lu times, handler ran %lu times: the last fired too, none lost or doubled",
		      c, (unsigned long)t->arms, (unsigned long)t->runs);
		check(timer_clean(t), "CPU%u: every run saw ISTATUS set and its deadline passed (%lu, %lu, %lu wrong)",
		      c, (unsigned long)t->no_istatus, (unsigned long)t->early, (unsigned long)t->disabled);
		check(t->runs >= TIMER_LEAST, "CPU%u: %lu runs (>= %u)", c, (unsigned long)t->runs, TIMER_LEAST);
		check_eq("... no other interrupt", ilog[c].n, 0);
		if (ilog[c].spurious)
			gprintf("# CPU%u: %lu spurious acknowledges (1023)\n", c, (unsigned long)ilog[c].spurious);
	}
	n = system_info().r0 - before;
	auto_off();
	irq_disable();
	switches_in_window(n, ms);
}

#define PP_ENOUGH   2000u     /* round trips */
#define PP_SPANNED  50u       /* ... with a switch between ping and answer */
#define PP_LEAST    100u
#define PP_SPANNED_LEAST 10u

static void ping_pong_while_switching(void)
{
	uint32_t before, n, rounds = 0, spanned = 0, ms;
	bool lost = false;

	gprintf("# 3b: SGI ping-pong CPU0 <-> CPU1, switches every %lu ticks\n", (unsigned long)switch_period());
	for (unsigned c = 0; c < ncpu; c++) {
		log_reset(c);
		ilog[c].spurious = 0;
		pp[c].last = pp[c].rx = pp[c].dup = pp[c].skip = pp[c].bad_src = 0;
	}
	ping_seq = pong_seq = 0;
	dmb();
	before = system_info().r0;
	check(auto_on(), "HVC_AUTO_SWITCH(1 ms in ticks) on");
	irq_enable();
	uint64_t t0 = read_CNTVCT();

	while ((ms = ms_since(t0)) < WINDOW_MS ||
	       ((rounds < PP_ENOUGH || spanned < PP_SPANNED) && ms < WINDOW_MAX_MS)) {
		uint32_t seq = rounds + 1, sw0 = system_info().r0;

		ping_seq = seq;
		dmb();
		gic_guest_sgi(GICD_SGIR_FILTER_LIST, 1u << 1, SGI_PING);
		if (!sleep_until(&pp[0].last, seq, WAIT_MS)) {   /* the answer wakes it */
			lost = true;
			break;
		}
		spanned += system_info().r0 != sw0;
		rounds = seq;
	}
	delay_us(10000);   /* a doubled one would come now */
	n = system_info().r0 - before;
	auto_off();
	irq_disable();
	check(!lost, "%lu round trips in %lu ms, none lost (each answer within %u ms)", (unsigned long)rounds,
	      (unsigned long)ms, WAIT_MS);
	if (lost)
		gprintf("#   round %lu: CPU1 saw %lu (last %lu), CPU0 %lu (last %lu)\n", (unsigned long)rounds + 1,
			(unsigned long)pp[1].rx, (unsigned long)pp[1].last, (unsigned long)pp[0].rx,
			(unsigned long)pp[0].last);
	check(rounds >= PP_LEAST && spanned >= PP_SPANNED_LEAST,
	      "... %lu of them with a whole-system switch between ping and answer (>= %u of >= %u)",
	      (unsigned long)spanned, PP_SPANNED_LEAST, PP_LEAST);
	check(pp[1].rx == rounds + lost && !pp[1].dup && !pp[1].skip,
	      "CPU1 saw each ping once, in order (%lu pings, %lu doubled, %lu out of order)",
	      (unsigned long)pp[1].rx, (unsigned long)pp[1].dup, (unsigned long)pp[1].skip);
	check(pp[0].rx == rounds && !pp[0].dup && !pp[0].skip,
	      "CPU0 saw each answer once, in order (%lu answers, %lu doubled, %lu out of order)",
	      (unsigned long)pp[0].rx, (unsigned long)pp[0].dup, (unsigned long)pp[0].skip);
	check(!pp[0].bad_src && !pp[1].bad_src,
	      "... every SGI with its sender's virtual CPU number (%lu, %lu wrong)",
	      (unsigned long)pp[0].bad_src, (unsigned long)pp[1].bad_src);
	check(!ilog[0].n && !ilog[1].n, "... no other interrupt (%lu, %lu)", (unsigned long)ilog[0].n,
	      (unsigned long)ilog[1].n);
	for (unsigned c = 0; c < ncpu; c++)
		if (ilog[c].spurious)
			gprintf("# CPU%u: %lu spurious acknowledges (1023)\n", c, (unsigned long)ilog[c].spurious);
	switches_in_window(n, ms);
}

void guest_start(uint32_t r0, uint32_t r1, uint32_t r2, uint32_t cpsr);
void guest_start(uint32_t r0, uint32_t r1, uint32_t r2, uint32_t cpsr)
{
	(void)r0; (void)r1; (void)r2; (void)cpsr;
	ncpu = bootarg_u32("test.smp", 1);
	if (ncpu > MAXCPU)
		ncpu = MAXCPU;
	gprintf("# migirq: interrupts across cluster switches, %u CPU%s%s\n", ncpu, ncpu == 1 ? "" : "s",
		bootarg_u32("blmon.cluster_cpus", 0) ? ", migrating between cores" : ", switching in place");
	ticks_per_us = read_CNTFRQ() / 1000000u;
	irq_hook = irq;
	gic_guest_init();
	prio_setup();

	lines = 32 * ((gicd_r32(GICD_TYPER) & 0x1f) + 1);
	if (ncpu >= 2)
		start_cpu1();
	all_on(system_info().r1, "at the start");

	uint64_t t0 = read_CNTVCT();

	pending_across();
	pending_across();
	gprintf("# part 1: %lu ms\n", (unsigned long)ms_since(t0));
	t0 = read_CNTVCT();
	for (unsigned i = 0; i < 6; i++)
		timer_active_across(i & 2);
	for (unsigned i = 0; i < 4; i++)
		irq_active_across(SGI_ACTIVE, i & 2);
	for (unsigned i = 0; i < 4; i++)
		irq_active_across(fresh_spi(), i & 2);
	gprintf("# part 2: %lu ms\n", (unsigned long)ms_since(t0));
	t0 = read_CNTVCT();
	timers_while_switching();
	if (ncpu >= 2)
		ping_pong_while_switching();
	gprintf("# part 3: %lu ms\n", (unsigned long)ms_since(t0));
	all_on(system_info().r1, "at the end");
	test_finish();
}
