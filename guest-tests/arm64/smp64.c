/*
 * SMP on the AArch64 monitor (-smp 2 .. 8): the guest's PSCI through the
 * trapped SMC (hyp/exit/psci.c) with SMCCC's 32- and 64-bit ids, the
 * CPUs it starts, SGIs between them through the virtual GIC, and
 * whole-system switches that move every CPU together - on request
 * (HVC_CLUSTER_SWITCH from CPU 0) and on the monitor's HYP timer
 * (HVC_AUTO_SWITCH) while every CPU counts software increments in its own
 * PMU (state 2) and samples its identity. As ARMv7's smpswitch and vgic
 * -smp 2 check it. Hostile input: CPUs that do not exist, an MPIDR with
 * bits above 31, entries outside the guest's RAM, a CPU already on.
 */
#include "guest64.h"
#include "gic.h"
#include "vgic_cases.h"

#define PSCI_VERSION     0x84000000u
#define PSCI_CPU_OFF     0x84000002u
#define PSCI_CPU_ON32    0x84000003u
#define PSCI_CPU_ON64    0xc4000003u
#define PSCI_AFF_INFO32  0x84000004u
#define PSCI_AFF_INFO64  0xc4000004u
#define PSCI_INVALID_PARAMETERS 0xfffffffeu
#define PSCI_ALREADY_ON         0xfffffffcu
#define PSCI_INVALID_ADDRESS    0xfffffff7u
#define AFF_ON  0u
#define AFF_OFF 1u

static const uint32_t midr[2] = { 0x411fd070u, 0x410fd034u };

enum cmd { CMD_NONE, CMD_MIDR, CMD_SGI_TO_0, CMD_COUNT, CMD_OFF, CMD_CTX_SET, CMD_CTX_GET };

/* What CMD_CTX_SET writes: a breakpoint and a watchpoint address (the
 * comparators left disabled), values no reset gives */
#define BVR0_SET 0x12345670ull
#define WVR0_SET 0x76543210ull

/* One mailbox per CPU: CPU 0 posts a command, the CPU answers in r[] and
 * sets done to the command's sequence number */
static struct box {
	volatile uint64_t r[3];
	volatile uint64_t context;   /* x0 it was started with */
	volatile uint32_t cmd, seq, done;
	volatile uint32_t started;
} box[8];
static volatile uint32_t stop_counting;
static unsigned ncpus;

static uint32_t aff_info(uint32_t fid, uint64_t mpidr) { return (uint32_t)smc64(fid, mpidr, 0, 0).x0; }
static uint32_t cpu_on(uint32_t fid, uint64_t mpidr, uint64_t entry, uint64_t ctx)
{
	return (uint32_t)smc64(fid, mpidr, entry, ctx).x0;
}
static struct hvc64 sysinfo(void) { return hvc64(HVC_SYSTEM_INFO, 0, 0, 0); }

static bool run_on(unsigned c, enum cmd cmd)
{
	uint32_t seq = box[c].seq + 1;

	box[c].cmd = cmd;
	__sync_synchronize();
	box[c].seq = seq;
	return wait_flag(&box[c].done, seq, 10000);
}

/* state 2 with counter 0 counting SW_INCR from 0 (this CPU's PMU) */
static void swinc_setup(void)
{
	(void)hvc64(HVC_PMU_SWITCH, 0, 0, 0);
	(void)MRS(PMSELR_EL0);   /* 1 -> 2 */
	MSR(PMCR_EL0, 2 | 1);
	MSR(PMSELR_EL0, 0);
	MSR(PMXEVTYPER_EL0, 0);
	MSR(PMCNTENSET_EL0, 1u);
}

/* Count software increments and sample the identity while more() says
 * so: r[0] increments, r[1] wrong identities, r[2] samples, and bit 32 of
 * r[2] set if the counter held exactly r[0] */
