/*
 * What a PL1 guest owns on a core, beyond its general registers in the
 * trap frame (which travel on the virtual CPU's HYP stack): the banked
 * registers of its other modes, its PL0/PL1 CP15 state, VFP/Advanced SIMD,
 * the generic timer, and where it resumes (ELR_hyp, SPSR_hyp). A
 * migration (hyp/switch/migrate.c) saves it on the outbound core and loads it on
 * the inbound one; docs/migration.md says why each item is here.
 * Target only: every item is a hardware register.
 */
#ifndef HYP_CPU_CTX_H
#define HYP_CPU_CTX_H

#include <stdint.h>

/* PL0/PL1 CP15 registers, 32-bit: read_NAME()/write_NAME() (cpregs.h).
 * CSSELR first: nothing here depends on it, but it selects what CCSIDR
 * shows, which the guest may read next. */
#define CPU_CTX_REGS(X) \
	X(CSSELR) X(SCTLR) X(ACTLR) X(CPACR) X(TTBCR) X(DACR)            \
	X(DFSR) X(IFSR) X(ADFSR) X(AIFSR) X(DFAR) X(IFAR)                \
	X(MAIR0) X(MAIR1) X(AMAIR0) X(AMAIR1) X(VBAR) X(CONTEXTIDR)      \
	X(TPIDRURW) X(TPIDRURO) X(TPIDRPRW) X(CNTKCTL)
/* ... 64-bit (MRRC/MCRR) */
#define CPU_CTX_REGS64(X) X(TTBR0) X(TTBR1) X(PAR64)

/* Banked general registers of the guest's modes (MRS/MSR banked, virt
 * extensions): X(field, assembler name). LR_usr is in the trap frame. */
#define CPU_CTX_BANKED(X) \
	X(sp_usr, SP_usr)                                                 \
	X(sp_svc, SP_svc) X(lr_svc, LR_svc) X(spsr_svc, SPSR_svc)         \
	X(sp_abt, SP_abt) X(lr_abt, LR_abt) X(spsr_abt, SPSR_abt)         \
	X(sp_und, SP_und) X(lr_und, LR_und) X(spsr_und, SPSR_und)         \
	X(sp_irq, SP_irq) X(lr_irq, LR_irq) X(spsr_irq, SPSR_irq)         \
	X(r8_fiq, R8_fiq) X(r9_fiq, R9_fiq) X(r10_fiq, R10_fiq)           \
	X(r11_fiq, R11_fiq) X(r12_fiq, R12_fiq)                           \
	X(sp_fiq, SP_fiq) X(lr_fiq, LR_fiq) X(spsr_fiq, SPSR_fiq)

struct cpu_ctx {
#define CPU_CTX_FIELD(name) uint32_t name;
#define CPU_CTX_FIELD64(name) uint64_t name;
#define CPU_CTX_FIELD_B(field, reg) uint32_t field;
	CPU_CTX_REGS(CPU_CTX_FIELD)
	CPU_CTX_REGS64(CPU_CTX_FIELD64)
	CPU_CTX_BANKED(CPU_CTX_FIELD_B)
#undef CPU_CTX_FIELD
#undef CPU_CTX_FIELD64
#undef CPU_CTX_FIELD_B
	uint32_t elr_hyp, spsr_hyp;          /* where and how the guest resumes */
	/* generic timer: the virtual timer and the PL1 physical timer
	 * (CNTHCTL lets PL1 use it), and the virtual offset */
	uint32_t cntv_ctl, cntp_ctl;
	uint64_t cntv_cval, cntp_cval, cntvoff;
	/* VFP / Advanced SIMD: D0-D31, FPSCR, FPEXC */
	uint32_t fpexc, fpscr;
	uint64_t d[32];
};

/* Save the running core's guest context into x; then stop its timers, so
 * the outbound core raises no guest interrupt while it is parked. */
void cpu_ctx_save(struct cpu_ctx *x);
/* ... the timers only (a core whose virtual CPU ends: PSCI CPU_OFF). */
void cpu_ctx_stop_timers(void);
/* Load x into the running core (the inbound one): timers last. */
void cpu_ctx_load(const struct cpu_ctx *x);

#endif
