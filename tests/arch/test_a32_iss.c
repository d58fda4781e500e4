/* An AArch32 trap as the AArch64 monitor decodes it, on the host: the ISS
 * shared with ARMv7's HSR (arch/a32_iss.h) with its AArch64 view of Rt,
 * the IT state's advance, the condition check, and the map of AArch32
 * registers onto x0-x30 (arch/arm64/a32_regs.h), against tables written
 * from the ARM ARM (D1.20.1, D17.2.37, A2.5.2). */
#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>
#include "a32_iss.h"
#include "hsr.h"
#include "cpregs.h"
#include "arm64/a32_regs.h"

/* ESR_EL2 EC 0x03 from AArch32, by the ARM ARM's field positions */
static uint32_t mk_cp15(unsigned cv, unsigned cond, unsigned opc1, unsigned crn, unsigned crm, unsigned opc2,
			unsigned xt, unsigned read)
{
	return (0x03u << 26) | (1u << 25) | (cv << 24) | (cond << 20) | (opc2 << 17) | (opc1 << 14) |
	       (crn << 10) | (xt << 5) | (crm << 1) | read;
}

static void cp15_aarch64_view(void **state)
{
	(void)state;
	/* mrc p15, 0, lr, c9, c12, 5 in SVC mode: Rt reported as x18 */
	uint32_t iss = HSR_ISS(mk_cp15(1, 0xe, 0, 9, 12, 5, 18, 1));
	struct hsr_cp32 d = hsr_decode_cp32(iss);

	assert_int_equal(d.key, CPK_PMSELR);
	assert_true(d.read);
	assert_true(d.cv);
	assert_int_equal(d.cond, 0xe);
	assert_int_equal(a32_iss_xt(iss), 18);
	assert_int_equal(d.rt, 2);   /* HSR's 4 bits: not the register under AArch64 */
	assert_true(a32_xt_valid(18));
	/* mcr p15, 0, r8, c9, c12, 5 in FIQ mode: x24 */
	iss = HSR_ISS(mk_cp15(1, 0xe, 0, 9, 12, 5, 24, 0));
	assert_int_equal(a32_iss_xt(iss), 24);
	assert_int_equal(hsr_decode_cp32(iss).key, CPK_PMSELR);
	assert_false(hsr_decode_cp32(iss).read);
	/* Rt = PC: QEMU 7.2 reports 31 (measured); 15 is SP_hyp */
	assert_false(a32_xt_valid(31));
	assert_false(a32_xt_valid(15));
	for (unsigned x = 0; x < 32; x++)
		assert_int_equal(a32_xt_valid(x), x != 15 && x != 31);
	/* mrrc p15, 0, r2, lr(SVC: x18), c9: Rt [9:5], Rt2 [14:10] */
	iss = (0u << 16) | (18u << 10) | (2u << 5) | (9u << 1) | 1u;
	struct hsr_cp64 d64 = hsr_decode_cp64(iss);

	assert_int_equal(a32_iss_xt(iss), 2);
	assert_int_equal(a32_iss_xt2(iss), 18);
	assert_int_equal(d64.opc1, 0);
	assert_int_equal(d64.crm, 9);
	assert_true(d64.read);
}

/* The PSR with IT[7:0] = it: [26:25] IT[1:0], [15:10] IT[7:2] */
static uint32_t psr_it(uint32_t base, uint32_t it)
{
	return base | (it & 3u) << 25 | (it >> 2) << 10;
}