static void count_and_sample(volatile uint64_t *r, bool (*more)(void))
{
	uint64_t n = 0, bad = 0, samples = 0;

	swinc_setup();
	while (more()) {
		for (unsigned i = 0; i < 20; i++, n++)
			MSR(PMSWINC_EL0, 1u);
		struct hvc64 a = sysinfo();
		uint32_t m = (uint32_t)MRS(MIDR_EL1);
		struct hvc64 b = sysinfo();

		if (a.x0 == b.x0) {
			samples++;
			bad += m != midr[b.x1 & 1];
		}
	}
	MSR(PMSELR_EL0, 0);
	r[0] = n;
	r[1] = bad;
	r[2] = samples + ((uint64_t)(MRS(PMXEVCNTR_EL0) == n) << 32);
	MSR(PMCNTENCLR_EL0, 1u);
}

/* The other CPUs count until CPU 0 tells them to stop; CPU 0 until 30
 * switches since timer_start happened, or timer_end passed */
static uint64_t timer_start, timer_end;
static bool until_stopped(void) { return !stop_counting; }
static bool until_switched(void) { return sysinfo().x0 - timer_start < 30 && !passed(timer_end); }

void secondary_main(uint64_t context)
{
	unsigned me = guest_cpu();
	struct box *b = &box[me];
	uint32_t seen = b->seq;

	b->context = context;
	gic_guest_init();
	gic_guest_enable(4, 0x80);
	irq_enable();
	b->started = 1;
	for (;;) {
		while (b->seq == seen)
			;
		seen = b->seq;
		switch (b->cmd) {
		case CMD_MIDR:
			b->r[0] = MRS(MIDR_EL1);
			b->r[1] = MRS(MPIDR_EL1);
			break;
		case CMD_SGI_TO_0:
			gic_guest_sgi(GICD_SGIR_FILTER_LIST, 1u << 0, 5);
			break;
		case CMD_COUNT:
			count_and_sample(b->r, until_stopped);
			break;
		case CMD_CTX_SET:   /* a context to lose: state 3, two debug registers */
			(void)hvc64(HVC_PMU_SWITCH, 1, 0, 0);
			MSR(DBGBVR0_EL1, BVR0_SET);
			MSR(DBGWVR0_EL1, WVR0_SET);
			break;
		case CMD_CTX_GET:   /* the state first: the debug reads do not move it */
			b->r[2] = (uint32_t)hvc64(HVC_PMU_GET_STATE, 0, 0, 0).x0;
			b->r[0] = MRS(DBGBVR0_EL1);
			b->r[1] = MRS(DBGWVR0_EL1);
			break;
		case CMD_OFF:
			irq_disable();
			b->started = 0;
			b->done = seen;
			__sync_synchronize();
			(void)smc64(PSCI_CPU_OFF, 0, 0, 0);
			b->r[0] = 0xdead;   /* CPU_OFF returned: never */
			for (;;)
				__asm__ volatile("wfi");
		default:
			break;
		}
		__sync_synchronize();
		b->done = seen;
	}
}

