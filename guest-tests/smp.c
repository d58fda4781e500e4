/*
 * Every CPU the board has (issue #12), run at -smp 8 on virt: CPU0 starts
 * CPUs 1-7 with PSCI CPU_ON (through the monitor, which sets up HYP on each
 * first); each reaches the guest's entry, the monitor knows it by its own
 * index, and each CPU's monitor state is its own: a CPU changes its PMU
 * state (HVC_PMU_SWITCH, per CPU) and a PMU register through Type B while
 * the others are running, and every CPU reads back only what it did - also
 * after a whole-system cluster switch has moved all eight. CPU_ON beyond
 * the board's CPUs is INVALID_PARAMETERS, AFFINITY_INFO follows each CPU
 * on and off, and a CPU started again starts afresh (PMU state 1, the
 * debug registers of a fresh core).
 */
#include "pmu_guest.h"

#define NCPUS                   8u   /* the scenario's -smp: GICv2's limit, the board's */
#define PSCI_AFF_ON             0u
#define PSCI_AFF_OFF            1u
#define PSCI_INVALID_PARAMETERS ((uint32_t)-2)
#define PSCI_ALREADY_ON         ((uint32_t)-4)
#define CONTEXT(i)              (0x5ec00000u + (i))
#define WAIT_MS                 10000u   /* 8 CPUs on a shared host: generous */
#define BVR0_SET(i)             (0x5ec00100u + 4u * (i))

/* What each CPU saw, written by that CPU only. */
static struct slot {
	volatile uint32_t arrived, done;
	volatile uint32_t context, cpsr, mpidr, monitor_cpu, state_at_entry;
	volatile uint32_t set_cluster;    /* where it set its PMINTENSET bit */
	volatile uint32_t state, inten, cluster;   /* read back after every CPU changed its own */
	volatile uint32_t bvr0_at_entry;  /* DBGBVR0 before the CPU touches it: a fresh core's */
} slot[NCPUS];
static volatile uint32_t go;

/* PSCI through the board's conduit: SMC on virt, the one its DTB names
 * (HCR.TSC: the monitor's) */
static uint32_t cpu_on(uint32_t mpidr) { return psci_call(PSCI_CPU_ON_FN, mpidr, (uint32_t)secondary_entry, CONTEXT(mpidr)); }
static uint32_t affinity(uint32_t mpidr) { return psci_call(PSCI_AFFINITY_INFO_FN, mpidr, 0, 0); }
/* The PMU interrupt-enable bit CPU i sets: its own, counters 0-5 */
static uint32_t inten_bit(uint32_t i) { return 1u << (i % 6u); }

void secondary_main(uint32_t context, uint32_t cpsr);
void secondary_main(uint32_t context, uint32_t cpsr)
{
	uint32_t mpidr = read_MPIDR(), i = mpidr & (NCPUS - 1);
	struct slot *s = &slot[i];

	s->context = context;
	s->cpsr = cpsr;
	s->mpidr = mpidr;
	s->monitor_cpu = bl_hvc_regs(HVC_MONITOR_INFO, 0, 0, 0).r3;
	s->state_at_entry = pmu_state_now();
	s->bvr0_at_entry = read_DBGBVR0();
	/* this CPU's own changes: odd CPUs to state 3, a bit of its own, a
	 * breakpoint address (its comparator left disabled) no reset gives */
	write_DBGBVR0(BVR0_SET(i));
	(void)pmu_switch(i & 1u);
	s->set_cluster = cluster_now();
	(void)typeb_write(HVC_PMINTENSET_WRITE, s->set_cluster, inten_bit(i));
	dsb();
	s->arrived = 1;
	if (wait_until(&go, 1, WAIT_MS)) {
		s->state = pmu_state_now();
		s->cluster = cluster_now();
		/* the live register, or the saved context if a switch moved us */
		s->inten = typeb_read(HVC_PMINTENSET_READ, s->set_cluster);
	}
	/* off as it is: odd CPUs in state 3, which a restart must not keep */
	dsb();
	s->done = 1;
	psci_call(PSCI_CPU_OFF_FN, 0, 0, 0);
}

static void check_arrival(uint32_t i)
{
	const struct slot *s = &slot[i];

	check(wait_until(&s->arrived, 1, WAIT_MS), "CPU %lu reached the guest's entry", (unsigned long)i);
	check_eq("... with r0 = its context id", s->context, CONTEXT(i));
	check_eq("... in SVC mode, IRQ/FIQ/async aborts masked", s->cpsr & 0x1df, 0x1d3);
	check_eq("... MPIDR.Aff0 = its number", s->mpidr & 0xffffffu, i);
	check_eq("... the monitor answers it as its own CPU index", s->monitor_cpu, i);
	check_eq("... in PMU state 1", s->state_at_entry, 1);
}

