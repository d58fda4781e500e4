/*
 * What an AArch64 EL1 OS owns on a core survives a cluster switch exactly:
 * in place (the registers stay on the core), and with
 * blmon.cluster_cpus=N, where the virtual CPU moves to another physical
 * core and the monitor carries it (issue #28 item 1, arch/arm64/cpu_ctx.h,
 * docs/migration.md):
 *   - x2-x30 and Q0-Q31 across HVC_CLUSTER_SWITCH (the fast HVC path keeps
 *     x8-x15 and x18-x29 in registers through the monitor's C: the HYP
 *     thread's switch must carry them, arch/arm64/thread.S);
 *   - the EL1/EL0 system registers the monitor moves, written with
 *     distinctive values, FPCR/FPSR, the timers' compare values and
 *     controls;
 *   - MPIDR_EL1 the virtual CPU's own on both clusters, MIDR_EL1 the
 *     cluster's;
 *   - the virtual timer armed before a switch fires once after it, on the
 *     core the CPU runs on then;
 *   - with the monitor's switch timer (blmon.switch_us), x2-x30 and Q0-Q31
 *     held in registers across the switches its interrupt makes (the IRQ
 *     path, ELR_EL2/SPSR_EL2 in the CPU).
 */
#include "guest64.h"
#include "gic.h"

#define PPI_VTIMER 27u

static const uint32_t midr[2] = { 0x411fd070u, 0x410fd034u };

static uint64_t switches(void) { return hvc64(HVC_SYSTEM_INFO, 0, 0, 0).x0; }

static unsigned cluster(void) { return (unsigned)hvc64(HVC_SYSTEM_INFO, 0, 0, 0).x1 & 1u; }

/* x0-x30 and Q0-Q31 as the asm below loads and stores them */
struct regs {
	uint64_t x[32];
	_Alignas(16) uint64_t q[64];
};

static uint64_t pattern(unsigned i, unsigned salt)
{
	uint64_t v = 0x9e3779b97f4a7c15ull * (i + 1 + 64 * salt);

	return v ^ (v >> 29);
}

static void fill(struct regs *r, unsigned salt)
{
	for (unsigned i = 0; i < 32; i++)
		r->x[i] = pattern(i, salt);
	for (unsigned i = 0; i < 64; i++)
		r->q[i] = pattern(32 + i, salt);
}

#define Q_PAIRS(OP, B)                                                               \
	OP " q0, q1, [" B ", #0]\n\t"    OP " q2, q3, [" B ", #32]\n\t"              \
	OP " q4, q5, [" B ", #64]\n\t"   OP " q6, q7, [" B ", #96]\n\t"              \
	OP " q8, q9, [" B ", #128]\n\t"  OP " q10, q11, [" B ", #160]\n\t"           \
	OP " q12, q13, [" B ", #192]\n\t" OP " q14, q15, [" B ", #224]\n\t"          \
	OP " q16, q17, [" B ", #256]\n\t" OP " q18, q19, [" B ", #288]\n\t"          \
	OP " q20, q21, [" B ", #320]\n\t" OP " q22, q23, [" B ", #352]\n\t"          \
	OP " q24, q25, [" B ", #384]\n\t" OP " q26, q27, [" B ", #416]\n\t"          \
	OP " q28, q29, [" B ", #448]\n\t" OP " q30, q31, [" B ", #480]\n\t"
/* x4-x30 from/to base + 32.. (x2, x3 by the callers) */
#define X_REGS(OP, B)                                                                \
	OP "p x4, x5, [" B ", #32]\n\t"   OP "p x6, x7, [" B ", #48]\n\t"            \
	OP "p x8, x9, [" B ", #64]\n\t"   OP "p x10, x11, [" B ", #80]\n\t"          \
	OP "p x12, x13, [" B ", #96]\n\t" OP "p x14, x15, [" B ", #112]\n\t"         \
	OP "p x16, x17, [" B ", #128]\n\t" OP "p x18, x19, [" B ", #144]\n\t"        \
	OP "p x20, x21, [" B ", #160]\n\t" OP "p x22, x23, [" B ", #176]\n\t"        \
	OP "p x24, x25, [" B ", #192]\n\t" OP "p x26, x27, [" B ", #208]\n\t"        \
	OP "p x28, x29, [" B ", #224]\n\t" OP "r x30, [" B ", #240]\n\t"
#define CLOBBERS "x4", "x5", "x6", "x7", "x8", "x9", "x10", "x11", "x12", "x13", "x14", "x15", \
	"x16", "x17", "x18", "x19", "x20", "x21", "x22", "x23", "x24", "x25", "x26", "x27",    \
	"x28", "x30", "memory", "cc"

