/*
 * Whole-system cluster switches (issue #11, docs/switch.md), run with
 * -smp 4: a switch moves every online CPU; between switches all are on the
 * same cluster; each CPU keeps its own PMU contexts and state exactly;
 * concurrent initiators and CPU_OFF/CPU_ON end in one consistent cluster
 * without deadlock; a CPU started later begins on the current cluster;
 * monitor-driven switches (HVC_AUTO_SWITCH, the same mechanism as
 * blmon.switch_us) interrupt every CPU wherever it is and lose nothing.
 *
 * CPU0 runs the checks; CPUs 1-3 obey commands through a mailbox each.
 */
#include "gic.h"
#include "pmu_guest.h"

#define NCPU        4
#define SPIN_LIMIT  200000000u
#define EV_SW_INCR  0x00u

enum cmd { CMD_NONE, CMD_IDENTITY, CMD_PMU_SETUP, CMD_PMU_INC, CMD_PMU_READ, CMD_SWITCHES,
	   CMD_RUN_WHILE_SWITCHING, CMD_OFF };

struct box {
	volatile uint32_t cmd, arg, done;
	volatile uint32_t r[8];
};
static struct box box[NCPU];
static volatile uint32_t stop_running;


/* The counters each CPU programs: distinct per CPU and counter. */
static uint32_t base_value(unsigned cpu, unsigned i) { return 0x10000u * (cpu + 1) + 0x100u * i; }

static void pmu_setup(unsigned cpu)
{
	pmu_switch(1);   /* state 3: each cluster its own context */
	for (unsigned i = 0; i < 4; i++) {
		pmn_set_type(i, EV_SW_INCR);
		pmn_write(i, base_value(cpu, i));
	}
	write_PMCNTENSET(0xf);
	write_PMCR(PMCR_E);
}

static void pmu_read(volatile uint32_t *out)
{
	for (unsigned i = 0; i < 4; i++)
		out[i] = pmn_read(i);
}

/* n switches, alternating targets from `first`; counts calls that did not
 * answer with their own target. */
static uint32_t switches(uint32_t n, uint32_t first)
{
	uint32_t wrong = 0;

	for (uint32_t i = 0; i < n; i++) {
		uint32_t t = (first + i) & 1;

		wrong += (uint32_t)switch_to(t) != t;
	}
	return wrong;
}

/*
 * One software increment of counter 0 with an identity sample around it:
 * when the whole-system switch count is the same before and after reading
 * MIDR, the MIDR must be the cluster that count implies (switches
 * alternate). t[0] = increments, t[1] = inconsistent samples, t[2] =
 * samples.
 */
static void count_and_sample(uint32_t t[3], uint32_t start_count, uint32_t start_cluster)
{
	uint32_t c1 = system_info().r0, midr = read_MIDR(), c2 = system_info().r0;

	write_PMSWINC(1);
	t[0]++;
	if (c1 == c2) {
		t[2]++;
		t[1] += midr != midr_of((start_cluster + (c1 - start_count)) & 1);
	}
}

/* count_and_sample until told to stop; its tallies in r */
static void run_while_switching(volatile uint32_t *r, uint32_t start_count, uint32_t start_cluster)
{
	uint32_t t[3] = { 0, 0, 0 };

	while (!stop_running)
		count_and_sample(t, start_count, start_cluster);
	r[0] = t[0];
	r[1] = t[1];
	r[2] = t[2];
}

void secondary_main(uint32_t context, uint32_t cpsr);
void secondary_main(uint32_t context, uint32_t cpsr)
{
	unsigned cpu = guest_cpu();
	struct box *b = &box[cpu];

	(void)context; (void)cpsr;
	for (;;) {
		while (b->cmd == CMD_NONE)
			__asm__ volatile("" ::: "memory");
		switch (b->cmd) {
		case CMD_IDENTITY: {
			b->r[0] = read_MIDR();
			struct bl_hvc_regs info = bl_hvc_regs(HVC_MONITOR_INFO, 0, 0, 0);

			b->r[1] = info.r1;
			b->r[2] = info.r3;
			b->r[3] = pmu_state_now();
			break;
		}
		case CMD_PMU_SETUP: pmu_setup(cpu); break;
		case CMD_PMU_INC: sw_incr(b->arg, 0xf); break;
		case CMD_PMU_READ: pmu_read(b->r); break;
		case CMD_SWITCHES: b->r[0] = switches(b->arg & 0xffff, b->arg >> 16); break;
		case CMD_RUN_WHILE_SWITCHING: run_while_switching(b->r, b->arg & 0xffff, b->arg >> 16); break;
		case CMD_OFF:
			b->done = CMD_OFF;
			b->cmd = CMD_NONE;
			dsb();
			hvc(PSCI_CPU_OFF_FN);
			break;
		default: break;
		}
		b->done = b->cmd;
		dmb();
		b->cmd = CMD_NONE;
	}
}

