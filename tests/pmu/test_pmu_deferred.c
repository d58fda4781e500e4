/*
 * Deferred Type B writes (and SYNC writes) to the inactive cluster must be
 * EXACTLY what replaying them in order would do to the registers the
 * cluster has after its switch-in restore. The reference here is that
 * replay, written the straightforward way over a copy of those registers;
 * random sequences (fixed seeds) in all three states, on both clusters,
 * on a physical PMU with 6 counters and with 4 (the A15's 4, 5 kept by
 * the monitor: whole types, seen through Type B).
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdio.h>
#include <cmocka.h>
#include "pmu_hvc.h"
#include "cpregs.h"
#include "fake_pmu_hw.h"
#include "pmu_calls.h"

static struct pmu_cpu cpu;
static uint32_t rng;

static uint32_t rnd(void)
{
	rng ^= rng << 13;
	rng ^= rng >> 17;
	rng ^= rng << 5;
	return rng;
}

/* ---- the reference: in-order replay on one cluster's registers ---------- */
struct model {
	struct fake_pmu r;   /* r.ccnt unused: see ccnt */
	uint64_t ccnt;
	unsigned n, phys;    /* the cluster's counters, the hardware's */
};

static uint32_t mmask(const struct model *m) { return ((1u << m->n) - 1u) | (1u << 31); }
/* What a type write keeps: the hardware drops reserved bits, a kept
 * counter's register holds the whole value. */
static uint32_t type_keep(const struct model *m, unsigned i)
{
	return i < m->phys ? FAKE_EVTYPER_KEEP : ~0u;
}

static int32_t model_typeb(struct model *m, uint32_t fid, uint32_t v, uint32_t hi)
{
	uint32_t msk = mmask(m);

	switch (fid) {
	case HVC_PMCR_WRITE:
		m->r.pmcr = v & 0x39u;
		if (v & 2u)
			for (unsigned i = 0; i < m->n; i++)
				m->r.evcntr[i] = 0;
		if (v & 4u)
			m->ccnt = 0;
		break;
	case HVC_PMSELR_WRITE:
		if (v >= m->n && v != 31)
			return -3;
		m->r.selr = v;
		break;
	case HVC_PMXEVTYPER_WRITE:
		if (m->r.selr < m->n)
			m->r.evtyper[m->r.selr] = v & type_keep(m, m->r.selr);
		else if (m->r.selr == 31)
			m->r.ccfiltr = v & FAKE_CCFILTR_KEEP;
		break;
	case HVC_PMXEVCNTR_WRITE:
		if (m->r.selr < m->n)
			m->r.evcntr[m->r.selr] = v;
		break;
	case HVC_PMCNTENSET_WRITE: m->r.cnten |= v & msk; break;
	case HVC_PMCNTENCLR_WRITE: m->r.cnten &= ~(v & msk); break;
	case HVC_PMINTENSET_WRITE: m->r.inten |= v & msk; break;
	case HVC_PMINTENCLR_WRITE: m->r.inten &= ~(v & msk); break;
	case HVC_PMOVSR_WRITE:     m->r.ovs &= ~(v & msk); break;
	case HVC_PMCCNTR_WRITE:    m->ccnt = ((uint64_t)hi << 32) | v; break;
	default: break;            /* reads */
	}
	return 0;
}

static void model_sync(struct model *m, const struct counter_ *e)
{
	uint32_t msk = mmask(m);
	if (e->selected_counter == PMU_OVERFLOW_FLAG) {
		if (e->request_code == PMU_READ_RESET_COUNTER)
			m->r.ovs = (m->r.ovs & ~msk) | (e->reset_value & msk);
		return;
	}

	bool cyc = e->selected_counter == PMU_CYCLE_COUNTER;
	unsigned i = cyc ? 0 : e->selected_counter - 2;
	uint32_t bit = cyc ? 1u << 31 : 1u << i;
	switch (e->request_code) {
	case PMU_DISABLE_COUNTER:
		m->r.cnten &= ~bit;
		return;
	case PMU_CONF_COUNTER:
	case PMU_CONF_RESET_COUNTER:
		if (!cyc)
			m->r.evtyper[i] = e->event_type & type_keep(m, i);
		m->r.cnten |= bit;
		m->r.pmcr |= 1u;
		break;
	default:
		break;
	}
	if (e->request_code == PMU_CONF_RESET_COUNTER || e->request_code == PMU_READ_RESET_COUNTER) {
		if (cyc)
			m->ccnt = e->reset_value;
		else
			m->r.evcntr[i] = e->reset_value;
	}
}

/* ---- the system under test ---------------------------------------------- */
static uint64_t ccnt(unsigned c) { return tb_ccnt(&cpu, c); }
static void do_switch(unsigned to) { pmu_test_switch(&cpu, to); }

