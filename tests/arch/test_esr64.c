/* The AArch64 back end's decoding, on the host: ESR_EL2 (arch/arm64/esr.h)
 * and the PMU's system register map (arch/arm64/pmu_sysregs.h), built from
 * syndromes laid out as the ARM ARM gives them (D17.2.37, EC 0x18). */
#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>
#include "arm64/esr.h"
#include "dabt.h"
#include "arm64/pmu_sysregs.h"

/* EC 0x18 by the ARM ARM's field positions, independently of SR_KEY */
static uint64_t mk_sys(unsigned op0, unsigned op1, unsigned crn, unsigned crm, unsigned op2,
		       unsigned rt, unsigned read)
{
	return (0x18ull << 26) | (1u << 25) | ((uint64_t)op0 << 20) | ((uint64_t)op2 << 17) |
	       ((uint64_t)op1 << 14) | ((uint64_t)crn << 10) | ((uint64_t)rt << 5) |
	       ((uint64_t)crm << 1) | read;
}

static void sys_fields(void **state)
{
	(void)state;
	/* mrs x7, PMXEVCNTR_EL0 */
	struct esr e = esr_decode(mk_sys(3, 3, 9, 13, 2, 7, 1));
	struct esr_sysreg s = esr_sysreg_decode(e.iss);

	assert_int_equal(e.ec, EC_SYS64);
	assert_true(e.il);
	assert_int_equal(s.op0, 3);
	assert_int_equal(s.op1, 3);
	assert_int_equal(s.crn, 9);
	assert_int_equal(s.crm, 13);
	assert_int_equal(s.op2, 2);
	assert_int_equal(s.rt, 7);
	assert_true(s.read);
	assert_int_equal(s.key, SRK_PMXEVCNTR_EL0);
	/* msr PMSELR_EL0, xzr: a write, Rt 31 */
	s = esr_sysreg_decode(esr_decode(mk_sys(3, 3, 9, 12, 5, 31, 0)).iss);
	assert_false(s.read);
	assert_int_equal(s.rt, 31);
	assert_int_equal(s.key, SRK_PMSELR_EL0);
	/* the builder and the decoder agree for every Rt and direction */
	for (unsigned rt = 0; rt < 32; rt++)
		for (unsigned rd = 0; rd < 2; rd++) {
			uint32_t iss = esr_sysreg_iss(SRK_PMCR_EL0, rt, rd);

			assert_int_equal(iss, (uint32_t)mk_sys(3, 3, 9, 12, 0, rt, rd) & ESR_ISS_MASK);
			assert_int_equal(esr_sysreg_decode(iss).rt, rt);
		}
}

static void other_classes(void **state)
{
	(void)state;
	struct esr e = esr_decode((0x16ull << 26) | (1u << 25) | 0x1234);

	assert_int_equal(e.ec, EC_HVC64);
	assert_int_equal(esr_hvc_imm(e.iss), 0x1234);
	e = esr_decode(0x5a000000ull);   /* HVC #0, what vectors.S compares whole */
	assert_int_equal(e.ec, EC_HVC64);
	assert_int_equal(esr_hvc_imm(e.iss), 0);
	e = esr_decode(0xffffffff00000000ull);   /* ISS2 and above: not the ISS */
	assert_int_equal(e.ec, 0);
	assert_int_equal(e.iss, 0);
}