/* CMD_SWITCHES / CMD_RUN_WHILE_SWITCHING argument: two 16-bit halves */
static uint32_t pair(uint32_t hi, uint32_t lo) { return (hi << 16) + lo; }

static void post(unsigned cpu, enum cmd c, uint32_t arg)
{
	box[cpu].done = CMD_NONE;
	box[cpu].arg = arg;
	__asm__ volatile("dmb" ::: "memory");
	box[cpu].cmd = c;
}

static bool wait_done(unsigned cpu, enum cmd c)
{
	for (uint32_t i = 0; i < SPIN_LIMIT; i++)
		if (box[cpu].done == (uint32_t)c)
			return true;
	return false;
}

static bool run_on(unsigned cpu, enum cmd c, uint32_t arg)
{
	post(cpu, c, arg);
	return wait_done(cpu, c);
}

static bool start_cpu(unsigned cpu)
{
	box[cpu].cmd = CMD_NONE;
	if (bl_hvc_regs(PSCI_CPU_ON_FN, cpu, (uint32_t)secondary_entry, 0).r0 != 0)
		return false;
	return run_on(cpu, CMD_IDENTITY, 0);
}

/* Every CPU's MIDR and view of the active cluster is `cluster`. */
static void all_on(uint32_t cluster, const char *when)
{
	unsigned ok = read_MIDR() == midr_of(cluster);

	for (unsigned c = 1; c < NCPU; c++)
		ok += run_on(c, CMD_IDENTITY, 0) && box[c].r[0] == midr_of(cluster) && box[c].r[1] == cluster;
	check_eq(when, ok, NCPU);
}

static void bring_up(void)
{
	unsigned started = 0, numbered = 0;

	for (unsigned c = 1; c < NCPU; c++) {
		started += start_cpu(c);
		numbered += box[c].r[2] == c;
	}
	check_eq("CPUs 1-3 started through PSCI CPU_ON", started, NCPU - 1);
	check_eq("... the monitor knows each by its own number", numbered, NCPU - 1);
	check_eq("all four online (HVC_SYSTEM_INFO r2)", system_info().r2, 0xf);
	all_on(A15_CLUSTER, "every CPU starts on the boot cluster (Cortex-A15 MIDR)");
}

static void one_switch_moves_all(void)
{
	uint32_t before = system_info().r0;

	check_eq("HVC_CLUSTER_SWITCH(1) from CPU0 returns 1", (uint32_t)switch_to(A7_CLUSTER), A7_CLUSTER);
	check_eq("... one whole-system switch", system_info().r0 - before, 1);
	check_eq("... the system's cluster is 1", system_info().r1, A7_CLUSTER);
	all_on(A7_CLUSTER, "... and every CPU runs on it (Cortex-A7 MIDR, active cluster 1)");
	check_eq("switching to where the system is: a no-op", (uint32_t)switch_to(A7_CLUSTER), A7_CLUSTER);
	check_eq("... no switch counted", system_info().r0 - before, 1);
	check_eq("a cluster that does not exist: -3",
		 (uint32_t)switch_to(2), (uint32_t)BL_HVC_INVALID_PARAMETER);
}

/* Each CPU programs its own counters on the A7 (state 3), counts its own
 * number of software increments, and the system switches away and back
 * twice: every CPU finds exactly its own values. */
static void contexts_per_cpu(void)
{
	static volatile uint32_t mine[4];
	unsigned exact = 0;

	pmu_setup(0);
	for (unsigned c = 1; c < NCPU; c++)
		run_on(c, CMD_PMU_SETUP, 0);
	sw_incr(10, 0xf);
	for (unsigned c = 1; c < NCPU; c++)
		run_on(c, CMD_PMU_INC, 10 * (c + 1));
	for (int k = 0; k < 2; k++) {
		switch_to(A15_CLUSTER);
		switch_to(A7_CLUSTER);
	}
	pmu_read(mine);
	for (unsigned i = 0; i < 4; i++)
		exact += mine[i] == base_value(0, i) + 10;
	for (unsigned c = 1; c < NCPU; c++) {
		run_on(c, CMD_PMU_READ, 0);
		for (unsigned i = 0; i < 4; i++)
			exact += box[c].r[i] == base_value(c, i) + 10 * (c + 1);
	}
	check_eq("16 counters on 4 CPUs exact after 4 whole-system switches", exact, 16);
	all_on(A7_CLUSTER, "every CPU back on the A7");
}

/* CPUs 1 and 2 each ask for 40 switches at once, towards opposite
 * clusters, while CPU 3 counts: no deadlock, every call returns its own
 * target, and afterwards all CPUs agree on one cluster. */
static void concurrent_initiators(void)
{
	uint32_t before = system_info().r0;

	post(1, CMD_SWITCHES, pair(0, 40));
	post(2, CMD_SWITCHES, pair(1, 40));
	post(3, CMD_PMU_INC, 5000);
	bool done = wait_done(1, CMD_SWITCHES) && wait_done(2, CMD_SWITCHES) && wait_done(3, CMD_PMU_INC);

	check(done, "two CPUs asking for 40 switches each at once: both finish (no deadlock)");
	check_eq("... every call returned its own target", box[1].r[0] + box[2].r[0], 0);
	uint32_t n = system_info().r0 - before;

	check(n >= 40 && n <= 80, "... 40 to 80 whole-system switches (%lu)", (unsigned long)n);
	all_on(system_info().r1, "... all CPUs on the cluster the system says");
}

