/* The AArch64 debug registers' map onto the debug context's keys
 * (arch/arm64/dbg_sysregs.h), on the host: each register of the ARM ARM's
 * table (D13.3, op0 2) as a trapped syndrome, to its AArch32 twin's key
 * (arch/cpregs.h), and what is not a debug register to nothing. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>
#include "arm64/esr.h"
#include "arm64/dbg_sysregs.h"

/* The key of a trapped MSR/MRS, from the ARM ARM's ISS field positions
 * (D17.2.37), independently of SR_KEY */
static uint32_t key_of(unsigned op0, unsigned op1, unsigned crn, unsigned crm, unsigned op2)
{
	uint32_t iss = (op0 << 20) | (op2 << 17) | (op1 << 14) | (crn << 10) | (5u << 5) | (crm << 1) | 1u;

	return esr_sysreg_decode(iss).key;
}

static uint32_t twin_of(uint32_t key)
{
	uint32_t t = 0xdeadbeefu;

	assert_true(dbg_sysreg_twin(key, &t));
	return t;
}

static void twins(void **state)
{
	(void)state;
	assert_int_equal(twin_of(key_of(2, 0, 0, 2, 2)), CPK_DBGDSCREXT);   /* MDSCR_EL1 */
	assert_int_equal(twin_of(SRK_MDSCR_EL1), CPK_DBGDSCREXT);
	assert_int_equal(twin_of(key_of(2, 0, 0, 0, 4)), CPK_DBGBVR0);
	assert_int_equal(twin_of(key_of(2, 0, 0, 5, 4)), CPK_DBGBVR5);
	assert_int_equal(twin_of(key_of(2, 0, 0, 3, 5)), CPK_DBGBCR3);
	assert_int_equal(twin_of(key_of(2, 0, 0, 2, 6)), CPK_DBGWVR2);
	assert_int_equal(twin_of(key_of(2, 0, 0, 3, 7)), CPK_DBGWCR3);
	assert_int_equal(twin_of(key_of(2, 0, 1, 0, 4)), CPK_DBGOSLAR);
	assert_int_equal(twin_of(key_of(2, 0, 1, 1, 4)), CPK_DBGOSLSR);
	assert_int_equal(twin_of(key_of(2, 0, 1, 3, 4)), CPK_DBGOSDLR);
	assert_int_equal(twin_of(key_of(2, 0, 1, 4, 4)), CPK_DBGPRCR);
	assert_int_equal(twin_of(key_of(2, 0, 7, 8, 6)), CPK_DBGCLAIMSET);
	assert_int_equal(twin_of(key_of(2, 0, 7, 9, 6)), CPK_DBGCLAIMCLR);
	assert_int_equal(twin_of(key_of(2, 0, 0, 2, 0)), CPK_DBGDCCINT);    /* MDCCINT_EL1 */
	assert_int_equal(twin_of(key_of(2, 0, 0, 0, 2)), CPK_DBGDTRRXEXT);  /* OSDTRRX_EL1 */
	assert_int_equal(twin_of(key_of(2, 0, 0, 3, 2)), CPK_DBGDTRTXEXT);  /* OSDTRTX_EL1 */
	assert_int_equal(twin_of(key_of(2, 3, 0, 1, 0)), CPK_DBGDSCRINT);   /* MDCCSR_EL0 */
	/* every AArch64 encoding the table names, to the same twin */
	assert_int_equal(twin_of(SRK_DBGBCR4_EL1), CPK_DBGBCR4);
	assert_int_equal(twin_of(SRK_OSLSR_EL1), CPK_DBGOSLSR);
}

static void not_debug(void **state)
{
	uint32_t t = 0x1234;

	(void)state;
	assert_false(dbg_sysreg_twin(SRK_PMCR_EL0, &t));               /* op0 3 */
	assert_false(dbg_sysreg_twin(SRK_MIDR_EL1, &t));
	assert_false(dbg_sysreg_twin(key_of(2, 3, 0, 4, 0), &t));      /* DBGDTR_EL0: op1 3 */
	assert_false(dbg_sysreg_twin(key_of(2, 4, 0, 7, 0), &t));      /* DBGVCR32_EL2: op1 4 */
	assert_false(dbg_sysreg_twin(key_of(2, 0, 0, 7, 0), &t));      /* DBGVCR's twin: AArch32's alone */
	assert_false(dbg_sysreg_twin(SRK_DBGVCR32_EL2, &t));
	assert_false(dbg_sysreg_twin(key_of(1, 0, 7, 5, 0), &t));      /* op0 1: a system instruction */
	assert_int_equal(t, 0x1234);                                   /* untouched */
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(twins),
		cmocka_unit_test(not_debug),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
