/* Type B per-register calls (Table 4) on the active and the inactive
 * cluster, their errors, and the "never mixed" promise of Appendix B. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <string.h>
#include <cmocka.h>
#include "pmu_hvc.h"
#include "pmu_internal.h"   /* DEF_SELR: the reference reads below */
#include "cpregs.h"
#include "fake_pmu_hw.h"
#include "pmu_calls.h"

static struct pmu_cpu cpu;

static int setup(void **state)
{
	(void)state;
	fake_pmu_power_on();
	pmu_cpu_init(&cpu, A15, fake_pmu_counters());
	pmu_hvc_pmu_switch(&cpu, 1);
	return 0;
}

static const uint32_t read_fids[] = {
	HVC_PMCR_READ, HVC_PMSELR_READ, HVC_PMXEVTYPER_READ, HVC_PMCNTENSET_READ,
	HVC_PMCNTENCLR_READ, HVC_PMCCNTR_READ, HVC_PMOVSR_READ, HVC_PMXEVCNTR_READ,
	HVC_PMINTENSET_READ, HVC_PMINTENCLR_READ };

static void never_active_reads_zero(void **state)
{
	(void)state;
	for (unsigned k = 0; k < 10; k++) {
		struct pmu_hvc_out o = pmu_typeb_call(&cpu, read_fids[k], A7, 0, 0);

		assert_int_equal(o.r[0], 0);
		assert_int_equal(o.r[1], 0);
		assert_int_equal(o.r[3], 0);
	}
}

static void active_a15_every_call(void **state)
{
	(void)state;
	struct fake_pmu s = fake_pmu_peek();

	for (unsigned i = 0; i < 6; i++)
		s.evcntr[i] = 1000 + i;
	fake_pmu_poke(&s);

	tb_write(&cpu, HVC_PMCR_WRITE, A15, 0xFFFFFFFFu);             /* E D X DP, P resets all 6 */
	s = fake_pmu_peek();
	assert_int_equal(s.pmcr, 0x39);
	for (unsigned i = 0; i < 6; i++)
		assert_int_equal(s.evcntr[i], 0);
	assert_int_equal(tb_read(&cpu, HVC_PMCR_READ, A15), 0x410F3039u);   /* N = 6, IDCODE 0x0F */
	assert_int_equal(tb_ccnt(&cpu, A15), 0);

	tb_write(&cpu, HVC_PMSELR_WRITE, A15, 5);
	assert_int_equal(tb_read(&cpu, HVC_PMSELR_READ, A15), 5);
	tb_write(&cpu, HVC_PMXEVTYPER_WRITE, A15, 0x1B);
	tb_write(&cpu, HVC_PMXEVCNTR_WRITE, A15, 0x5555);
	assert_int_equal(fake_pmu_peek().evtyper[5], 0x1B);
	assert_int_equal(fake_pmu_peek().evcntr[5], 0x5555);
	assert_int_equal(tb_read(&cpu, HVC_PMXEVTYPER_READ, A15), 0x1B);
	assert_int_equal(tb_read(&cpu, HVC_PMXEVCNTR_READ, A15), 0x5555);
	tb_write(&cpu, HVC_PMSELR_WRITE, A15, 31);
	tb_write(&cpu, HVC_PMXEVTYPER_WRITE, A15, 0x08000000u);
	tb_write(&cpu, HVC_PMXEVCNTR_WRITE, A15, 0x9999);               /* no counter 31: ignored */
	assert_int_equal(fake_pmu_peek().ccfiltr, 0x08000000u);
	assert_int_equal(tb_read(&cpu, HVC_PMXEVTYPER_READ, A15), 0x08000000u);
	assert_int_equal(tb_read(&cpu, HVC_PMXEVCNTR_READ, A15), 0);
	assert_int_equal(fake_pmu_peek().ccnt, 0);

	tb_write(&cpu, HVC_PMCNTENCLR_WRITE, A15, ~0u);
	tb_write(&cpu, HVC_PMCNTENSET_WRITE, A15, 0xFFFFFFFFu);
	assert_int_equal(tb_read(&cpu, HVC_PMCNTENSET_READ, A15), 0x8000003Fu);
	tb_write(&cpu, HVC_PMCNTENCLR_WRITE, A15, 0x80000021u);
	assert_int_equal(tb_read(&cpu, HVC_PMCNTENCLR_READ, A15), 0x1Eu);
	assert_int_equal(fake_pmu_peek().cnten, 0x1Eu);

	tb_write(&cpu, HVC_PMINTENCLR_WRITE, A15, ~0u);
	tb_write(&cpu, HVC_PMINTENSET_WRITE, A15, 0x80000030u);
	assert_int_equal(tb_read(&cpu, HVC_PMINTENSET_READ, A15), 0x80000030u);
	tb_write(&cpu, HVC_PMINTENCLR_WRITE, A15, 0x10);
	assert_int_equal(tb_read(&cpu, HVC_PMINTENCLR_READ, A15), 0x80000020u);

	pmu_hw_write(PMU_HW_PMOVSSET, ~0u);
	assert_int_equal(tb_read(&cpu, HVC_PMOVSR_READ, A15), 0x8000003Fu);
	tb_write(&cpu, HVC_PMOVSR_WRITE, A15, 0x80000011u);
	assert_int_equal(tb_read(&cpu, HVC_PMOVSR_READ, A15), 0x2Eu);

	tb_write_ccnt(&cpu, A15, 0x0000000712345678ull);
	assert_int_equal(fake_pmu_peek().ccnt, 0x12345678u);
	assert_int_equal(tb_ccnt(&cpu, A15), 0x0000000712345678ull);
}

