/* HSR decode and condition checks (arch/arm32/hsr.c). */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>
#include "hsr.h"
#include "cpregs.h"

/* Build an EC 0x03 syndrome the way the ARM ARM lays it out (B3.13.6). */
static uint32_t mk_cp32(unsigned ec, unsigned cv, unsigned cond, unsigned opc1, unsigned crn,
			unsigned crm, unsigned opc2, unsigned rt, unsigned read)
{
	return ((uint32_t)ec << 26) | (1u << 25) | (cv << 24) | (cond << 20) | (opc2 << 17) |
	       (opc1 << 14) | (crn << 10) | (rt << 5) | (crm << 1) | read;
}

static void cp32_fields(void **state)
{
	(void)state;
	uint32_t h = mk_cp32(EC_CP15_32, 1, 0xe, 0, 9, 13, 2, 7, 1); /* mrc PMXEVCNTR, r7 */
	struct hsr_cp32 d = hsr_decode_cp32(h);

	assert_int_equal(HSR_EC(h), EC_CP15_32);
	assert_true(d.cv);
	assert_int_equal(d.cond, 0xe);
	assert_int_equal(d.opc1, 0);
	assert_int_equal(d.crn, 9);
	assert_int_equal(d.crm, 13);
	assert_int_equal(d.opc2, 2);
	assert_int_equal(d.rt, 7);
	assert_true(d.read);
	assert_int_equal(d.key, CPK_PMXEVCNTR);
}

/* Every register of the table decodes back to its own key, and keys are
 * distinct (a duplicate encoding would make two cases collide). */
static void keys_roundtrip(void **state)
{
	(void)state;
	struct { const char *n; unsigned o1, crn, crm, o2; uint32_t key; } regs[] = {
#define R(name, o1, n, m, o2) { #name, o1, n, m, o2, CPK_##name },
		CP15_REGS(R) CP14_DEBUG_REGS(R)
#undef R
	};
	size_t nregs = sizeof(regs) / sizeof(regs[0]);

	for (size_t i = 0; i < nregs; i++) {
		struct hsr_cp32 d = hsr_decode_cp32(mk_cp32(EC_CP15_32, 0, 0, regs[i].o1, regs[i].crn,
							    regs[i].crm, regs[i].o2, 3, 0));

		assert_int_equal(d.key, regs[i].key);
		assert_false(d.read);
		assert_int_equal(d.rt, 3);
	}
	/* CP15 keys are unique among themselves, CP14 keys among themselves */
	size_t n15 = 0;
#define COUNT(name, o1, n, m, o2) n15++;
	CP15_REGS(COUNT)
#undef COUNT
	for (size_t i = 0; i < nregs; i++)
		for (size_t j = i + 1; j < nregs; j++)
			if ((i < n15) == (j < n15))
				assert_true(regs[i].key != regs[j].key);
}

static void dabt_fields(void **state)
{
	(void)state;
	uint32_t h = (0x24u << 26) | (1u << 25) | (1u << 24) | (2u << 22) | (5u << 16) | (1u << 6) | 0x0f;
	struct dabt d = hsr_decode_dabt(h);

	assert_true(d.isv);
	assert_int_equal(d.sas, 2);
	assert_int_equal(d.srt, 5);
	assert_true(d.wnr);
	assert_false(d.s1ptw);
	assert_int_equal(d.dfsc, 0x0f);
}

/* The hot form of an MCR/MRC (issue #29): HSR_CP32_AL(key, read) matches
 * hsr_cp32_form() for that register and direction with condition AL and
 * any Rt, and for nothing else: another condition, CV clear, another
 * register or direction, another class, a 16-bit instruction, ISS bit 9. */
static void cp32_hot_form(void **state)
{
	(void)state;
	const uint32_t ccnt = HSR_CP32_AL(CPK_PMCCNTR, true), selr = HSR_CP32_AL(CPK_PMSELR, false);

	for (unsigned rt = 0; rt < 16; rt++) {
		assert_int_equal(hsr_cp32_form(mk_cp32(EC_CP15_32, 1, 0xe, 0, 9, 13, 0, rt, 1)), ccnt);
		assert_int_equal(hsr_cp32_form(mk_cp32(EC_CP15_32, 1, 0xe, 0, 9, 12, 5, rt, 0)), selr);
	}
	uint32_t h = mk_cp32(EC_CP15_32, 1, 0xe, 0, 9, 13, 0, 3, 1);

	assert_int_not_equal(hsr_cp32_form(h ^ 1u), ccnt);                          /* MCR */
	assert_int_not_equal(hsr_cp32_form(h ^ (1u << 24)), ccnt);                  /* CV clear */
	assert_int_not_equal(hsr_cp32_form(h ^ HSR_IL), ccnt);                      /* 16-bit */
	assert_int_not_equal(hsr_cp32_form(h ^ (1u << 9)), ccnt);                   /* reserved bit */
	assert_int_not_equal(hsr_cp32_form(mk_cp32(EC_CP14_32, 1, 0xe, 0, 9, 13, 0, 3, 1)), ccnt);
	assert_int_not_equal(hsr_cp32_form(mk_cp32(EC_CP15_32, 1, 0xe, 0, 9, 13, 2, 3, 1)), ccnt);
	for (unsigned cond = 0; cond < 0xe; cond++)
		assert_int_not_equal(hsr_cp32_form(mk_cp32(EC_CP15_32, 1, cond, 0, 9, 13, 0, 3, 1)), ccnt);
	assert_int_not_equal(hsr_cp32_form(mk_cp32(EC_CP15_32, 1, 0xf, 0, 9, 13, 0, 3, 1)), ccnt);
}

