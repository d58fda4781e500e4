/*
 * A physical PMU with fewer event counters than the emulated A15 presents
 * (QEMU's cortex-a7: 4): the A15's counters 4, 5 are registers the monitor
 * keeps (docs/pmu-core.md "Fewer physical counters"). Every Type B
 * register on them, active and inactive, SYNC, switches in each state,
 * PMCR.P, Type A beside them - and never an access to a counter the
 * hardware lacks (checked after every test).
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <cmocka.h>
#include "pmu_hvc.h"
#include "cpregs.h"
#include "fake_pmu_hw.h"
#include "pmu_calls.h"

static struct pmu_cpu cpu;

static int setup(void **state)
{
	(void)state;
	fake_pmu_power_on_as(FAKE_PMCR_A7);
	pmu_cpu_init(&cpu, A15, fake_pmu_counters());
	return 0;
}

/* The monitor never reached a counter the physical PMU lacks. */
static int teardown(void **state)
{
	(void)state;
	assert_int_equal(fake_pmu_unpredictable(), 0);
	return 0;
}

static void rd_eq(uint32_t fid, unsigned c, uint32_t want) { assert_int_equal(tb_read(&cpu, fid, c), want); }
static void wr(uint32_t fid, unsigned c, uint32_t v) { tb_write(&cpu, fid, c, v); }

/* Counter i of cluster c through Type B: select, then read or write. */
static uint32_t counter(unsigned c, unsigned i)
{
	wr(HVC_PMSELR_WRITE, c, i);
	return tb_read(&cpu, HVC_PMXEVCNTR_READ, c);
}

static uint32_t type(unsigned c, unsigned i)
{
	wr(HVC_PMSELR_WRITE, c, i);
	return tb_read(&cpu, HVC_PMXEVTYPER_READ, c);
}

static void program(unsigned c, unsigned i, uint32_t t, uint32_t v)
{
	wr(HVC_PMSELR_WRITE, c, i);
	wr(HVC_PMXEVTYPER_WRITE, c, t);
	wr(HVC_PMXEVCNTR_WRITE, c, v);
}

static void enter_state2(void)
{
	uint32_t v;

	assert_int_equal(pmu_trap(&cpu, CPK_PMCR, true, &v, false), PMU_TRAP_DONE);
}

/* The physical counters the fake has, untouched past its N. */
static void assert_hw_past_n_untouched(void)
{
	struct fake_pmu s = fake_pmu_peek();

	assert_int_equal(s.evcntr[4], 0xBAD00004u);
	assert_int_equal(s.evcntr[5], 0xBAD00005u);
}

static void boots_with_kept_counters_at_reset(void **state)
{
	(void)state;
	assert_int_equal(pmu_hdcr_bits(&cpu), 0x44u);         /* TPM, HPMN = 4, not 6 */
	enter_state2();
	assert_int_equal(pmu_hdcr_bits(&cpu), 0x24u);         /* TPMCR, HPMN = 4 */
	pmu_hvc_pmu_switch(&cpu, 1);
	assert_int_equal(pmu_hdcr_bits(&cpu), 0x44u);
	rd_eq(HVC_PMCR_READ, A15, 0x410F3000u);               /* the A15 still shows N = 6 */
	/* reset: kept counters get the same poison as the hardware's */
	assert_int_equal(counter(A15, 3), 0xDEAD0003u);
	assert_int_equal(counter(A15, 4), 0xDEAD0004u);
	assert_int_equal(counter(A15, 5), 0xDEAD0005u);
	assert_int_equal(type(A15, 3), 0xDEAD0003u & FAKE_EVTYPER_KEEP);
	assert_int_equal(type(A15, 4), 0xDEAD0004u);          /* kept: the whole value */
	assert_int_equal(type(A15, 5), 0xDEAD0005u);
	rd_eq(HVC_PMCNTENSET_READ, A15, 0);
	rd_eq(HVC_PMOVSR_READ, A15, 0);
	assert_hw_past_n_untouched();
}

/* The physical count is clamped to what the monitor can use. */
static void physical_count_clamped(void **state)
{
	(void)state;
	pmu_cpu_init(&cpu, A15, 2);          /* fewer than Type A needs: 4 */
	assert_int_equal(pmu_hdcr_bits(&cpu), 0x44u);
	fake_pmu_power_on();
	pmu_cpu_init(&cpu, A15, 31);         /* more than a cluster has: 6 */
	assert_int_equal(pmu_hdcr_bits(&cpu), 0x46u);
}

