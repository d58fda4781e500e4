/*
 * Trapped MCR/MRC: CP15 (the PMU, Type A, spec 3.1/3.4) and CP14 (debug,
 * spec 4). The syndrome names the register (CPK_* keys from cpregs.h) and
 * Rt; a condition that fails means the instruction is skipped unexecuted
 * (ARM ARM B1.14.1: a trapped conditional instruction may fail its check).
 *
 * Every PMU access in states 1 and 3 comes here, so the path works on the
 * trap frame and the syndrome: an Rt the frame holds (r0-r7, and r8-r12
 * outside FIQ mode) is used in place, an ARM-state instruction steps ELR
 * by 4. Banked registers, Thumb stepping and UNDEF injection are out of
 * line (docs/performance.md).
 */
#include "trap.h"
#include "percpu.h"
#include "hsr.h"
#include "log.h"
#include "vcpu.h"

/* The access itself: 0 done, else UNDEF. */
typedef int (*cp_access_fn)(struct hyp_cpu *c, uint32_t key, bool read, uint32_t *val, bool pl0);

/* Thumb: 2 or 4 bytes, and the IT state advances. */
static void __attribute__((noinline)) skip_thumb(struct guest_frame *f, uint32_t hsr)
{
	struct vcpu v;

	vcpu_load(&v, f, hsr);
	vcpu_skip_thumb_insn(&v);
	vcpu_put(&v);
}

static void __attribute__((noinline)) cp32_undef(struct guest_frame *f, uint32_t hsr)
{
	struct vcpu v;

	if (LOG_LEVEL >= LOG_DEBUG) {   /* the decode only where the log is built in */
		struct hsr_cp32 d = hsr_decode_cp32(hsr);

		log_debug("%s p%u, %u, r%u, c%u, c%u, %u not emulated: UNDEF\n",
			  d.read ? "mrc" : "mcr", HSR_EC(hsr) == EC_CP14_32 ? 14u : 15u, d.opc1,
			  d.rt, d.crn, d.crm, d.opc2);
	}
	vcpu_load(&v, f, hsr);
	vcpu_inject_undef(&v);
	vcpu_put(&v);
}

/* Return past an emulated ARM-state (4-byte) instruction. */
static inline __attribute__((always_inline)) void step_arm(void)
{
	uint32_t elr;

	__asm__ volatile("mrs %0, elr_hyp" : "=r"(elr));
	__asm__ volatile("msr elr_hyp, %0" : : "r"(elr + 4));
}

static inline __attribute__((always_inline)) void
cp32_access(struct guest_frame *f, uint32_t hsr, cp_access_fn fn)
{
	struct hsr_cp32 d = hsr_decode_cp32(hsr);
	uint32_t spsr, banked = 0;
	uint32_t *rt = &f->r[d.rt];   /* r0-r7: the frame slot itself */

	__asm__ volatile("mrs %0, spsr" : "=r"(spsr));
	if (!hsr_cond_pass(&d, spsr))
		goto skip;
	if (d.rt >= 8) {              /* possibly banked: through a copy */
		rt = &banked;
		if (!d.read && !vcpu_get_banked_reg(f, spsr, d.rt, &banked))
			goto undef;
	}
	if (fn(this_cpu(), d.key, d.read, rt, (spsr & PSR_MODE_MASK) == PSR_MODE_USR) != 0)
		goto undef;
	if (d.rt >= 8 && d.read && !vcpu_set_banked_reg(f, spsr, d.rt, banked))
		goto undef;
skip:
	if (spsr & PSR_T) {
		skip_thumb(f, hsr);
		return;
	}
	step_arm();
	return;
undef:
	cp32_undef(f, hsr);
}

/* The access, and HDCR when it moved the state (1->2 or 3->2). */
static inline __attribute__((always_inline)) int
pmu_access(struct hyp_cpu *c, uint32_t key, bool read, uint32_t *val, bool pl0)
{
	unsigned before = pmu_state(&c->pmu);
	int rc = pmu_trap(&c->pmu, key, read, val, pl0) == PMU_TRAP_DONE ? 0 : 1;

	if (pmu_state(&c->pmu) != before)
		hyp_update_traps(c);
	return rc;
}

static int dbg_access(struct hyp_cpu *c, uint32_t key, bool read, uint32_t *val, bool pl0)
{
	(void)pl0;   /* dbg_trap() applies its own rules, whatever the mode */
	return dbg_trap(&c->dbg, pmu_active_cluster(&c->pmu), key, read, val);
}

static void __attribute__((noinline)) cp15_general(struct guest_frame *f, uint32_t hsr)
{
	cp32_access(f, hsr, pmu_access);
}

/* A PMU access in ARM state whose Rt is at *rt: access, then step 4. */
static inline __attribute__((always_inline)) void
cp15_arm_access(struct guest_frame *f, uint32_t hsr, bool pl0, uint32_t *rt)
{
	struct hsr_cp32 d = hsr_decode_cp32(hsr);

	if (pmu_access(this_cpu(), d.key, d.read, rt, pl0) != 0) {
		cp32_undef(f, hsr);
		return;
	}
	step_arm();
}

/* Rt = LR in SVC mode (a kernel's): banked, one MRS/MSR away. Never PL0,
 * which also keeps lr in a register (the PL0 path would take its address). */
static void __attribute__((noinline)) cp15_lr_svc(struct guest_frame *f, uint32_t hsr)
{
	uint32_t lr;

	__asm__ volatile("mrs %0, LR_svc" : "=r"(lr));
	cp15_arm_access(f, hsr, false, &lr);
	__asm__ volatile("msr LR_svc, %0" : : "r"(lr));   /* unchanged by an MCR */
}

/*
 * What a compiler emits for a PMU access - ARM state, condition AL, Rt in
 * r0-r12 outside FIQ mode (the frame holds them) - goes straight to the
 * register's handler with Rt's frame slot; LR in SVC mode nearly so.
 * Anything else (Thumb, a conditional MCR/MRC, FIQ's r8-r12, LR of another
 * mode) takes the general path: every check there would cost this path too.
 */
void trap_cp15_32(struct guest_frame *f, uint32_t hsr)
{
	struct hsr_cp32 d = hsr_decode_cp32(hsr);
	uint32_t spsr;

	__asm__ volatile("mrs %0, spsr" : "=r"(spsr));
	if (!(spsr & PSR_T) && (!d.cv || d.cond >= 0xe)) {
		if (vcpu_frame_holds(spsr, d.rt)) {
			cp15_arm_access(f, hsr, (spsr & PSR_MODE_MASK) == PSR_MODE_USR, &f->r[d.rt]);
			return;
		}
		if (d.rt == 14 && (spsr & PSR_MODE_MASK) == PSR_MODE_SVC) {
			cp15_lr_svc(f, hsr);
			return;
		}
	}
	cp15_general(f, hsr);
}

void trap_cp14_32(struct guest_frame *f, uint32_t hsr)
{
	cp32_access(f, hsr, dbg_access);
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
