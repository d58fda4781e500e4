/*
 * Physical Cortex-A7 scenario (issue #12), run with -cpu cortex-a7: the
 * physical PMU has 4 event counters, the emulated Cortex-A15 presents 6.
 * Its counters 4, 5 are registers the monitor keeps (docs/pmu-core.md
 * "Fewer physical counters"): written values read back exactly, they never
 * count and never overflow, PMCR.P resets them, and they cross every
 * switch in every state as counters 0-3 do - which still count exactly.
 * The console line the monitor prints at boot is not visible to a guest
 * (its scenarios.txt line checks it); what a guest can observe is checked
 * here. Expected values come from the docs, never from a run.
 */
#include <string.h>
#include "pmu_guest.h"

#define A15 A15_CLUSTER
#define A7  A7_CLUSTER
#define K4  0x40404040u        /* what kept counter 4 holds */
#define T4  0x12340008u        /* its type: instructions, reserved bits set (kept whole) */
#define K5  0xFFFFFFFFu        /* counter 5: one increment from a wrap */
#define T5  0x00u              /* SW_INCR */

static volatile uint32_t sink;

/* The A15's kept counters and their bits 4, 5 of PMCNTENSET and
 * PMINTENSET, as Type B shows them (on the inactive A15 the selections
 * are queued and the reads use them). */
static void check_kept(const char *when, uint32_t k4, uint32_t t4, uint32_t k5, uint32_t t5,
		       uint32_t en, uint32_t inten)
{
	uint32_t bad = 0;

	bad |= (tb_cnt(A15, 4) != k4) << 0;
	bad |= (tb_evt(A15, 4) != t4) << 1;
	bad |= (tb_cnt(A15, 5) != k5) << 2;
	bad |= (tb_evt(A15, 5) != t5) << 3;
	bad |= ((typeb_read(HVC_PMCNTENSET_READ, A15) & 0x30u) != en) << 4;
	bad |= ((typeb_read(HVC_PMINTENSET_READ, A15) & 0x30u) != inten) << 5;
	check(bad == 0, "%s: A15 counters 4, 5, types and bits exact (failed checks: 0x%02lx)", when,
	      (unsigned long)bad);
}

/* The monitor runs on a Cortex-A7: natively (state 2, QEMU has no TPMCR)
 * PMCR shows the physical core; trapped, the emulated one. */
static void identity(void)
{
	check_eq("boots in state 1 on the A15", (pmu_state_now() << 4) | cluster_now(), 0x10 | A15);
	uint32_t trapped = read_PMCR(), native = read_PMCR();

	check_eq("trapped PMCR: the emulated A15's IDCODE 0x0F, N = 4", trapped >> 11 & 0x1fff,
		 (IDCODE_A15 << 5) | 4);
	check_eq("native PMCR: the physical Cortex-A7's IDCODE 0x07, N = HPMN = 4", native >> 11 & 0x1fff,
		 (IDCODE_A7 << 5) | 4);
	check_eq("Type B PMCR(A15).N = 6: the A15 still presents 6 counters",
		 PMCR_N(typeb_read(HVC_PMCR_READ, A15)), 6);
}

