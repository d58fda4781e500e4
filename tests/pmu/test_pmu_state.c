/* States and every transition of spec 3.1.1, the HDCR bits each state
 * wants, and that transitions never touch the hardware. */
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
	pmu_cpu_init(&cpu, CLUSTER_A15, fake_pmu_counters());
	return 0;
}

static enum pmu_trap_rc trap_read(uint32_t key, uint32_t *v)
{
	return pmu_trap(&cpu, key, true, v, false);
}

static void boots_in_state_1_at_reset(void **state)
{
	(void)state;
	struct fake_pmu s = fake_pmu_peek();

	assert_int_equal(pmu_state(&cpu), 1);
	assert_int_equal(pmu_active_cluster(&cpu), CLUSTER_A15);
	assert_int_equal(s.pmcr, 0);
	assert_int_equal(s.cnten, 0);
	assert_int_equal(s.inten, 0);
	assert_int_equal(s.ovs, 0);
	assert_int_equal(s.userenr, 0);
	assert_int_equal(s.selr, 0);
	assert_int_equal(s.evcntr[0], 0xDEAD0000u);
	assert_int_equal(s.evcntr[5], 0xDEAD0005u);
	assert_int_equal(s.ccnt, 0xDEAD001Fu);
	assert_int_equal(s.evtyper[2], 0xDEAD0002u & FAKE_EVTYPER_KEEP);
	assert_int_equal(s.ccfiltr, 0);
}

static void boot_on_a7_and_bad_boot_cluster(void **state)
{
	(void)state;
	pmu_cpu_init(&cpu, CLUSTER_A7, fake_pmu_counters());
	assert_int_equal(pmu_active_cluster(&cpu), CLUSTER_A7);
	pmu_cpu_init(&cpu, 7, fake_pmu_counters());
	assert_int_equal(pmu_active_cluster(&cpu), CLUSTER_A15);
	assert_int_equal(pmu_state(&cpu), 1);
}

static void hdcr_per_state(void **state)
{
	(void)state;
	uint32_t v;

	/* 1: TPM, HPMN 6 */
	assert_int_equal(pmu_hdcr_bits(&cpu), 0x46u);
	assert_int_equal(trap_read(CPK_PMCR, &v), PMU_TRAP_DONE);
	/* 2: TPMCR, HPMN 4 */
	assert_int_equal(pmu_hdcr_bits(&cpu), 0x24u);
	assert_int_equal(pmu_hvc_pmu_switch(&cpu, 1), 0);
	/* 3: TPM, HPMN 6 */
	assert_int_equal(pmu_hdcr_bits(&cpu), 0x46u);
}

static void transition_1_to_2_by_any_access(void **state)
{
	(void)state;
	static const uint32_t keys[] = { CPK_PMCR, CPK_PMCNTENSET, CPK_PMCNTENCLR, CPK_PMOVSR,
		CPK_PMSELR, CPK_PMCEID0, CPK_PMCEID1, CPK_PMCCNTR, CPK_PMXEVTYPER,
		CPK_PMXEVCNTR, CPK_PMUSERENR, CPK_PMINTENSET, CPK_PMINTENCLR };

	for (unsigned k = 0; k < sizeof(keys) / sizeof(keys[0]); k++) {
		uint32_t v = 0;

		pmu_cpu_init(&cpu, CLUSTER_A15, fake_pmu_counters());
		assert_int_equal(trap_read(keys[k], &v), PMU_TRAP_DONE);
		assert_int_equal(pmu_state(&cpu), 2);
	}
	pmu_cpu_init(&cpu, CLUSTER_A15, fake_pmu_counters());
	uint32_t w = 0;
	assert_int_equal(pmu_trap(&cpu, CPK_PMSWINC, false, &w, false), PMU_TRAP_DONE);
	assert_int_equal(pmu_state(&cpu), 2);
}

static void transition_1_to_3_and_2_to_3(void **state)
{
	(void)state;
	uint32_t v;

	assert_int_equal(pmu_hvc_pmu_switch(&cpu, 1), 0);
	assert_int_equal(pmu_state(&cpu), 3);
	pmu_cpu_init(&cpu, CLUSTER_A15, fake_pmu_counters());
	trap_read(CPK_PMCR, &v);
	assert_int_equal(pmu_state(&cpu), 2);
	assert_int_equal(pmu_hvc_pmu_switch(&cpu, 1), 0);
	assert_int_equal(pmu_state(&cpu), 3);
	assert_int_equal(pmu_hvc_pmu_switch(&cpu, 1), 0);    /* 3 -> 3 no-op */
	assert_int_equal(pmu_state(&cpu), 3);
}