static void psci_and_start(void)
{
	check_eq("PSCI_VERSION through SMC: 1.0", (uint32_t)smc64(PSCI_VERSION, 0, 0, 0).x0, 0x10000);
	check_eq("AFFINITY_INFO(CPU 0), SMC32: on", aff_info(PSCI_AFF_INFO32, 0), AFF_ON);
	check_eq("... SMC64: on", aff_info(PSCI_AFF_INFO64, 0), AFF_ON);
	/* the machine's CPUs: the GIC's CPU interfaces (GICD_TYPER passes
	 * through the emulated distributor) */
	ncpus = GICD_TYPER_CPUS(gicd_r32(GICD_TYPER));
	unsigned off = 0;

	for (unsigned c = 1; c < ncpus; c++)
		off += aff_info(PSCI_AFF_INFO64, c) == AFF_OFF;
	check(ncpus >= 2 && off == ncpus - 1, "%u CPUs: CPUs 1-%u are off until started", ncpus, ncpus - 1);
	check_eq("AFFINITY_INFO of CPU 8 (GICv2 has 8): -2", aff_info(PSCI_AFF_INFO64, 8), PSCI_INVALID_PARAMETERS);
	check_eq("AFFINITY_INFO SMC64 with MPIDR bit 32 set: -2", aff_info(PSCI_AFF_INFO64, 0x100000000ull),
		 PSCI_INVALID_PARAMETERS);
	check_eq("CPU_ON of a CPU the board does not have (8): -2",
		 cpu_on(PSCI_CPU_ON64, 8, (uintptr_t)secondary_entry, 0), PSCI_INVALID_PARAMETERS);
	check_eq("CPU_ON SMC64, MPIDR 1 with bit 32 set: -2",
		 cpu_on(PSCI_CPU_ON64, 0x100000001ull, (uintptr_t)secondary_entry, 0), PSCI_INVALID_PARAMETERS);
	check_eq("CPU_ON with the entry outside the guest's RAM: -9",
		 cpu_on(PSCI_CPU_ON64, 1, 0x1000, 0), PSCI_INVALID_ADDRESS);
	check_eq("CPU_ON SMC64 with the entry above 4 GiB: -9",
		 cpu_on(PSCI_CPU_ON64, 1, 0x100000000ull | (uintptr_t)secondary_entry, 0), PSCI_INVALID_ADDRESS);
	/* the scenarios run at the board's -m 512: the monitor has moved to
	 * RAM's last 2 MiB, and its load address is the guest's RAM now */
	check_eq("CPU_ON with the entry in the monitor's memory (RAM's top 2 MiB): -9",
		 cpu_on(PSCI_CPU_ON64, 1, GUEST_RAM_BASE + 0x20000000ull - GUEST_HYP_SIZE, 0),
		 PSCI_INVALID_ADDRESS);
	check_eq("... CPU 1 still off", aff_info(PSCI_AFF_INFO32, 1), AFF_OFF);
	/* SMC32: w1-w3, the upper halves ignored */
	check_eq("CPU_ON SMC32 of CPU 1 (x2, x3 with upper halves set): 0",
		 cpu_on(PSCI_CPU_ON32, 0xffffffff00000001ull, 0xabcd000000000000ull | (uintptr_t)secondary_entry,
			0x5555555500000011ull), 0);
	check(wait_flag(&box[1].started, 1, 10000), "CPU 1 runs the guest's entry");
	check_eq("... with x0 = w3 (the context's low half)", box[1].context, 0x11);
	check_eq("... AFFINITY_INFO: on", aff_info(PSCI_AFF_INFO64, 1), AFF_ON);
	check_eq("CPU_ON again: -4 (ALREADY_ON)", cpu_on(PSCI_CPU_ON64, 1, (uintptr_t)secondary_entry, 0),
		 PSCI_ALREADY_ON);
	for (unsigned c = 2; c < ncpus; c++) {
		uint64_t ctx = 0x1234567800000000ull | c;

		check_eq("CPU_ON SMC64 (0xC4000003) of the next CPU: 0",
			 cpu_on(PSCI_CPU_ON64, c, (uintptr_t)secondary_entry, ctx), 0);
		check(wait_flag(&box[c].started, 1, 10000), "CPU %u runs", c);
		check_eq("... with x0 = the whole 64-bit context", box[c].context, ctx);
	}
	check_eq("HVC_SYSTEM_INFO: every CPU online", sysinfo().x2, (1u << ncpus) - 1);
}

static void sgis(void)
{
	struct gic_log *l0 = &gic_log[0], *l1 = &gic_log[1];

	vgic_log_reset(l0);
	vgic_log_reset(l1);
	gic_guest_enable(5, 0x80);
	irq_enable();
	gic_guest_sgi(GICD_SGIR_FILTER_LIST, 1u << 1, 4);   /* to CPU 1 */
	check(vgic_wait_for(&l1->n, 1), "CPU 0's SGI reaches CPU 1");
	check_eq("... SGI 4 from CPU 0", l1->iar[0], 4);
	check(run_on(1, CMD_SGI_TO_0), "CPU 1 sends one back");
	check(vgic_wait_for(&l0->n, 1), "CPU 1's SGI reaches CPU 0");
	check_eq("... SGI 5 from CPU 1 (IAR source field)", l0->iar[0], (1u << 10) | 5);
	irq_disable();
}