static void active_a7_shows_four_counters(void **state)
{
	(void)state;
	struct fake_pmu s;

	pmu_test_switch(&cpu, A7);
	s = fake_pmu_peek();
	s.evcntr[4] = 444;                                  /* hardware only */
	s.evcntr[5] = 555;
	fake_pmu_poke(&s);
	tb_write(&cpu, HVC_PMCR_WRITE, A7, 0x3);                        /* E, P */
	assert_int_equal(tb_read(&cpu, HVC_PMCR_READ, A7), 0x41072001u);
	s = fake_pmu_peek();
	assert_int_equal(s.evcntr[3], 0);
	assert_int_equal(s.evcntr[4], 444);
	assert_int_equal(s.evcntr[5], 555);
	tb_write(&cpu, HVC_PMCNTENSET_WRITE, A7, 0xFFFFFFFFu);
	assert_int_equal(fake_pmu_peek().cnten, 0x8000000Fu);
	assert_int_equal(tb_read(&cpu, HVC_PMCNTENSET_READ, A7), 0x8000000Fu);
	tb_write(&cpu, HVC_PMINTENSET_WRITE, A7, 0xFFFFFFFFu);
	assert_int_equal(fake_pmu_peek().inten, 0x8000000Fu);
	pmu_hw_write(PMU_HW_PMOVSSET, ~0u);
	assert_int_equal(tb_read(&cpu, HVC_PMOVSR_READ, A7), 0x8000000Fu);
	tb_write(&cpu, HVC_PMOVSR_WRITE, A7, 0xFFFFFFFFu);
	assert_int_equal(fake_pmu_peek().ovs, 0x30);       /* not the A7's bits */

	/* a counter the A7 does not have cannot be selected */
	tb_write(&cpu, HVC_PMSELR_WRITE, A7, 3);
	for (uint32_t bad = 4; bad < 31; bad++) {
		struct pmu_hvc_out o = pmu_typeb_call(&cpu, HVC_PMSELR_WRITE, A7, bad, 0);

		assert_int_equal(o.r[0], EINVAL32);
		assert_int_equal(o.r[3], EINVAL32);
	}
	struct pmu_hvc_out o = pmu_typeb_call(&cpu, HVC_PMSELR_WRITE, A7, 32, 0);
	assert_int_equal(o.r[3], EINVAL32);
	assert_int_equal(fake_pmu_peek().selr, 3);
	/* a selection made elsewhere (Type A) past N is RAZ/WI here */
	pmu_hw_write(PMU_HW_PMSELR, 5);
	assert_int_equal(tb_read(&cpu, HVC_PMXEVCNTR_READ, A7), 0);
	assert_int_equal(tb_read(&cpu, HVC_PMXEVTYPER_READ, A7), 0);
	tb_write(&cpu, HVC_PMXEVCNTR_WRITE, A7, 1);
	assert_int_equal(fake_pmu_peek().evcntr[5], 555);
}

