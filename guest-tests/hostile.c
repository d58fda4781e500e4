/*
 * Hostile guest (issue #6): random HVC ids in and around the monitor's
 * range, random cluster ids, values and descriptor pointers, random
 * trapped MCR/MRC encodings on p15 c9 and p14, in every PMU state. Every
 * answer must be a documented one (a value, -1, -3) or an exception in the
 * guest; afterwards the monitor's code+rodata checksum is unchanged and the
 * monitor still behaves (a cluster switch keeps an exact count).
 */
#include <string.h>
#include "pmu_guest.h"
#include "hostile_gen.h"
#include "rng.h"

#ifndef HOSTILE_SEED
#define HOSTILE_SEED 0x5eed1234u
#endif
#ifndef HOSTILE_OPS
#define HOSTILE_OPS 20000u
#endif

static struct rng rng = { HOSTILE_SEED };
static uint32_t rnd(void) { return rng_next(&rng); }

static struct descriptor desc_buf[32] __attribute__((aligned(8)));

/* Counters of what came back, to show the run exercised each kind. */
static unsigned n_ok, n_notsup, n_inval, n_undef, n_abort, n_other_exc;

static void random_hvcs(unsigned n, unsigned *bad)
{
	for (unsigned i = 0; i < n; i++) {
		uint32_t fid = hostile_fid(&rng);
		uint32_t a1 = rnd() % 3 ? rnd() % 4 : rnd();   /* cluster ids: mostly near 0/1 */
		uint32_t a2 = rnd(), a3 = rnd();

		if (fid == HVC_SYNC_PMU_COUNTERS) {
			a1 = hostile_ptr(&rng, (uint32_t)desc_buf);
			for (unsigned k = 0; k < 32; k++) {
				uint32_t *w = (uint32_t *)&desc_buf[k];
				for (unsigned j = 0; j < 6; j++)
					w[j] = rnd() % 2 ? rnd() % 16 : rnd();
			}
			desc_buf[0].header.entries = rnd() % 3 ? rnd() % 16 : rnd();
		}
		if (fid == HVC_AUTO_SWITCH)
			a1 = rnd() % 2 ? 0 : a1;   /* often off again */
		struct bl_hvc_regs r = bl_hvc_regs(fid, a1, a2, a3);

		if (!hvc_documented(fid, r)) {
			if (++*bad <= 5)
				gprintf("# undocumented answer: fid %08lx r1 %08lx -> %08lx %08lx %08lx %08lx\n",
					(unsigned long)fid, (unsigned long)a1, (unsigned long)r.r0,
					(unsigned long)r.r1, (unsigned long)r.r2, (unsigned long)r.r3);
		} else if (r.r0 == (uint32_t)BL_HVC_NOT_SUPPORTED) {
			n_notsup++;
		} else if (r.r0 == (uint32_t)BL_HVC_INVALID_PARAMETER || r.r3 == (uint32_t)BL_HVC_INVALID_PARAMETER) {
			n_inval++;
		} else {
			n_ok++;
		}
	}
	auto_switch(0);
}

/* Random MRC/MCR built at run time (hostile_gen.h). */
static uint32_t code_buf[4] __attribute__((aligned(16)));

static void run_cp_insn(uint32_t insn)
{
	exc_clear();
	run_insn_at(code_buf, insn);
	switch (last_exc.kind) {
	case EXC_NONE: break;
	case EXC_UND: n_undef++; break;
	case EXC_DABT: case EXC_PABT: n_abort++; break;
	default: n_other_exc++; break;
	}
}

static void disarm_debug(void)
{
	write_DBGBCR0(0); write_DBGBCR1(0); write_DBGBCR2(0);
	write_DBGBCR3(0); write_DBGBCR4(0); write_DBGBCR5(0);
	write_DBGWCR0(0); write_DBGWCR1(0); write_DBGWCR2(0); write_DBGWCR3(0);
}

static void random_cp(unsigned n)
{
	for (unsigned i = 0; i < n; i++) {
		uint32_t insn = hostile_cp_insn(&rng);

		if (!insn)
			continue;
		run_cp_insn(insn);
		if (rnd() % 64 == 0)
			hvc(HVC_PMU_SWITCH, rnd() % 2);
		if (rnd() % 64 == 0)
			switch_to(rnd() % 2);
	}
	disarm_debug();
}

