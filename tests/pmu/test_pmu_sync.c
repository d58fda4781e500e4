/* HVC_GET_COUNTERS_SIZE and HVC_SYNC_PMU_COUNTERS (spec 3.5): every
 * request code on every counter kind on both clusters, active and
 * inactive, and every way the array can be wrong. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <string.h>
#include <cmocka.h>
#include "pmu_hvc.h"
#include "pmu_creg.h"   /* the per-cluster layer: the general reading below */
#include "fake_pmu_hw.h"
#include "pmu_calls.h"

static struct pmu_cpu cpu;

static int setup(void **state)
{
	(void)state;
	fake_pmu_power_on();
	pmu_cpu_init(&cpu, A15, fake_pmu_counters());
	pmu_hvc_pmu_switch(&cpu, 1);
	/* a clean, known A15 */
	pmu_typeb_call(&cpu, HVC_PMCR_WRITE, A15, 0x6, 0);
	for (unsigned i = 0; i < 6; i++) {
		pmu_typeb_call(&cpu, HVC_PMSELR_WRITE, A15, i, 0);
		pmu_typeb_call(&cpu, HVC_PMXEVTYPER_WRITE, A15, 0, 0);
	}
	pmu_typeb_call(&cpu, HVC_PMSELR_WRITE, A15, 0, 0);
	return 0;
}

/* SYNC over d[0..nelems-1] is rejected (-3) and changes nothing: not the
 * array, not the per-CPU state, not the hardware. */
static void assert_rejected_unchanged(struct descriptor *d, unsigned nelems)
{
	struct descriptor copy[16];
	struct pmu_cpu before_cpu = cpu;
	struct fake_pmu before = fake_pmu_peek(), after;

	assert_true(nelems <= 16);
	memcpy(copy, d, nelems * sizeof(*d));
	assert_int_equal(pmu_sync(&cpu, d, nelems), -3);
	assert_memory_equal(d, copy, nelems * sizeof(*d));
	assert_memory_equal(&before_cpu, &cpu, sizeof(cpu));
	after = fake_pmu_peek();
	assert_true(fake_pmu_equal(&before, &after));
}

static void sizes(void **state)
{
	(void)state;
	assert_int_equal(pmu_counters_size(), (1 + 2 * 2 + 6 + 4) * 24);
	assert_int_equal(pmu_sync_max_entries(), 14);
	assert_true(pmu_sync_max_entries() <= PMU_SYNC_MAX_ENTRIES);   /* pmu_sync's local copy */
}

static void event_counter_every_request(void **state)
{
	(void)state;
	struct counter_ e;

	/* CONF: type, enable, PMCR.E; the count is left alone */
	pmu_hw_write(PMU_HW_PMSELR, 5);
	pmu_hw_write(PMU_HW_PMXEVCNTR, 1234);
	pmu_hw_write(PMU_HW_PMSELR, 0);
	e = sync_one(&cpu, sync_entry(A15, 2 + 5, PMU_CONF_COUNTER, 0x1B, 9), 0);
	assert_int_equal(e.counter_value, 0xC0FFEE);         /* no output */
	struct fake_pmu s = fake_pmu_peek();
	assert_int_equal(s.evtyper[5], 0x1B);
	assert_int_equal(s.evcntr[5], 1234);
	assert_int_equal(s.cnten, 0x20);
	assert_int_equal(s.pmcr, 1);
	assert_int_equal(s.selr, 0);                          /* guest's selection kept */
	/* the whole PMXEVTYPER: filter bits go through, reserved ones do not stick */
	sync_one(&cpu, sync_entry(A15, 2 + 5, PMU_CONF_COUNTER, 0x08000F08u, 0), 0);
	assert_int_equal(fake_pmu_peek().evtyper[5], 0x08000008u);
	e = sync_one(&cpu, sync_entry(A15, 2 + 5, PMU_READ_COUNTER, 0, 0), 0);
	assert_int_equal(e.event_type, 0x08000008u);
	sync_one(&cpu, sync_entry(A15, 2 + 5, PMU_CONF_COUNTER, 0x08, 0), 0);

	/* READ after counting */
	fake_pmu_tick(6);
	e = sync_one(&cpu, sync_entry(A15, 2 + 5, PMU_READ_COUNTER, 0x99, 0), 0);
	assert_int_equal(e.event_type, 0x08);
	assert_int_equal(e.counter_value, 1240);
	assert_int_equal(fake_pmu_peek().evcntr[5], 1240);

	/* READ_RESET: the old value out, reset_value in */
	e = sync_one(&cpu, sync_entry(A15, 2 + 5, PMU_READ_RESET_COUNTER, 0, 77), 0);
	assert_int_equal(e.counter_value, 1240);
	assert_int_equal(fake_pmu_peek().evcntr[5], 77);

	/* CONF_RESET */
	sync_one(&cpu, sync_entry(A15, 2 + 0, PMU_CONF_RESET_COUNTER, 0x11, 0xFFFFFFF0u), 0);
	s = fake_pmu_peek();
	assert_int_equal(s.evtyper[0], 0x11);
	assert_int_equal(s.evcntr[0], 0xFFFFFFF0u);
	assert_int_equal(s.cnten, 0x21);

	/* DISABLE: the enable bit only */
	sync_one(&cpu, sync_entry(A15, 2 + 5, PMU_DISABLE_COUNTER, 0, 0), 0);
	s = fake_pmu_peek();
	assert_int_equal(s.cnten, 0x01);
	assert_int_equal(s.pmcr, 1);
	assert_int_equal(s.evtyper[5], 0x08);
	assert_int_equal(s.evcntr[5], 77);
}

