/*
 * Debug context scenario (issue #5, spec section 4, Table 20): hardware
 * breakpoints and watchpoints set before a cluster switch fire after it,
 * in every PMU state and across monitor-initiated switches; every saved
 * debug register reads back exactly after 1 and after 1,000 switches.
 */
#include "pmu_guest.h"

#define DSCR_MDBGEN      (1u << 15)
#define BCR_ENABLE_ALL   ((0xfu << 5) | (3u << 1) | 1u)   /* BAS all, PL0+PL1, E */
#define WCR_WORD_LS      ((0xfu << 5) | (3u << 3) | (3u << 1) | 1u)
#define FSR_DEBUG_EVENT  0x002u

static volatile uint32_t wp_var;
static volatile uint32_t sink;

static void __attribute__((noinline, aligned(8))) bp_target(void)
{
	__asm__ volatile("nop");
}

static void disarm(void)
{
	write_DBGBCR0(read_DBGBCR0() & ~1u);
	write_DBGWCR0(read_DBGWCR0() & ~1u);
}

static uint32_t other(uint32_t c) { return c == A15_CLUSTER ? A7_CLUSTER : A15_CLUSTER; }
static const char *cname(uint32_t c) { return c == A15_CLUSTER ? "A15" : "A7"; }

static void breakpoint_across_switch(uint32_t from)
{
	switch_to(from);
	write_DBGBVR0((uint32_t)bp_target);
	write_DBGBCR0(BCR_ENABLE_ALL);
	switch_to(other(from));
	exc_clear();
	bp_target();
	check(last_exc.kind == EXC_PABT && (last_exc.fsr & 0x40f) == FSR_DEBUG_EVENT &&
	      last_exc.pc == (uint32_t)bp_target,
	      "breakpoint set on %s fires on %s (kind %d, IFSR 0x%03lx)", cname(from),
	      cname(other(from)), (int)last_exc.kind, (unsigned long)last_exc.fsr);
	check_eq("... once (the handler disarmed it)", last_exc.count, 1);
}

static void watchpoint_across_switch(uint32_t from)
{
	switch_to(from);
	write_DBGWVR0((uint32_t)&wp_var);
	write_DBGWCR0(WCR_WORD_LS);
	switch_to(other(from));
	exc_clear();
	sink = wp_var;
	check(last_exc.kind == EXC_DABT && (last_exc.fsr & 0x40f) == FSR_DEBUG_EVENT,
	      "watchpoint set on %s fires on %s (kind %d, DFSR 0x%03lx)", cname(from),
	      cname(other(from)), (int)last_exc.kind, (unsigned long)last_exc.fsr);
	disarm();
}

/* The registers every switch must carry, with test values that keep the
 * breakpoints and watchpoints disabled (E = 0). */
#define SAVED_REGS(X)                                                             \
	X(DBGBVR0, 0x40100000u) X(DBGBVR1, 0x40100104u) X(DBGBVR2, 0x40100208u)  \
	X(DBGBVR3, 0x4010030cu) X(DBGBVR4, 0x40100410u) X(DBGBVR5, 0x40100514u)  \
	X(DBGBCR0, 0x000001e6u) X(DBGBCR1, 0x00000066u) X(DBGBCR2, 0x000001e2u)  \
	X(DBGBCR3, 0x00000064u) X(DBGBCR4, 0x000001e6u) X(DBGBCR5, 0x00000062u)  \
	X(DBGWVR0, 0x40200000u) X(DBGWVR1, 0x40200044u) X(DBGWVR2, 0x40200088u)  \
	X(DBGWVR3, 0x402000ccu)                                                  \
	X(DBGWCR0, 0x000001eeu) X(DBGWCR1, 0x000001f6u) X(DBGWCR2, 0x000001eau)  \
	X(DBGWCR3, 0x0000003eu)

static void write_all(void)
{
#define W(reg, val) write_##reg(val);
	SAVED_REGS(W)
#undef W
}