/* State 3, Type B only: every register on counters 4, 5 of the active A15. */
static void active_registers(void)
{
	pmu_switch(1);
	typeb_write(HVC_PMCR_WRITE, A15, PMCR_P | PMCR_C);
	check_eq("PMCR.P resets kept counter 4", tb_cnt(A15, 4), 0);
	tb_set_evt(A15, 4, T4);
	tb_set_cnt(A15, 4, K4);
	tb_set_evt(A15, 5, T5);
	tb_set_cnt(A15, 5, K5);
	check_eq("PMSELR 5 reads back", typeb_read(HVC_PMSELR_READ, A15), 5);
	for (uint32_t n = 0; n < 4; n++) {
		tb_set_evt(A15, n, 0x00);                   /* SW_INCR */
		tb_set_cnt(A15, n, 100 + n);
	}
	typeb_write(HVC_PMCNTENCLR_WRITE, A15, 0xffffffffu);
	typeb_write(HVC_PMCNTENSET_WRITE, A15, 0x3f);
	check_eq("PMCNTENSET: bits 4, 5 read back as written", typeb_read(HVC_PMCNTENSET_READ, A15), 0x3f);
	typeb_write(HVC_PMCNTENCLR_WRITE, A15, 0x10);
	check_eq("PMCNTENCLR of bit 4", typeb_read(HVC_PMCNTENCLR_READ, A15), 0x2f);
	typeb_write(HVC_PMCNTENSET_WRITE, A15, 0x10);
	typeb_write(HVC_PMINTENCLR_WRITE, A15, 0xffffffffu);
	typeb_write(HVC_PMINTENSET_WRITE, A15, 0x30);
	typeb_write(HVC_PMINTENCLR_WRITE, A15, 0x20);
	check_eq("PMINTENSET/CLR on bits 4, 5", typeb_read(HVC_PMINTENSET_READ, A15), 0x10);
	typeb_write(HVC_PMINTENSET_WRITE, A15, 0x20);
	typeb_write(HVC_PMINTENCLR_WRITE, A15, 0x10);
	check_kept("written", K4, T4, K5, T5, 0x30, 0x20);

	/* PMOVSR: set through SYNC (READ_RESET of the flag: PMOVSSET), W1C */
	static struct descriptor d[4] __attribute__((aligned(8)));

	memset(d, 0, sizeof(d));
	d[0].header.entries = 1;
	sync_set(d, 0, A15, PMU_OVERFLOW_FLAG, 0, 0x80000030u, PMU_READ_RESET_COUNTER);
	check_eq("SYNC READ_RESET of the overflow flags", (uint32_t)hvc(HVC_SYNC_PMU_COUNTERS, d), 0);
	check_eq("PMOVSR = reset_value, bits 4, 5 included", typeb_read(HVC_PMOVSR_READ, A15), 0x80000030u);
	typeb_write(HVC_PMOVSR_WRITE, A15, 0x10);
	check_eq("PMOVSR write-1-to-clear of bit 4", typeb_read(HVC_PMOVSR_READ, A15), 0x80000020u);
	typeb_write(HVC_PMOVSR_WRITE, A15, 0xffffffffu);
	check_eq("... and of all", typeb_read(HVC_PMOVSR_READ, A15), 0);

	/* one SYNC READ across a counter in the hardware and the kept ones */
	memset(d, 0, sizeof(d));
	d[0].header.entries = 3;
	for (unsigned i = 0; i < 3; i++)
		sync_set(d, i, A15, PMU_EVENT_COUNTER_N(3 + i), 0, 0, PMU_READ_COUNTER);
	check_eq("SYNC READ of counters 3, 4, 5", (uint32_t)hvc(HVC_SYNC_PMU_COUNTERS, d), 0);
	check(d[1].counter.counter_value == 103 && d[2].counter.counter_value == K4 &&
	      d[2].counter.event_type == T4 && d[3].counter.counter_value == K5 &&
	      d[3].counter.event_type == T5, "SYNC READ: counter 3 = 103, kept 4 and 5 exact with types");
}

/* With PMCR.E, counters 0-3 count (SW_INCR exactly, instructions as they
 * run); 4 and 5 never, not SW_INCR, not instructions, no overflow. The
 * instructions run in state 3, where HDCR.HPMN gives PMCR.E every
 * physical counter (on a physical A15 counter 4 would count them). */
static void counting(void)
{
	tb_set_evt(A15, 3, 0x08);                        /* instructions: counts under -icount */
	tb_set_cnt(A15, 3, 0);
	typeb_write(HVC_PMCR_WRITE, A15, PMCR_E);
	for (volatile unsigned i = 0; i < 1000; i++)
		;
	check_eq("state 3 while the loop ran", pmu_state_now(), 3);
	check(tb_cnt(A15, 3) > 1000, "counter 3 (hardware, instructions) counted: %lu",
	      (unsigned long)tb_cnt(A15, 3));
	check_kept("after 1000+ instructions", K4, T4, K5, T5, 0x30, 0x20);
	write_PMSWINC(0x3f);                             /* trapped (3 -> 2), then native */
	sw_incr(9, 0x3f);
	check_eq("state 2 after the trapped PMSWINC", pmu_state_now(), 2);
	check_eq("counter 0: exactly 10 SW_INCR", pmn_read(0), 110);
	check_eq("counter 2: exactly 10 SW_INCR", pmn_read(2), 112);
	check_kept("after 10 SW_INCR", K4, T4, K5, T5, 0x30, 0x20);
	check_eq("no overflow flag for kept counter 5", typeb_read(HVC_PMOVSR_READ, A15) & 0x30, 0);
	check_eq("Type A PMCNTENSET shows counters 0-3 only", read_PMCNTENSET(), 0x0f);
	write_PMCR(PMCR_P | PMCR_E);                     /* natively: the hardware's counters */
	check_eq("a native PMCR.P resets counter 1", pmn_read(1), 0);
	check_kept("after a native PMCR.P", K4, T4, K5, T5, 0x30, 0x20);
}