static void cycle_counter_every_request(void **state)
{
	(void)state;
	struct counter_ e;

	pmu_typeb_call(&cpu, HVC_PMCCNTR_WRITE, A15, 0x100, 0x2);
	e = sync_one(&cpu, sync_entry(A15, PMU_CYCLE_COUNTER, PMU_CONF_COUNTER, 0x08, 0), 0);
	struct fake_pmu s = fake_pmu_peek();
	assert_int_equal(s.cnten, 0x80000000u);
	assert_int_equal(s.pmcr, 1);
	assert_int_equal(s.ccfiltr, 0);                        /* event_type ignored */
	assert_int_equal(s.ccnt, 0x100);
	fake_pmu_tick(0x10);
	e = sync_one(&cpu, sync_entry(A15, PMU_CYCLE_COUNTER, PMU_READ_COUNTER, 0, 0), 0);
	assert_int_equal(e.event_type, 0x11);
	assert_int_equal(e.counter_value, 0x110);              /* low word of 0x2_00000110 */
	assert_true(tb_ccnt(&cpu, A15) == 0x200000110ull);
	e = sync_one(&cpu, sync_entry(A15, PMU_CYCLE_COUNTER, PMU_READ_RESET_COUNTER, 0, 5), 0);
	assert_int_equal(e.counter_value, 0x110);
	assert_true(tb_ccnt(&cpu, A15) == 5);                           /* all 64 bits */
	sync_one(&cpu, sync_entry(A15, PMU_CYCLE_COUNTER, PMU_CONF_RESET_COUNTER, 0, 0xAAAA), 0);
	assert_true(tb_ccnt(&cpu, A15) == 0xAAAA);
	sync_one(&cpu, sync_entry(A15, PMU_CYCLE_COUNTER, PMU_DISABLE_COUNTER, 0, 0), 0);
	assert_int_equal(fake_pmu_peek().cnten, 0);
}

static void overflow_flag_every_request(void **state)
{
	(void)state;
	struct counter_ e;

	pmu_hw_write(PMU_HW_PMOVSSET, 0x80000021u);
	e = sync_one(&cpu, sync_entry(A15, PMU_OVERFLOW_FLAG, PMU_READ_COUNTER, 0x55, 0), 0);
	assert_int_equal(e.counter_value, 0x80000021u);
	assert_int_equal(e.event_type, 0);
	e = sync_one(&cpu, sync_entry(A15, PMU_OVERFLOW_FLAG, PMU_READ_RESET_COUNTER, 0, 0x0000000Cu), 0);
	assert_int_equal(e.counter_value, 0x80000021u);
	assert_int_equal(fake_pmu_peek().ovs, 0x0000000Cu);    /* cleared and set */
	for (unsigned req = PMU_DISABLE_COUNTER; req <= PMU_CONF_RESET_COUNTER; req++)
		sync_one(&cpu, sync_entry(A15, PMU_OVERFLOW_FLAG, req, 0, 0), -3);
	assert_int_equal(fake_pmu_peek().ovs, 0x0000000Cu);
}