/* Active cluster c's registers as the model holds them: the hardware's,
 * with the counters it lacks (kept) and their bits read through Type B.
 * PMSELR is put back as it was. */
static struct fake_pmu observe(unsigned c, unsigned n)
{
	struct fake_pmu s = fake_pmu_peek();

	if (fake_pmu_counters() >= n)
		return s;
	for (unsigned i = fake_pmu_counters(); i < n; i++) {
		pmu_hw_write(PMU_HW_PMSELR, i);
		s.evtyper[i] = tb_read(&cpu, HVC_PMXEVTYPER_READ, c);
		s.evcntr[i] = tb_read(&cpu, HVC_PMXEVCNTR_READ, c);
	}
	pmu_hw_write(PMU_HW_PMSELR, s.selr);
	s.cnten = tb_read(&cpu, HVC_PMCNTENSET_READ, c);
	s.inten = tb_read(&cpu, HVC_PMINTENSET_READ, c);
	s.ovs = tb_read(&cpu, HVC_PMOVSR_READ, c);
	return s;
}

static uint32_t rnd_selr(unsigned n)
{
	switch (rnd() % 4) {
	case 0:  return 31;
	case 1:  return rnd() % 40;           /* often invalid */
	default: return rnd() % n;
	}
}

static void random_hw(unsigned c)
{
	struct fake_pmu s;

	for (unsigned i = 0; i < 6; i++) {
		s.evtyper[i] = rnd();
		s.evcntr[i] = rnd();
	}
	s.pmcr = rnd();
	s.cnten = rnd();
	s.inten = rnd();
	s.ovs = rnd();
	s.selr = rnd_selr(6);
	s.userenr = rnd();
	s.ccfiltr = rnd();
	s.ccnt = 0;
	fake_pmu_poke(&s);
	uint32_t lo = rnd(), hi = rnd() % 4;
	pmu_typeb_call(&cpu, HVC_PMCCNTR_WRITE, c, lo, hi);
}

/* Everything up to the switch back to `target`: target active with random
 * registers, then the other cluster, then state st. */
static void prepare(uint32_t pmcr_ro, unsigned st, unsigned target, uint32_t seed)
{
	uint32_t v;

	rng = seed;
	fake_pmu_power_on_as(pmcr_ro);
	pmu_cpu_init(&cpu, target, fake_pmu_counters());
	pmu_hvc_pmu_switch(&cpu, 1);
	random_hw(target);
	do_switch(target ^ 1u);
	random_hw(target ^ 1u);
	if (st == 1)
		pmu_hvc_pmu_switch(&cpu, 0);
	else if (st == 2)
		pmu_trap(&cpu, CPK_PMCR, true, &v, false);
	assert_int_equal(pmu_state(&cpu), st);
}

static const uint32_t write_fids[] = {
	HVC_PMCR_WRITE, HVC_PMSELR_WRITE, HVC_PMXEVTYPER_WRITE, HVC_PMCNTENSET_WRITE,
	HVC_PMCNTENCLR_WRITE, HVC_PMCCNTR_WRITE, HVC_PMOVSR_WRITE, HVC_PMXEVCNTR_WRITE,
	HVC_PMINTENSET_WRITE, HVC_PMINTENCLR_WRITE };

/* One random operation on the inactive cluster c, on both sides. */
static void random_op(struct model *m, unsigned c)
{
	uint32_t kind = rnd() % 16;

	if (kind < 11) {
		uint32_t fid = write_fids[rnd() % 10], v = rnd(), hi = rnd();

		if (fid == HVC_PMSELR_WRITE)
			v = rnd_selr(m->n);
		else if (fid == HVC_PMCR_WRITE && rnd() % 2)
			v &= ~6u;            /* P and C not every time */
		int32_t want = model_typeb(m, fid, v, hi);
		struct pmu_hvc_out o = pmu_typeb_call(&cpu, fid, c, v, hi);
		assert_int_equal(o.r[3], (uint32_t)want);
	} else if (kind < 13) {           /* reads change nothing */
		(void)pmu_typeb_call(&cpu, HVC_PMCR_READ + 2 * (rnd() % 10), c, rnd(), rnd());
	} else {                          /* a one-entry SYNC */
		struct descriptor d[2] = { 0 };
		struct counter_ *e = &d[1].counter;

		d[0].header.entries = 1;
		e->cluster_id = c;
		e->selected_counter = rnd() % (2 + m->n);
		e->request_code = 1 + rnd() % 5;
		if (e->selected_counter == PMU_OVERFLOW_FLAG && e->request_code < 4)
			e->request_code = 4 + rnd() % 2;
		e->event_type = rnd();
		e->reset_value = rnd();
		model_sync(m, e);
		assert_int_equal(pmu_sync(&cpu, d, 2), 0);
	}
}

