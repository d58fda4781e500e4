/*
 * The guest's PL1 context on a core (arch/arm32/cpu_ctx.h): the register lists
 * are X-macros, so save and load cannot disagree on what moves.
 */
#include "cpu_ctx.h"
#include "cpregs_access.h"

#define FPEXC_EN (1u << 30)

static inline uint32_t read_fpexc(void)
{
	uint32_t v;

	__asm__ volatile(".fpu neon-vfpv4\n\tvmrs %0, fpexc" : "=r"(v));
	return v;
}

static inline void write_fpexc(uint32_t v)
{
	__asm__ volatile(".fpu neon-vfpv4\n\tvmsr fpexc, %0\n\tisb" : : "r"(v) : "memory");
}

/* D0-D31 and FPSCR need FPEXC.EN, whatever the guest left there: the
 * guest's FPEXC is saved first and loaded last. */
static void vfp_save(struct cpu_ctx *x)
{
	x->fpexc = read_fpexc();
	write_fpexc(x->fpexc | FPEXC_EN);
	__asm__ volatile(".fpu neon-vfpv4\n\t"
			 "vmrs %0, fpscr\n\t"
			 "vstmia %1!, {d0-d15}\n\t"
			 "vstmia %1, {d16-d31}"
			 : "=&r"(x->fpscr), "+&r"((uint64_t *){ x->d }) : : "memory");
}

static void vfp_load(const struct cpu_ctx *x)
{
	const uint64_t *d = x->d;

	write_fpexc(x->fpexc | FPEXC_EN);
	__asm__ volatile(".fpu neon-vfpv4\n\t"
			 "vldmia %0!, {d0-d15}\n\t"
			 "vldmia %0, {d16-d31}\n\t"
			 "vmsr fpscr, %1"
			 : "+&r"(d) : "r"(x->fpscr) : "memory");
	write_fpexc(x->fpexc);
}

#define SAVE(name)   x->name = read_##name();
#define LOAD(name)   write_##name(x->name);

/* The banked registers, a group of seven (cpu_ctx.h) at a time through
 * r2-r8 and one STM/LDM: a migration moves all 21 (MRS + STR each was 42
 * instructions a side, issue #29). The struct holds them in the list's
 * order, 4 bytes apart, the first being sp_usr. */
#define B7S(_, f1, a, f2, b, f3, c, f4, d, f5, e, f6, f, f7, g)                  \
	"mrs r2, " #a "\n\tmrs r3, " #b "\n\tmrs r4, " #c "\n\tmrs r5, " #d "\n\t"   \
	"mrs r6, " #e "\n\tmrs r7, " #f "\n\tmrs r8, " #g "\n\tstmia %0!, {r2-r8}\n\t"
/* MSR's operands are the other way round: the register name first. */
#define B7L(_, f1, a, f2, b, f3, c, f4, d, f5, e, f6, f, f7, g)                  \
	"ldmia %0!, {r2-r8}\n\tmsr " #a ", r2\n\tmsr " #b ", r3\n\tmsr " #c ", r4\n\t" \
	"msr " #d ", r5\n\tmsr " #e ", r6\n\tmsr " #f ", r7\n\tmsr " #g ", r8\n\t"
#define B_INDEX(field, reg) B_##field,
enum { CPU_CTX_BANKED(B_INDEX) B_COUNT };
_Static_assert(__builtin_offsetof(struct cpu_ctx, sp_usr) + 4 * B_COUNT ==
	       __builtin_offsetof(struct cpu_ctx, spsr_fiq) + 4, "the banked registers, contiguous");

static inline void banked_save(struct cpu_ctx *x)
{
	uint32_t *p = &x->sp_usr;

	__asm__ volatile(CPU_CTX_BANKED_GROUPS(B7S, _)
			 : "+r"(p) : : "r2", "r3", "r4", "r5", "r6", "r7", "r8", "memory");
}

static inline void banked_load(const struct cpu_ctx *x)
{
	const uint32_t *p = &x->sp_usr;

	__asm__ volatile(CPU_CTX_BANKED_GROUPS(B7L, _)
			 : "+r"(p) : "m"(*x) : "r2", "r3", "r4", "r5", "r6", "r7", "r8");
}

/* The 32-bit CP15 registers, eleven at a time: each read into r2-r12 in
 * turn (GCC keeps a local register variable in its register when it is
 * an asm operand), one STM; the load the other way round. The struct
 * holds them in CPU_CTX_REGS's order from CSSELR on, 4 bytes apart. */