/* The A7: 4 counters, masks of 4; as the active and as the inactive one. */
static void a7_active_and_inactive(void **state)
{
	(void)state;
	struct counter_ e;

	pmu_test_switch(&cpu, A7);
	sync_one(&cpu, sync_entry(A7, 2 + 3, PMU_CONF_RESET_COUNTER, 0x0C, 30), 0);
	sync_one(&cpu, sync_entry(A7, PMU_OVERFLOW_FLAG, PMU_READ_RESET_COUNTER, 0, 0xFFFFFFFFu), 0);
	struct fake_pmu s = fake_pmu_peek();
	assert_int_equal(s.evtyper[3], 0x0C);
	assert_int_equal(s.evcntr[3], 30);
	assert_int_equal(s.cnten, 0x8);
	assert_int_equal(s.ovs, 0x8000000Fu);                  /* not bits 4, 5 */
	sync_one(&cpu, sync_entry(A7, 2 + 4, PMU_READ_COUNTER, 0, 0), -3);   /* no counter 4 */
	fake_pmu_tick(3);
	pmu_test_switch(&cpu, A15);

	/* inactive A7: reads from the snapshot */
	e = sync_one(&cpu, sync_entry(A7, 2 + 3, PMU_READ_COUNTER, 0, 0), 0);
	assert_int_equal(e.event_type, 0x0C);
	assert_int_equal(e.counter_value, 33);
	e = sync_one(&cpu, sync_entry(A7, PMU_OVERFLOW_FLAG, PMU_READ_COUNTER, 0, 0), 0);
	assert_int_equal(e.counter_value, 0x8000000Fu);
	/* writes deferred: the A15 hardware does not move */
	struct fake_pmu before = fake_pmu_peek(), after;
	e = sync_one(&cpu, sync_entry(A7, 2 + 3, PMU_READ_RESET_COUNTER, 0, 1000), 0);
	assert_int_equal(e.counter_value, 33);
	sync_one(&cpu, sync_entry(A7, 2 + 1, PMU_CONF_COUNTER, 0x86, 0), 0);
	sync_one(&cpu, sync_entry(A7, PMU_CYCLE_COUNTER, PMU_CONF_RESET_COUNTER, 0, 0x4242), 0);
	sync_one(&cpu, sync_entry(A7, 2 + 3, PMU_DISABLE_COUNTER, 0, 0), 0);
	sync_one(&cpu, sync_entry(A7, PMU_OVERFLOW_FLAG, PMU_READ_RESET_COUNTER, 0, 0x2), 0);
	after = fake_pmu_peek();
	assert_true(fake_pmu_equal(&before, &after));
	e = sync_one(&cpu, sync_entry(A7, 2 + 3, PMU_READ_COUNTER, 0, 0), 0);   /* still the snapshot */
	assert_int_equal(e.counter_value, 33);
	pmu_test_switch(&cpu, A7);
	s = fake_pmu_peek();
	assert_int_equal(s.evcntr[3], 1000);
	assert_int_equal(s.evtyper[1], 0x86);
	assert_int_equal(s.cnten, 0x80000002u);
	assert_int_equal(s.ovs, 0x2);
	assert_int_equal(s.pmcr, 1);
	assert_true(tb_ccnt(&cpu, A7) == 0x4242);
}

/* One array addressing every counter of both clusters. */
/* Active-cluster READs select their counters in turn; each entry reads
 * its own counter, other entries' outputs are not written, and the
 * guest's PMSELR is back once the call returns. */
