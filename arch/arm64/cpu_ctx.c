/*
 * The guest's EL1 context on a core (arch/arm64/cpu_ctx.h): the register
 * lists are X-macros over sysregs.h's one encoding table, so save and
 * load cannot disagree on what moves.
 */
#include "cpu_ctx.h"
#include "sysregs_access.h"
#include "a32_regs.h"

/* Q0-Q31 with STP/LDP. The monitor is built -mgeneral-regs-only (it keeps
 * no value of its own in FP/SIMD registers, so it need not save the
 * guest's on a trap); these two blocks are its only FP/SIMD instructions,
 * assembled with the extension enabled for them alone. EL2 may execute
 * them: CPTR_EL2.TFP is clear (cpu_init.c), and CPACR_EL1 - the guest's -
 * does not apply at EL2. */
#define Q_PAIRS(OP)                                                             \
	OP " q0, q1, [%0, #%1]\n\t"       OP " q2, q3, [%0, #%1+32]\n\t"       \
	OP " q4, q5, [%0, #%1+64]\n\t"    OP " q6, q7, [%0, #%1+96]\n\t"       \
	OP " q8, q9, [%0, #%1+128]\n\t"   OP " q10, q11, [%0, #%1+160]\n\t"    \
	OP " q12, q13, [%0, #%1+192]\n\t" OP " q14, q15, [%0, #%1+224]\n\t"    \
	OP " q16, q17, [%0, #%1+256]\n\t" OP " q18, q19, [%0, #%1+288]\n\t"    \
	OP " q20, q21, [%0, #%1+320]\n\t" OP " q22, q23, [%0, #%1+352]\n\t"    \
	OP " q24, q25, [%0, #%1+384]\n\t" OP " q26, q27, [%0, #%1+416]\n\t"    \
	OP " q28, q29, [%0, #%1+448]\n\t" OP " q30, q31, [%0, #%1+480]\n\t"
#define SIMD_ON  ".arch_extension fp\n\t.arch_extension simd\n\t"
#define SIMD_OFF ".arch_extension nosimd\n\t.arch_extension nofp"
_Static_assert(sizeof(((struct cpu_ctx *)0)->q) == 32 * sizeof(uint64_t[2]), "Q0-Q31");

/* Addressed from x itself (the Q pair's immediate reaches 1008), not from
 * a register holding &x->q: one ADD less a direction, which pays for the
 * TBNZ that chooses the AArch32 part (cpu_ctx_save/load) - an AArch64
 * guest's migration executes as many instructions as before it. */
#define Q_OFF __builtin_offsetof(struct cpu_ctx, q)
_Static_assert(Q_OFF + 480 <= 1008 && Q_OFF % 16 == 0, "Q0-Q31 within STP/LDP's reach of x");

static inline void fpsimd_save(struct cpu_ctx *x)
{
	__asm__ volatile(SIMD_ON Q_PAIRS("stp") SIMD_OFF : : "r"(x), "i"(Q_OFF) : "memory");
}

static inline void fpsimd_load(const struct cpu_ctx *x)
{
	__asm__ volatile(SIMD_ON Q_PAIRS("ldp") SIMD_OFF : : "r"(x), "i"(Q_OFF) : "memory");
}

/* Two system registers a pair: two MRS and one STP, or one LDP and two MSR
 * (each a volatile asm, so they keep the list's order), where one MRS +
 * STR or LDR + MSR a register cost 66 instructions a direction. The pair's
 * fields are adjacent; the "m" operands tell the compiler what moves. */
#define ADJACENT(a, b)                                                           \
	_Static_assert(__builtin_offsetof(struct cpu_ctx, b) ==                  \
		       __builtin_offsetof(struct cpu_ctx, a) + 8, #a " and " #b " adjacent");
#define ALONE(name)
CPU_CTX_RETURN(ADJACENT)
CPU_CTX_SYSREGS(ADJACENT)
CPU_CTX_TIMERS(ADJACENT, ALONE)
CPU_CTX_A32(ADJACENT, ALONE)
#undef ALONE
#undef ADJACENT

#define SAVE(name) x->name = read_##name();
#define LOAD(name) write_##name(x->name);
/* ... `then` runs with the pair's values still in va and vb */
#define SAVE2_THEN(a, b, then)                                                   \
	{                                                                        \
		uint64_t va = read_##a(), vb = read_##b();                       \
		__asm__ volatile("stp %2, %3, [%4, #%5]"                        \
				 : "=m"(x->a), "=m"(x->b)                        \
				 : "r"(va), "r"(vb), "r"(x),                     \
				   "i"(__builtin_offsetof(struct cpu_ctx, a)));   \
		then                                                             \
	}
#define LOAD2_THEN(a, b, then)                                                   \
	{                                                                        \
		uint64_t va, vb;                                                 \
		__asm__ volatile("ldp %0, %1, [%4, #%5]"                        \
				 : "=r"(va), "=r"(vb)                            \
				 : "m"(x->a), "m"(x->b), "r"(x),                 \
				   "i"(__builtin_offsetof(struct cpu_ctx, a)));   \
		write_##a(va);                                                   \
		write_##b(vb);                                                   \
		then                                                             \
	}
#define SAVE2(a, b) SAVE2_THEN(a, b, )
#define LOAD2(a, b) LOAD2_THEN(a, b, )
/* CPU_CTX_RETURN's pair, its second register (SPSR_EL2) kept */
#define SAVE2_PSR(a, b) SAVE2_THEN(a, b, psr = vb;)
#define LOAD2_PSR(a, b) LOAD2_THEN(a, b, psr = vb;)

/* The guest trapped from AArch32 (SPSR_EL2.M[4]): an AArch32 EL1 guest
 * always does (its EL0 too); an AArch64 one from an AArch32 task, whose
 * registers of CPU_CTX_A32 then move as well - harmless, HCR_EL2 with RW
 * set. Tested on the SPSR_EL2 the pair has just moved: one TBNZ, not
 * taken for an AArch64 guest at EL1 or EL0, the part itself out of line. */
#define FROM_A32(psr) __builtin_expect(((psr) & A32_PSR_M4) != 0, 0)

void cpu_ctx_save(struct cpu_ctx *x)
{
	uint64_t psr;

	CPU_CTX_RETURN(SAVE2_PSR)
	if (FROM_A32(psr)) {
		CPU_CTX_A32(SAVE2, SAVE)
	}
	CPU_CTX_SYSREGS(SAVE2)
	CPU_CTX_TIMERS(SAVE2, SAVE)
	fpsimd_save(x);
	cpu_ctx_stop_timers();
}

/* The timers' interrupts (PPIs 27 and 30) are level-sensitive: off, they
 * stop asserting here; loaded on the inbound core, they assert there. */
void cpu_ctx_stop_timers(void)
{
	write_CNTV_CTL_EL0(0);
	write_CNTP_CTL_EL0(0);
	isb();
}

void cpu_ctx_load(const struct cpu_ctx *x)
{
	uint64_t psr;

	CPU_CTX_RETURN(LOAD2_PSR)
	/* an AArch32 EL1's execution state (HCR_EL2.RW) and domains before
	 * its translation registers and SCTLR_EL1: synchronized before they
	 * are written, so no walk of its tables - a speculative one - uses
	 * AArch64's formats or the parked core's domains */
	if (FROM_A32(psr)) {
		CPU_CTX_A32(LOAD2, LOAD)
		isb();
	}
	CPU_CTX_SYSREGS(LOAD2)
	fpsimd_load(x);
	CPU_CTX_TIMERS(LOAD2, LOAD)
	isb();
}