/* HVC_CLUSTER_SWITCH(target) with in's x4-x30 and Q0-Q31 in the
 * registers (x2, x3: the call's, 0); out gets every register after it,
 * x0 the call's result. The stack holds x29/x30 and the two pointers. */
static void switch_with_regs(unsigned target, const struct regs *in, struct regs *out)
{
	register uint64_t x0 __asm__("x0") = HVC_CLUSTER_SWITCH;
	register uint64_t x1 __asm__("x1") = target;
	register uint64_t x2 __asm__("x2") = (uintptr_t)in;
	register uint64_t x3 __asm__("x3") = (uintptr_t)out;

	__asm__ volatile(".arch_extension simd\n\t"
			 "stp x29, x30, [sp, #-16]!\n\t"
			 "stp x2, x3, [sp, #-16]!\n\t"
			 "add x4, x2, #256\n\t"
			 Q_PAIRS("ldp", "x4")
			 X_REGS("ld", "x2")
			 "mov x2, xzr\n\t"
			 "mov x3, xzr\n\t"
			 "hvc #0\n\t"
			 "stp x0, x1, [sp, #-16]!\n\t"
			 "ldr x0, [sp, #24]\n\t"           /* out */
			 "stp x2, x3, [x0, #16]\n\t"
			 X_REGS("st", "x0")
			 "add x1, x0, #256\n\t"
			 Q_PAIRS("stp", "x1")
			 "ldp x2, x3, [sp], #16\n\t"
			 "stp x2, x3, [x0]\n\t"
			 "add sp, sp, #16\n\t"
			 "ldp x29, x30, [sp], #16\n\t"
			 ".arch_extension nosimd"
			 : "+r"(x0), "+r"(x1), "+r"(x2), "+r"(x3)
			 :
			 : CLOBBERS);
}

/* in's x2-x30 and Q0-Q31 in the registers while the virtual counter
 * passes `until` (x0, x1: the loop's), then every register into out */
static void hold_regs(uint64_t until, const struct regs *in, struct regs *out)
{
	register uint64_t x0 __asm__("x0") = until;
	register uint64_t x1 __asm__("x1") = (uintptr_t)out;
	register uint64_t x2 __asm__("x2") = (uintptr_t)in;
	register uint64_t x3 __asm__("x3") = 0;

	__asm__ volatile(".arch_extension simd\n\t"
			 "stp x29, x30, [sp, #-16]!\n\t"
			 "stp x0, x1, [sp, #-16]!\n\t"
			 "add x4, x2, #256\n\t"
			 Q_PAIRS("ldp", "x4")
			 X_REGS("ld", "x2")
			 "ldp x2, x3, [x2, #16]\n\t"
			 "1: isb\n\t"
			 "mrs x1, cntvct_el0\n\t"
			 "ldr x0, [sp]\n\t"
			 "cmp x1, x0\n\t"
			 "b.lo 1b\n\t"
			 "ldr x0, [sp, #8]\n\t"            /* out */
			 "stp x2, x3, [x0, #16]\n\t"
			 X_REGS("st", "x0")
			 "add x1, x0, #256\n\t"
			 Q_PAIRS("stp", "x1")
			 "add sp, sp, #16\n\t"
			 "ldp x29, x30, [sp], #16\n\t"
			 ".arch_extension nosimd"
			 : "+r"(x0), "+r"(x1), "+r"(x2), "+r"(x3)
			 :
			 : CLOBBERS);
}

/* x2-x30, Q0-Q31 of out as in has them: how many differ */
static unsigned regs_differ(const struct regs *in, const struct regs *out, unsigned from)
{
	unsigned bad = 0;

	for (unsigned i = from; i < 31; i++)
		bad += out->x[i] != in->x[i];
	for (unsigned i = 0; i < 64; i++)
		bad += out->q[i] != in->q[i];
	return bad;
}

static struct regs in, out;

static void general_and_simd(void)
{
	unsigned c = cluster();

	fill(&in, 1);
	switch_with_regs(c ^ 1u, &in, &out);
	check_eq("HVC_CLUSTER_SWITCH with every register set: to the other cluster", out.x[0], c ^ 1u);
	check_eq("... x2, x3: 0 as passed", out.x[2] | out.x[3], 0);
	check_eq("... x4-x30 and Q0-Q31 exactly as before", regs_differ(&in, &out, 4), 0);
	fill(&in, 2);
	switch_with_regs(c, &in, &out);
	check_eq("and back", out.x[0], c);
	check_eq("... x4-x30 and Q0-Q31 exactly as before", regs_differ(&in, &out, 4), 0);
}