static void a15_selr_limits(void **state)
{
	(void)state;
	struct pmu_hvc_out o = pmu_typeb_call(&cpu, HVC_PMSELR_WRITE, A15, 6, 0);

	assert_int_equal(o.r[0], EINVAL32);
	o = pmu_typeb_call(&cpu, HVC_PMSELR_WRITE, A15, 0xFFFFFFFFu, 0);
	assert_int_equal(o.r[0], EINVAL32);
	assert_int_equal(fake_pmu_peek().selr, 0);
	tb_write(&cpu, HVC_PMSELR_WRITE, A15, 5);
}

/* Program both clusters differently; each read returns its own cluster's
 * values, live for the active one, snapshot for the other. */
static void program(unsigned c, uint32_t base)
{
	unsigned n = c == A15 ? 6 : 4;

	tb_write(&cpu, HVC_PMCR_WRITE, c, 0x11);
	for (unsigned i = 0; i < n; i++) {
		tb_write(&cpu, HVC_PMSELR_WRITE, c, i);
		tb_write(&cpu, HVC_PMXEVTYPER_WRITE, c, 0x40 + i + base / 0x100000);
		tb_write(&cpu, HVC_PMXEVCNTR_WRITE, c, base + i);
	}
	tb_write(&cpu, HVC_PMSELR_WRITE, c, 1);
	tb_write(&cpu, HVC_PMCNTENSET_WRITE, c, 0x80000003u);
	tb_write(&cpu, HVC_PMINTENSET_WRITE, c, 0x2);
	tb_write_ccnt(&cpu, c, ((uint64_t)base << 8) | 0xCC);
}

static void check(unsigned c, uint32_t base)
{
	unsigned n = c == A15 ? 6 : 4;

	assert_int_equal(tb_read(&cpu, HVC_PMCR_READ, c), c == A15 ? 0x410F3011u : 0x41072011u);
	assert_int_equal(tb_read(&cpu, HVC_PMSELR_READ, c), 1);
	assert_int_equal(tb_read(&cpu, HVC_PMXEVCNTR_READ, c), base + 1);
	assert_int_equal(tb_read(&cpu, HVC_PMCNTENSET_READ, c), 0x80000003u);
	assert_int_equal(tb_read(&cpu, HVC_PMINTENCLR_READ, c), 0x2);
	assert_int_equal(tb_ccnt(&cpu, c), ((uint64_t)base << 8) | 0xCC);
	for (unsigned i = 0; i < n; i++) {
		tb_write(&cpu, HVC_PMSELR_WRITE, c, i);          /* on the inactive one: queued */
		assert_int_equal(tb_read(&cpu, HVC_PMXEVTYPER_READ, c), 0x40 + i + base / 0x100000);
		assert_int_equal(tb_read(&cpu, HVC_PMXEVCNTR_READ, c), base + i);
	}
	tb_write(&cpu, HVC_PMSELR_WRITE, c, 1);
}

static void inactive_reads_snapshot_never_mixed(void **state)
{
	(void)state;
	program(A15, 0x100000);
	pmu_test_switch(&cpu, A7);
	program(A7, 0x200000);
	check(A15, 0x100000);
	check(A7, 0x200000);
	fake_pmu_tick(1000);                 /* A7 counts; the A15 snapshot does not */
	check(A15, 0x100000);
	assert_int_equal(tb_ccnt(&cpu, A7), 0x200000CCull + 1000);
	pmu_test_switch(&cpu, A15);
	check(A15, 0x100000);
	assert_int_equal(tb_read(&cpu, HVC_PMXEVCNTR_READ, A7), 0x200000 + 1 + 1000);
	assert_int_equal(tb_ccnt(&cpu, A7), 0x200000CCull + 1000);
	assert_int_equal(tb_ccnt(&cpu, A15), 0x100000CCull);
}