static void reads_keep_the_guest_selection(void **state)
{
	(void)state;
	struct descriptor d[5];
	struct fake_pmu s = fake_pmu_peek();

	for (unsigned i = 0; i < 6; i++) {
		s.evcntr[i] = 100 + i;
		s.evtyper[i] = 0x10 + i;
	}
	s.selr = 3;
	fake_pmu_poke(&s);
	memset(d, 0, sizeof(d));
	d[0].header.entries = 4;
	d[1].counter = sync_entry(A15, 2 + 5, PMU_READ_COUNTER, 0, 0);
	d[2].counter = sync_entry(A15, 2 + 1, PMU_READ_RESET_COUNTER, 0, 7);
	d[3].counter = sync_entry(A15, 2 + 0, PMU_CONF_COUNTER, 0x08, 0);
	d[4].counter = sync_entry(A15, 2 + 4, PMU_READ_COUNTER, 0, 0);
	assert_int_equal(pmu_sync(&cpu, d, 5), 0);
	assert_int_equal(d[1].counter.event_type, 0x15);
	assert_int_equal(d[1].counter.counter_value, 105);
	assert_int_equal(d[2].counter.event_type, 0x11);
	assert_int_equal(d[2].counter.counter_value, 101);
	assert_int_equal(d[3].counter.event_type, 0x08);          /* input, untouched */
	assert_int_equal(d[3].counter.counter_value, 0xC0FFEE);   /* CONF has no output */
	assert_int_equal(d[4].counter.event_type, 0x14);
	assert_int_equal(d[4].counter.counter_value, 104);
	s = fake_pmu_peek();
	assert_int_equal(s.selr, 3);
	assert_int_equal(s.evcntr[1], 7);
	assert_int_equal(s.evtyper[0], 0x08);
	assert_int_equal(s.evcntr[3], 103);
}

/* A READ after a RESET of the same counter in one array sees the reset
 * value on the active cluster: READs before the first side effect are done
 * while validating, every entry from the first side effect on in order
 * afterwards (pmu_sync.c). */
static void read_after_reset_active(void **state)
{
	(void)state;
	struct descriptor d[12];
	struct fake_pmu s = fake_pmu_peek();

	s.evcntr[2] = 500;
	s.evtyper[2] = 0x10;
	s.ccnt = 0x300;
	s.ovs = 0x80000001u;
	s.selr = 4;
	fake_pmu_poke(&s);
	memset(d, 0, sizeof(d));
	d[0].header.entries = 11;
	d[1].counter = sync_entry(A15, 2 + 2, PMU_READ_COUNTER, 0, 0);           /* before any side effect */
	d[2].counter = sync_entry(A15, PMU_CYCLE_COUNTER, PMU_READ_COUNTER, 0, 0);
	d[3].counter = sync_entry(A15, 2 + 2, PMU_READ_RESET_COUNTER, 0, 7);     /* the first side effect */
	d[4].counter = sync_entry(A15, 2 + 2, PMU_READ_COUNTER, 0, 0);
	d[5].counter = sync_entry(A15, 2 + 2, PMU_CONF_RESET_COUNTER, 0x08, 9);
	d[6].counter = sync_entry(A15, 2 + 2, PMU_READ_COUNTER, 0, 0);
	d[7].counter = sync_entry(A15, PMU_CYCLE_COUNTER, PMU_READ_RESET_COUNTER, 0, 100);
	d[8].counter = sync_entry(A15, PMU_CYCLE_COUNTER, PMU_READ_COUNTER, 0, 0);
	d[9].counter = sync_entry(A15, PMU_OVERFLOW_FLAG, PMU_READ_RESET_COUNTER, 0, 0x3);
	d[10].counter = sync_entry(A15, PMU_OVERFLOW_FLAG, PMU_READ_COUNTER, 0, 0);
	d[11].counter = sync_entry(A15, 2 + 3, PMU_READ_COUNTER, 0, 0);         /* another counter */
	assert_int_equal(pmu_sync(&cpu, d, 12), 0);
	assert_int_equal(d[1].counter.event_type, 0x10);
	assert_int_equal(d[1].counter.counter_value, 500);
	assert_int_equal(d[2].counter.counter_value, 0x300);
	assert_int_equal(d[3].counter.counter_value, 500);
	assert_int_equal(d[4].counter.event_type, 0x10);
	assert_int_equal(d[4].counter.counter_value, 7);
	assert_int_equal(d[5].counter.event_type, 0x08);          /* CONF_RESET: inputs untouched */
	assert_int_equal(d[5].counter.counter_value, 0xC0FFEE);
	assert_int_equal(d[6].counter.event_type, 0x08);
	assert_int_equal(d[6].counter.counter_value, 9);
	assert_int_equal(d[7].counter.counter_value, 0x300);
	assert_int_equal(d[8].counter.counter_value, 100);
	assert_int_equal(d[9].counter.counter_value, 0x80000001u);
	assert_int_equal(d[10].counter.counter_value, 0x3);
	assert_int_equal(d[11].counter.event_type, 0);
	assert_int_equal(d[11].counter.counter_value, fake_pmu_peek().evcntr[3]);
	s = fake_pmu_peek();
	assert_int_equal(s.selr, 4);
	assert_int_equal(s.evcntr[2], 9);
	assert_int_equal(s.ccnt, 100);
	assert_int_equal(s.ovs, 0x3);
}