static void start_every_cpu(void)
{
	for (uint32_t i = 1; i < NCPUS; i++)
		check(affinity(i) == PSCI_AFF_OFF, "AFFINITY_INFO(%lu) before CPU_ON: OFF", (unsigned long)i);
	for (uint32_t i = 1; i < NCPUS; i++)
		check(cpu_on(i) == 0, "CPU_ON(%lu) through the monitor: SUCCESS", (unsigned long)i);
	for (uint32_t i = 1; i < NCPUS; i++)
		check_arrival(i);
	for (uint32_t i = 0; i < NCPUS; i++)
		check(affinity(i) == PSCI_AFF_ON, "AFFINITY_INFO(%lu): ON", (unsigned long)i);
	check_eq("CPU_ON of a running CPU: ALREADY_ON", cpu_on(NCPUS - 1), PSCI_ALREADY_ON);
}

/* Past the board's CPUs (virt numbers them in Aff0 of one cluster, 0-7) */
static void beyond_the_board(void)
{
	static const uint32_t bad[] = { NCPUS, 0x100u, 0x101u, 0xffffffffu };

	for (unsigned k = 0; k < sizeof(bad) / sizeof(bad[0]); k++) {
		check(cpu_on(bad[k]) == PSCI_INVALID_PARAMETERS, "CPU_ON(MPIDR 0x%08lx): INVALID_PARAMETERS",
		      (unsigned long)bad[k]);
		check(affinity(bad[k]) == PSCI_INVALID_PARAMETERS,
		      "AFFINITY_INFO(MPIDR 0x%08lx): INVALID_PARAMETERS", (unsigned long)bad[k]);
	}
}

static void per_cpu_state(void)
{
	uint32_t other = cluster_now() == A15_CLUSTER ? A7_CLUSTER : A15_CLUSTER;

	/* CPU0 changed nothing while the others changed their own */
	check_eq("CPU0 is still in PMU state 1", pmu_state_now(), 1);
	check_eq("CPU0's PMINTENSET is still 0", typeb_read(HVC_PMINTENSET_READ, cluster_now()), 0);
	check_eq("HVC_SYSTEM_INFO: the monitor has all 8 CPUs online",
		 bl_hvc_regs(HVC_SYSTEM_INFO, 0, 0, 0).r2, (1u << NCPUS) - 1);
	/* a whole-system switch moves every CPU, each with its own context */
	check_eq("HVC_CLUSTER_SWITCH with 8 CPUs online", (uint32_t)switch_to(other), other);
	go = 1;
	dsb();
	for (uint32_t i = 1; i < NCPUS; i++) {
		const struct slot *s = &slot[i];

		check(wait_until(&s->done, 1, WAIT_MS), "CPU %lu read back its state", (unsigned long)i);
		check_eq("... its own PMU state (3 on odd CPUs, 1 on even)", s->state, i & 1u ? 3 : 1);
		check_eq("... moved to the other cluster with the rest", s->cluster, other);
		check_eq("... its own PMINTENSET bit, none of the others'", s->inten, inten_bit(i));
	}
	check_eq("CPU0 is still in PMU state 1 after the switch", pmu_state_now(), 1);
}

/* CPU_OFF, then AFFINITY_INFO sees it off; started again, CPU 3 starts
 * with fresh monitor state: state 1, though it went off in state 3 */
static void off_and_on_again(void)
{
	for (uint32_t i = 1; i < NCPUS; i++) {
		uint64_t end = deadline_ms(WAIT_MS);

		while (affinity(i) != PSCI_AFF_OFF && !passed(end))
			;
		check(affinity(i) == PSCI_AFF_OFF, "after CPU_OFF, AFFINITY_INFO(%lu): OFF", (unsigned long)i);
	}
	uint32_t fresh_bvr0 = slot[3].bvr0_at_entry;

	check(fresh_bvr0 != BVR0_SET(3), "CPU 3's DBGBVR0 at its first entry (%08lx) is not the value it set",
	      (unsigned long)fresh_bvr0);
	slot[3] = (struct slot){ 0 };
	check_eq("CPU_ON(3) again: SUCCESS", cpu_on(3), 0);
	check_arrival(3);
	check_eq("... its debug context afresh: DBGBVR0 as at its first entry, not the value it set",
		 slot[3].bvr0_at_entry, fresh_bvr0);
	check(wait_until(&slot[3].done, 1, WAIT_MS), "CPU 3 ran again and went off");
	check_eq("... again in state 3 of its own making", slot[3].state, 3);
	check_eq("back to the boot cluster", (uint32_t)switch_to(A15_CLUSTER), A15_CLUSTER);
}

void guest_start(uint32_t r0, uint32_t r1, uint32_t r2, uint32_t cpsr);
void guest_start(uint32_t r0, uint32_t r1, uint32_t r2, uint32_t cpsr)
{
	(void)r0; (void)r1; (void)r2; (void)cpsr;
	gprintf("# smp: %u CPUs through PSCI, per-CPU monitor state, CPU_ON limits\n", NCPUS);
	start_every_cpu();
	beyond_the_board();
	per_cpu_state();
	off_and_on_again();
	test_finish();
}