static unsigned mismatches(bool print)
{
	unsigned bad = 0;
#define C(reg, val)                                                                        \
	if (read_##reg() != (val)) {                                                       \
		bad++;                                                                     \
		if (print)                                                                 \
			gprintf("# " #reg ": got 0x%08lx want 0x%08lx\n",                  \
				(unsigned long)read_##reg(), (unsigned long)(val));        \
	}
	SAVED_REGS(C)
#undef C
	return bad;
}

static void registers_survive(void)
{
	write_all();
	check_eq("written values read back before any switch", mismatches(true), 0);
	switch_to(A7_CLUSTER);
	check_eq("every saved BVR/BCR/WVR/WCR exact after 1 switch", mismatches(true), 0);
	check_eq("DBGDSCRext.MDBGen survives", read_DBGDSCREXT() & DSCR_MDBGEN, DSCR_MDBGEN);
	for (unsigned i = 0; i < 1000; i++)
		switch_to(i & 1 ? A7_CLUSTER : A15_CLUSTER);
	check_eq("every saved BVR/BCR/WVR/WCR exact after 1001 switches", mismatches(true), 0);
	check_eq("DBGDSCRext.MDBGen after 1001 switches", read_DBGDSCREXT() & DSCR_MDBGEN, DSCR_MDBGEN);
	switch_to(A15_CLUSTER);
}

/*
 * Registers the core lacks are kept by the monitor (docs/debug.md). On
 * QEMU 7.2 most of them raise UNDEF in the guest before any HYP trap (no
 * register exists to trap); tests/debug/test_dbg_context.c covers the monitor's
 * side. DBGVCR exists in QEMU but drops writes: it traps, and the
 * monitor's copy must migrate. DBGDIDR is the inbound core's.
 */
static void monitor_kept(void)
{
	write_DBGVCR(0x0a);
	switch_to(A7_CLUSTER);
	check_eq("DBGVCR (kept by the monitor on QEMU) migrates A15 -> A7", read_DBGVCR(), 0x0a);
	write_DBGVCR(0x42);
	switch_to(A15_CLUSTER);
	check_eq("DBGVCR migrates A7 -> A15", read_DBGVCR(), 0x42);
	write_DBGVCR(0);
	exc_clear();
	write_DBGCLAIMSET(0x05);
	check_eq("DBGCLAIMSET: QEMU 7.2 has no such register: UNDEF", last_exc.kind, EXC_UND);
	check_eq("DBGDIDR on A15: 6 breakpoints, 4 watchpoints, v7.1, r2p1", read_DBGDIDR(), 0x3515F021u);
	switch_to(A7_CLUSTER);
	check_eq("DBGDIDR on A7: same resources, r0p5", read_DBGDIDR(), 0x3515F005u);
	exc_clear();
	write_DBGDIDR(0);
	check_eq("DBGDIDR write -> UNDEF", last_exc.kind, EXC_UND);
	switch_to(A15_CLUSTER);
}

static void every_state(void)
{
	for (uint32_t st = 1; st <= 3; st++) {
		pmu_switch(st == 1 ? 0 : 1);
		if (st == 2)
			sink = read_PMSELR();
		write_DBGBVR0((uint32_t)bp_target);
		write_DBGBCR0(BCR_ENABLE_ALL);
		switch_to(A7_CLUSTER);
		exc_clear();
		bp_target();
		check(last_exc.kind == EXC_PABT, "PMU state %lu: breakpoint survives a switch",
		      (unsigned long)st);
		check_eq("... PMU state unchanged by the switch", pmu_state_now(), st);
		switch_to(A15_CLUSTER);
	}
}

static void monitor_initiated(void)
{
	unsigned hits = 0;
	const unsigned rounds = 800;
	uint32_t before = auto_switch(600);

	for (unsigned i = 0; i < rounds; i++) {
		write_DBGBVR0((uint32_t)bp_target);
		write_DBGBCR0(BCR_ENABLE_ALL);
		for (volatile unsigned k = 0; k < 60; k++)
			;
		exc_clear();
		bp_target();
		hits += last_exc.kind == EXC_PABT;
	}
	uint32_t done = auto_switch(0) - before;
	check(done >= 20, "the monitor switched %lu times during the loop", (unsigned long)done);
	check_eq("breakpoint fired every round across monitor-initiated switches", hits, rounds);
}

void guest_start(uint32_t r0, uint32_t r1, uint32_t r2, uint32_t cpsr);
void guest_start(uint32_t r0, uint32_t r1, uint32_t r2, uint32_t cpsr)
{
	(void)r0; (void)r1; (void)r2; (void)cpsr;
	gprintf("# debug: CP14 debug context across cluster switches\n");
	pabt_hook = disarm;
	write_DBGDSCREXT(read_DBGDSCREXT() | DSCR_MDBGEN);   /* self-hosted debug on */
	check_eq("DBGDSCRext.MDBGen set", read_DBGDSCREXT() & DSCR_MDBGEN, DSCR_MDBGEN);
	breakpoint_across_switch(A15_CLUSTER);
	breakpoint_across_switch(A7_CLUSTER);
	watchpoint_across_switch(A15_CLUSTER);
	watchpoint_across_switch(A7_CLUSTER);
	registers_survive();
	monitor_kept();
	every_state();
	monitor_initiated();
	test_finish();
}
