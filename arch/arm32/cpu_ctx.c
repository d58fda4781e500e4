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
#define SAVE_B(field, reg) __asm__ volatile("mrs %0, " #reg : "=r"(x->field));
#define LOAD_B(field, reg) __asm__ volatile("msr " #reg ", %0" : : "r"(x->field));

void cpu_ctx_save(struct cpu_ctx *x)
{
	CPU_CTX_REGS(SAVE)
	CPU_CTX_REGS64(SAVE)
	CPU_CTX_BANKED(SAVE_B)
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
	CPU_CTX_REGS(LOAD)
	CPU_CTX_REGS64(LOAD)
	CPU_CTX_BANKED(LOAD_B)
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