static void it_state(void **state)
{
	(void)state;
	const uint32_t base = 0x600001f3u;   /* Z, C, T, SVC, A/I/F */

	/* ITT EQ: firstcond 0000, mask 0100 -> 0x04, then 0x08, then out */
	assert_int_equal(a32_it_state(psr_it(base, 0x04)), 0x04);
	assert_int_equal(a32_it_advance(psr_it(base, 0x04)), psr_it(base, 0x08));
	assert_int_equal(a32_it_advance(psr_it(base, 0x08)), base);
	/* ITETE NE: firstcond 0001, mask 0101 (the E's flip firstcond[0]) */
	uint32_t p = psr_it(base, 0x15);

	p = a32_it_advance(p);
	assert_int_equal(a32_it_state(p), 0x0a);
	p = a32_it_advance(p);
	assert_int_equal(a32_it_state(p), 0x14);
	p = a32_it_advance(p);
	assert_int_equal(a32_it_state(p), 0x08);
	p = a32_it_advance(p);
	assert_int_equal(p, base);
	/* outside a block: nothing changes */
	assert_int_equal(a32_it_advance(base), base);
	/* every state leaves its block within four instructions, and only
	 * the IT bits ever change */
	for (uint32_t it = 0; it < 256; it++) {
		p = psr_it(0xf80f01d0u, it);
		for (int i = 0; i < 4; i++) {
			uint32_t q = a32_it_advance(p);

			assert_int_equal(q & ~A32_PSR_IT_MASK, p & ~A32_PSR_IT_MASK);
			p = q;
		}
		assert_int_equal(a32_it_state(p), 0);
	}
}

static void cond(void **state)
{
	(void)state;
	/* the inline check is the one cond_pass() (hsr.c) wraps */
	for (unsigned c = 0; c < 16; c++)
		for (uint32_t nzcv = 0; nzcv < 16; nzcv++)
			assert_int_equal(a32_cond_pass((uint8_t)c, nzcv << 28), cond_pass((uint8_t)c, nzcv << 28));
	assert_true(a32_cond_pass(0x0, 0x40000000u));    /* EQ, Z */
	assert_false(a32_cond_pass(0x1, 0x40000000u));   /* NE, Z */
	assert_true(a32_cond_pass(0xe, 0));              /* AL */
}

/* ARM ARM D1.20.1, "Mapping of AArch32 registers to AArch64": the x
 * register of r8-r14 per mode (r0-r7 are x0-x7 in every mode) */
static const struct { uint32_t mode; int x[7]; } map[] = {
	{ A32_MODE_USR, { 8, 9, 10, 11, 12, 13, 14 } },
	{ A32_MODE_SYS, { 8, 9, 10, 11, 12, 13, 14 } },
	{ A32_MODE_FIQ, { 24, 25, 26, 27, 28, 29, 30 } },
	{ A32_MODE_IRQ, { 8, 9, 10, 11, 12, 17, 16 } },
	{ A32_MODE_SVC, { 8, 9, 10, 11, 12, 19, 18 } },
	{ A32_MODE_ABT, { 8, 9, 10, 11, 12, 21, 20 } },
	{ A32_MODE_UND, { 8, 9, 10, 11, 12, 23, 22 } },
};

static void reg_map(void **state)
{
	(void)state;
	for (size_t m = 0; m < sizeof(map) / sizeof(map[0]); m++) {
		for (unsigned n = 0; n < 8; n++)
			assert_int_equal(a32_reg_x(map[m].mode, n), (int)n);
		for (unsigned n = 8; n < 15; n++)
			assert_int_equal(a32_reg_x(map[m].mode, n), map[m].x[n - 8]);
		assert_int_equal(a32_reg_x(map[m].mode, 15), -1);          /* the PC */
		assert_int_equal(a32_reg_x(map[m].mode | 0xffffffe0u, 14), map[m].x[6]);   /* M[4:0] only */
	}
	/* mon (0x16), hyp (0x1a) and the reserved encodings: no EL1/EL0 mode */
	for (uint32_t m = 0; m < 32; m++) {
		bool valid = m == A32_MODE_USR || m == A32_MODE_SYS || m == A32_MODE_FIQ || m == A32_MODE_IRQ ||
			     m == A32_MODE_SVC || m == A32_MODE_ABT || m == A32_MODE_UND;

		assert_int_equal(a32_reg_x(m, 0) >= 0, valid);
	}
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(cp15_aarch64_view),
		cmocka_unit_test(it_state),
		cmocka_unit_test(cond),
		cmocka_unit_test(reg_map),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
