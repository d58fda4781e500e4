/*
 * Hostile input against the AArch64 monitor (issue #27): stage 2 keeps
 * the monitor's image, data and stacks - the top 2 MiB of RAM, where the
 * image moved itself - out of the guest's reach, and every pointer the
 * guest passes is checked against its RAM below them, in 32 and in 64
 * bits. As guest-tests/hostile.c does on ARMv7: a load, store or fetch
 * there is a synchronous external abort in the guest at the instruction
 * (ESR_EL1 EC 0x25 / 0x21, FSC 0x10, FAR_EL1 the address), the monitor's
 * code and read-only data keep their checksum, and the monitor still
 * answers as before. The scenario runs at QEMU's -m 512 (the board's
 * default): RAM is 0x4000_0000-0x5fff_ffff, the monitor its last 2 MiB
 * (memshape64 checks other sizes, and the tree's /memory).
 */
#include "guest64.h"

#define MON_SIZE ((uint64_t)GUEST_HYP_SIZE)
#define RAM_TOP  ((uint64_t)GUEST_RAM_BASE + 0x20000000u)   /* all of RAM */
#define MON      (RAM_TOP - MON_SIZE)
#define RAM_END  MON                                          /* the guest's */
#define EC_IABT_CUR 0x21u
#define EC_DABT_CUR 0x25u
#define EC_DABT_LOW 0x24u
#define FSC_SYNC_EXT 0x10u
#define ISS_WNR (1u << 6)
#define INVALID ((uint32_t)BL_HVC_INVALID_PARAMETER)

static uint32_t checksum(void) { return (uint32_t)hvc64(HVC_MONITOR_CHECKSUM, 0, 0, 0).x0; }

/* A branch to addr, coming back at the label (the abort handler resumes
 * at x30 after an instruction abort) */
static void fetch(uint64_t addr)
{
	__asm__ volatile("adr x30, 1f\n\tbr %0\n1:" : : "r"(addr) : "x30", "memory");
}

/* The abort the guest just took: one, at insn, for addr */
static void aborted(const char *what, uint32_t ec, uint64_t addr, uint64_t insn, bool write)
{
	uint32_t iss = (uint32_t)last_exc.esr & 0x1ffffffu;

	check(last_exc.count == 1 && last_exc.ec == ec && (iss & 0x3fu) == FSC_SYNC_EXT &&
	      ((iss & ISS_WNR) != 0) == write && last_exc.far == addr &&
	      (insn == 0 || last_exc.elr == insn) && (last_exc.esr >> 25 & 1),
	      "%s: one abort (%u), EC %x FSC %x WnR %u, FAR %llx ELR %llx", what, last_exc.count,
	      last_exc.ec, iss & 0x3fu, (iss & ISS_WNR) != 0, (unsigned long long)last_exc.far,
	      (unsigned long long)last_exc.elr);
}

/* EL0's load from the monitor (el0_run) */
static volatile uint64_t el0_got;
static void el0_load_monitor(void) { el0_got = *(volatile uint64_t *)(uintptr_t)(MON + 0x100); }