/* State 3: the inactive A15's kept counters read from its snapshot, and
 * writes to them are deferred to its switch-in. */
static void state3_switches(void)
{
	pmu_switch(1);
	check_eq("switch to A7 (state 3)", switch_to(A7), A7);
	check_kept("A15 inactive", K4, T4, K5, T5, 0x30, 0x20);
	tb_set_cnt(A15, 5, 0x55555555u);
	tb_set_evt(A15, 5, 0x11);
	typeb_write(HVC_PMCNTENCLR_WRITE, A15, 0x20);
	check_kept("A15 inactive, writes queued: still the snapshot", K4, T4, K5, T5, 0x30, 0x20);
	for (uint32_t n = 0; n < 4; n++)
		tb_set_cnt(A7, n, 0x700 + n);
	check_eq("A7: PMSELR 4 rejected, it has 4 counters",
		 typeb_write(HVC_PMSELR_WRITE, A7, 4).r3, (uint32_t)BL_HVC_INVALID_PARAMETER);
	check_eq("switch back to A15", switch_to(A15), A15);
	check_kept("deferred writes applied", K4, T4, 0x55555555u, 0x11, 0x10, 0x20);
	for (unsigned i = 0; i < 20; i++)
		switch_to(i & 1 ? A15 : A7);
	check_eq("after 20 more switches: on A15", cluster_now(), A15);
	check_kept("after 20 more switches", K4, T4, 0x55555555u, 0x11, 0x10, 0x20);
	check_eq("A7 counter 3 exact across them", tb_cnt(A7, 3), 0x703);
	tb_set_cnt(A15, 5, K5);
	tb_set_evt(A15, 5, T5);
	typeb_write(HVC_PMCNTENSET_WRITE, A15, 0x20);
}

/* State 2: counters 0-3 migrate and count exactly on both clusters; 4, 5
 * stay the A15's own. Then monitor-initiated switches at arbitrary points. */
static void state2_switches(void)
{
	sink = read_PMSELR();                            /* -> state 2 */
	write_PMCR(PMCR_P | PMCR_E);
	unsigned total = 0;

	for (unsigned i = 0; i < 20; i++) {
		switch_to(i & 1 ? A15 : A7);
		sw_incr(i + 1, 0x5);
		total += i + 1;
	}
	check_eq("state 2: on A15 after 20 switches", (pmu_state_now() << 4) | cluster_now(), 0x20 | A15);
	check_eq("counter 0: exact SW_INCR across 20 switches", pmn_read(0), total);
	check_eq("counter 2: the same", pmn_read(2), total);
	check_kept("state 2, 20 switches", K4, T4, K5, T5, 0x30, 0x20);

	uint32_t before = auto_switch(700);
	const unsigned n = 50000;

	for (unsigned i = 0; i < n; i++)
		write_PMSWINC(0x1);
	uint32_t done = auto_switch(0) - before;

	check(done >= 10, "the monitor switched clusters %lu times during the loop", (unsigned long)done);
	check_eq("counter 0: exact SW_INCR across monitor-initiated switches", pmn_read(0), total + n);
	check_kept("after monitor-initiated switches", K4, T4, K5, T5, 0x30, 0x20);
	switch_to(A15);
	check_kept("on the A15 again", K4, T4, K5, T5, 0x30, 0x20);
}

/* State 1: the outbound is snapshotted, the inbound comes out of reset -
 * kept counters like the hardware's: UNKNOWN (poison), nothing enabled. */
static void state1_reset(void)
{
	pmu_switch(0);
	check_eq("switch to A7 (state 1)", switch_to(A7), A7);
	check_kept("state 1: A15 inactive, its snapshot", K4, T4, K5, T5, 0x30, 0x20);
	switch_to(A15);
	check_kept("state 1: A15 back at reset", 0xDEAD0004u, 0xDEAD0004u, 0xDEAD0005u, 0xDEAD0005u, 0, 0);
	check_eq("... its hardware counter 0 too", tb_cnt(A15, 0), 0xDEAD0000u);
	check_eq("... no overflow flags", typeb_read(HVC_PMOVSR_READ, A15), 0);
}

void guest_start(uint32_t r0, uint32_t r1, uint32_t r2, uint32_t cpsr);
void guest_start(uint32_t r0, uint32_t r1, uint32_t r2, uint32_t cpsr)
{
	(void)r0; (void)r1; (void)r2; (void)cpsr;
	gprintf("# a7phys: the monitor on a physical Cortex-A7 (4 counters); the A15 keeps 6\n");
	identity();
	active_registers();
	counting();
	state3_switches();
	state2_switches();
	state1_reset();
	test_finish();
}