static void inactive_writes_are_deferred(void **state)
{
	(void)state;
	program(A15, 0x100000);
	pmu_test_switch(&cpu, A7);
	struct fake_pmu before = fake_pmu_peek(), after;

	tb_write(&cpu, HVC_PMCR_WRITE, A15, 0x1);
	tb_write(&cpu, HVC_PMSELR_WRITE, A15, 4);
	tb_write(&cpu, HVC_PMXEVCNTR_WRITE, A15, 0x4444);
	tb_write(&cpu, HVC_PMXEVTYPER_WRITE, A15, 0x73);
	tb_write(&cpu, HVC_PMCNTENSET_WRITE, A15, 0x10);
	tb_write(&cpu, HVC_PMCNTENCLR_WRITE, A15, 0x1);
	tb_write(&cpu, HVC_PMINTENSET_WRITE, A15, 0x80000000u);
	tb_write(&cpu, HVC_PMINTENCLR_WRITE, A15, 0x2);
	tb_write(&cpu, HVC_PMOVSR_WRITE, A15, 0xFFFFFFFFu);
	tb_write_ccnt(&cpu, A15, 0x500000000ull);
	after = fake_pmu_peek();
	assert_true(fake_pmu_equal(&before, &after));   /* the A7 hardware untouched */
	/* reads still show the snapshot (only the selection is the queued one) */
	assert_int_equal(tb_read(&cpu, HVC_PMCR_READ, A15), 0x410F3011u);
	assert_int_equal(tb_read(&cpu, HVC_PMSELR_READ, A15), 4);
	assert_int_equal(tb_read(&cpu, HVC_PMXEVCNTR_READ, A15), 0x100004);
	assert_int_equal(tb_read(&cpu, HVC_PMCNTENSET_READ, A15), 0x80000003u);
	assert_int_equal(tb_ccnt(&cpu, A15), 0x100000CCull);

	pmu_test_switch(&cpu, A15);
	struct fake_pmu s = fake_pmu_peek();
	assert_int_equal(s.pmcr, 0x1);
	assert_int_equal(s.selr, 4);
	assert_int_equal(s.evcntr[4], 0x4444);
	assert_int_equal(s.evtyper[4], 0x73);
	assert_int_equal(s.evcntr[3], 0x100003);
	assert_int_equal(s.cnten, 0x80000012u);
	assert_int_equal(s.inten, 0x80000000u);
	assert_int_equal(s.ovs, 0);
	assert_int_equal(tb_ccnt(&cpu, A15), 0x500000000ull);
	/* applied once: the next switch-in does not replay them */
	tb_write(&cpu, HVC_PMXEVCNTR_WRITE, A15, 7);
	pmu_test_switch(&cpu, A7);
	pmu_test_switch(&cpu, A15);
	assert_int_equal(fake_pmu_peek().evcntr[4], 7);
}

/* Deferred writes apply in every state, after that state's restore. */
static void deferred_apply_in_states_1_and_2(void **state)
{
	(void)state;
	pmu_hvc_pmu_switch(&cpu, 0);
	pmu_test_switch(&cpu, A7);                               /* state 1 */
	tb_write(&cpu, HVC_PMCNTENSET_WRITE, A15, 0x4);
	tb_write(&cpu, HVC_PMXEVCNTR_WRITE, A15, 0xAB);          /* base PMSELR: reset 0 */
	pmu_test_switch(&cpu, A15);
	assert_int_equal(fake_pmu_peek().cnten, 0x4);
	assert_int_equal(fake_pmu_peek().evcntr[0], 0xAB);
	assert_int_equal(fake_pmu_peek().evcntr[1], 0xDEAD0001u);

	uint32_t v = 2;
	pmu_trap(&cpu, CPK_PMSELR, false, &v, false);  /* state 2, PMSELR = 2 */
	pmu_test_switch(&cpu, A7);
	tb_write(&cpu, HVC_PMXEVCNTR_WRITE, A15, 0xCD);          /* base: the migrated PMSELR 2 */
	pmu_test_switch(&cpu, A15);
	assert_int_equal(pmu_state(&cpu), 2);
	assert_int_equal(fake_pmu_peek().evcntr[2], 0xCD);
}