static void stage2(uint32_t sum)
{
	uint64_t insn;

	exc_clear();
	check_eq("a load from the monitor's first word does not complete", guest_load(MON, &insn), 0xdead);
	aborted("... a synchronous external abort at the load", EC_DABT_CUR, MON, insn, false);
	exc_clear();
	check_eq("a load from its last word (its stacks) does not either", guest_load(MON + MON_SIZE - 8, &insn),
		 0xdead);
	aborted("... an abort", EC_DABT_CUR, MON + MON_SIZE - 8, insn, false);
	exc_clear();
	guest_store(MON, 0, &insn);
	aborted("a store over the monitor's first instructions: an abort, WnR", EC_DABT_CUR, MON, insn, true);
	exc_clear();
	for (uint64_t a = MON; a < MON + MON_SIZE; a += 0x1000)
		guest_store(a + 0x10, 0xbad0bad0bad0bad0ull, &insn);
	check_eq("a store into each of its 512 pages: 512 aborts", last_exc.count, MON_SIZE / 0x1000);
	check_eq("the monitor's code and read-only data are unchanged (checksum)", checksum(), sum);
	exc_clear();
	fetch(MON + 0x40);
	aborted("a branch into the monitor: an instruction abort", EC_IABT_CUR, MON + 0x40, MON + 0x40, false);
	exc_clear();
	el0_got = 0xdead;
	el0_run(el0_load_monitor);
	aborted("a load from EL0: the abort as EL1 takes one from EL0 (EC 0x24)", EC_DABT_LOW, MON + 0x100, 0,
		false);
	exc_clear();
	check_eq("a load past the end of RAM", guest_load(RAM_TOP, &insn), 0xdead);
	aborted("... an abort (stage 2 maps nothing there)", EC_DABT_CUR, RAM_TOP, insn, false);
	exc_clear();
	check_eq("a load above 4 GiB, no device there", guest_load(0x100000000ull, &insn), 0xdead);
	aborted("... an abort", EC_DABT_CUR, 0x100000000ull, insn, false);
	exc_clear();
	guest_store(MON - 8, 0x4321, &insn);
	check(guest_load(MON - 8, &insn) == 0x4321 && last_exc.count == 0,
	      "the RAM just below the monitor is the guest's (stored, loaded back, %u aborts)", last_exc.count);
}

/* A SYNC array: one READ of the other cluster's event counter 0, which
 * never counted (its value 0 and its type 0, exactly), at addr */
static void fill(struct descriptor *d, unsigned other)
{
	d[0].header.entries = 1;
	d[0].header.active_cluster_id = 0x5555;
	d[1].counter.cluster_id = other;
	d[1].counter.selected_counter = PMU_EVENT_COUNTER_0;
	d[1].counter.event_type = 0xeeee;
	d[1].counter.counter_value = 0xcccc;
	d[1].counter.reset_value = 0;
	d[1].counter.request_code = PMU_READ_COUNTER;
}

static bool untouched(const struct descriptor *d)
{
	return d[0].header.active_cluster_id == 0x5555 && d[1].counter.event_type == 0xeeee &&
	       d[1].counter.counter_value == 0xcccc;
}

static bool done(const struct descriptor *d, unsigned me)
{
	return d[0].header.active_cluster_id == me && d[1].counter.event_type == 0 &&
	       d[1].counter.counter_value == 0;
}

static struct descriptor buf[2];

static uint32_t sync32(uint64_t x1) { return (uint32_t)hvc64(HVC_SYNC_PMU_COUNTERS, x1, 0, 0).x0; }
static uint32_t sync64(uint64_t x1) { return (uint32_t)hvc64(HVC_SYNC_PMU_COUNTERS64, x1, 0, 0).x0; }

static void pointers(unsigned me)
{
	unsigned other = 1 - me;
	uint64_t b = (uintptr_t)buf;
	struct descriptor *below = (struct descriptor *)(uintptr_t)(MON - 2 * sizeof(struct descriptor));
	struct descriptor *straddle = (struct descriptor *)(uintptr_t)(MON - sizeof(struct descriptor));

	fill(buf, other);
	check(sync32(b) == 0 && done(buf, me), "SYNC (32-bit id) of a valid array: 0, its outputs exact");
	fill(buf, other);
	check(sync64(b) == 0 && done(buf, me), "SYNC64 of the same array: 0, the same outputs");
	fill(buf, other);
	check(sync32(0x100000000ull | b) == 0 && done(buf, me),
	      "SYNC (32-bit id), x1 = 2^32 + the array: w1 is the address (SMC32), 0");
	fill(buf, other);
	check(sync64(0x100000000ull | b) == INVALID && untouched(buf),
	      "SYNC64, x1 = 2^32 + the array: above 4 GiB, -3 (its low half is not taken), nothing written");
	check(sync64(0xffffffff00000000ull | b) == INVALID && untouched(buf), "SYNC64, x1 = 2^64 - 2^32 + the array: -3");
	check(sync32(b + 2) == INVALID && sync64(b + 2) == INVALID && untouched(buf),
	      "misaligned (+2), both ids: -3, nothing written");
	check(sync32(b + 4) == INVALID && sync64(b + 4) == INVALID && untouched(buf),
	      "4 bytes in: entries = 0x5555 (the header's second word), both ids: -3");
	check_eq("SYNC of the monitor's first byte: -3", sync32(MON), INVALID);
	check_eq("SYNC64 of the monitor's first byte: -3", sync64(MON), INVALID);
	check_eq("SYNC of the monitor's last element: -3", sync32(MON + MON_SIZE - 24), INVALID);
	check_eq("SYNC64 of a header straddling the monitor's start: -3", sync64(MON - 4), INVALID);
	straddle->header.entries = 1;   /* its entry is the monitor's: not the guest's to fill */
	straddle->header.active_cluster_id = 0x5555;
	check(sync32((uintptr_t)straddle) == INVALID && straddle->header.active_cluster_id == 0x5555,
	      "an array whose header is the guest's and whose entry is the monitor's: -3, nothing written");
	fill(below, other);
	check(sync64((uintptr_t)below) == 0 && done(below, me),
	      "the same array two elements lower, ending where the monitor starts: 0, exact");
	check_eq("SYNC of an array where the monitor ends (the end of RAM): -3", sync32(RAM_TOP), INVALID);
	check_eq("SYNC64 of the last element of RAM: -3", sync64(RAM_TOP - 24), INVALID);
	check_eq("SYNC of a device (the UART): -3", sync64(GUEST_UART), INVALID);
	check_eq("SYNC of address 0: -3", sync64(0), INVALID);
	check_eq("SYNC wrapping around 2^32: -3", sync32(0xffffffe8u), INVALID);
	check_eq("SYNC64 wrapping around 2^64: -3", sync64(0xffffffffffffffe8ull), INVALID);
}