/* The same on the inactive cluster: the RESET is deferred, so the READ
 * after it still sees the snapshot ("values captured when switching away",
 * docs/abi.md: pending writes are not reflected in reads), and the counter
 * holds the reset value once the cluster is switched in. */
static void read_after_reset_inactive(void **state)
{
	(void)state;
	struct descriptor d[5];

	pmu_test_switch(&cpu, A7);
	sync_one(&cpu, sync_entry(A7, 2 + 1, PMU_CONF_RESET_COUNTER, 0x0C, 40), 0);
	pmu_test_switch(&cpu, A15);
	memset(d, 0, sizeof(d));
	d[0].header.entries = 4;
	d[1].counter = sync_entry(A7, 2 + 1, PMU_READ_COUNTER, 0, 0);
	d[2].counter = sync_entry(A7, 2 + 1, PMU_READ_RESET_COUNTER, 0, 7);
	d[3].counter = sync_entry(A7, 2 + 1, PMU_READ_COUNTER, 0, 0);
	d[4].counter = sync_entry(A7, 2 + 1, PMU_CONF_RESET_COUNTER, 0x0D, 8);
	assert_int_equal(pmu_sync(&cpu, d, 5), 0);
	for (unsigned k = 1; k <= 3; k++) {
		assert_int_equal(d[k].counter.event_type, 0x0C);
		assert_int_equal(d[k].counter.counter_value, 40);
	}
	pmu_test_switch(&cpu, A7);   /* the deferred writes, in order: the last reset wins */
	struct fake_pmu s = fake_pmu_peek();
	assert_int_equal(s.evcntr[1], 8);
	assert_int_equal(s.evtyper[1], 0x0D);
}

/* A bad last entry after READs (done while validating: PMSELR selected,
 * the cycle counter observed across a wrap) and, in the second round,
 * RESETs: -3, and nothing changed - not the array, not the hardware
 * (PMSELR back), not the per-CPU state (carry tracking back). */
static void bad_last_entry_after_reads(void **state)
{
	(void)state;
	struct descriptor d[8];

	pmu_test_switch(&cpu, A7);
	pmu_test_switch(&cpu, A15);
	for (unsigned resets = 0; resets < 2; resets++) {
		pmu_typeb_call(&cpu, HVC_PMCCNTR_WRITE, A15, 0x1000, 0);
		struct fake_pmu s = fake_pmu_peek();

		s.selr = 5;
		s.ccnt = 0x10;   /* below the last observation: a READ counts a wrap */
		fake_pmu_poke(&s);
		memset(d, 0, sizeof(d));
		d[0].header.entries = 7;
		d[0].header.active_cluster_id = 0x77;
		d[1].counter = sync_entry(A15, PMU_CYCLE_COUNTER, PMU_READ_COUNTER, 0, 0);
		d[2].counter = sync_entry(A15, 2 + 3, PMU_READ_COUNTER, 0, 0);
		d[3].counter = sync_entry(A7, 2 + 1, PMU_READ_COUNTER, 0, 0);
		d[4].counter = sync_entry(A15, PMU_OVERFLOW_FLAG, PMU_READ_COUNTER, 0, 0);
		d[5].counter = sync_entry(A15, 2 + 3, resets ? PMU_READ_RESET_COUNTER : PMU_READ_COUNTER, 0, 1);
		d[6].counter = sync_entry(A7, 2 + 1, resets ? PMU_CONF_RESET_COUNTER : PMU_READ_COUNTER, 0, 2);
		d[7].counter = sync_entry(A15, 2 + 6, PMU_READ_COUNTER, 0, 0);   /* no counter 6 */
		uint32_t ccnt_hi_before = cpu.ccnt_hi;

		assert_rejected_unchanged(d, 8);
		/* the same array made valid: the READs did run (and the wrap
		 * is counted once) */
		d[7].counter = sync_entry(A15, 2 + 5, PMU_READ_COUNTER, 0, 0);
		assert_int_equal(pmu_sync(&cpu, d, 8), 0);
		assert_int_equal(cpu.ccnt_hi, ccnt_hi_before + 1);
		assert_int_equal(fake_pmu_peek().selr, 5);
	}
}