/* Leaving state 3 (HVC_PMU_SWITCH(0)) drops what waits for the inactive
 * cluster: a later user of the PMU (state 1 or 2) does not get it. */
static void leaving_state3_drops_deferred(void **state)
{
	(void)state;
	tb_write(&cpu, HVC_PMCR_WRITE, A15, 0x1);
	tb_write(&cpu, HVC_PMCNTENSET_WRITE, A15, 0x3);
	pmu_test_switch(&cpu, A7);                               /* A15 saved, E = 1 */
	tb_write(&cpu, HVC_PMCNTENCLR_WRITE, A15, 0xffffffffu);  /* deferred */
	tb_write(&cpu, HVC_PMCR_WRITE, A15, 0);                  /* deferred */
	tb_write(&cpu, HVC_PMXEVCNTR_WRITE, A15, 0x55);          /* deferred */
	assert_int_equal(pmu_hvc_pmu_switch(&cpu, 0), 0);
	assert_int_equal(pmu_state(&cpu), 1);
	pmu_test_switch(&cpu, A15);                              /* state 1: reset, nothing applied */
	assert_int_equal(fake_pmu_peek().cnten, 0);
	assert_int_equal(fake_pmu_peek().evcntr[0], 0xDEAD0000u);
	/* writes made in state 1 still wait for the switch-in, as before */
	tb_write(&cpu, HVC_PMCNTENSET_WRITE, A7, 0x4);
	pmu_hvc_pmu_switch(&cpu, 0);                             /* 1 -> 1: kept */
	pmu_test_switch(&cpu, A7);
	assert_int_equal(fake_pmu_peek().cnten, 0x4);
}

static void bad_cluster_changes_nothing(void **state)
{
	(void)state;
	static const uint32_t bad[] = { 2, 3, 0x80000000u, 0xFFFFFFFFu };

	program(A15, 0x100000);
	pmu_test_switch(&cpu, A7);
	struct pmu_cpu before_cpu = cpu;
	struct fake_pmu before = fake_pmu_peek(), after;

	for (unsigned b = 0; b < 4; b++) {
		for (uint32_t fid = HVC_PMCR_READ; fid <= HVC_PMINTENCLR_WRITE; fid++) {
			struct pmu_hvc_out o = pmu_typeb_call(&cpu, fid, bad[b], 0xFFFFFFFFu, 0xFFFFFFFFu);
			bool write = (fid & 1u) != 0;

			assert_int_equal(o.r[0], write ? EINVAL32 : 0);
			assert_int_equal(o.r[1], 0);
			assert_int_equal(o.r[3], EINVAL32);
		}
	}
	after = fake_pmu_peek();
	assert_true(fake_pmu_equal(&before, &after));
	assert_memory_equal(&before_cpu, &cpu, sizeof(cpu));
}

static void fid_range(void **state)
{
	(void)state;
	assert_false(pmu_is_typeb_fid(0x90000FFFu));
	assert_true(pmu_is_typeb_fid(0x90001000u));
	assert_true(pmu_is_typeb_fid(0x90001013u));
	assert_false(pmu_is_typeb_fid(0x90001014u));
	assert_false(pmu_is_typeb_fid(HVC_PMU_SWITCH));
	struct pmu_hvc_out o = pmu_typeb_call(&cpu, 0x90001014u, 0, 0, 0);
	assert_int_equal(o.r[0], 0xFFFFFFFFu);
	o = pmu_typeb_call(&cpu, 0x10001000u, 0, 0, 0);
	assert_int_equal(o.r[0], 0xFFFFFFFFu);
}