/* Ids past the HVC table: the vector answers them -1 itself unless they
 * are PSCI's (0x84000000-0x8400001f, 0xc4000000-0xc400001f), which go to
 * PSCI - the edges of both ranges and the bits around them */
static void ids_past_table(void)
{
	static const uint32_t unknown[] = {
		0x83ffffffu, 0x84000020u, 0xc3ffffffu, 0xc4000020u, 0x04000000u,
		0x44000000u, 0x86000000u, 0x84200000u, 0x8c000000u, 0xffffffffu,
	};

	for (unsigned i = 0; i < sizeof unknown / sizeof unknown[0]; i++)
		check_eq("an id past the table, not PSCI's: -1",
			 hvc64(unknown[i], 0, 0, 0).x0, 0xffffffffu);
	check_eq("... PSCI_VERSION (0x84000000) through HVC: 1.0", hvc64(0x84000000u, 0, 0, 0).x0,
		 0x10000);
	/* answers only PSCI gives: PSCI_FEATURES(PSCI_VERSION) 0, and the
	 * SMC64 AFFINITY_INFO of CPU 0 (this one): 0, on */
	check_eq("... 0x8400000a PSCI_FEATURES(PSCI_VERSION): 0", hvc64(0x8400000au, 0x84000000u, 0, 0).x0, 0);
	check_eq("... 0xc4000004 AFFINITY_INFO64(CPU 0): on (0)", hvc64(0xc4000004u, 0, 0, 0).x0, 0);
}

void guest_main(uint64_t dtb);
void guest_main(uint64_t dtb)
{
	unsigned me = (unsigned)hvc64(HVC_MONITOR_INFO, 0, 0, 0).x1 & 1u;
	uint32_t sum = checksum();

	gprintf("# hostile64: monitor at %llx+%llx, DTB at %llx\n", (unsigned long long)MON,
		(unsigned long long)MON_SIZE, (unsigned long long)dtb);
	check_eq("HVC_PMU_SWITCH(1): state 3", hvc64(HVC_PMU_SWITCH, 1, 0, 0).x0, 0);
	check_eq("PMSELR_WRITE(3)", hvc64(HVC_PMSELR_WRITE, me, 3, 0).x0, 0);
	stage2(sum);
	pointers(me);
	ids_past_table();
	check_eq("the monitor's checksum at the end", checksum(), sum);
	check_eq("its state: still 3", hvc64(HVC_PMU_GET_STATE, 0, 0, 0).x0, 3);
	check_eq("its PMSELR: still 3", hvc64(HVC_PMSELR_READ, me, 0, 0).x0, 3);
	test_finish();
}
