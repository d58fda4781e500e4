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
#define CPU_CTX_REGS_GROUPS(G, A) \
	G(A, CSSELR, SCTLR, ACTLR, CPACR, TTBCR, DACR, DFSR, IFSR, ADFSR, AIFSR, DFAR) \
	G(A, IFAR, MAIR0, MAIR1, AMAIR0, AMAIR1, VBAR, CONTEXTIDR, TPIDRURW,          \
	  TPIDRURO, TPIDRPRW, CNTKCTL)
/* In two groups of eleven: cpu_ctx.c moves a group through r2-r12 with one
 * STM/LDM (issue #29). */
#define CPU_CTX_R11_EACH(X, a, b, c, d, e, f, g, h, i, j, k) \
	X(a) X(b) X(c) X(d) X(e) X(f) X(g) X(h) X(i) X(j) X(k)
#define CPU_CTX_REGS(X) CPU_CTX_REGS_GROUPS(CPU_CTX_R11_EACH, X)
/* ... 64-bit (MRRC/MCRR) */
#define CPU_CTX_REGS64(X) X(TTBR0) X(TTBR1) X(PAR64)

/* Banked general registers of the guest's modes (MRS/MSR banked, virt
 * extensions): X(field, assembler name). LR_usr is in the trap frame.
 * In groups of seven (field, name pairs): cpu_ctx.c moves a group through
 * r2-r8 with one STM/LDM (issue #29). */
#define CPU_CTX_BANKED_GROUPS(G, A) \
	G(A, sp_usr, SP_usr, sp_svc, SP_svc, lr_svc, LR_svc, spsr_svc, SPSR_svc,      \
	  sp_abt, SP_abt, lr_abt, LR_abt, spsr_abt, SPSR_abt)                       \
	G(A, sp_und, SP_und, lr_und, LR_und, spsr_und, SPSR_und, sp_irq, SP_irq,      \
	  lr_irq, LR_irq, spsr_irq, SPSR_irq, r8_fiq, R8_fiq)                        \
	G(A, r9_fiq, R9_fiq, r10_fiq, R10_fiq, r11_fiq, R11_fiq, r12_fiq, R12_fiq,    \
	  sp_fiq, SP_fiq, lr_fiq, LR_fiq, spsr_fiq, SPSR_fiq)
#define CPU_CTX_B7_EACH(X, f1, r1, f2, r2, f3, r3, f4, r4, f5, r5, f6, r6, f7, r7) \
	X(f1, r1) X(f2, r2) X(f3, r3) X(f4, r4) X(f5, r5) X(f6, r6) X(f7, r7)
#define CPU_CTX_BANKED(X) CPU_CTX_BANKED_GROUPS(CPU_CTX_B7_EACH, X)

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