static void active_every_register(void **state)
{
	(void)state;
	pmu_hvc_pmu_switch(&cpu, 1);
	program(A15, 4, 0x11, 0x4444);
	program(A15, 5, 0x22, 0x5555);
	wr(HVC_PMCR_WRITE, A15, 0x7);                  /* E, P, C: all six counters reset */
	rd_eq(HVC_PMCR_READ, A15, 0x410F3001u);
	assert_int_equal(counter(A15, 4), 0);
	assert_int_equal(counter(A15, 5), 0);
	assert_int_equal(fake_pmu_peek().evcntr[3], 0);
	assert_int_equal(tb_ccnt(&cpu, A15), 0);

	/* PMXEVTYPER / PMXEVCNTR: exactly what was written */
	wr(HVC_PMSELR_WRITE, A15, 4);
	rd_eq(HVC_PMSELR_READ, A15, 4);
	assert_int_equal(fake_pmu_peek().selr, 4);
	wr(HVC_PMXEVTYPER_WRITE, A15, 0xFFFFFFFFu);
	wr(HVC_PMXEVCNTR_WRITE, A15, 0x12345678u);
	rd_eq(HVC_PMXEVTYPER_READ, A15, 0xFFFFFFFFu);
	rd_eq(HVC_PMXEVCNTR_READ, A15, 0x12345678u);
	program(A15, 5, 0x08, 0xFFFFFFFFu);
	assert_int_equal(counter(A15, 4), 0x12345678u);
	assert_int_equal(type(A15, 5), 0x08);
	/* PMSELR 31: the filter, and no counter to reach */
	wr(HVC_PMSELR_WRITE, A15, 31);
	wr(HVC_PMXEVTYPER_WRITE, A15, 0x08000000u);
	wr(HVC_PMXEVCNTR_WRITE, A15, 0x9999);
	rd_eq(HVC_PMXEVCNTR_READ, A15, 0);
	assert_int_equal(fake_pmu_peek().ccfiltr, 0x08000000u);
	assert_int_equal(counter(A15, 4), 0x12345678u);
	assert_int_equal(counter(A15, 5), 0xFFFFFFFFu);

	/* set/clear pairs: bits 4, 5 read back as written, the hardware has 0-3 */
	wr(HVC_PMCNTENCLR_WRITE, A15, ~0u);
	wr(HVC_PMCNTENSET_WRITE, A15, 0xFFFFFFFFu);
	rd_eq(HVC_PMCNTENSET_READ, A15, 0x8000003Fu);
	assert_int_equal(fake_pmu_peek().cnten, 0x8000000Fu);
	wr(HVC_PMCNTENCLR_WRITE, A15, 0x80000011u);
	rd_eq(HVC_PMCNTENCLR_READ, A15, 0x2Eu);
	assert_int_equal(fake_pmu_peek().cnten, 0x0Eu);
	wr(HVC_PMINTENCLR_WRITE, A15, ~0u);
	wr(HVC_PMINTENSET_WRITE, A15, 0x30u);
	rd_eq(HVC_PMINTENSET_READ, A15, 0x30u);
	wr(HVC_PMINTENCLR_WRITE, A15, 0x10u);
	rd_eq(HVC_PMINTENCLR_READ, A15, 0x20u);
	assert_int_equal(fake_pmu_peek().inten, 0);

	/* PMOVSR: set through SYNC (PMOVSSET), write-1-to-clear */
	sync_one(&cpu, sync_entry(A15, PMU_OVERFLOW_FLAG, PMU_READ_RESET_COUNTER, 0, 0x80000031u), 0);
	rd_eq(HVC_PMOVSR_READ, A15, 0x80000031u);
	assert_int_equal(fake_pmu_peek().ovs, 0x80000001u);
	wr(HVC_PMOVSR_WRITE, A15, 0x10);
	rd_eq(HVC_PMOVSR_READ, A15, 0x80000021u);
	wr(HVC_PMOVSR_WRITE, A15, ~0u);
	rd_eq(HVC_PMOVSR_READ, A15, 0);

	/* enabled with PMCR.E: the hardware's count, the kept ones never
	 * (counter 5 at 0xFFFFFFFF does not wrap or overflow) */
	program(A15, 1, 0x08, 100);
	wr(HVC_PMCNTENSET_WRITE, A15, 0x3F);
	fake_pmu_tick(10);
	assert_int_equal(counter(A15, 1), 110);
	assert_int_equal(counter(A15, 4), 0x12345678u);
	assert_int_equal(counter(A15, 5), 0xFFFFFFFFu);
	rd_eq(HVC_PMOVSR_READ, A15, 0);
	/* PMCR.P resets them too */
	wr(HVC_PMCR_WRITE, A15, 0x3);
	assert_int_equal(counter(A15, 4), 0);
	assert_int_equal(counter(A15, 5), 0);
	assert_int_equal(type(A15, 4), 0xFFFFFFFFu);          /* types are not counters */
	assert_hw_past_n_untouched();
}