static void full_array(void **state)
{
	(void)state;
	struct descriptor d[15];
	unsigned k = 1;

	memset(d, 0, sizeof(d));
	d[0].header.entries = 14;
	for (unsigned c = 0; c < 2; c++)
		for (unsigned sel = 0; sel < 2 + (c ? 4u : 6u); sel++)
			d[k++].counter = sync_entry(c, sel, PMU_READ_COUNTER, 0, 0);
	assert_int_equal(k, 15);
	assert_int_equal(pmu_sync(&cpu, d, 15), 0);
	assert_int_equal(d[0].header.active_cluster_id, 0);
	assert_int_equal(d[1].counter.event_type, 0x11);
	/* never-active A7: zeros */
	for (unsigned j = 9; j < 15; j++) {
		assert_int_equal(d[j].counter.cluster_id, 1);
		assert_int_equal(d[j].counter.counter_value, 0);
	}
	pmu_test_switch(&cpu, A7);
	d[0].header.entries = 0;
	assert_int_equal(pmu_sync(&cpu, d, 1), 0);
	assert_int_equal(d[0].header.active_cluster_id, 1);
}

/* Any bad entry: -3, and neither the array nor any counter changed, even
 * with valid writes before it. */
static void bad_inputs_change_nothing(void **state)
{
	(void)state;
	static const struct { unsigned c, sel, req; } bad[] = {
		{ 2, 2, PMU_READ_COUNTER }, { 0xFFFFFFFFu, 0, PMU_READ_COUNTER },
		{ 0, 8, PMU_READ_COUNTER }, { 1, 6, PMU_READ_COUNTER },
		{ 0, 0xFFFFFFFFu, PMU_READ_COUNTER }, { 0, 0x80000002u, PMU_READ_COUNTER },
		{ 0, 2, 0 }, { 0, 2, 6 }, { 0, 2, 0xFFFFFFFFu },
		{ 0, PMU_OVERFLOW_FLAG, PMU_DISABLE_COUNTER },
		{ 1, PMU_OVERFLOW_FLAG, PMU_CONF_COUNTER },
		{ 0, PMU_OVERFLOW_FLAG, PMU_CONF_RESET_COUNTER },
	};
	struct descriptor d[4];

	pmu_test_switch(&cpu, A7);
	pmu_test_switch(&cpu, A15);                  /* A7 inactive: writes would be deferred */
	for (unsigned b = 0; b < sizeof(bad) / sizeof(bad[0]); b++) {
		memset(d, 0, sizeof(d));
		d[0].header.entries = 3;
		d[1].counter = sync_entry(0, 2, PMU_CONF_RESET_COUNTER, 0x08, 5);
		d[2].counter = sync_entry(1, 0, PMU_READ_RESET_COUNTER, 0, 5);
		d[3].counter = sync_entry(bad[b].c, bad[b].sel, bad[b].req, 0, 5);
		assert_rejected_unchanged(d, 4);
	}
	/* header errors */
	memset(d, 0, sizeof(d));
	d[1].counter = sync_entry(0, 2, PMU_READ_COUNTER, 0, 0);
	d[0].header.entries = 1;
	assert_int_equal(pmu_sync(&cpu, d, 0), -3);
	assert_int_equal(pmu_sync(&cpu, d, 3), -3);            /* entries != nelems - 1 */
	d[0].header.entries = 2;
	assert_int_equal(pmu_sync(&cpu, d, 2), -3);
	d[0].header.entries = 0xFFFFFFFFu;
	assert_int_equal(pmu_sync(&cpu, d, 0), -3);
	assert_int_equal(pmu_sync(&cpu, NULL, 1), -3);
	struct descriptor big[16];
	memset(big, 0, sizeof(big));
	big[0].header.entries = 15;                            /* one past the maximum */
	for (unsigned j = 1; j < 16; j++)
		big[j].counter = sync_entry(0, 0, PMU_READ_COUNTER, 0, 0);
	assert_int_equal(pmu_sync(&cpu, big, 16), -3);
	assert_int_equal(big[0].header.active_cluster_id, 0);
	assert_int_equal(big[1].counter.event_type, 0);
}


