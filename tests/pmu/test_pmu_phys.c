/* What the boot CPU makes of the physical PMCR (hyp/core/pmu_phys.c): the
 * counters it gives the PMU core, and the console line naming the
 * emulated counters the monitor keeps instead. */
#include <stdarg.h>
#include <stddef.h>
#include <string.h>
#include <setjmp.h>
#include <cmocka.h>
#include "log_capture.h"
#include "pmu_phys.h"

static const struct {
	uint32_t pmcr;
	unsigned counters;
	const char *line;
} cases[] = {
	/* QEMU's cortex-a7 */
	{ 0x41072000u, 4, "[hyp] warn: physical PMU: 4 event counters (PMCR 41072000); the emulated "
			  "Cortex-A15's counters 4-5 are kept by the monitor and do not count\n" },
	/* QEMU's cortex-a15, PMCR.E set or not: nothing to say */
	{ 0x410F3000u, 6, "" },
	{ 0x410F3001u, 6, "" },
	/* N = 5: one counter kept */
	{ 0x41002800u, 5, "[hyp] warn: physical PMU: 5 event counters (PMCR 41002800); the emulated "
			  "Cortex-A15's counter 5 is kept by the monitor and does not count\n" },
	/* more than a cluster has: the monitor uses 6 */
	{ 0x41003800u, 6, "" },
	{ 0x4100F800u, 6, "" },
	/* fewer than the Type A view's 4: returned as is, for blmon_init to
	 * stop with its own message */
	{ 0x41001800u, 3, "" },
	{ 0x41000000u, 0, "" },
};

static void counters_and_console_line(void **state)
{
	(void)state;
	for (unsigned k = 0; k < sizeof(cases) / sizeof(cases[0]); k++) {
		log_capture_clear();
		assert_int_equal(pmu_phys_counters(cases[k].pmcr), cases[k].counters);
		assert_string_equal(log_captured, cases[k].line);
	}
}

/* The event lists (the host build's pair: the A15's 0x3FFF0F3F, the A7's
 * 0x23FFFFFF): one line per cluster listing events the core does not count */
static void events_console_line(void **state)
{
	(void)state;
	log_capture_clear();
	pmu_phys_events(0x00020001u, 0);   /* QEMU 7.2's AArch64 cores */
	assert_string_equal(log_captured,
		"[hyp] warn: physical PMU: PMCEID0/1 00020001 00000000; the emulated Cortex-A15's 3fff0f3f 00000000 "
		"list 22 events it does not count (kept: trapped reads show them; they stay 0)\n"
		"[hyp] warn: physical PMU: PMCEID0/1 00020001 00000000; the emulated Cortex-A7's 23ffffff 00000000 "
		"list 25 events it does not count (kept: trapped reads show them; they stay 0)\n");
	/* each line fits the log's 192-byte buffer (hyp/core/log.c) with its
	 * "[hyp] warn: " prefix, or the console would cut it */
	for (const char *l = log_captured, *e; (e = strchr(l, '\n')); l = e + 1)
		assert_true(e - l + 1 < 192);
	log_capture_clear();
	pmu_phys_events(0x3FFFFFFFu, 0xFFFFFFFFu);   /* a core counting both lists: nothing to say */
	assert_string_equal(log_captured, "");
	log_capture_clear();
	pmu_phys_events(0x23FFFFFFu, 0);   /* the A7's list: only the A15's 0x1A-0x1C missing */
	assert_string_equal(log_captured,
		"[hyp] warn: physical PMU: PMCEID0/1 23ffffff 00000000; the emulated Cortex-A15's 3fff0f3f 00000000 "
		"list 3 events it does not count (kept: trapped reads show them; they stay 0)\n");
}

int main(void)
{
	const struct CMUnitTest tests[] = { cmocka_unit_test(counters_and_console_line),
					    cmocka_unit_test(events_console_line) };

	return cmocka_run_group_tests(tests, NULL, NULL);
}