/* Every PMU register issue #27 lists, by its encoding (ARM ARM D13.4) */
static void pmu_map(void **state)
{
	(void)state;
	static const struct { unsigned op0, op1, crn, crm, op2; uint32_t key; } twins[] = {
		{ 3, 3, 9, 12, 0, CPK_PMCR },       { 3, 3, 9, 12, 1, CPK_PMCNTENSET },
		{ 3, 3, 9, 12, 2, CPK_PMCNTENCLR }, { 3, 3, 9, 12, 3, CPK_PMOVSR },      /* PMOVSCLR_EL0 */
		{ 3, 3, 9, 12, 4, CPK_PMSWINC },    { 3, 3, 9, 12, 5, CPK_PMSELR },
		{ 3, 3, 9, 12, 6, CPK_PMCEID0 },    { 3, 3, 9, 12, 7, CPK_PMCEID1 },
		{ 3, 3, 9, 13, 1, CPK_PMXEVTYPER }, { 3, 3, 9, 13, 2, CPK_PMXEVCNTR },
		{ 3, 3, 9, 14, 0, CPK_PMUSERENR },  { 3, 0, 9, 14, 1, CPK_PMINTENSET },
		{ 3, 0, 9, 14, 2, CPK_PMINTENCLR }, { 3, 3, 9, 14, 3, CPK_PMOVSSET },
	};
	struct pmu_sysreg r;

	for (size_t i = 0; i < sizeof(twins) / sizeof(twins[0]); i++) {
		uint32_t k = esr_sysreg_decode((uint32_t)mk_sys(twins[i].op0, twins[i].op1, twins[i].crn,
								twins[i].crm, twins[i].op2, 0, 1)).key;

		r = pmu_sysreg_lookup(k);
		assert_int_equal(r.kind, PMU_SR_TYPEA);
		assert_int_equal(r.key, twins[i].key);
	}
	r = pmu_sysreg_lookup(SR_KEY(3, 3, 9, 13, 0));
	assert_int_equal(r.kind, PMU_SR_CCNT64);
	r = pmu_sysreg_lookup(SR_KEY(3, 3, 14, 15, 7));
	assert_int_equal(r.kind, PMU_SR_EVTYPER);
	assert_int_equal(r.n, 31);
	for (unsigned n = 0; n <= 30; n++) {
		r = pmu_sysreg_lookup(SR_KEY_OF(A64_PMEVCNTR(n)));
		assert_int_equal(r.kind, PMU_SR_EVCNTR);
		assert_int_equal(r.n, n);
		r = pmu_sysreg_lookup(SR_KEY_OF(A64_PMEVTYPER(n)));
		assert_int_equal(r.kind, PMU_SR_EVTYPER);
		assert_int_equal(r.n, n);
	}
	/* not PMU registers: the PMUv2 op1 = 0 forms of the *_EL0 ones, the
	 * debug registers, the ID registers */
	assert_int_equal(pmu_sysreg_lookup(SR_KEY(3, 0, 9, 12, 0)).kind, PMU_SR_NONE);
	assert_int_equal(pmu_sysreg_lookup(SRK_MDSCR_EL1).kind, PMU_SR_NONE);
	assert_int_equal(pmu_sysreg_lookup(SRK_MIDR_EL1).kind, PMU_SR_NONE);
	assert_int_equal(pmu_sysreg_lookup(SR_KEY(3, 3, 14, 7, 0)).kind, PMU_SR_NONE);
	assert_int_equal(pmu_sysreg_lookup(SR_KEY(2, 3, 14, 8, 0)).kind, PMU_SR_NONE);
}

/* The table's keys are the ISS layout's (sysregs.h vs the ARM ARM) */
static void table_keys(void **state)
{
	(void)state;
	assert_int_equal(SRK_PMCR_EL0, (uint32_t)mk_sys(3, 3, 9, 12, 0, 0, 0) & SR_KEY_MASK);
	assert_int_equal(SRK_MDSCR_EL1, (uint32_t)mk_sys(2, 0, 0, 2, 2, 0, 0) & SR_KEY_MASK);
	assert_int_equal(SRK_PMINTENSET_EL1, (uint32_t)mk_sys(3, 0, 9, 14, 1, 0, 0) & SR_KEY_MASK);
	assert_int_equal(SR_KEY_MASK, 0x3ffc1eu);
}

/* EC 0x24/0x20: stage-2 aborts (ARM ARM D17.2.40/D17.2.37), and the
 * VTCR_EL2/VTTBR_EL2/HPFAR_EL2 encodings stage 2 added to the table */
static void aborts(void **state)
{
	(void)state;
	/* str x1, [x0] to an unmapped IPA: ISV 1, SAS 3, SRT 1, WnR, FSC 0x06
	 * (translation fault, level 2) */
	struct esr e = esr_decode((0x24ull << 26) | (1u << 25) | (1u << 24) | (3u << 22) | (1u << 16) |
				  (1u << 6) | 0x06u);
	struct esr_abort a = esr_abort_decode(e.iss);

	assert_int_equal(e.ec, EC_DABT_LOW);
	assert_true(a.wnr);
	assert_false(a.s1ptw);
	assert_int_equal(a.fsc, 0x06);
	/* a load on the guest's own table walk: S1PTW, and WnR 0 */
	a = esr_abort_decode(esr_decode((0x24ull << 26) | (1u << 25) | (1u << 7) | 0x07u).iss);
	assert_false(a.wnr);
	assert_true(a.s1ptw);
	assert_int_equal(a.fsc, 0x07);
	/* an instruction abort */
	e = esr_decode((0x20ull << 26) | (1u << 25) | 0x05u);
	assert_int_equal(e.ec, EC_IABT_LOW);
	assert_int_equal(esr_abort_decode(e.iss).fsc, 0x05);
	/* what vcpu.c injects: the same-EL classes, one above the lower-EL ones */
	assert_int_equal(EC_DABT_CUR, EC_DABT_LOW + 1);
	assert_int_equal(EC_IABT_CUR, EC_IABT_LOW + 1);
	assert_int_equal(SRK_VTCR_EL2, SR_KEY(3, 4, 2, 1, 2));
	assert_int_equal(SRK_VTTBR_EL2, SR_KEY(3, 4, 2, 1, 0));
	assert_int_equal(SRK_HPFAR_EL2, SR_KEY(3, 4, 6, 0, 4));
}

/* A data abort's ISS through the decoder AArch32 shares (arch/dabt.h):
 * SRT is 5 bits here - x30 is register 30, not 14 - while an AArch32
 * syndrome's bit 20 is not part of it */