#define R11_PIN                                                                \
	register uint32_t v2 __asm__("r2"), v3 __asm__("r3"), v4 __asm__("r4"),    \
		v5 __asm__("r5"), v6 __asm__("r6"), v7 __asm__("r7"),              \
		v8 __asm__("r8"), v9 __asm__("r9"), v10 __asm__("r10"),            \
		v11 __asm__("r11"), v12 __asm__("r12")
#define R11S(p, a, b, c, d, e, f, g, h, i, j, k)                               \
	{                                                                      \
		R11_PIN;                                                       \
		v2 = read_##a(); v3 = read_##b(); v4 = read_##c();             \
		v5 = read_##d(); v6 = read_##e(); v7 = read_##f();             \
		v8 = read_##g(); v9 = read_##h(); v10 = read_##i();            \
		v11 = read_##j(); v12 = read_##k();                            \
		__asm__ volatile("stmia %0!, {r2-r12}" : "+r"(p)               \
				 : "r"(v2), "r"(v3), "r"(v4), "r"(v5), "r"(v6),   \
				   "r"(v7), "r"(v8), "r"(v9), "r"(v10), "r"(v11), \
				   "r"(v12) : "memory");                          \
	}
#define R11L(p, a, b, c, d, e, f, g, h, i, j, k)                               \
	{                                                                      \
		R11_PIN;                                                       \
		__asm__ volatile("ldmia %11!, {r2-r12}"                        \
				 : "=r"(v2), "=r"(v3), "=r"(v4), "=r"(v5),        \
				   "=r"(v6), "=r"(v7), "=r"(v8), "=r"(v9),        \
				   "=r"(v10), "=r"(v11), "=r"(v12), "+r"(p)       \
				 : "m"(*x));                                      \
		write_##a(v2); write_##b(v3); write_##c(v4); write_##d(v5);   \
		write_##e(v6); write_##f(v7); write_##g(v8); write_##h(v9);   \
		write_##i(v10); write_##j(v11); write_##k(v12);              \
	}
#define R_INDEX(name) R_##name,
enum { CPU_CTX_REGS(R_INDEX) R_COUNT };
_Static_assert(__builtin_offsetof(struct cpu_ctx, CSSELR) == 0 &&
	       __builtin_offsetof(struct cpu_ctx, CNTKCTL) == 4 * (R_COUNT - 1),
	       "the CP15 registers, contiguous from the start");

static inline void cp15_save(struct cpu_ctx *x)
{
	uint32_t *p = &x->CSSELR;

	CPU_CTX_REGS_GROUPS(R11S, p)
}

static inline void cp15_load(const struct cpu_ctx *x)
{
	const uint32_t *p = &x->CSSELR;

	CPU_CTX_REGS_GROUPS(R11L, p)
}

void cpu_ctx_save(struct cpu_ctx *x)
{
	cp15_save(x);
	CPU_CTX_REGS64(SAVE)
	banked_save(x);
	__asm__ volatile("mrs %0, elr_hyp" : "=r"(x->elr_hyp));
	__asm__ volatile("mrs %0, spsr" : "=r"(x->spsr_hyp));
	x->cntv_ctl = read_CNTV_CTL();
	x->cntv_cval = read_CNTV_CVAL();
	x->cntp_ctl = read_CNTP_CTL();
	x->cntp_cval = read_CNTP_CVAL();
	x->cntvoff = read_CNTVOFF();
	vfp_save(x);
	cpu_ctx_stop_timers();
}

/* The timers' interrupts are level-sensitive: off, they stop asserting
 * here; loaded on the inbound core, they assert there. */
void cpu_ctx_stop_timers(void)
{
	write_CNTV_CTL(0);
	write_CNTP_CTL(0);
	isb();
}

void cpu_ctx_load(const struct cpu_ctx *x)
{
	cp15_load(x);
	CPU_CTX_REGS64(LOAD)
	banked_load(x);
	__asm__ volatile("msr elr_hyp, %0" : : "r"(x->elr_hyp));
	__asm__ volatile("msr spsr_cxsf, %0" : : "r"(x->spsr_hyp));
	vfp_load(x);
	write_CNTVOFF(x->cntvoff);
	write_CNTV_CVAL(x->cntv_cval);
	write_CNTP_CVAL(x->cntp_cval);
	write_CNTV_CTL(x->cntv_ctl);
	write_CNTP_CTL(x->cntp_ctl);
	isb();
}