/* Rt = SP and Rt = PC on a trapped access: UNDEF from the monitor. */
static void bad_rt(void)
{
	pmu_switch(1);
	run_cp_insn(0xee19df1cu);    /* mrc p15, 0, sp, c9, c12, 0 (PMCR) */
	check(last_exc.kind == EXC_UND, "trapped MRC PMCR -> SP: UNDEF");
	pmu_switch(1);
	run_cp_insn(0xee09df1cu);    /* mcr p15, 0, sp, c9, c12, 0 */
	check(last_exc.kind == EXC_UND, "trapped MCR PMCR <- SP: UNDEF");
	pmu_switch(1);
	run_cp_insn(0xee19ff3du);    /* mrc p15, 0, pc, c9, c13, 1 (APSR_nzcv form) */
	check(last_exc.kind == EXC_UND, "trapped MRC PMXEVTYPER -> PC: UNDEF");
}

static void still_sane(void)
{
	pmu_switch(0);
	uint32_t pmcr = read_PMCR();
	(void)pmcr;
	check_eq("after the storm: Type A access moves 1 -> 2", pmu_state_now(), 2);
	write_PMCR(PMCR_P | PMCR_C);
	write_PMCNTENCLR(0xffffffffu);
	write_PMINTENCLR(0xffffffffu);
	pmn_set_type(0, 0);
	write_PMCNTENSET(1);
	write_PMCR(PMCR_E);
	for (int i = 0; i < 333; i++) {
		write_PMSWINC(1);
		if (i % 37 == 0)
			switch_to(i % 2);
	}
	check_eq("after the storm: exact SW_INCR count across switches", pmn_read(0), 333);
	check_eq("after the storm: HVC_PMU_SWITCH(1) still works", pmu_switch(1), 0);
	check_eq("after the storm: state 3", pmu_state_now(), 3);
	hvc(HVC_PMSELR_WRITE, A15_CLUSTER, 1);
	hvc(HVC_PMXEVCNTR_WRITE, A15_CLUSTER, 4242);
	check_eq("after the storm: Type B round trip", (uint32_t)hvc(HVC_PMXEVCNTR_READ, A15_CLUSTER), 4242);
}

/* SMCCC's 64-bit forms (id bit 30) are AArch64's: here every one is an
 * unknown id, whatever the arguments (docs/abi.md) */
static void smc64_ids(void)
{
	static const uint32_t ids[] = { HVC_PMCCNTR_READ64, HVC_PMCCNTR_WRITE64, HVC_SYNC_PMU_COUNTERS64,
					HVC_PMCR_READ | BL_HVC_SMC64, HVC_MONITOR_INFO | BL_HVC_SMC64 };
	unsigned bad = 0;

	for (unsigned i = 0; i < sizeof(ids) / sizeof(ids[0]); i++) {
		struct bl_hvc_regs r = bl_hvc_regs(ids[i], A15_CLUSTER, (uint32_t)desc_buf, 0);

		bad += r.r0 != (uint32_t)BL_HVC_NOT_SUPPORTED;
	}
	check_eq("the SMC64 ids (0xD000100A, 0xD000100B, 0xD0001201 ...) answer -1 on AArch32", bad, 0);
}

void guest_start(uint32_t r0, uint32_t r1, uint32_t r2, uint32_t cpsr);
void guest_start(uint32_t r0, uint32_t r1, uint32_t r2, uint32_t cpsr)
{
	(void)r0; (void)r1; (void)r2; (void)cpsr;
	gprintf("# hostile: seed 0x%08lx, %u random HVCs, %u random MCR/MRC\n",
		(unsigned long)HOSTILE_SEED, HOSTILE_OPS, HOSTILE_OPS / 2);
	uint32_t sum = (uint32_t)hvc(HVC_MONITOR_CHECKSUM);
	unsigned bad = 0;

	pabt_hook = disarm_debug;
	random_hvcs(HOSTILE_OPS, &bad);
	check_eq("every random HVC got a documented answer", bad, 0);
	random_cp(HOSTILE_OPS / 2);
	gprintf("# answers: %u ok, %u -1, %u -3; MCR/MRC: %u UNDEF, %u aborts, %u other\n",
		n_ok, n_notsup, n_inval, n_undef, n_abort, n_other_exc);
	check(n_ok > 0 && n_notsup > 0 && n_inval > 0 && n_undef > 0,
	      "the storm exercised successes, -1, -3 and UNDEF");
	check_eq("no unexpected exception kind in the guest", n_other_exc, 0);
	bad_rt();
	smc64_ids();
	check_eq("monitor code+rodata checksum unchanged", (uint32_t)hvc(HVC_MONITOR_CHECKSUM), sum);
	still_sane();
	test_finish();
}
