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

/* The access, and HDCR when it moved the state (1->2 or 3->2). */
static inline __attribute__((always_inline)) int
pmu_access_cpu(struct hyp_cpu *c, uint32_t key, bool read, uint32_t *val, bool pl0)
{
	unsigned before = pmu_state(&c->pmu);
	int rc = pmu_trap(&c->pmu, key, read, val, pl0) == PMU_TRAP_DONE ? 0 : 1;

	if (pmu_state(&c->pmu) != before)
		hyp_update_traps(c);
	return rc;
}

static int pmu_access(struct vcpu *v, uint32_t key, bool read, uint32_t *val)
{
	return pmu_access_cpu(v->cpu, key, read, val, vcpu_is_pl0(v));
}

static int dbg_access(struct vcpu *v, uint32_t key, bool read, uint32_t *val)
{
	struct hyp_cpu *c = v->cpu;
	return dbg_trap(&c->dbg, pmu_active_cluster(&c->pmu), key, read, val);
}

/* Any trapped PMU access, through the whole context. */
static void __attribute__((noinline)) cp15_general(struct guest_frame *f, uint32_t hsr)
{
	struct vcpu v;

	vcpu_load(&v, f, hsr);
	cp32_access(&v, pmu_access);
	vcpu_put(&v);
}

static void __attribute__((noinline)) cp15_undef(struct guest_frame *f, uint32_t hsr)
{
	struct vcpu v;

	vcpu_load(&v, f, hsr);
	log_debug("PMU access %08lx not emulated: UNDEF\n", (unsigned long)hsr);
	vcpu_inject_undef(&v);
	vcpu_put(&v);
}

/*
 * The hot class: every PMU access in states 1 and 3. What compilers emit
 * for one - ARM state, condition AL, Rt in r0-r7 (never banked) - is
 * handled here on the frame, stepping ELR by 4, with no guest context
 * built; anything else (Thumb, a conditional MCR/MRC, r8-r14) takes the
 * general path above, which handles every case.
 */
void trap_cp15_32(struct guest_frame *f, uint32_t hsr)
{
	struct hsr_cp32 d = hsr_decode_cp32(hsr);
	uint32_t spsr, elr;

	__asm__ volatile("mrs %0, spsr" : "=r"(spsr));
	if ((spsr & PSR_T) || (d.cv && d.cond < 0xe) || d.rt >= 8) {
		cp15_general(f, hsr);
		return;
	}
	if (pmu_access_cpu(this_cpu(), d.key, d.read, &f->r[d.rt],
			   (spsr & PSR_MODE_MASK) == PSR_MODE_USR) != 0) {
		cp15_undef(f, hsr);
		return;
	}
	__asm__ volatile("mrs %0, elr_hyp" : "=r"(elr));
	__asm__ volatile("msr elr_hyp, %0" : : "r"(elr + 4));
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