/* The system registers the monitor moves that an EL1 guest with its MMU
 * off can set freely, each with a value of its own (the fields QEMU 7.2
 * keeps); the rest of the list (SCTLR_EL1, VBAR_EL1, SP_EL1, ...) is what
 * the guest runs on: it would not get here without them. */
#define SYSREG_CASES(X)                                                     \
	X(TPIDR_EL0, 0x0123456789abcdefull)                                 \
	X(TPIDRRO_EL0, 0xfedcba9876543210ull)                               \
	X(TPIDR_EL1, 0x5a5a5a5aa5a5a5a5ull)                                 \
	X(CONTEXTIDR_EL1, 0x12345678ull)                                    \
	X(SP_EL0, 0x0000ffff12345670ull)                                    \
	X(ELR_EL1, 0xffff000012345678ull)                                   \
	X(SPSR_EL1, 0x600003c5ull)                                          \
	X(ESR_EL1, 0x96000045ull)                                           \
	X(FAR_EL1, 0xffff8000deadbee0ull)                                   \
	X(PAR_EL1, 0x00000000abcde000ull)                                   \
	X(MAIR_EL1, 0x0044ff0400bb4400ull)                                  \
	X(TTBR0_EL1, 0x00010000abcde000ull)                                 \
	X(TTBR1_EL1, 0x00020000bcdef000ull)                                 \
	X(TCR_EL1, 0x0000000534b5351full)                                   \
	X(CSSELR_EL1, 0x2ull)                                               \
	X(CNTKCTL_EL1, 0x3ull)                                              \
	X(FPCR, 0x07c00000ull)                                              \
	X(FPSR, 0x0800009full)                                              \
	X(CNTV_CVAL_EL0, 0x7fffffff00000001ull)                             \
	X(CNTV_CTL_EL0, 0x3ull)                                             \
	X(CNTP_CVAL_EL0, 0x7ffffffe00000002ull)                             \
	X(CNTP_CTL_EL0, 0x3ull)