/* Type A shows counters 0-3 only: PMSWINC, PMCR.P and the bit registers
 * of the view leave the kept counters alone; so does a native PMCR.P in
 * state 2 (it reaches the hardware's counters only). */
static void type_a_beside_kept_counters(void **state)
{
	(void)state;
	uint32_t v = 0x3F;

	pmu_hvc_pmu_switch(&cpu, 1);
	program(A15, 0, 0x00, 7);                            /* SW_INCR */
	program(A15, 4, 0x00, 0x44);
	program(A15, 5, 0x00, 0xFFFFFFFFu);
	wr(HVC_PMCNTENCLR_WRITE, A15, ~0u);
	wr(HVC_PMCNTENSET_WRITE, A15, 0x31);
	wr(HVC_PMCR_WRITE, A15, 0x1);
	assert_int_equal(pmu_trap(&cpu, CPK_PMSWINC, false, &v, false), PMU_TRAP_DONE);
	assert_int_equal(counter(A15, 0), 8);
	assert_int_equal(counter(A15, 4), 0x44);
	assert_int_equal(counter(A15, 5), 0xFFFFFFFFu);
	rd_eq(HVC_PMOVSR_READ, A15, 0);
	assert_int_equal(pmu_state(&cpu), 2);
	assert_int_equal(pmu_trap(&cpu, CPK_PMCNTENSET, true, &v, false), PMU_TRAP_DONE);
	assert_int_equal(v, 0x1);
	v = 0x3;                                             /* E, P through the view */
	assert_int_equal(pmu_trap(&cpu, CPK_PMCR, false, &v, false), PMU_TRAP_DONE);
	assert_int_equal(counter(A15, 0), 0);
	assert_int_equal(counter(A15, 4), 0x44);
	v = 4;                                               /* PMSELR 4: RAZ/WI in the view */
	assert_int_equal(pmu_trap(&cpu, CPK_PMSELR, false, &v, false), PMU_TRAP_DONE);
	v = 0x99;
	assert_int_equal(pmu_trap(&cpu, CPK_PMXEVCNTR, false, &v, false), PMU_TRAP_DONE);
	assert_int_equal(pmu_trap(&cpu, CPK_PMXEVCNTR, true, &v, false), PMU_TRAP_DONE);
	assert_int_equal(v, 0);
	rd_eq(HVC_PMSELR_READ, A15, 4);
	rd_eq(HVC_PMXEVCNTR_READ, A15, 0x44);
	pmu_hw_write(PMU_HW_PMCR, 0x3);                      /* the guest, natively */
	assert_int_equal(counter(A15, 4), 0x44);
	assert_int_equal(counter(A15, 5), 0xFFFFFFFFu);
	assert_hw_past_n_untouched();
}

/* HVC_PMU_SWINC on the A15: counters 0-3 (the hardware) count SW_INCR,
 * the kept 4, 5 never do - not at 0xFFFFFFFF either (no wrap, no flag). */
static void swinc_leaves_kept_counters(void **state)
{
	(void)state;
	pmu_hvc_pmu_switch(&cpu, 1);
	program(A15, 0, 0x00, 7);
	program(A15, 3, 0x00, 0xFFFFFFFFu);
	program(A15, 4, 0x00, 0x44);
	program(A15, 5, 0x00, 0xFFFFFFFFu);
	wr(HVC_PMCNTENCLR_WRITE, A15, ~0u);
	wr(HVC_PMCNTENSET_WRITE, A15, 0x39);
	wr(HVC_PMOVSR_WRITE, A15, ~0u);
	wr(HVC_PMCR_WRITE, A15, 0x1);
	assert_int_equal(pmu_typeb_swinc(&cpu, 0xFFFFFFFFu), A15);
	assert_int_equal(counter(A15, 0), 8);
	assert_int_equal(counter(A15, 3), 0);
	assert_int_equal(counter(A15, 4), 0x44);
	assert_int_equal(counter(A15, 5), 0xFFFFFFFFu);
	rd_eq(HVC_PMOVSR_READ, A15, 0x8);
	assert_int_equal(pmu_state(&cpu), 3);
	assert_hw_past_n_untouched();
}

