/* hyp/core/options.c: the monitor's options from the kernel command line. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <string.h>
#include <cmocka.h>
#include "options.h"
#include "log_capture.h"

static void defaults(void **state)
{
	(void)state;
	assert_int_equal(options_parse(NULL), 0);
	assert_int_equal(hyp_options.switch_us, 0);
	assert_int_equal(hyp_options.boot_cluster, 0);
	assert_int_equal(hyp_options.vgic_hw, OPTION_UNSET);
	assert_int_equal(hyp_options.cluster_cpus, 0);
	assert_int_equal(options_parse("console=ttyAMA0 root=/dev/ram"), 0);
	assert_int_equal(hyp_options.switch_us, 0);
}

static void accepted(void **state)
{
	(void)state;
	assert_int_equal(options_parse("console=ttyAMA0 blmon.switch_us=2000\tblmon.boot_cluster=1 quiet"), 0);
	assert_int_equal(hyp_options.switch_us, 2000);
	assert_int_equal(hyp_options.boot_cluster, 1);
	assert_int_equal(options_parse("blmon.vgic_hw=1"), 0);
	assert_int_equal(hyp_options.vgic_hw, 1);
	assert_int_equal(options_parse("blmon.vgic_hw=0"), 0);
	assert_int_equal(hyp_options.vgic_hw, 0);
	assert_int_equal(options_parse("blmon.switch_us=0 blmon.switch_us=10000000"), 0);   /* last wins */
	assert_int_equal(hyp_options.switch_us, 10000000);
	/* any count parses: one the board cannot serve is refused at boot
	 * with the reason (hyp/switch/migrate.c), not here */
	assert_int_equal(options_parse("blmon.cluster_cpus=2 blmon.switch_us=2000"), 0);
	assert_int_equal(hyp_options.cluster_cpus, 2);
	assert_int_equal(hyp_options.switch_us, 2000);
	assert_int_equal(options_parse("blmon.cluster_cpus=255"), 0);
	assert_int_equal(hyp_options.cluster_cpus, 255);
}

static void rejected_keep_defaults(void **state)
{
	static const char *bad[] = {
		"blmon.switch_us=", "blmon.switch_us=-1", "blmon.switch_us=12x", "blmon.switch_us=10000001",
		"blmon.switch_us=99999999999999999999", "blmon.boot_cluster=2", "blmon.boot_cluster=",
		"blmon.unknown=1", "blmon.switch_us", "blmon.", "blmon.switch_usx=5", "blmon.boot_cluster=01x",
		"blmon.vgic_hw=2", "blmon.vgic_hw=", "blmon.cluster_cpus=", "blmon.cluster_cpus=256",
		"blmon.cluster_cpus=-1", "blmon.cluster_cpusx=1",
	};

	(void)state;
	for (unsigned i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		log_capture_clear();
		assert_int_equal(options_parse(bad[i]), 1);
		assert_int_equal(hyp_options.switch_us, 0);
		assert_int_equal(hyp_options.boot_cluster, 0);
		assert_int_equal(hyp_options.cluster_cpus, 0);
		assert_non_null(strstr(log_captured, "ignoring option"));
	}
	/* a bad one does not spoil the good ones */
	assert_int_equal(options_parse("blmon.switch_us=zz blmon.boot_cluster=1"), 1);
	assert_int_equal(hyp_options.boot_cluster, 1);
	/* not ours: not even looked at */
	log_capture_clear();
	assert_int_equal(options_parse("xblmon.switch_us=5 blmonswitch_us=5 BLMON.switch_us=5"), 0);
	assert_string_equal(log_captured, "");
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(defaults), cmocka_unit_test(accepted),
		cmocka_unit_test(rejected_keep_defaults),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