/* MIDR_EL1 the cluster's on every CPU; MPIDR_EL1 each CPU's own (Aff0 =
 * its number, bit 31 RES1) on both clusters - with blmon.cluster_cpus the
 * virtual CPU's, whichever physical core runs it */
static void all_on(unsigned cluster, const char *what)
{
	unsigned ok = MRS(MIDR_EL1) == midr[cluster], own = MRS(MPIDR_EL1) == 0x80000000u;

	for (unsigned c = 1; c < ncpus; c++) {
		bool ran = run_on(c, CMD_MIDR);

		ok += ran && box[c].r[0] == midr[cluster];
		own += ran && box[c].r[1] == (0x80000000u | c);
	}
	check_eq(what, ok, ncpus);
	check_eq("... MPIDR_EL1 every CPU's own", own, ncpus);
}

static void on_request(void)
{
	struct hvc64 s = sysinfo();
	unsigned cl = (unsigned)s.x1;

	all_on(cl, "every CPU on the system's cluster (MIDR_EL1)");
	check_eq("HVC_CLUSTER_SWITCH from CPU 0 moves the system", (uint32_t)hvc64(HVC_CLUSTER_SWITCH, cl ^ 1u, 0, 0).x0,
		 cl ^ 1u);
	check_eq("... one whole-system switch counted", sysinfo().x0, s.x0 + 1);
	all_on(cl ^ 1u, "... every CPU's MIDR_EL1 is the other cluster's");
	check_eq("and back", (uint32_t)hvc64(HVC_CLUSTER_SWITCH, cl, 0, 0).x0, cl);
	all_on(cl, "... every CPU back");
}

static void on_timer(void)
{
	uint64_t start = sysinfo().x0, period = 0;

	__asm__ volatile("mrs %0, cntfrq_el0" : "=r"(period));
	period /= 500;   /* 2 ms */
	stop_counting = 0;
	for (unsigned c = 1; c < ncpus; c++) {
		box[c].cmd = CMD_COUNT;
		__sync_synchronize();
		box[c].seq++;
	}
	check_eq("HVC_AUTO_SWITCH(2 ms)", (uint32_t)hvc64(HVC_AUTO_SWITCH, period, 0, 0).x0, 0);
	/* CPU 0 counts too, until enough switches happened (bounded) */
	uint64_t r[3];

	timer_start = start;
	timer_end = deadline_ms(20000);
	count_and_sample(r, until_switched);
	uint64_t bad = r[1], samples = (uint32_t)r[2];
	unsigned exact = (unsigned)(r[2] >> 32);

	check_eq("HVC_AUTO_SWITCH(0): off", (uint32_t)hvc64(HVC_AUTO_SWITCH, 0, 0, 0).x0, 0);
	stop_counting = 1;
	uint64_t total = sysinfo().x0 - start;

	for (unsigned c = 1; c < ncpus; c++) {
		bool done = wait_flag(&box[c].done, box[c].seq, 10000);

		bad += done ? box[c].r[1] : 1;
		samples += done ? (uint32_t)box[c].r[2] : 0;
		exact += done && (box[c].r[2] >> 32) == 1;
	}
	check(total >= 30, "monitor-driven whole-system switches of %u CPUs happened (%llu)", ncpus,
	      (unsigned long long)total);
	check(samples > 100, "identity sampled between switches on every CPU (%llu samples)",
	      (unsigned long long)samples);
	check_eq("... always the cluster the switch count implies: all CPUs switch together", bad, 0);
	check_eq("software increments exact on every CPU across them (state 2)", exact, ncpus);
	all_on((unsigned)sysinfo().x1, "all CPUs on the system's cluster afterwards");
}