/* The A15's kept values as its Type B view must show them. */
static void assert_a15_programmed(uint32_t cnten)
{
	assert_int_equal(counter(A15, 4), 0x4444);
	assert_int_equal(type(A15, 4), 0xE000001Bu);
	assert_int_equal(counter(A15, 5), 0x5555);
	assert_int_equal(type(A15, 5), 0xC0000013u);
	rd_eq(HVC_PMCNTENSET_READ, A15, cnten);
	rd_eq(HVC_PMINTENSET_READ, A15, 0x20);
	rd_eq(HVC_PMOVSR_READ, A15, 0x10);
}

static void program_a15(void)
{
	program(A15, 4, 0xE000001Bu, 0x4444);
	program(A15, 5, 0xC0000013u, 0x5555);
	program(A15, 2, 0x03, 0x2222);
	wr(HVC_PMCNTENCLR_WRITE, A15, ~0u);
	wr(HVC_PMCNTENSET_WRITE, A15, 0x34);
	wr(HVC_PMINTENCLR_WRITE, A15, ~0u);
	wr(HVC_PMINTENSET_WRITE, A15, 0x20);
	wr(HVC_PMOVSR_WRITE, A15, ~0u);
	sync_one(&cpu, sync_entry(A15, PMU_OVERFLOW_FLAG, PMU_READ_RESET_COUNTER, 0, 0x10), 0);
	assert_a15_programmed(0x34);
}

static void inactive_reads_snapshot_writes_deferred(void **state)
{
	(void)state;
	struct counter_ e;

	pmu_hvc_pmu_switch(&cpu, 1);
	program_a15();
	pmu_test_switch(&cpu, A7);
	struct fake_pmu before = fake_pmu_peek(), after;

	assert_a15_programmed(0x34);                         /* the snapshot; selections queued */
	e = sync_one(&cpu, sync_entry(A15, PMU_EVENT_COUNTER_N(5), PMU_READ_COUNTER, 0, 0), 0);
	assert_int_equal(e.event_type, 0xC0000013u);
	assert_int_equal(e.counter_value, 0x5555);
	/* deferred: Type B and SYNC writes on counters 4, 5 */
	program(A15, 4, 0x11, 0xAAAA);
	wr(HVC_PMCNTENCLR_WRITE, A15, 0x10);
	wr(HVC_PMCNTENSET_WRITE, A15, 0x2);
	wr(HVC_PMOVSR_WRITE, A15, 0x10);
	wr(HVC_PMINTENCLR_WRITE, A15, 0x20);
	sync_one(&cpu, sync_entry(A15, PMU_EVENT_COUNTER_N(5), PMU_CONF_RESET_COUNTER, 0x08, 0xBBBB), 0);
	after = fake_pmu_peek();
	assert_true(fake_pmu_equal(&before, &after));        /* the A7's hardware untouched */
	rd_eq(HVC_PMCNTENSET_READ, A15, 0x34);                /* reads: still the snapshot */
	assert_int_equal(counter(A15, 4), 0x4444);

	pmu_test_switch(&cpu, A15);
	assert_int_equal(counter(A15, 4), 0xAAAA);
	assert_int_equal(type(A15, 4), 0x11);
	assert_int_equal(counter(A15, 5), 0xBBBB);
	assert_int_equal(type(A15, 5), 0x08);
	assert_int_equal(counter(A15, 2), 0x2222);
	rd_eq(HVC_PMCNTENSET_READ, A15, 0x26);                /* 0x34 - 4 + 1 + 5 (CONF) */
	assert_int_equal(fake_pmu_peek().cnten, 0x6);
	rd_eq(HVC_PMINTENSET_READ, A15, 0);
	rd_eq(HVC_PMOVSR_READ, A15, 0);
	assert_int_equal(tb_read(&cpu, HVC_PMCR_READ, A15) & 1u, 1u);   /* CONF: PMCR.E */
	assert_hw_past_n_untouched();
}