static void transition_3_to_2_and_3_to_1_and_2_to_1(void **state)
{
	(void)state;
	uint32_t v = 0;

	pmu_hvc_pmu_switch(&cpu, 1);
	assert_int_equal(pmu_trap(&cpu, CPK_PMCNTENSET, false, &v, false), PMU_TRAP_DONE);
	assert_int_equal(pmu_state(&cpu), 2);
	assert_int_equal(pmu_hvc_pmu_switch(&cpu, 0), 0);
	assert_int_equal(pmu_state(&cpu), 1);
	assert_int_equal(pmu_hvc_pmu_switch(&cpu, 0), 0);    /* 1 -> 1 no-op */
	assert_int_equal(pmu_state(&cpu), 1);
	pmu_hvc_pmu_switch(&cpu, 1);
	assert_int_equal(pmu_hvc_pmu_switch(&cpu, 0), 0);
	assert_int_equal(pmu_state(&cpu), 1);
}

static void bad_switch_argument_changes_nothing(void **state)
{
	(void)state;
	static const uint32_t bad[] = { 2, 3, 0x80000000u, 0xFFFFFFFFu };

	for (unsigned s = 1; s <= 3; s++) {
		pmu_cpu_init(&cpu, CLUSTER_A15, fake_pmu_counters());
		if (s == 2) {
			uint32_t v;
			trap_read(CPK_PMCR, &v);
		} else if (s == 3) {
			pmu_hvc_pmu_switch(&cpu, 1);
		}
		for (unsigned k = 0; k < 4; k++) {
			assert_int_equal(pmu_hvc_pmu_switch(&cpu, bad[k]), -3);
			assert_int_equal(pmu_state(&cpu), s);
		}
	}
}

/* "the hardware registers are not touched by a transition" */
static void transitions_do_not_touch_hardware(void **state)
{
	(void)state;
	struct fake_pmu before = fake_pmu_peek(), after;

	fake_pmu_reset_counts();
	pmu_hvc_pmu_switch(&cpu, 1);
	pmu_hvc_pmu_switch(&cpu, 0);
	pmu_hvc_pmu_switch(&cpu, 1);
	pmu_hvc_pmu_switch(&cpu, 5);
	assert_int_equal(fake_pmu_reads() + fake_pmu_writes(), 0);
	after = fake_pmu_peek();
	assert_true(fake_pmu_equal(&before, &after));
}

/* An access that UNDEFs accessed nothing: no transition. */
static void undef_does_not_transition(void **state)
{
	(void)state;
	uint32_t v = 0;

	assert_int_equal(trap_read(CP_KEY(0, 9, 14, 4), &v), PMU_TRAP_UNDEF);
	assert_int_equal(pmu_state(&cpu), 1);
	pmu_hvc_pmu_switch(&cpu, 1);
	assert_int_equal(pmu_trap(&cpu, CPK_PMCEID0, false, &v, false), PMU_TRAP_UNDEF);
	assert_int_equal(pmu_state(&cpu), 3);
}

/* A switch does not change the state either, in any state. */
static void switch_keeps_state(void **state)
{
	(void)state;
	uint32_t v;

	pmu_test_switch(&cpu, CLUSTER_A7);
	assert_int_equal(pmu_state(&cpu), 1);
	assert_int_equal(pmu_active_cluster(&cpu), CLUSTER_A7);
	trap_read(CPK_PMCR, &v);
	pmu_test_switch(&cpu, CLUSTER_A15);
	assert_int_equal(pmu_state(&cpu), 2);
	pmu_hvc_pmu_switch(&cpu, 1);
	pmu_test_switch(&cpu, CLUSTER_A7);
	assert_int_equal(pmu_state(&cpu), 3);
	assert_int_equal(pmu_active_cluster(&cpu), CLUSTER_A7);
	pmu_switch_out(&cpu);
	pmu_hw_reset(&cpu, CLUSTER_A7);
	pmu_switch_in(&cpu, 9);          /* out of range: stays on the outbound cluster */
	assert_int_equal(pmu_active_cluster(&cpu), CLUSTER_A7);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup(boots_in_state_1_at_reset, setup),
		cmocka_unit_test_setup(boot_on_a7_and_bad_boot_cluster, setup),
		cmocka_unit_test_setup(hdcr_per_state, setup),
		cmocka_unit_test_setup(transition_1_to_2_by_any_access, setup),
		cmocka_unit_test_setup(transition_1_to_3_and_2_to_3, setup),
		cmocka_unit_test_setup(transition_3_to_2_and_3_to_1_and_2_to_1, setup),
		cmocka_unit_test_setup(bad_switch_argument_changes_nothing, setup),
		cmocka_unit_test_setup(transitions_do_not_touch_hardware, setup),
		cmocka_unit_test_setup(undef_does_not_transition, setup),
		cmocka_unit_test_setup(switch_keeps_state, setup),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