/* Type B is accepted in every state and never changes it. */
static void any_state_no_transition(void **state)
{
	(void)state;
	for (unsigned s = 1; s <= 3; s++) {
		pmu_cpu_init(&cpu, A15, fake_pmu_counters());
		if (s == 2) {
			uint32_t v;
			pmu_trap(&cpu, CPK_PMCR, true, &v, false);
		} else if (s == 3) {
			pmu_hvc_pmu_switch(&cpu, 1);
		}
		tb_write(&cpu, HVC_PMCNTENSET_WRITE, A15, 1);
		(void)tb_read(&cpu, HVC_PMCR_READ, A15);
		tb_write(&cpu, HVC_PMCNTENSET_WRITE, A7, 1);
		assert_int_equal(pmu_state(&cpu), s);
		assert_int_equal(fake_pmu_peek().cnten & 1u, 1u);
	}
}

/*
 * HVC_PMU_SWINC (ABI 1.2): a PMSWINC on the active cluster's own counters
 * (the A15's 6 here) that leaves the state alone. Counters 0, 1, 4, 5
 * count SW_INCR, 1 about to wrap; 2 counts another event; 3 is filtered
 * out at PL1 (P != NSK); 4 is filtered in (P == NSK).
 */
static void swinc_program(void)
{
	struct fake_pmu s = fake_pmu_peek();
	static const uint32_t types[6] = { 0x00, 0x00, 0x08, 0x80000000u, 0xA0000000u, 0x00 };

	s.pmcr = 1;
	s.cnten = 0x8000003Fu;
	s.ovs = 0;
	s.selr = 2;
	s.ccnt = 77;
	for (unsigned i = 0; i < 6; i++) {
		s.evtyper[i] = types[i];
		s.evcntr[i] = 100 * i;
	}
	s.evcntr[1] = 0xFFFFFFFFu;
	fake_pmu_poke(&s);
}

static void swinc_counts_enabled_sw_incr_counters(void **state)
{
	(void)state;
	swinc_program();
	struct pmu_cpu before = cpu;

	assert_int_equal(pmu_typeb_swinc(&cpu, 0xFFFFFFFFu), A15);
	struct fake_pmu s = fake_pmu_peek();
	assert_int_equal(s.evcntr[0], 1);
	assert_int_equal(s.evcntr[1], 0);                   /* wrapped ... */
	assert_int_equal(s.ovs, 0x2);                       /* ... and flagged, nothing else */
	assert_int_equal(s.evcntr[2], 200);                 /* event 0x08 */
	assert_int_equal(s.evcntr[3], 300);                 /* P alone: not at PL1 */
	assert_int_equal(s.evcntr[4], 401);                 /* P, NSK: PL1 counts */
	assert_int_equal(s.evcntr[5], 501);
	assert_int_equal(s.ccnt, 77);                       /* bit 31 ignored */
	assert_int_equal(s.selr, 2);                        /* the guest's selection kept */
	assert_int_equal(pmu_state(&cpu), 3);
	assert_memory_equal(&before, &cpu, sizeof(cpu));    /* no monitor state changed */

	pmu_typeb_swinc(&cpu, 0x20);                        /* only the counters named */
	s = fake_pmu_peek();
	assert_int_equal(s.evcntr[0], 1);
	assert_int_equal(s.evcntr[5], 502);
	pmu_typeb_swinc(&cpu, 0xFFFFFFC0u);                 /* bits 6-31: no counter, nothing */
	struct fake_pmu t = fake_pmu_peek();
	assert_true(fake_pmu_equal(&s, &t));

	tb_write(&cpu, HVC_PMCNTENCLR_WRITE, A15, 0x1);     /* disabled: does not count */
	pmu_typeb_swinc(&cpu, 0x21);
	assert_int_equal(fake_pmu_peek().evcntr[0], 1);
	assert_int_equal(fake_pmu_peek().evcntr[5], 503);
	tb_write(&cpu, HVC_PMCR_WRITE, A15, 0);             /* PMCR.E = 0: nothing counts */
	pmu_typeb_swinc(&cpu, 0x3F);
	assert_int_equal(fake_pmu_peek().evcntr[5], 503);
	assert_int_equal(fake_pmu_unpredictable(), 0);
}