/* The A7 has 4 counters: on a physical A7 it is all hardware. */
static void a7_fully_backed(void **state)
{
	(void)state;
	struct fake_pmu s;

	pmu_hvc_pmu_switch(&cpu, 1);
	pmu_test_switch(&cpu, A7);
	for (unsigned i = 0; i < 4; i++)
		program(A7, i, 0x08, 0x70 + i);
	wr(HVC_PMCNTENSET_WRITE, A7, 0xFFFFFFFFu);
	wr(HVC_PMCR_WRITE, A7, 0x1);
	rd_eq(HVC_PMCR_READ, A7, 0x41072001u);
	rd_eq(HVC_PMCNTENSET_READ, A7, 0x8000000Fu);
	fake_pmu_tick(5);
	s = fake_pmu_peek();
	for (unsigned i = 0; i < 4; i++) {
		assert_int_equal(s.evcntr[i], 0x75 + i);
		assert_int_equal(s.evtyper[i], 0x08);
	}
	struct pmu_hvc_out o = pmu_typeb_call(&cpu, HVC_PMSELR_WRITE, A7, 4, 0);
	assert_int_equal(o.r[3], EINVAL32);
	pmu_hw_write(PMU_HW_PMSELR, 5);                      /* Type A's choice: RAZ/WI here */
	rd_eq(HVC_PMXEVCNTR_READ, A7, 0);
	wr(HVC_PMXEVCNTR_WRITE, A7, 1);
	/* the A15 comes back as it left at boot (state 3: its snapshot),
	 * kept counters as the hardware's */
	pmu_test_switch(&cpu, A15);
	assert_int_equal(counter(A15, 3), 0xDEAD0003u);
	assert_int_equal(counter(A15, 4), 0xDEAD0004u);
	assert_int_equal(type(A15, 5), 0xDEAD0005u);
	assert_hw_past_n_untouched();
}

/* Booting on the A7 and switching: the same. */
static void a7_boot(void **state)
{
	(void)state;
	pmu_cpu_init(&cpu, A7, fake_pmu_counters());
	pmu_hvc_pmu_switch(&cpu, 1);
	rd_eq(HVC_PMCR_READ, A7, 0x41072000u);
	assert_int_equal(counter(A7, 3), 0xDEAD0003u);
	pmu_test_switch(&cpu, A15);             /* never active: all zeros, kept counters too */
	assert_int_equal(counter(A15, 3), 0);
	assert_int_equal(counter(A15, 4), 0);
	assert_int_equal(type(A15, 5), 0);
	program_a15();
	pmu_test_switch(&cpu, A7);
	assert_a15_programmed(0x34);
	pmu_test_switch(&cpu, A15);
	assert_a15_programmed(0x34);
}

/* State 1: the outbound is snapshotted, the inbound stays at reset -
 * kept counters as the hardware's. */
static void switch_state1(void **state)
{
	(void)state;
	program_a15();
	pmu_test_switch(&cpu, A7);
	assert_a15_programmed(0x34);
	pmu_test_switch(&cpu, A15);
	assert_int_equal(pmu_state(&cpu), 1);
	assert_int_equal(counter(A15, 2), 0xDEAD0002u);
	assert_int_equal(counter(A15, 4), 0xDEAD0004u);
	assert_int_equal(counter(A15, 5), 0xDEAD0005u);
	assert_int_equal(type(A15, 4), 0xDEAD0004u);
	rd_eq(HVC_PMCNTENSET_READ, A15, 0);
	rd_eq(HVC_PMINTENSET_READ, A15, 0);
	rd_eq(HVC_PMOVSR_READ, A15, 0);
}

/* State 2: counters 0-3 migrate, 4 and 5 are the A15's own. */
static void switch_state2(void **state)
{
	(void)state;
	enter_state2();
	program_a15();
	pmu_test_switch(&cpu, A7);
	assert_int_equal(counter(A7, 2), 0x2222);            /* migrated */
	program(A7, 2, 0x03, 0x7777);
	wr(HVC_PMCNTENSET_WRITE, A7, 0x1);
	pmu_test_switch(&cpu, A15);
	assert_int_equal(pmu_state(&cpu), 2);
	assert_int_equal(counter(A15, 2), 0x7777);
	assert_a15_programmed(0x35);
}

/* State 3: each cluster its own context, however many switches. */
static void switch_state3(void **state)
{
	(void)state;
	pmu_hvc_pmu_switch(&cpu, 1);
	program_a15();
	for (unsigned k = 0; k < 11; k++) {
		pmu_test_switch(&cpu, A7);
		pmu_test_switch(&cpu, A15);
	}
	assert_a15_programmed(0x34);
	assert_int_equal(counter(A15, 2), 0x2222);
}