static void sysregs(void)
{
	unsigned c = cluster();
	uint64_t tcr = read_TCR_EL1(), ttbr0 = read_TTBR0_EL1(), ttbr1 = read_TTBR1_EL1(), mair = read_MAIR_EL1();

#define SET(name, v) write_##name(v);
	SYSREG_CASES(SET)
	isb();
	/* as the core holds them: the written value, or its fields QEMU keeps */
#define GET(name, v) uint64_t before_##name = read_##name();
	SYSREG_CASES(GET)
	unsigned kept = 0, n = 0;
#define KEPT(name, v) kept += before_##name == (v); n++;
	SYSREG_CASES(KEPT)
	check(kept >= n - 2, "%u of the %u registers hold the value written (TCR_EL1, SPSR_EL1 may drop RES0 bits)", kept, n);
	check_eq("switch (system registers set)", (uint32_t)hvc64(HVC_CLUSTER_SWITCH, c ^ 1u, 0, 0).x0, c ^ 1u);
	unsigned same = 0;
#define SAME(name, v)                                                            \
	if (read_##name() == before_##name)                                      \
		same++;                                                          \
	else                                                                     \
		gprintf("# %s: %016llx, before the switch %016llx\n", #name,      \
			(unsigned long long)read_##name(), (unsigned long long)before_##name);
	SYSREG_CASES(SAME)
	check_eq("... every one reads the same after it, on the other cluster", same, n);
	check_eq("... MIDR_EL1 the other cluster's", MRS(MIDR_EL1), midr[c ^ 1u]);
	(void)hvc64(HVC_CLUSTER_SWITCH, c, 0, 0);
	same = 0;
	SYSREG_CASES(SAME)
	check_eq("... and after the switch back", same, n);
	/* the MMU is off: its registers as they were, the timers off */
	write_TCR_EL1(tcr);
	write_TTBR0_EL1(ttbr0);
	write_TTBR1_EL1(ttbr1);
	write_MAIR_EL1(mair);
	write_CNTV_CTL_EL0(0);
	write_CNTP_CTL_EL0(0);
	write_FPCR(0);
	write_FPSR(0);
	isb();
}

static void identity(void)
{
	unsigned c = cluster();
	uint64_t mpidr = MRS(MPIDR_EL1);

	check_eq("MPIDR_EL1: this virtual CPU's own (Aff0 0, bit 31 RES1)", mpidr, 0x80000000u);
	check_eq("MIDR_EL1: the system's cluster's", MRS(MIDR_EL1), midr[c]);
	(void)hvc64(HVC_CLUSTER_SWITCH, c ^ 1u, 0, 0);
	check_eq("after a switch: MPIDR_EL1 the same", MRS(MPIDR_EL1), mpidr);
	check_eq("... MIDR_EL1 the other cluster's", MRS(MIDR_EL1), midr[c ^ 1u]);
	(void)hvc64(HVC_CLUSTER_SWITCH, c, 0, 0);
	check_eq("and back: MPIDR_EL1 the same", MRS(MPIDR_EL1), mpidr);
	check_eq("... MIDR_EL1 the first cluster's", MRS(MIDR_EL1), midr[c]);
}

static volatile unsigned vtimer_irqs, other_irqs;

static void vtimer_hook(void)
{
	uint32_t iar = gicc_r32(GICC_IAR);

	if (GICC_IAR_ID(iar) == PPI_VTIMER) {
		write_CNTV_CTL_EL0(0);   /* level-sensitive: stop it asserting */
		isb();
		vtimer_irqs++;
	} else if (GICC_IAR_ID(iar) < 1020) {
		other_irqs++;
	}
	if (GICC_IAR_ID(iar) < 1020)
		gicc_w32(GICC_EOIR, iar);
}

static void vtimer_across(void)
{
	unsigned c = cluster();
	uint64_t freq = cntfrq();

	irq_hook = vtimer_hook;
	gic_guest_enable(PPI_VTIMER, 0x80);
	vtimer_irqs = other_irqs = 0;
	write_CNTV_CVAL_EL0(cntvct() + freq / 500);   /* 2 ms on */
	write_CNTV_CTL_EL0(1);
	isb();
	(void)hvc64(HVC_CLUSTER_SWITCH, c ^ 1u, 0, 0);
	check_eq("the virtual timer armed, IRQs masked, a switch: none taken yet", vtimer_irqs, 0);
	/* QEMU sets ISTATUS from its own timer callback, which a loaded host
	 * may run late: waited for, 1 s at most */
	uint64_t end = deadline_ms(1000);

	while (read_CNTV_CTL_EL0() != 5 && !passed(end))
		;
	check_eq("... due: CNTV_CTL_EL0 ISTATUS|ENABLE on the core the CPU runs on", read_CNTV_CTL_EL0(), 5);
	check_eq("... no interrupt taken yet (IRQs masked)", vtimer_irqs, 0);
	irq_enable();
	end = deadline_ms(1000);
	while (!vtimer_irqs && !passed(end))
		;
	irq_disable();
	check_eq("... unmasked: its interrupt (PPI 27) taken once, after the switch", vtimer_irqs, 1);
	check_eq("... and nothing else", other_irqs, 0);
	(void)hvc64(HVC_CLUSTER_SWITCH, c, 0, 0);
	irq_hook = 0;
}

/* blmon.switch_us=N: the monitor's timer switches (its IRQ, taken at EL2
 * whatever PSTATE.I says) while every register holds a pattern */
static void on_timer(void)
{
	uint64_t s0 = switches(), freq = cntfrq();
	unsigned rounds = 0, bad = 0;

	while (switches() - s0 < 20 && rounds < 200) {
		fill(&in, 10 + rounds);
		hold_regs(cntvct() + freq / 1000 * 3, &in, &out);   /* 3 ms */
		bad += regs_differ(&in, &out, 2);
		rounds++;
	}
	uint64_t n = switches() - s0;

	check(n >= 20, "the monitor's timer switched while registers were held (%llu switches, %u holds of 3 ms)",
	      (unsigned long long)n, rounds);
	check_eq("... x2-x30 and Q0-Q31 exactly as they were, every time", bad, 0);
	(void)hvc64(HVC_AUTO_SWITCH, 0, 0, 0);
}

void guest_main(uint64_t dtb);
void guest_main(uint64_t dtb)
{
	(void)dtb;
	uint64_t period = hvc64(HVC_SWITCH_PERIOD, 0, 0, 0).x0;
	bool timer = period != 0;

	gprintf("# migctx64: the EL1 context across switches%s\n", timer ? ", and on the monitor's timer" : "");
	irq_disable();
	gic_guest_init();
	if (timer)   /* first the requested ones, none between */
		(void)hvc64(HVC_AUTO_SWITCH, 0, 0, 0);
	identity();
	general_and_simd();
	sysregs();
	vtimer_across();
	if (timer) {
		check_eq("HVC_AUTO_SWITCH(blmon.switch_us's period) again", (uint32_t)hvc64(HVC_AUTO_SWITCH, period, 0, 0).x0, 0);
		on_timer();
	}
	note_end_time();
	test_finish();
}