/* The same filter rule as Type A's PMSWINC from PL1 (test_pmu_trap.c
 * software_increment_mode_filter): PL1 counts iff P == NSK. */
static void swinc_mode_filter(void **state)
{
	(void)state;
	static const struct { uint32_t type; bool pl1; } cases[] = {
		{ 0x00000000u, true }, { 0x80000000u, false }, { 0xA0000000u, true },
		{ 0x20000000u, false }, { 0x40000000u, true }, { 0x50000000u, true },
		{ 0xC0000000u, false },
	};
	struct fake_pmu s = fake_pmu_peek();

	s.pmcr = 1;
	s.cnten = 0x1;
	for (unsigned k = 0; k < sizeof(cases) / sizeof(cases[0]); k++) {
		s.evtyper[0] = cases[k].type;
		s.evcntr[0] = 100;
		fake_pmu_poke(&s);
		pmu_typeb_swinc(&cpu, 1);
		assert_int_equal(fake_pmu_peek().evcntr[0], 100 + cases[k].pl1);
	}
}

/* The active A7: its 4 counters, not the hardware's counters 4, 5. */
static void swinc_active_a7_four_counters(void **state)
{
	(void)state;
	pmu_test_switch(&cpu, A7);
	swinc_program();
	assert_int_equal(pmu_typeb_swinc(&cpu, 0xFFFFFFFFu), A7);
	struct fake_pmu s = fake_pmu_peek();
	assert_int_equal(s.evcntr[0], 1);
	assert_int_equal(s.evcntr[1], 0);
	assert_int_equal(s.ovs, 0x2);
	assert_int_equal(s.evcntr[4], 400);                 /* not the A7's */
	assert_int_equal(s.evcntr[5], 500);
	assert_int_equal(pmu_state(&cpu), 3);
}

/* Every state, none left: in state 2 the counters past HDCR.HPMN = 4
 * (4, 5) are frozen (HPME = 0) and count SW_INCR no more than any event. */
static void swinc_any_state_no_transition(void **state)
{
	(void)state;
	for (unsigned st = 1; st <= 3; st++) {
		pmu_cpu_init(&cpu, A15, fake_pmu_counters());
		if (st == 2) {
			uint32_t v;
			pmu_trap(&cpu, CPK_PMCR, true, &v, false);
		} else if (st == 3) {
			pmu_hvc_pmu_switch(&cpu, 1);
		}
		swinc_program();
		assert_int_equal(pmu_typeb_swinc(&cpu, 0x3F), A15);
		assert_int_equal(pmu_state(&cpu), st);
		assert_int_equal(fake_pmu_peek().evcntr[0], 1);
		assert_int_equal(fake_pmu_peek().evcntr[5], st == 2 ? 500 : 501);
	}
}


/*
 * The inactive cluster's PMSELR, PMXEVTYPER and PMXEVCNTR reads take the
 * saved PMSELR without testing ever_active and bound PMXEVCNTR's selection
 * by the snapshot's array, not the cluster's counter count (issue #29,
 * docs/performance.md): both rest on the snapshot being zero until the
 * cluster's first switch-out and past its counters for ever (pmu.h).
 * Compared value for value with the general reading, which tests both,
 * after every step of a long pseudo-random sequence of switches (states 1,
 * 2, 3), Type B writes to either cluster (queued selections, valid or
 * not), any PMSELR in the hardware (the guest's own in state 2) and counting, on both physical PMUs (the A15's counters 4, 5 kept
 * on a physical A7).
 */
static uint32_t ref_selr(const struct pmu_cpu *p, unsigned c)
{
	if (p->pending[c].flags & DEF_SELR)
		return p->pending[c].selr;
	return p->ever_active[c] ? p->saved[c].selr : 0;
}