/*
 * READ-only arrays, the path issue #29 made fast (pmu_sync.c: each kind
 * of READ tested in the pass, the inactive overflow flags without the
 * counter mask, results staged and written out two at a time), against
 * the general per-cluster layer value for value: for each entry in order,
 * on a copy of the per-CPU state, creg_ccnt()'s low word (0x11), PMOVSR
 * through creg_read() (0), or creg_type() / creg_counter(); an array with
 * an entry the ABI rejects changes nothing. The state and the arrays are
 * pseudo-random: switches in every state, Type B writes to either cluster
 * (overflow flags, counters, types, selections), the guest's own writes to
 * the hardware in state 2, counting; on both physical PMUs (the A15's
 * counters 4, 5 kept on a physical A7) and from either boot cluster.
 */
static uint32_t xs(uint32_t *x)
{
	*x ^= *x << 13;
	*x ^= *x >> 17;
	*x ^= *x << 5;
	return *x;
}

static void random_step(uint32_t *x)
{
	static const uint32_t wfids[] = { HVC_PMOVSR_WRITE, HVC_PMSELR_WRITE, HVC_PMXEVTYPER_WRITE,
					  HVC_PMXEVCNTR_WRITE, HVC_PMCNTENSET_WRITE, HVC_PMCCNTR_WRITE,
					  HVC_PMCR_WRITE };
	uint32_t v = xs(x), op = v % 12, c = (v >> 4) & 1u, a = xs(x);

	if (op == 0) {
		pmu_test_switch(&cpu, cpu.active ^ 1u);
	} else if (op == 1) {
		pmu_hvc_pmu_switch(&cpu, (v >> 5) & 1u);   /* states 1, 3 */
	} else if (op == 2) {
		uint32_t r;   /* a Type A access: state 2 */
		pmu_trap(&cpu, CPK_PMCR, true, &r, false);
	} else if (op == 3) {
		fake_pmu_tick(a & 0xffffu);
	} else if (op == 4) {
		/* the guest's own MCRs in state 2 */
		struct fake_pmu h = fake_pmu_peek();
		h.selr = a % 32;
		h.ovs = xs(x);
		h.evcntr[a % 6] = xs(x);
		h.ccnt = xs(x);
		fake_pmu_poke(&h);
	} else {
		uint32_t fid = wfids[op % 7];

		if (fid == HVC_PMSELR_WRITE)
			a %= 8;
		(void)pmu_typeb_call(&cpu, fid, c, a, xs(x));
		if (fid == HVC_PMSELR_WRITE)   /* set the hardware's selection back */
			(void)pmu_typeb_call(&cpu, HVC_PMOVSR_READ, c, 0, 0);
	}
}