/* CPU 3 goes off while CPU 1 keeps switching; it is not waited for; it
 * comes back on the current cluster. */
static void hotplug_race(void)
{
	uint32_t before;

	post(1, CMD_SWITCHES, pair(0, 30));
	run_on(3, CMD_OFF, 0);
	bool done = wait_done(1, CMD_SWITCHES);

	check(done, "switches while CPU 3 powers off: no deadlock");
	for (uint32_t i = 0; i < SPIN_LIMIT && (uint32_t)hvc(PSCI_AFFINITY_INFO_FN, 3, 0) != 1; i++)
		;
	check_eq("CPU 3 is OFF (AFFINITY_INFO)", (uint32_t)hvc(PSCI_AFFINITY_INFO_FN, 3, 0), 1);
	check_eq("... and no longer online", system_info().r2, 0x7);
	before = system_info().r0;
	switch_to(system_info().r1 ^ 1);
	check_eq("a switch without CPU 3 is not held up by it", system_info().r0 - before, 1);
	uint32_t now = system_info().r1;

	check(start_cpu(3), "CPU 3 back on (CPU_ON)");
	check_eq("... starts on the current cluster (MIDR)", box[3].r[0], midr_of(now));
	check_eq("... in PMU state 1 with a fresh context", box[3].r[3], 1);
	check_eq("all four online again", system_info().r2, 0xf);
}

/* Monitor-driven switches (the HYP timer, as blmon.switch_us uses) while
 * every CPU counts software increments and samples its identity. */
static void monitor_driven(void)
{
	uint32_t start = system_info().r0, cluster = system_info().r1, pre[NCPU];
	uint32_t t0[3] = { 0, 0, 0 }, exact = 0, bad = 0, samples = 0;

	for (unsigned c = 0; c < NCPU; c++) {
		if (c == 0) {
			pre[0] = pmn_read(0);
		} else {
			if (c == 3)
				run_on(3, CMD_PMU_SETUP, 0);   /* it came back with a fresh PMU */
			run_on(c, CMD_PMU_READ, 0);
			pre[c] = box[c].r[0];
		}
	}
	stop_running = 0;
	for (unsigned c = 1; c < NCPU; c++)
		post(c, CMD_RUN_WHILE_SWITCHING, pair(cluster, start));
	check_eq("HVC_AUTO_SWITCH(3000 ticks)", (uint32_t)hvc(HVC_AUTO_SWITCH, 3000), 0);
	check_eq("HVC_SWITCH_PERIOD reads the period back", (uint32_t)hvc(HVC_SWITCH_PERIOD), 3000);
	/* CPU0 counts too, until enough switches happened */
	while (system_info().r0 - start < 40)
		count_and_sample(t0, start, cluster);
	hvc(HVC_AUTO_SWITCH, 0);
	check_eq("HVC_SWITCH_PERIOD after HVC_AUTO_SWITCH(0): 0 (off)", (uint32_t)hvc(HVC_SWITCH_PERIOD), 0);
	stop_running = 1;
	for (unsigned c = 1; c < NCPU; c++)
		wait_done(c, CMD_RUN_WHILE_SWITCHING);
	uint32_t total = system_info().r0 - start;

	exact += pmn_read(0) == pre[0] + t0[0];
	bad += t0[1];
	samples += t0[2];
	for (unsigned c = 1; c < NCPU; c++) {
		uint32_t n = box[c].r[0];

		bad += box[c].r[1];
		samples += box[c].r[2];
		run_on(c, CMD_PMU_READ, 0);
		exact += box[c].r[0] == pre[c] + n;
	}
	check(total >= 40, "monitor-driven whole-system switches happened (%lu)", (unsigned long)total);
	check(samples > 100, "identity sampled between switches on every CPU (%lu samples)",
	      (unsigned long)samples);
	check_eq("... always the cluster the switch count implies: all CPUs switch together", bad, 0);
	check_eq("software increments exact on all 4 CPUs across them", exact, NCPU);
	all_on(system_info().r1, "all CPUs on the system's cluster afterwards");
}

void guest_start(uint32_t r0, uint32_t r1, uint32_t r2, uint32_t cpsr);
void guest_start(uint32_t r0, uint32_t r1, uint32_t r2, uint32_t cpsr)
{
	(void)r0; (void)r1; (void)r2; (void)cpsr;
	gprintf("# smpswitch: whole-system switches of %u CPUs\n", NCPU);
	bring_up();
	one_switch_moves_all();
	contexts_per_cpu();
	concurrent_initiators();
	hotplug_race();
	monitor_driven();
	test_finish();
}