/* The word store the abort path takes without the general decode: ISV,
 * word, a store, r0-r7, not a stage-1 walk; whatever the DFSC, SSE, AR
 * (bit 14), CM (bit 8), EA (bit 9) and IL, which the general path does not
 * look at for such a store either. */
static void dabt_str_word(void **state)
{
	(void)state;
	const uint32_t base = (0x24u << 26) | (1u << 25) | (1u << 24) | (2u << 22) | (1u << 6) | 0x07;

	for (unsigned srt = 0; srt < 16; srt++) {
		uint32_t h = base | (srt << 16);
		struct dabt d = hsr_decode_dabt(h);

		assert_int_equal((h & HSR_DABT_STR_WORD_MASK) == HSR_DABT_STR_WORD, srt < 8);
		assert_int_equal(hsr_dabt_srt(h), d.srt);
	}
	assert_true((base & HSR_DABT_STR_WORD_MASK) == HSR_DABT_STR_WORD);
	assert_true(((base | (1u << 21) | (1u << 14) | (1u << 9) | (1u << 8) | 0x3f) & HSR_DABT_STR_WORD_MASK) ==
		    HSR_DABT_STR_WORD);
	assert_true(((base & ~HSR_IL) & HSR_DABT_STR_WORD_MASK) == HSR_DABT_STR_WORD);
	const uint32_t off[] = { 1u << 24 /* ISV */, 1u << 22 /* halfword... */, 3u << 22 /* ...byte */,
				 1u << 23 /* doubleword */, 1u << 6 /* a load */, 1u << 7 /* stage-1 walk */,
				 0x01u << 26 /* another class */ };
	for (size_t i = 0; i < sizeof(off) / sizeof(off[0]); i++)
		assert_false(((base ^ off[i]) & HSR_DABT_STR_WORD_MASK) == HSR_DABT_STR_WORD);
}

/* HVC #0's syndrome, which the vector compares whole (boot/vectors.S): the
 * class and immediate the general path checks (vcpu_hvc_is_abi), and no
 * other immediate or class matches it. */
static void hvc_abi(void **state)
{
	(void)state;
	assert_int_equal(HSR_EC(HSR_HVC_ABI), EC_HVC);
	assert_int_equal(hsr_hvc_imm(HSR_HVC_ABI), 0);
	assert_true(HSR_HVC_ABI & HSR_IL);
	assert_int_equal(HSR_ISS(HSR_HVC_ABI), 0);
	for (uint32_t imm = 1; imm <= 0xffffu; imm <<= 1)
		assert_int_not_equal(HSR_HVC_ABI | imm, HSR_HVC_ABI);
	assert_int_not_equal(((uint32_t)EC_SMC << 26) | HSR_IL, HSR_HVC_ABI);
}

static void conditions(void **state)
{
	(void)state;
	const uint32_t N = 1u << 31, Z = 1u << 30, C = 1u << 29, V = 1u << 28;
	/* cond, flags, expected */
	struct { uint8_t cond; uint32_t psr; int pass; } t[] = {
		{ 0x0, Z, 1 }, { 0x0, 0, 0 }, { 0x1, Z, 0 }, { 0x1, 0, 1 },
		{ 0x2, C, 1 }, { 0x3, C, 0 }, { 0x4, N, 1 }, { 0x5, N, 0 },
		{ 0x6, V, 1 }, { 0x7, V, 0 }, { 0x8, C, 1 }, { 0x8, C | Z, 0 },
		{ 0x9, C | Z, 1 }, { 0x9, C, 0 }, { 0xa, N | V, 1 }, { 0xa, N, 0 },
		{ 0xb, N, 1 }, { 0xb, 0, 0 }, { 0xc, 0, 1 }, { 0xc, Z, 0 },
		{ 0xd, Z, 1 }, { 0xd, N | V, 0 }, { 0xe, 0, 1 }, { 0xe, N | Z | C | V, 1 },
	};
	for (size_t i = 0; i < sizeof(t) / sizeof(t[0]); i++)
		assert_int_equal(cond_pass(t[i].cond, t[i].psr), t[i].pass);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(cp32_fields),
		cmocka_unit_test(keys_roundtrip),
		cmocka_unit_test(dabt_fields),
		cmocka_unit_test(cp32_hot_form),
		cmocka_unit_test(dabt_str_word),
		cmocka_unit_test(hvc_abi),
		cmocka_unit_test(conditions),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
