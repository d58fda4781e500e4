/*
 * Trapped MCR/MRC: CP15 (the PMU, Type A, spec 3.1/3.4) and CP14 (debug,
 * spec 4). The syndrome names the register (CPK_* keys from cpregs.h) and
 * Rt; a condition that fails means the instruction is skipped unexecuted
 * (ARM ARM B1.14.1: a trapped conditional instruction may fail its check).
 */
#include "trap.h"
#include "percpu.h"
#include "hsr.h"
#include "log.h"
#include "vcpu.h"

/* Common shape of a trapped 32-bit coprocessor transfer. */
typedef int (*cp_access_fn)(struct vcpu *v, uint32_t key, bool read, uint32_t *val);

static inline __attribute__((always_inline)) void cp32_access(struct vcpu *v, cp_access_fn fn)
{
	struct hsr_cp32 d = hsr_decode_cp32(v->hsr);
	uint32_t val = 0;

	if (!hsr_cond_pass(&d, v->spsr)) {
		vcpu_skip_insn(v);
		return;
	}
	if (!d.read && !vcpu_get_reg(v, d.rt, &val))
		goto undef;
	if (fn(v, d.key, d.read, &val) != 0)
		goto undef;
	if (d.read && !vcpu_set_reg(v, d.rt, val))
		goto undef;
	vcpu_skip_insn(v);
	return;
undef:
	log_debug("%s p%u, %u, r%u, c%u, c%u, %u not emulated: UNDEF\n", d.read ? "mrc" : "mcr",
		  HSR_EC(v->hsr) == EC_CP14_32 ? 14u : 15u, d.opc1, d.rt, d.crn, d.crm, d.opc2);
	vcpu_inject_undef(v);
}

static int pmu_access(struct vcpu *v, uint32_t key, bool read, uint32_t *val)
{
	struct hyp_cpu *c = v->cpu;
	unsigned before = pmu_state(&c->pmu);
	int rc = pmu_trap(&c->pmu, key, read, val, vcpu_is_pl0(v)) == PMU_TRAP_DONE ? 0 : 1;

	if (pmu_state(&c->pmu) != before)
		hyp_update_traps(c);   /* a Type A access moved 1->2 or 3->2 */
	return rc;
}

static int dbg_access(struct vcpu *v, uint32_t key, bool read, uint32_t *val)
{
	struct hyp_cpu *c = v->cpu;
	return dbg_trap(&c->dbg, pmu_active_cluster(&c->pmu), key, read, val);
}

void trap_cp15_32(struct vcpu *v)
{
	cp32_access(v, pmu_access);
}

void trap_cp14_32(struct vcpu *v)
{
	cp32_access(v, dbg_access);
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
