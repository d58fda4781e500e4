/*
 * What an AArch64 EL1 guest owns on a core, beyond its general registers
 * in the trap frame (which travel on the virtual CPU's HYP thread's stack,
 * arch/arm64/thread.S): its EL1/EL0 system registers, FP/SIMD, the
 * generic timers and where it resumes (ELR_EL2, SPSR_EL2). A migration
 * (hyp/switch/migrate.c) saves it on the outbound core and loads it on the
 * inbound one - and for an AArch32 EL1 guest what such an EL1 owns
 * beyond them; docs/migration.md says why each item is here.
 * arch/arm32/cpu_ctx.h is the AArch32 one. Target only: every item is a
 * hardware register.
 */
#ifndef HYP_CPU_CTX_H
#define HYP_CPU_CTX_H

#include <stdint.h>

/* Where the guest resumes, moved first: the fast HVC and IRQ paths keep
 * the guest's return state in the CPU, not in the frame (vectors.S).
 * SPSR_EL2.M[4] then says whether the guest trapped from AArch32, which
 * decides whether CPU_CTX_A32 moves too - one TBNZ on a value already in
 * a register (cpu_ctx.c). */
#define CPU_CTX_RETURN(P) P(ELR_EL2, SPSR_EL2)
/* The system registers, in pairs P(a, b): each pair moves as two MRS and
 * one STP, or one LDP and two MSR, through sysregs.h's table
 * (read_NAME()/write_NAME()), so save and load cannot disagree on what
 * moves, and a pair's two fields are adjacent (cpu_ctx.c asserts it).
 * CSSELR_EL1 first: it selects what CCSIDR_EL1 shows, which the
 * guest may read next. The translation registers before SCTLR_EL1, so the
 * MMU enable arrives over the tables it refers to (a real core may walk
 * the EL1&0 tables speculatively; the Cortex-A57/A53 errata on
 * speculative AT that KVM works around are not handled here). */
#define CPU_CTX_SYSREGS(P)                                                  \
	P(CSSELR_EL1, TTBR0_EL1) P(TTBR1_EL1, TCR_EL1) P(MAIR_EL1, AMAIR_EL1) \
	P(SCTLR_EL1, ACTLR_EL1) P(CPACR_EL1, VBAR_EL1)                       \
	P(CONTEXTIDR_EL1, TPIDR_EL0) P(TPIDRRO_EL0, TPIDR_EL1)               \
	P(SP_EL0, SP_EL1) P(ELR_EL1, SPSR_EL1) P(ESR_EL1, FAR_EL1)           \
	P(AFSR0_EL1, AFSR1_EL1) P(PAR_EL1, FPCR) P(FPSR, CNTKCTL_EL1)
/* The EL1 timers and the virtual offset: loaded last, the offset and the
 * compare values before the controls that enable them (a pair's first
 * register is written first); the odd one X(name) alone. */
#define CPU_CTX_TIMERS(P, X) \
	P(CNTVOFF_EL2, CNTV_CVAL_EL0) P(CNTP_CVAL_EL0, CNTV_CTL_EL0) X(CNTP_CTL_EL0)
/* What an AArch32 EL1 owns and an AArch64 one does not (ARM ARM D1.20.1
 * and "Mapping of AArch32 registers to AArch64"): the SPSRs of its IRQ,
 * Abort, Undefined and FIQ modes (SPSR_svc is SPSR_EL1, above), DACR,
 * IFSR and FPEXC - and HCR_EL2, for its RW bit: a core of a migrating
 * system starts before the boot CPU knows the guest is AArch32, so its
 * HCR_EL2 says AArch64 until a virtual CPU brings the value it ran with
 * (every other bit is the same on every core: cpu_init.c). Moved only
 * when the guest trapped from AArch32 (CPU_CTX_RETURN), before the
 * system registers on the way in: RW and DACR are the AArch32 regime's
 * execution state and domains, in place before SCTLR_EL1 can enable its
 * MMU. Its banked r8-r14 are x8-x30 of the trap frame and the HYP
 * thread (docs/migration.md); its Q0-Q15 are V0-V15 and FPSCR is FPSR +
 * FPCR, which move for both kinds of guest. DBGVCR32_EL2, X(name) alone,
 * is the debug context's DBGVCR in the core (dbg_regs.h): kept equal to
 * it by trap32.c and set to its reset value at a virtual CPU's entry
 * (guest32.c), it comes along here, so the inbound core catches what the
 * guest asked for - the one hardware move of that row, on the AArch32
 * guest's path alone. A parked core keeps the value it had, which nothing
 * sees: a virtual CPU starting on a core writes it first (entry or here). */
#define CPU_CTX_A32(P, X) \
	P(HCR_EL2, DACR32_EL2) P(IFSR32_EL2, FPEXC32_EL2) P(SPSR_IRQ, SPSR_ABT) P(SPSR_UND, SPSR_FIQ) \
	X(DBGVCR32_EL2)
struct cpu_ctx {
#define CPU_CTX_FIELD(name) uint64_t name;
#define CPU_CTX_FIELDS(a, b) uint64_t a, b;
	CPU_CTX_RETURN(CPU_CTX_FIELDS)
	CPU_CTX_SYSREGS(CPU_CTX_FIELDS)
	CPU_CTX_TIMERS(CPU_CTX_FIELDS, CPU_CTX_FIELD)
	CPU_CTX_A32(CPU_CTX_FIELDS, CPU_CTX_FIELD)
#undef CPU_CTX_FIELDS
#undef CPU_CTX_FIELD
	/* Q0-Q31, two words each (STP/LDP of q registers) */
	_Alignas(16) uint64_t q[64];
};

/* Save the running core's guest context into x; then stop its timers, so
 * the outbound core raises no guest interrupt while it is parked. */
void cpu_ctx_save(struct cpu_ctx *x);
/* ... the timers only (a core whose virtual CPU ends: PSCI CPU_OFF). */
void cpu_ctx_stop_timers(void);
/* Load x into the running core (the inbound one): timers last. */
void cpu_ctx_load(const struct cpu_ctx *x);

#endif
