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

void trap_cp15_32(struct guest_frame *f, uint32_t hsr)
{
	cp_access_fast(f, hsr, pmu_access, cp15_lr_svc, cp15_general);
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
