/* Cluster identities and Table 2. Expected values are worked out by hand
 * from the spec's table, not taken from the code's output. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <cmocka.h>
#include "pmu.h"

static unsigned popcount(uint32_t v)
{
	unsigned n = 0;

	for (; v; v &= v - 1)
		n++;
	return n;
}

static void identities(void **state)
{
	(void)state;
	assert_int_equal(pmu_cluster_desc[CLUSTER_A15].midr, 0x412FC0F1u);
	assert_int_equal((pmu_cluster_desc[CLUSTER_A15].midr >> 4) & 0xFFF, 0xC0F);
	assert_int_equal(pmu_cluster_desc[CLUSTER_A15].idcode, 0x0F);
	assert_int_equal(pmu_cluster_desc[CLUSTER_A15].ncounters, 6);
	assert_int_equal(pmu_cluster_desc[CLUSTER_A7].midr, 0x410FC075u);
	assert_int_equal((pmu_cluster_desc[CLUSTER_A7].midr >> 4) & 0xFFF, 0xC07);
	assert_int_equal(pmu_cluster_desc[CLUSTER_A7].idcode, 0x07);
	assert_int_equal(pmu_cluster_desc[CLUSTER_A7].ncounters, 4);
}

/* A15: events 0x00-0x05, 0x08-0x0B, 0x10-0x1D (no 0x06/07/0C-0F).
 * A7: 0x00-0x19 and 0x1D (no 0x1A-0x1C). Nothing listed in 0x20-0x3F. */
static void pmceid(void **state)
{
	(void)state;
	assert_int_equal(pmu_cluster_desc[CLUSTER_A15].pmceid0, 0x3FFF0F3Fu);
	assert_int_equal(pmu_cluster_desc[CLUSTER_A7].pmceid0, 0x23FFFFFFu);
	assert_int_equal(pmu_cluster_desc[CLUSTER_A15].pmceid1, 0);
	assert_int_equal(pmu_cluster_desc[CLUSTER_A7].pmceid1, 0);
	assert_int_equal(pmu_cluster_desc[CLUSTER_A15].events[0], 0x3FFF0F3Fu);
	assert_int_equal(pmu_cluster_desc[CLUSTER_A7].events[1], 0);
}

/* Row counts of Table 2: A15 24 type-1 + 43 type-2 = 67; A7 27 type-1 +
 * 4 type-2 + 10 type-3 = 41. */
static void event_counts(void **state)
{
	(void)state;
	unsigned a15 = 0, a7 = 0;

	for (unsigned w = 0; w < 8; w++) {
		a15 += popcount(pmu_cluster_desc[CLUSTER_A15].events[w]);
		a7 += popcount(pmu_cluster_desc[CLUSTER_A7].events[w]);
	}
	assert_int_equal(a15, 67);
	assert_int_equal(a7, 41);
	/* word 2 (0x40-0x5F) on the A15: 40-43, 46-48, 4C, 4D, 50-53, 56-58 */
	assert_int_equal(pmu_cluster_desc[CLUSTER_A15].events[2], 0x01CF31CFu);
	/* word 6 (0xC0-0xDF) on the A7: C0-C5, C7-CA */
	assert_int_equal(pmu_cluster_desc[CLUSTER_A7].events[6], 0x000007BFu);
	assert_int_equal(pmu_cluster_desc[CLUSTER_A15].events[6], 0);
}

static void implemented(void **state)
{
	(void)state;
	/* common */
	assert_true(pmu_event_implemented(CLUSTER_A15, 0x11));
	assert_true(pmu_event_implemented(CLUSTER_A7, 0x11));
	assert_true(pmu_event_implemented(CLUSTER_A7, 0x61));
	/* A7 only: Appendix A's r0C, and the type 3 events */
	assert_false(pmu_event_implemented(CLUSTER_A15, 0x0C));
	assert_true(pmu_event_implemented(CLUSTER_A7, 0x0C));
	assert_true(pmu_event_implemented(CLUSTER_A7, 0xCA));
	assert_false(pmu_event_implemented(CLUSTER_A15, 0xCA));
	assert_true(pmu_event_implemented(CLUSTER_A7, 0x86));
	/* A15 only */
	assert_true(pmu_event_implemented(CLUSTER_A15, 0x1B));
	assert_false(pmu_event_implemented(CLUSTER_A7, 0x1B));
	assert_true(pmu_event_implemented(CLUSTER_A15, 0x7E));
	/* unlisted, out of range, bad cluster */
	assert_false(pmu_event_implemented(CLUSTER_A15, 0x44));
	assert_false(pmu_event_implemented(CLUSTER_A7, 0xC6));
	assert_false(pmu_event_implemented(CLUSTER_A15, 0xFF));
	assert_false(pmu_event_implemented(CLUSTER_A15, 0x100));
	assert_false(pmu_event_implemented(CLUSTER_A15, 0xFFFFFFFFu));
	assert_false(pmu_event_implemented(2, 0x11));
	assert_false(pmu_event_implemented(0xFFFFFFFFu, 0x11));
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(identities),
		cmocka_unit_test(pmceid),
		cmocka_unit_test(event_counts),
		cmocka_unit_test(implemented),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