static void dabt_iss(void **state)
{
	/* ldrsh x30, [x1] to the distributor: ISV, SAS 1, SSE, SRT 30, SF */
	uint32_t iss = (1u << 24) | (1u << 22) | (1u << 21) | (30u << 16) | (1u << 15);
	struct dabt d = dabt_decode(iss, DABT_SRT_A64);

	(void)state;
	assert_true(d.isv);
	assert_int_equal(d.sas, 1);
	assert_true(d.sse);
	assert_int_equal(d.srt, 30);
	assert_false(d.wnr);
	assert_false(d.s1ptw);
	assert_int_equal(dabt_decode(iss, DABT_SRT_A32).srt, 14);
	/* str w31 (wzr), a stage-1 walk's fault: WnR, S1PTW, DFSC */
	d = dabt_decode((1u << 24) | (2u << 22) | (31u << 16) | (1u << 7) | (1u << 6) | 0x07u, DABT_SRT_A64);
	assert_int_equal(d.srt, 31);
	assert_int_equal(d.sas, 2);
	assert_true(d.wnr);
	assert_true(d.s1ptw);
	assert_int_equal(d.dfsc, 0x07);
}

/* The hot forms (esr.h ESR_SYS64_FORM(), hyp/exit/sys_trap.c): every ISS of
 * EC 0x18 with IL is one exactly when it is MRS PMCCNTR_EL0 / MSR
 * PMSELR_EL0 by the ARM ARM's fields, whatever the Rt, and ISS[24:22]
 * (RES0) clear; another class, IL clear, or a bit of [63:32] is never
 * one. Exhaustive over the 25-bit ISS. */
static bool ref_is(uint32_t iss, unsigned op0, unsigned op1, unsigned crn, unsigned crm,
		   unsigned op2, unsigned read)
{
	return (iss >> 22) == 0 && ((iss >> 20) & 3u) == op0 && ((iss >> 17) & 7u) == op2 &&
	       ((iss >> 14) & 7u) == op1 && ((iss >> 10) & 15u) == crn && ((iss >> 1) & 15u) == crm &&
	       (iss & 1u) == read;
}

static void hot_forms(void **state)
{
	const uint64_t ccnt = ESR_SYS64_FORM(SRK_PMCCNTR_EL0, true);
	const uint64_t selr = ESR_SYS64_FORM(SRK_PMSELR_EL0, false);
	unsigned nccnt = 0, nselr = 0;

	(void)state;
	for (uint32_t iss = 0; iss <= ESR_ISS_MASK; iss++) {
		uint64_t esr = (0x18ull << 26) | (1u << 25) | iss;
		uint64_t form = esr_sys64_form(esr);
		bool is_ccnt = ref_is(iss, 3, 3, 9, 13, 0, 1), is_selr = ref_is(iss, 3, 3, 9, 12, 5, 0);

		if ((form == ccnt) != is_ccnt || (form == selr) != is_selr)
			fail_msg("ISS %07x: form %llx", (unsigned)iss, (unsigned long long)form);
		nccnt += is_ccnt;
		nselr += is_selr;
		if (!is_ccnt && !is_selr)
			continue;
		/* Rt is left where the decode finds it */
		assert_int_equal(ESR_SYS_RT(esr), (iss >> 5) & 31u);
		/* not with another class, IL clear, or any of [63:32] set */
		for (unsigned ec = 0; ec < 64; ec++)
			if (ec != 0x18) {
				uint64_t o = esr_sys64_form(((uint64_t)ec << 26) | (1u << 25) | iss);
				assert_true(o != ccnt && o != selr);
			}
		form = esr_sys64_form(esr & ~(uint64_t)ESR_IL);
		assert_true(form != ccnt && form != selr);
		for (unsigned b = 32; b < 64; b++) {
			form = esr_sys64_form(esr | 1ull << b);
			assert_true(form != ccnt && form != selr);
		}
	}
	assert_int_equal(nccnt, 32);   /* one per Rt */
	assert_int_equal(nselr, 32);
	/* the examples: mrs x0, pmccntr_el0; msr pmselr_el0, x30 */
	assert_true(esr_sys64_form(mk_sys(3, 3, 9, 13, 0, 0, 1)) == ccnt);
	assert_true(esr_sys64_form(mk_sys(3, 3, 9, 12, 5, 30, 0)) == selr);
	assert_true(esr_sys64_form(mk_sys(3, 3, 9, 13, 0, 0, 0)) != ccnt);   /* MSR PMCCNTR */
	assert_true(esr_sys64_form(mk_sys(3, 3, 9, 12, 5, 0, 1)) != selr);   /* MRS PMSELR */
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(sys_fields),
		cmocka_unit_test(aborts),
		cmocka_unit_test(dabt_iss),
		cmocka_unit_test(other_classes),
		cmocka_unit_test(pmu_map),
		cmocka_unit_test(table_keys),
		cmocka_unit_test(hot_forms),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