static void sync_active(void **state)
{
	(void)state;
	struct counter_ e;
	struct descriptor d[4] = { 0 };

	pmu_hvc_pmu_switch(&cpu, 1);
	wr(HVC_PMCNTENCLR_WRITE, A15, ~0u);
	program(A15, 4, 0, 0x100);
	sync_one(&cpu, sync_entry(A15, PMU_EVENT_COUNTER_N(4), PMU_CONF_COUNTER, 0x12345608u, 0), 0);
	sync_one(&cpu, sync_entry(A15, PMU_EVENT_COUNTER_N(5), PMU_CONF_RESET_COUNTER, 0x11, 0xFFFFFFFEu), 0);
	rd_eq(HVC_PMCNTENSET_READ, A15, 0x30);
	assert_int_equal(tb_read(&cpu, HVC_PMCR_READ, A15) & 1u, 1u);
	fake_pmu_tick(1000);
	e = sync_one(&cpu, sync_entry(A15, PMU_EVENT_COUNTER_N(4), PMU_READ_RESET_COUNTER, 0, 5), 0);
	assert_int_equal(e.event_type, 0x12345608u);                 /* the whole type, kept */
	assert_int_equal(e.counter_value, 0x100);
	assert_int_equal(counter(A15, 4), 5);
	e = sync_one(&cpu, sync_entry(A15, PMU_EVENT_COUNTER_N(5), PMU_READ_COUNTER, 0, 0), 0);
	assert_int_equal(e.event_type, 0x11);
	assert_int_equal(e.counter_value, 0xFFFFFFFEu);
	sync_one(&cpu, sync_entry(A15, PMU_EVENT_COUNTER_N(5), PMU_DISABLE_COUNTER, 0, 0), 0);
	rd_eq(HVC_PMCNTENSET_READ, A15, 0x10);
	e = sync_one(&cpu, sync_entry(A15, PMU_OVERFLOW_FLAG, PMU_READ_RESET_COUNTER, 0, 0x80000030u), 0);
	assert_int_equal(e.counter_value, 0);
	rd_eq(HVC_PMOVSR_READ, A15, 0x80000030u);
	assert_int_equal(fake_pmu_peek().ovs, 0x80000000u);

	/* one array across the hardware's counter 3 and the kept 4, 5; the
	 * guest's selection is kept */
	program(A15, 3, 0x13, 0x333);
	wr(HVC_PMSELR_WRITE, A15, 1);
	d[0].header.entries = 3;
	for (unsigned k = 1; k <= 3; k++)
		d[k].counter = sync_entry(A15, PMU_EVENT_COUNTER_N(2 + k), PMU_READ_COUNTER, 0, 0);
	assert_int_equal(pmu_sync(&cpu, d, 4), 0);
	assert_int_equal(d[1].counter.counter_value, 0x333);
	assert_int_equal(d[1].counter.event_type, 0x13);
	assert_int_equal(d[2].counter.counter_value, 5);
	assert_int_equal(d[3].counter.counter_value, 0xFFFFFFFEu);
	assert_int_equal(fake_pmu_peek().selr, 1);
	assert_hw_past_n_untouched();
}

/* A cluster id that does not exist (hyp validates it; never indexed
 * with): the switch stays on the outbound cluster, at its reset. */
static void bad_inbound_cluster(void **state)
{
	(void)state;
	pmu_hvc_pmu_switch(&cpu, 1);
	program_a15();
	pmu_test_switch(&cpu, 7);
	assert_int_equal(pmu_active_cluster(&cpu), A15);
	assert_a15_programmed(0x34);                 /* state 3: its own context back */
}

int main(void)
{
#define T(f) cmocka_unit_test_setup_teardown(f, setup, teardown)
	const struct CMUnitTest tests[] = {
		T(boots_with_kept_counters_at_reset), T(physical_count_clamped),
		T(active_every_register), T(type_a_beside_kept_counters), T(swinc_leaves_kept_counters),
		T(inactive_reads_snapshot_writes_deferred), T(a7_fully_backed), T(a7_boot),
		T(switch_state1), T(switch_state2), T(switch_state3), T(sync_active),
		T(bad_inbound_cluster),
	};
#undef T
	return cmocka_run_group_tests(tests, NULL, NULL);
}
