/* The cycle counter on a physical PMU whose counter has 64 bits (PMUv3,
 * PMU_HW_CCNT64: the fake in fake_pmu_ccnt64() mode, as AArch64's
 * PMCCNTR_EL0): the count a guest reads natively in state 2 (the
 * hardware's 64 bits) and the monitor's 64-bit view (trapped MRS, Type B,
 * SYNC, switches) are one value - values above 2^32, in every state, a
 * 64-bit write followed by reads, across cluster switches. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <cmocka.h>
#include "pmu.h"
#include "cpregs.h"
#include "fake_pmu_hw.h"
#include "pmu_calls.h"

static struct pmu_cpu cpu;

static int setup(void **state)
{
	(void)state;
	fake_pmu_power_on();
	fake_pmu_ccnt64(true);
	pmu_cpu_init(&cpu, CLUSTER_A15, fake_pmu_counters());
	return 0;
}

/* What a guest's MRS PMCCNTR_EL0 returns in state s: natively the
 * hardware's 64 bits in state 2, else trapped - the general way
 * (pmu_trap_ccnt64) and the hot form (pmu_trap_read_ccnt64), which agree;
 * the access moves to state 2. */
static uint64_t guest_read(void)
{
	uint64_t v = 0, hot;

	if (pmu_state(&cpu) == 2)
		return pmu_hw_read_ccnt64();
	unsigned s = pmu_state(&cpu);

	assert_int_equal(pmu_trap_ccnt64(&cpu, true, &v, false), PMU_TRAP_DONE);
	assert_int_equal(pmu_state(&cpu), 2);
	pmu_hvc_pmu_switch(&cpu, s == 3);
	hot = pmu_trap_read_ccnt64(&cpu);
	assert_true(hot == v);
	pmu_hvc_pmu_switch(&cpu, s == 3);
	return v;
}

/* A guest's MSR PMCCNTR_EL0 of all 64 bits in state s (native in 2;
 * trapped, it moves to 2: back to s after it, as the test wants s). */
static void guest_write(uint64_t v)
{
	unsigned s = pmu_state(&cpu);

	if (s == 2) {
		pmu_hw_write_ccnt64(v);
		return;
	}
	assert_int_equal(pmu_trap_ccnt64(&cpu, false, &v, false), PMU_TRAP_DONE);
	assert_int_equal(pmu_state(&cpu), 2);
	pmu_hvc_pmu_switch(&cpu, s == 3);
}

static void to(unsigned s)
{
	if (s == 2) {   /* a trapped access: PMSELR written with its own value */
		uint32_t v = 0;

		pmu_hvc_pmu_switch(&cpu, 1);
		assert_int_equal(pmu_trap(&cpu, CPK_PMSELR, true, &v, false), PMU_TRAP_DONE);
	} else {
		pmu_hvc_pmu_switch(&cpu, s == 3);
	}
	assert_int_equal(pmu_state(&cpu), s);
}

static const uint64_t vals[] = { 0x500000007ull, 0x123456789ABCDEF0ull, 0xFFFFFFFFFFFFFFFFull,
				 0x100000000ull, 0x00000001FFFFFFFFull };

/* A write in any state, then reads in every state (stopped): exact, and
 * the hardware holds all 64 bits - a native read sees the trapped write. */
static void write_then_read_every_state(void **state)
{
	(void)state;
	for (unsigned w = 1; w <= 3; w++)
		for (unsigned k = 0; k < sizeof(vals) / sizeof(vals[0]); k++) {
			to(w);
			guest_write(vals[k]);
			assert_int_equal(fake_pmu_peek().ccnt, (uint32_t)vals[k]);
			assert_int_equal(fake_pmu_peek().ccnt_hi, (uint32_t)(vals[k] >> 32));
			for (unsigned r = 1; r <= 3; r++) {
				to(r);
				assert_true(guest_read() == vals[k]);
				assert_true(tb_ccnt(&cpu, A15) == vals[k]);
			}
		}
}

/* Type B's 64-bit write and SYNC's READ of the same counter. */
static void typeb_and_sync(void **state)
{
	(void)state;
	to(2);
	tb_write_ccnt(&cpu, A15, 0xABCD000012345678ull);
	assert_true(guest_read() == 0xABCD000012345678ull);   /* native */
	struct counter_ e = sync_one(&cpu, sync_entry(A15, PMU_CYCLE_COUNTER, PMU_READ_COUNTER, 0, 0),
				     BL_HVC_SUCCESS);
	assert_int_equal(e.counter_value, 0x12345678u);
	to(3);
	assert_true(guest_read() == 0xABCD000012345678ull);
}

/* Running: the hardware carries itself, so more than 2^32 cycles between
 * two looks stay exact (a 32-bit counter's carried upper word could not). */
static void running_past_2_32_unobserved(void **state)
{
	(void)state;
	to(2);
	guest_write(0x00000005FFFFFF00ull);
	tb_write(&cpu, HVC_PMCNTENSET_WRITE, A15, 0x80000000u);
	tb_write(&cpu, HVC_PMCR_WRITE, A15, 1);
	fake_pmu_tick(0xFFFFFFFFu);
	fake_pmu_tick(0xFFFFFFFFu);
	fake_pmu_tick(0x202u);
	assert_true(guest_read() == 0x0000000800000100ull);
	to(3);
	assert_true(guest_read() == 0x0000000800000100ull);
	assert_true(tb_ccnt(&cpu, A15) == 0x0000000800000100ull);
}

/* Across switches: state 2 migrates the context (the inbound core reads
 * what the outbound counted), state 3 keeps one per cluster, state 1
 * restores nothing (the inbound core's reset poison, upper word 0). */
static void across_switches(void **state)
{
	(void)state;
	to(2);
	guest_write(0x0000000700000010ull);
	pmu_test_switch(&cpu, A7);
	assert_int_equal(pmu_state(&cpu), 2);
	assert_true(guest_read() == 0x0000000700000010ull);
	assert_true(tb_ccnt(&cpu, A15) == 0x0000000700000010ull);   /* the snapshot */
	guest_write(0x0000000900000001ull);                         /* native, on the A7 */
	pmu_test_switch(&cpu, A15);
	assert_true(guest_read() == 0x0000000900000001ull);

	to(3);
	guest_write(0x0000000A0000000Bull);                         /* the A15's */
	pmu_test_switch(&cpu, A7);
	assert_true(tb_ccnt(&cpu, A15) == 0x0000000A0000000Bull);
	assert_true(guest_read() == 0x0000000900000001ull);         /* the A7's own, from state 2 */
	guest_write(0x0000000C0000000Dull);
	pmu_test_switch(&cpu, A15);
	assert_true(guest_read() == 0x0000000A0000000Bull);
	assert_true(tb_ccnt(&cpu, A7) == 0x0000000C0000000Dull);
	to(2);
	assert_true(guest_read() == 0x0000000A0000000Bull);         /* native, after the restore */

	to(1);
	pmu_test_switch(&cpu, A7);
	assert_true(guest_read() == PMU_POISON(PMU_SEL_CCNT));
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup(write_then_read_every_state, setup),
		cmocka_unit_test_setup(typeb_and_sync, setup),
		cmocka_unit_test_setup(running_past_2_32_unobserved, setup),
		cmocka_unit_test_setup(across_switches, setup),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
