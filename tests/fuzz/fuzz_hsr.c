/*
 * libFuzzer target: syndrome decoding. Oracle: the decoded fields put back
 * together give the original ISS bits, the key equals CP_KEY() of the
 * fields, cond_pass() agrees with a direct table of the ARM ARM, and the
 * hot forms (an AL MCR/MRC, a described word store, HVC #0) are recognised
 * exactly. The same ISS as ESR_EL2 gives it for an AArch32 guest under
 * the AArch64 monitor (arch/a32_iss.h): Rt/Rt2 the 5-bit AArch64 view,
 * whose low 4 bits are HSR's field, 15 and 31 never a register; and the
 * IT state's advance changes only the IT bits and ends any block within
 * four instructions.
 */
#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include "hsr.h"
#include "cpregs.h"

static int ref_cond(unsigned cond, uint32_t psr)
{
	int n = psr >> 31 & 1, z = psr >> 30 & 1, c = psr >> 29 & 1, v = psr >> 28 & 1;
	int t[16] = { z, !z, c, !c, n, !n, v, !v, c && !z, !c || z, n == v, n != v,
		      !z && n == v, z || n != v, 1, 1 };
	return t[cond & 15];
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	uint32_t h, psr = 0;

	if (size < 4)
		return 0;
	memcpy(&h, data, 4);
	if (size >= 8)
		memcpy(&psr, data + 4, 4);
	struct hsr_cp32 d = hsr_decode_cp32(h);
	uint32_t back = ((uint32_t)d.cv << 24) | ((uint32_t)d.cond << 20) | ((uint32_t)d.opc2 << 17) |
			((uint32_t)d.opc1 << 14) | ((uint32_t)d.crn << 10) | ((uint32_t)d.rt << 5) |
			((uint32_t)d.crm << 1) | d.read;
	if (back != (h & 0x01fffdffu)   /* ISS bit 9 is reserved */ || d.key != CP_KEY(d.opc1, d.crn, d.crm, d.opc2))
		abort();
	if (d.rt > 15 || d.crn > 15 || d.crm > 15 || d.opc1 > 7 || d.opc2 > 7)
		abort();
	if (cond_pass(d.cond, psr) != ref_cond(d.cond, psr) || a32_cond_pass(d.cond, psr) != ref_cond(d.cond, psr))
		abort();
	/* the AArch64 view of Rt, Rt2 (ESR_EL2 from AArch32) */
	unsigned xt = a32_iss_xt(h), xt2 = a32_iss_xt2(h);
	if (xt != ((h >> 5) & 31u) || xt2 != ((h >> 10) & 31u) || (xt & 15u) != d.rt ||
	    (xt2 & 15u) != hsr_decode_cp64(h).rt2 || a32_xt_valid(xt) != (xt != 15u && xt != 31u))
		abort();
	/* IT: only its bits change; out of any block in four steps */
	uint32_t p = psr;
	for (int i = 0; i < 4; i++) {
		uint32_t q = a32_it_advance(p);
		if ((q ^ p) & ~A32_PSR_IT_MASK)
			abort();
		if (a32_it_state(p) && (a32_it_state(p) & 7u) && a32_it_state(q) >> 5 != a32_it_state(p) >> 5)
			abort();
		p = q;
	}
	if (a32_it_state(p) != 0)
		abort();
	/* the hot form: exactly an AL access of its register in its direction */
	bool al = HSR_EC(h) == EC_CP15_32 && (h & HSR_IL) && d.cv && d.cond == 0xe && !(h & (1u << 9));
	if ((hsr_cp32_form(h) == HSR_CP32_AL(d.key, d.read)) != al)
		abort();
	/* the vector's HVC #0 test: exactly the ABI's HVC */
	if ((h == HSR_HVC_ABI) != (HSR_EC(h) == EC_HVC && (h & HSR_IL) && HSR_ISS(h) == 0))
		abort();
	struct dabt a = hsr_decode_dabt(h);
	if (a.srt > 15 || a.sas > 3 || a.dfsc > 63)
		abort();
	/* the hot store: exactly a described word store of r0-r7, not on a walk */
	bool str = HSR_EC(h) == EC_DABT_LOW && a.isv && a.sas == 2 && a.wnr && !a.s1ptw && a.srt < 8;
	if (((h & HSR_DABT_STR_WORD_MASK) == HSR_DABT_STR_WORD) != str || hsr_dabt_srt(h) != a.srt)
		abort();
	return 0;
}