static void run_case(uint32_t pmcr_ro, unsigned st, unsigned target, uint32_t seed, unsigned nops)
{
	struct model m;
	struct fake_pmu got;

	/* the base: what the state's restore gives with nothing queued */
	m.n = target == CLUSTER_A15 ? 6 : 4;
	prepare(pmcr_ro, st, target, seed);
	do_switch(target);
	m.r = observe(target, m.n);
	m.ccnt = ccnt(target);
	m.phys = fake_pmu_counters();

	/* the same again, with writes queued */
	prepare(pmcr_ro, st, target, seed);
	rng = seed * 2654435761u + 1u;
	for (unsigned k = 0; k < nops; k++)
		random_op(&m, target);
	do_switch(target);

	got = observe(target, m.n);
	m.r.ccnt = (uint32_t)m.ccnt;
	if (!fake_pmu_equal(&got, &m.r))
		fprintf(stderr, "PMU %08x state %u cluster %u seed %u differs\n", pmcr_ro, st, target, seed);
	assert_true(fake_pmu_equal(&got, &m.r));
	assert_true(ccnt(target) == m.ccnt);
	assert_int_equal(fake_pmu_unpredictable(), 0);
}

static void random_sequences_all_states(void **state)
{
	static const uint32_t cores[] = { FAKE_PMCR_A15, FAKE_PMCR_A7 };

	(void)state;
	for (unsigned k = 0; k < 2; k++)
		for (unsigned st = 1; st <= 3; st++)
			for (unsigned c = 0; c < 2; c++)
				for (uint32_t seed = 1; seed <= 400; seed++)
					run_case(cores[k], st, c, seed, 1 + seed % 48);
}

/* "a million queued writes neither overflow nor lose the latest value" */
static void a_million_writes(void **state)
{
	(void)state;
	run_case(FAKE_PMCR_A15, 3, CLUSTER_A15, 77, 1000000);
	run_case(FAKE_PMCR_A15, 2, CLUSTER_A7, 78, 1000000);
	run_case(FAKE_PMCR_A7, 1, CLUSTER_A15, 79, 1000000);
}

/* Hand-made cases of the subtle part: writes through the base PMSELR,
 * known writes after them, and PMCR.P in between. */
static void base_selection_cases(void **state)
{
	(void)state;
	struct pmu_hvc_out o;

	fake_pmu_power_on();
	pmu_cpu_init(&cpu, CLUSTER_A15, fake_pmu_counters());   /* state 1 */
	do_switch(CLUSTER_A7);
	/* base PMSELR will be 0 (reset) */
	pmu_typeb_call(&cpu, HVC_PMXEVCNTR_WRITE, CLUSTER_A15, 0x11, 0);  /* -> counter 0 */
	pmu_typeb_call(&cpu, HVC_PMCR_WRITE, CLUSTER_A15, 0x2, 0);        /* P: all 0 */
	pmu_typeb_call(&cpu, HVC_PMXEVCNTR_WRITE, CLUSTER_A15, 0x22, 0);  /* -> counter 0 */
	pmu_typeb_call(&cpu, HVC_PMXEVTYPER_WRITE, CLUSTER_A15, 0x33, 0); /* -> type 0 */
	struct descriptor d[2] = { 0 };
	d[0].header.entries = 1;
	d[1].counter = (struct counter_){ .cluster_id = 0, .selected_counter = 2,
		.event_type = 0x44, .request_code = PMU_CONF_COUNTER };
	assert_int_equal(pmu_sync(&cpu, d, 2), 0);                        /* type 0 = 0x44 */
	pmu_typeb_call(&cpu, HVC_PMSELR_WRITE, CLUSTER_A15, 3, 0);
	pmu_typeb_call(&cpu, HVC_PMXEVCNTR_WRITE, CLUSTER_A15, 0x55, 0);  /* -> counter 3 */
	o = pmu_typeb_call(&cpu, HVC_PMSELR_WRITE, CLUSTER_A15, 6, 0);    /* rejected */
	assert_int_equal(o.r[0], 0xFFFFFFFDu);
	pmu_typeb_call(&cpu, HVC_PMXEVCNTR_WRITE, CLUSTER_A15, 0x66, 0);  /* still counter 3 */
	do_switch(CLUSTER_A15);
	struct fake_pmu s = fake_pmu_peek();
	assert_int_equal(s.evcntr[0], 0x22);
	assert_int_equal(s.evtyper[0], 0x44);
	assert_int_equal(s.evcntr[1], 0);
	assert_int_equal(s.evcntr[3], 0x66);
	assert_int_equal(s.evtyper[1], 0xDEAD0001u & FAKE_EVTYPER_KEEP);
	assert_int_equal(s.selr, 3);
	assert_int_equal(s.pmcr, 1);                  /* CONF set E on top of the P write */
	assert_int_equal(s.cnten, 1);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(base_selection_cases),
		cmocka_unit_test(random_sequences_all_states),
		cmocka_unit_test(a_million_writes),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