static void check_inactive_reads(struct pmu_cpu *p)
{
	static const unsigned n[2] = { 6, 4 };
	unsigned c = p->active ^ 1u;
	const struct pmu_regs *s = &p->saved[c];
	uint32_t sel = ref_selr(p, c);
	uint32_t type = sel == 31 ? s->ccfiltr : sel < n[c] ? s->evtyper[sel] : 0;
	uint32_t cnt = sel < n[c] ? s->evcntr[sel] : 0;
	struct pmu_hvc_out o;

	o = pmu_typeb_call(p, HVC_PMSELR_READ, c, 0, 0);
	assert_int_equal(o.r[0], sel);
	assert_int_equal(o.r[3], 0);
	o = pmu_typeb_call(p, HVC_PMXEVTYPER_READ, c, 0, 0);
	assert_int_equal(o.r[0], type);
	assert_int_equal(o.r[3], 0);
	o = pmu_typeb_call(p, HVC_PMXEVCNTR_READ, c, 0, 0);
	assert_int_equal(o.r[0], cnt);
	assert_int_equal(o.r[1], 0);
	assert_int_equal(o.r[2], 0);
	assert_int_equal(o.r[3], 0);
}

static void inactive_selection_reads_as_general(void **state)
{
	(void)state;
	static const uint32_t pmus[2] = { FAKE_PMCR_A15, FAKE_PMCR_A7 };
	static const uint32_t wfids[] = { HVC_PMSELR_WRITE, HVC_PMXEVTYPER_WRITE,
					  HVC_PMXEVCNTR_WRITE, HVC_PMCNTENSET_WRITE };

	for (unsigned hw = 0; hw < 2; hw++) {
		for (unsigned boot = 0; boot < 2; boot++) {
			uint32_t x = 0x2545F491u + hw * 7u + boot;

			fake_pmu_power_on_as(pmus[hw]);
			pmu_cpu_init(&cpu, boot, fake_pmu_counters());
			check_inactive_reads(&cpu);   /* never active: all zero */
			for (unsigned step = 0; step < 4000; step++) {
				x ^= x << 13; x ^= x >> 17; x ^= x << 5;
				unsigned op = x % 16, c = (x >> 4) & 1u;
				uint32_t v = x >> 8;

				if (op == 0) {
					pmu_test_switch(&cpu, cpu.active ^ 1u);
				} else if (op == 1) {
					pmu_hvc_pmu_switch(&cpu, (x >> 5) & 1u);   /* states 1, 3 */
				} else if (op == 2) {
					uint32_t r;   /* a Type A access: state 2 */
					pmu_trap(&cpu, CPK_PMCR, true, &r, false);
				} else if (op == 3) {
					fake_pmu_tick(v & 0xffffu);
				} else if (op == 4) {
					/* the guest's own MCR in state 2: any selection */
					struct fake_pmu h = fake_pmu_peek();
					h.selr = v % 32;
					fake_pmu_poke(&h);
				} else {
					uint32_t fid = wfids[op % 4];

					if (fid == HVC_PMSELR_WRITE)
						v = (v & 1u) ? 31 : v % 8;   /* some the cluster lacks */
					(void)pmu_typeb_call(&cpu, fid, c, v, 0);
				}
				check_inactive_reads(&cpu);
			}
		}
	}
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup(never_active_reads_zero, setup),
		cmocka_unit_test_setup(active_a15_every_call, setup),
		cmocka_unit_test_setup(active_a7_shows_four_counters, setup),
		cmocka_unit_test_setup(a15_selr_limits, setup),
		cmocka_unit_test_setup(inactive_reads_snapshot_never_mixed, setup),
		cmocka_unit_test_setup(inactive_writes_are_deferred, setup),
		cmocka_unit_test_setup(deferred_apply_in_states_1_and_2, setup),
		cmocka_unit_test_setup(leaving_state3_drops_deferred, setup),
		cmocka_unit_test_setup(bad_cluster_changes_nothing, setup),
		cmocka_unit_test_setup(fid_range, setup),
		cmocka_unit_test_setup(any_state_no_transition, setup),
		cmocka_unit_test_setup(swinc_counts_enabled_sw_incr_counters, setup),
		cmocka_unit_test_setup(swinc_mode_filter, setup),
		cmocka_unit_test_setup(swinc_active_a7_four_counters, setup),
		cmocka_unit_test_setup(swinc_any_state_no_transition, setup),
		cmocka_unit_test_setup(inactive_selection_reads_as_general, setup),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