static void reads_as_general(void **state)
{
	(void)state;
	static const uint32_t pmus[2] = { FAKE_PMCR_A15, FAKE_PMCR_A7 };
	static const unsigned ncnt[2] = { 6, 4 };

	for (unsigned hw = 0; hw < 2; hw++) {
		for (unsigned boot = 0; boot < 2; boot++) {
			uint32_t x = 0x9E3779B9u + hw * 3u + boot;

			fake_pmu_power_on_as(pmus[hw]);
			pmu_cpu_init(&cpu, boot, fake_pmu_counters());
			for (unsigned step = 0; step < 3000; step++) {
				struct descriptor d[16], in[16];
				uint32_t out[16][2];
				unsigned n = 1 + xs(&x) % 14;
				bool valid = true;

				random_step(&x);
				memset(d, 0x5A, sizeof(d));
				d[0].header.entries = n;
				for (unsigned k = 1; k <= n; k++) {
					uint32_t y = xs(&x), c = (y & 0xf) == 0 ? 2 : y & 1u;
					uint32_t sel = (y >> 8) % 9;   /* 8: past either cluster */

					if ((y >> 16) % 64 == 0)
						sel = 0xFFFFFFFFu;
					d[k].counter.cluster_id = c;
					d[k].counter.selected_counter = sel;
					d[k].counter.request_code = PMU_READ_COUNTER;
					valid &= c < 2 && (sel < 2 || sel - 2 < ncnt[c]);
				}
				memcpy(in, d, sizeof(d));

				struct pmu_cpu ref = cpu;   /* the general reading, on a copy */
				struct fake_pmu hw_before = fake_pmu_peek();

				for (unsigned k = 1; valid && k <= n; k++) {
					unsigned c = in[k].counter.cluster_id, sel = in[k].counter.selected_counter;

					if (sel == PMU_CYCLE_COUNTER) {
						out[k][0] = 0x11;
						out[k][1] = (uint32_t)creg_ccnt(&ref, c);
					} else if (sel == PMU_OVERFLOW_FLAG) {
						out[k][0] = 0;
						out[k][1] = creg_read(&ref, c, TB_PMOVSR);
					} else {
						out[k][0] = creg_type(&ref, c, sel - 2);
						out[k][1] = creg_counter(&ref, c, sel - 2);
					}
				}
				struct pmu_cpu before = cpu;
				struct fake_pmu hw_ref = fake_pmu_peek();   /* after the reference's reads */

				assert_true(fake_pmu_equal(&hw_ref, &hw_before));
				int32_t rc = pmu_sync(&cpu, d, n + 1);
				struct fake_pmu hw_after = fake_pmu_peek();

				assert_true(fake_pmu_equal(&hw_after, &hw_before));   /* PMSELR put back */
				if (!valid) {
					assert_int_equal(rc, -3);
					assert_memory_equal(d, in, sizeof(d));
					assert_memory_equal(&cpu, &before, sizeof(cpu));
					continue;
				}
				assert_int_equal(rc, 0);
				assert_memory_equal(&cpu, &ref, sizeof(cpu));   /* the carry tracking too */
				assert_int_equal(d[0].header.active_cluster_id, cpu.active);
				assert_int_equal(d[0].header.entries, n);
				for (unsigned k = 1; k <= n; k++) {
					assert_int_equal(d[k].counter.event_type, out[k][0]);
					assert_int_equal(d[k].counter.counter_value, out[k][1]);
					in[k].counter.event_type = out[k][0];
					in[k].counter.counter_value = out[k][1];
				}
				in[0].header.active_cluster_id = cpu.active;
				assert_memory_equal(d, in, sizeof(d));   /* nothing else written */
			}
		}
	}
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup(sizes, setup),
		cmocka_unit_test_setup(event_counter_every_request, setup),
		cmocka_unit_test_setup(cycle_counter_every_request, setup),
		cmocka_unit_test_setup(overflow_flag_every_request, setup),
		cmocka_unit_test_setup(a7_active_and_inactive, setup),
		cmocka_unit_test_setup(reads_keep_the_guest_selection, setup),
		cmocka_unit_test_setup(read_after_reset_active, setup),
		cmocka_unit_test_setup(read_after_reset_inactive, setup),
		cmocka_unit_test_setup(bad_last_entry_after_reads, setup),
		cmocka_unit_test_setup(full_array, setup),
		cmocka_unit_test_setup(bad_inputs_change_nothing, setup),
		cmocka_unit_test_setup(reads_as_general, setup),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
