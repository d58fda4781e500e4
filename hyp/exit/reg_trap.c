/*
 * Trapped register accesses, as the portable monitor emulates them: the
 * PMU (Type A, spec 3.1/3.4) and the debug context (spec 4). The
 * architecture decodes the instruction and carries the access out
 * (AArch32: arch/arm32/cp_trap.h, inline); what the access does is here.
 */
#include "exit.h"
#include "cp_trap.h"
#include "percpu.h"
#include "blmon_log.h"

/* The access, and the PMU/debug traps when it moved the state (1->2 or
 * 3->2). Inline into the decoder: on QEMU 7.2 every trapped PMU access
 * changes the state. */
static inline __attribute__((always_inline)) int
pmu_access(uint32_t key, bool read, uint32_t *val, bool pl0)
{
	struct hyp_cpu *c = this_cpu();
	unsigned before = pmu_state(&c->pmu);
	int rc = pmu_trap(&c->pmu, key, read, val, pl0) == PMU_TRAP_DONE ? 0 : 1;

	if (pmu_state(&c->pmu) != before)
		hyp_update_traps(c);
	return rc;
}

static int dbg_access(uint32_t key, bool read, uint32_t *val, bool pl0)
{
	struct hyp_cpu *c = this_cpu();

	(void)pl0;   /* dbg_trap() applies its own rules, whatever the mode */
	return dbg_trap(&c->dbg, pmu_active_cluster(&c->pmu), key, read, val);
}

static void __attribute__((noinline)) cp15_general(struct guest_frame *f, uint32_t hsr)
{
	cp_access(f, hsr, pmu_access);
}

static void __attribute__((noinline)) cp15_lr_svc(struct guest_frame *f, uint32_t hsr)
{
	cp_lr_svc_access(f, hsr, pmu_access);
}

/* PMCCNTR reads and PMSELR writes in the hot form (cp_trap.h, hsr.h) skip the
 * decode and the register table (issue #29): the access, the state's move
 * to 2 and its HDCR, exactly as pmu_access() would from PL1 (never PL0
 * here). One function per register, so the syndrome is compared once. */
static inline __attribute__((always_inline)) int
ccnt_hot(uint32_t key, bool read, uint32_t *val, bool pl0)
{
	struct hyp_cpu *c = this_cpu();

	(void)key, (void)read, (void)pl0;
	*val = pmu_trap_read_ccnt(&c->pmu);
	hyp_update_traps(c);
	return 0;
}

static inline __attribute__((always_inline)) int
selr_hot(uint32_t key, bool read, uint32_t *val, bool pl0) /* NOLINT(readability-non-const-parameter): a cp_access_fn */
{
	struct hyp_cpu *c = this_cpu();

	(void)key, (void)read, (void)pl0;
	pmu_trap_write_selr(&c->pmu, *val);
	hyp_update_traps(c);
	return 0;
}

/* Out of line, so the hot paths keep few registers live. */
static void __attribute__((noinline)) cp15_other(struct guest_frame *f, uint32_t hsr)
{
	cp_access_fast(f, hsr, pmu_access, cp15_lr_svc, cp15_general);
}

void trap_cp15_32(struct guest_frame *f, uint32_t hsr)
{
	uint32_t form = hsr_cp32_form(hsr);

	if (form == HSR_CP32_AL(CPK_PMCCNTR, true))
		cp_hot_access(f, hsr, ccnt_hot, cp15_general);
	else if (form == HSR_CP32_AL(CPK_PMSELR, false))
		cp_hot_access(f, hsr, selr_hot, cp15_general);
	else
		cp15_other(f, hsr);
}

void trap_cp14_32(struct guest_frame *f, uint32_t hsr)
{
	cp_access(f, hsr, dbg_access);
}

/*
 * LDC/STC on p14 (DCC transfers through DBGDTRRX/TXint) and MRRC p14: the
 * debug communications channel is for an external debugger, which the
 * spec does not support (section 4): not emulated, UNDEF with a log line.
 */
void trap_cp14_other(struct vcpu *v)
{
	log_debug("LDC/STC/MRRC on p14 at %08lx not emulated: UNDEF\n", (unsigned long)v->elr);
	dbg_ctx_mark_used(&v->cpu->dbg);
	vcpu_inject_undef(v);
}
