/*
 * libFuzzer target: the AArch64 back end's decoding - ESR_EL2
 * (arch/arm64/esr.h) and the PMU's system register map
 * (arch/arm64/pmu_sysregs.h). Oracle: the fields put back together give
 * the syndrome's bits, each field in its range, the key re-encodes the ISS
 * exactly, and the map agrees with a table written from the ARM ARM's
 * encodings (D13.4), independently of the SRK_ keys: the PMUv2 twins are
 * exactly the op0 3, CRn 9 registers the monitor emulates, each onto the
 * p15 c9 key with the same CRm and op2; PMEVCNTR<n>/PMEVTYPER<n> (CRn 14,
 * CRm 8-15) by number; everything else is not the PMU's.
 */
#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include "arm64/esr.h"
#include "arm64/pmu_sysregs.h"

/* op0 3, CRn 9: (op1, CRm, op2) of the PMUv2 twins, from the ARM ARM */
static bool ref_twin(unsigned op1, unsigned crm, unsigned op2)
{
	if (op1 == 3 && crm == 12)
		return true;                              /* PMCR ... PMCEID1 */
	if (op1 == 3 && crm == 13)
		return op2 <= 2;                          /* PMCCNTR (not a twin), PMXEVTYPER, PMXEVCNTR */
	if (op1 == 3 && crm == 14)
		return op2 == 0 || op2 == 3;              /* PMUSERENR, PMOVSSET */
	if (op1 == 0 && crm == 14)
		return op2 == 1 || op2 == 2;              /* PMINTENSET/CLR_EL1 */
	return false;
}

static void check_map(const struct esr_sysreg *s)
{
	struct pmu_sysreg r = pmu_sysreg_lookup(s->key);
	bool ccnt = s->op0 == 3 && s->op1 == 3 && s->crn == 9 && s->crm == 13 && s->op2 == 0;
	bool twin = s->op0 == 3 && s->crn == 9 && ref_twin(s->op1, s->crm, s->op2) && !ccnt;
	bool ev = s->op0 == 3 && s->op1 == 3 && s->crn == 14 && s->crm >= 8;

	switch (r.kind) {
	case PMU_SR_TYPEA:
		if (!twin || r.key != CP_KEY(0, 9, s->crm, s->op2))
			abort();
		break;
	case PMU_SR_CCNT64:
		if (!ccnt)
			abort();
		break;
	case PMU_SR_EVCNTR:
	case PMU_SR_EVTYPER:
		if (!ev || (r.kind == PMU_SR_EVCNTR) != (s->crm < 12) || r.n != (s->crm % 4) * 8 + s->op2 ||
		    r.n > 31)
			abort();
		break;
	case PMU_SR_NONE:
		if (twin || ccnt || ev)
			abort();
		break;
	default:
		abort();
	}
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	uint64_t v = 0;

	if (size < 4)
		return 0;
	memcpy(&v, data, size < 8 ? size : 8);
	struct esr e = esr_decode(v);

	if (e.ec > 0x3f || ((uint32_t)e.ec << ESR_EC_SHIFT | (e.il ? ESR_IL : 0u) | e.iss) != (uint32_t)v)
		abort();
	if (esr_hvc_imm(e.iss) != (e.iss & 0xffffu))
		abort();
	struct esr_abort a = esr_abort_decode(e.iss);

	if (a.fsc != (e.iss & 0x3fu) || a.wnr != ((e.iss >> 6) & 1u) || a.s1ptw != ((e.iss >> 7) & 1u))
		abort();
	/* every ISS as if it were EC 0x18's */
	struct esr_sysreg s = esr_sysreg_decode(e.iss);

	if (s.op0 > 3 || s.op1 > 7 || s.crn > 15 || s.crm > 15 || s.op2 > 7 || s.rt > 31)
		abort();
	if (s.key != SR_KEY(s.op0, s.op1, s.crn, s.crm, s.op2) ||
	    esr_sysreg_iss(s.key, s.rt, s.read) != (e.iss & 0x3fffffu))
		abort();
	/* ISS bits [21:0], by the ARM ARM's field positions */
	if (s.op0 != ((e.iss >> 20) & 3u) || s.op2 != ((e.iss >> 17) & 7u) || s.op1 != ((e.iss >> 14) & 7u) ||
	    s.crn != ((e.iss >> 10) & 15u) || s.rt != ((e.iss >> 5) & 31u) || s.crm != ((e.iss >> 1) & 15u) ||
	    s.read != (e.iss & 1u))
		abort();
	check_map(&s);
	/* the hot forms (hyp/exit/sys_trap.c): the whole 64 bits, Rt aside, are
	 * EC 0x18, IL, ISS[24:22] clear and MRS PMCCNTR_EL0 / MSR PMSELR_EL0 by
	 * the ARM ARM's fields - nothing else */
	bool sys = (v >> 25) == ((0x18u << 1) | 1u) && (e.iss >> 22) == 0 && s.op0 == 3 && s.op1 == 3 &&
		   s.crn == 9;
	uint64_t form = esr_sys64_form(v);

	if ((form == ESR_SYS64_FORM(SRK_PMCCNTR_EL0, true)) != (sys && s.crm == 13 && s.op2 == 0 && s.read) ||
	    (form == ESR_SYS64_FORM(SRK_PMSELR_EL0, false)) != (sys && s.crm == 12 && s.op2 == 5 && !s.read))
		abort();
	return 0;
}