/* The CPU's context before CPU_OFF: the debug registers as the core it
 * first started on had them (it has not touched them yet: the reset values
 * of a fresh core - QEMU's in place, the monitor's poison on a parked core
 * when migrating), then state 3 and two debug registers of its own */
static uint64_t fresh_bvr0, fresh_wvr0;

static void ctx_before_off(unsigned last)
{
	check(run_on(last, CMD_CTX_GET), "CPU %u reads its debug registers untouched", last);
	fresh_bvr0 = box[last].r[0];
	fresh_wvr0 = box[last].r[1];
	gprintf("# CPU %u's untouched DBGBVR0_EL1 %llx, DBGWVR0_EL1 %llx\n", last, (unsigned long long)fresh_bvr0,
		(unsigned long long)fresh_wvr0);
	check(fresh_bvr0 != BVR0_SET && fresh_wvr0 != WVR0_SET, "... neither is the value set below");
	check(run_on(last, CMD_CTX_SET) && run_on(last, CMD_CTX_GET), "... sets and reads them back");
	check_eq("... DBGBVR0_EL1 exactly", box[last].r[0], BVR0_SET);
	check_eq("... DBGWVR0_EL1 exactly", box[last].r[1], WVR0_SET);
	check_eq("... PMU state 3", box[last].r[2], 3);
}

/* CPU_ON starts afresh (docs/switch.md): PMU state 1, the debug context at
 * a core's reset - what the CPU read before it touched it */
static void ctx_after_on(unsigned last)
{
	check(run_on(last, CMD_CTX_GET), "CPU %u started again reads its context", last);
	check_eq("... PMU state 1, not the 3 it went off in", box[last].r[2], 1);
	check_eq("... DBGBVR0_EL1: a fresh core's, not the value it set", box[last].r[0], fresh_bvr0);
	check_eq("... DBGWVR0_EL1: a fresh core's", box[last].r[1], fresh_wvr0);
}

static void off_and_on(void)
{
	unsigned last = ncpus - 1;

	ctx_before_off(last);
	check(run_on(last, CMD_OFF), "CPU %u asks for CPU_OFF", last);
	uint64_t end = deadline_ms(5000);

	while (aff_info(PSCI_AFF_INFO64, last) != AFF_OFF && !passed(end))
		;
	check_eq("... AFFINITY_INFO: off", aff_info(PSCI_AFF_INFO64, last), AFF_OFF);
	check_eq("... HVC_SYSTEM_INFO: not online", sysinfo().x2, (1u << last) - 1);
	check_eq("a whole-system switch without it", (uint32_t)hvc64(HVC_CLUSTER_SWITCH, sysinfo().x1 ^ 1u, 0, 0).x0,
		 (uint32_t)sysinfo().x1);
	box[last].started = 0;
	check_eq("CPU_ON of it again: 0", cpu_on(PSCI_CPU_ON64, last, (uintptr_t)secondary_entry, 0x77), 0);
	check(wait_flag(&box[last].started, 1, 10000), "... it runs again, x0 = 0x77 (%llu)",
	      (unsigned long long)box[last].context);
	check_eq("... joined on the system's cluster", run_on(last, CMD_MIDR) ? box[last].r[0] : 0,
		 midr[sysinfo().x1 & 1]);
	check_eq("... online again", sysinfo().x2, (1u << ncpus) - 1);
	ctx_after_on(last);
}

void guest_main(uint64_t dtb);
void guest_main(uint64_t dtb)
{
	(void)dtb;
	gprintf("# smp64: PSCI, SGIs and whole-system switches of every CPU\n");
	gic_guest_init();
	gic_guest_log_irqs();
	psci_and_start();
	if (ncpus >= 2) {
		sgis();
		on_request();
		on_timer();
		off_and_on();
	}
	note_end_time();
	test_finish();
}
