/*
 * An AArch32 EL1 guest under the AArch64 monitor (docs/arm64.md,
 * "AArch32 guests"): ARMv7 code on the ARMv7 guests' library, entered by
 * the monitor in A32 SVC because of its zImage header (head.S). Checks,
 * with exact values: the boot registers; the HVC ABI from AArch32 (r0-r3,
 * SMC64 ids -1, a bad id -1, a bad cluster -3, another immediate UNDEF
 * with the exact LR and SPSR); PSCI through SMC (a failing conditional SMC
 * is a NOP); Type A through trapped MRC/MCR/MRRC/MCRR p15 - states 1 -> 2,
 * the Type A view's PMCR, PMCCNTR's 64 bits, Rt in r0, in SVC's lr and in
 * FIQ's r8 (the mode-banked registers), an MRC at PL0 under PMUSERENR -;
 * an unemulated trapped CP15 (PMEVCNTR5) access as an undefined
 * instruction at the right address and PSR; the debug registers through
 * MCR/MRC p14, DBGVCR's reset value, writable bits and value on the boot
 * CPU and on CPU 1 at each CPU_ON; a stage-2 abort in Abort
 * mode (DFSR, DFAR); a cluster switch carrying the guest's counters
 * in state 2; and what AArch32 EL1 owns beyond AArch64's (banked
 * registers, the modes' SPSRs, DACR, IFSR, FPEXC, DBGVCR, VFP) exactly across a
 * switch there and back - a migration with blmon.cluster_cpus. The cluster the monitor boots on comes from
 * blmon.boot_cluster in the bootargs (scenarios guest32-a57, guest32-a53).
 */
#include "guest.h"
#include "pmu_guest.h"

#define MIDR_A57     0x411FD070u
#define MIDR_A53     0x410FD034u
#define IDCODE_A57   0x01u
#define IDCODE_A53   0x03u
#define FDT_MAGIC_LE 0xedfe0dd0u   /* 0xd00dfeed, big-endian in memory */
#define CPSR_MODE(p) ((p) & 0x1fu)
#define MODE_SVC     0x13u
#define MODE_UND     0x1bu

static uint32_t boot_r[4];
static uint32_t cluster;

static uint32_t read_midr(void)
{
	uint32_t v;

	__asm__ volatile("mrc p15, 0, %0, c0, c0, 0" : "=r"(v));
	return v;
}

/* The PMU registers through MRC/MCR (trapped in states 1 and 3) */
static uint32_t mrc_pmcr(void)
{
	uint32_t v;

	__asm__ volatile("mrc p15, 0, %0, c9, c12, 0" : "=r"(v) : : "memory");
	return v;
}

static uint32_t mrc_pmselr(void)
{
	uint32_t v;

	__asm__ volatile("mrc p15, 0, %0, c9, c12, 5" : "=r"(v) : : "memory");
	return v;
}

static void mcr_pmselr_r0(uint32_t v)
{
	register uint32_t r0 __asm__("r0") = v;

	__asm__ volatile("mcr p15, 0, r0, c9, c12, 5" : : "r"(r0) : "memory");
}

static uint32_t mrc_pmccntr(void)
{
	uint32_t v;

	__asm__ volatile("mrc p15, 0, %0, c9, c13, 0" : "=r"(v) : : "memory");
	return v;
}

/* MCR PMSELR with Rt = lr in SVC mode (x18 at EL2), while the usr/sys lr
 * (x14) holds something else: the monitor must take SVC's */
static void mcr_pmselr_lr_svc(uint32_t v, uint32_t usr_lr)
{
	register uint32_t r0 __asm__("r0") = v;
	register uint32_t r1 __asm__("r1") = usr_lr;

	__asm__ volatile("cps #0x1f\n\t"
			 "mov lr, r1\n\t"
			 "cps #0x13\n\t"
			 "mov r3, lr\n\t"
			 "mov lr, r0\n\t"
			 "mcr p15, 0, lr, c9, c12, 5\n\t"
			 "mov lr, r3"
			 : : "r"(r0), "r"(r1) : "r3", "lr", "memory");
}

/* MRC PMSELR into SVC's lr */
static uint32_t mrc_pmselr_lr_svc(void)
{
	uint32_t v;

	__asm__ volatile("mov r3, lr\n\t"
			 "mrc p15, 0, lr, c9, c12, 5\n\t"
			 "mov %0, lr\n\t"
			 "mov lr, r3"
			 : "=r"(v) : : "r3", "lr", "memory");
	return v;
}

/* MCR PMSELR with Rt = r8 in FIQ mode (x24), r8 of SVC (x8) different */
static void mcr_pmselr_r8_fiq(uint32_t v, uint32_t svc_r8)
{
	register uint32_t r0 __asm__("r0") = v;
	register uint32_t r1 __asm__("r1") = svc_r8;

	__asm__ volatile("mov r3, r8\n\t"
			 "mov r8, r1\n\t"
			 "cpsid if, #0x11\n\t"
			 "mov r2, r8\n\t"
			 "mov r8, r0\n\t"
			 "mcr p15, 0, r8, c9, c12, 5\n\t"
			 "mov r8, r2\n\t"
			 "cps #0x13\n\t"
			 "mov r8, r3"
			 : : "r"(r0), "r"(r1) : "r2", "r3", "r8", "memory");
}

static uint32_t cpsr_now(void) { return guest_cpsr(); }

static void boot(void)
{
	uint32_t cpsr = boot_r[3];

	check_eq("entry r0 = 0 (ARM boot protocol)", boot_r[0], 0);
	check_eq("entry r1 = ~0 (no machine id: the DTB)", boot_r[1], 0xffffffffu);
	check_eq("entry r2 = the DTB (FDT magic there)", *(const volatile uint32_t *)boot_r[2], FDT_MAGIC_LE);
	check_eq("entered in A32 SVC, A/I/F masked (CPSR & 0x1ff)", cpsr & 0x1ffu, 0x1d3u);
	check_eq("MIDR: the boot cluster's core", read_midr(), cluster ? MIDR_A53 : MIDR_A57);
}

static void hvc_abi(void)
{
	struct bl_hvc_regs r = bl_hvc_regs(HVC_MONITOR_INFO, 0, 0, 0);

	check_eq("MONITOR_INFO r0: ABI version", r.r0, BL_ABI_VERSION);
	check_eq("MONITOR_INFO r1: the boot cluster", r.r1, cluster);
	check_eq("MONITOR_INFO r2: the monitor at EL2h (M[3:0])", r.r2 & 0xfu, 0x9u);
	check_eq("MONITOR_INFO r3: CPU 0", r.r3, 0);
	check_eq("PMU state 1 at boot", pmu_state_now(), 1);
	check_eq("bad HVC id: -1", (uint32_t)hvc(0x9000ffffu), (uint32_t)BL_HVC_NOT_SUPPORTED);
	check_eq("an SMC64 id (PMCCNTR_READ64) from AArch32: -1", bl_hvc_regs(HVC_PMCCNTR_READ64, 0, 0, 0).r0,
		 (uint32_t)BL_HVC_NOT_SUPPORTED);
	check_eq("bad cluster id (Type B write): -3", typeb_write(HVC_PMCR_WRITE, 7, 1).r0,
		 (uint32_t)BL_HVC_INVALID_PARAMETER);
	check_eq("bad cluster id (Type B read): -3 in r3", bl_hvc_regs(HVC_PMSELR_READ, 5, 0, 0).r3,
		 (uint32_t)BL_HVC_INVALID_PARAMETER);
	check_eq("PMU state still 1", pmu_state_now(), 1);
}

static void psci(void)
{
	uint32_t r0;

	check_eq("PSCI_VERSION via SMC: 1.0", psci_call(PSCI_VERSION_FN, 0, 0, 0), 0x00010000u);
	check_eq("PSCI CPU_ON's SMC64 id from AArch32: -1", psci_call(0xc4000003u, 1, 0x40080000u, 0),
		 0xffffffffu);
	check_eq("AFFINITY_INFO of CPU 0: on (0)", psci_call(PSCI_AFFINITY_INFO_FN, 0, 0, 0), 0);
	/* Z set (cmp r0, r0): SMCNE fails its condition - a NOP whether or
	 * not it traps */
	__asm__ volatile(".arch_extension sec\n\t"
			 "movw r0, #0\n\t"
			 "movt r0, #0x8400\n\t"   /* PSCI_VERSION */
			 "cmp r0, r0\n\t"
			 "smcne #0\n\t"
			 "mov %0, r0"
			 : "=r"(r0) : : "r0", "r1", "r2", "r3", "cc", "memory");
	check_eq("SMCNE with Z set: not executed (r0 kept)", r0, PSCI_VERSION_FN);
}

static void type_a(void)
{
	uint32_t idcode = cluster ? IDCODE_A53 : IDCODE_A57;

	check_eq("MRC PMCR (trapped, state 1): the Type A view's IMP, IDCODE, N = 4", mrc_pmcr(),
		 0x41000000u | idcode << 16 | 4u << 11);
	check_eq("... moved the state to 2", pmu_state_now(), 2);

	check_eq("HVC_PMU_SWITCH(0): state 1", (uint32_t)pmu_switch(0), 0);
	/* the view's reset value, pmu/pmu.h PMU_POISON(31): never written */
	check_eq("MRC PMCCNTR (trapped): the view's reset value 0xdead001f", mrc_pmccntr(), 0xdead001fu);
	check_eq("... state 2", pmu_state_now(), 2);

	pmu_switch(0);
	mcr_pmselr_r0(3);
	check_eq("MCR PMSELR, r0 = 3 (trapped): state 2", pmu_state_now(), 2);
	check_eq("... PMSELR natively: 3", mrc_pmselr(), 3);

	pmu_switch(0);
	mcr_pmselr_lr_svc(1, 2);
	check_eq("MCR PMSELR, lr (SVC's = 1, usr's = 2; trapped): state 2", pmu_state_now(), 2);
	check_eq("... PMSELR natively: 1, SVC's lr", mrc_pmselr(), 1);

	pmu_switch(0);
	check_eq("MRC PMSELR into SVC's lr (trapped): 1", mrc_pmselr_lr_svc(), 1);
	check_eq("... state 2", pmu_state_now(), 2);

	pmu_switch(0);
	mcr_pmselr_r8_fiq(2, 3);
	check_eq("MCR PMSELR, r8 in FIQ mode (FIQ's = 2, SVC's = 3; trapped): PMSELR 2", mrc_pmselr(), 2);

	/* PMCCNTR's 64 bits: through the 32-bit MCR/MRC and Type B (QEMU
	 * 7.2's AArch32 has no 64-bit MCRR/MRRC PMCCNTR: an undefined
	 * instruction before EL2 sees it - measured) */
	pmu_switch(0);
	check_eq("Type B PMCCNTR_WRITE 0x1_23456789 (state 1): 0",
		 bl_hvc_regs(HVC_PMCCNTR_WRITE, cluster, 0x23456789u, 1).r0, 0);
	check_eq("MRC PMCCNTR (trapped): the low word 0x23456789", mrc_pmccntr(), 0x23456789u);
	check_eq("... state 2", pmu_state_now(), 2);
	pmu_switch(0);
	check_eq("Type B PMCCNTR_READ: 0x1_23456789", typeb_ccnt(cluster), 0x123456789ull);

	check_eq("HVC_PMU_SWITCH(1): 0", (uint32_t)pmu_switch(1), 0);
	check_eq("... state 3", pmu_state_now(), 3);
	check_eq("Type B PMSELR_WRITE 2 (cluster of the boot): 0", typeb_write(HVC_PMSELR_WRITE, cluster, 2).r0, 0);
	check_eq("Type B PMSELR_READ: 2", typeb_read(HVC_PMSELR_READ, cluster), 2);
	check_eq("Type B PMSELR_WRITE 9 (no such counter): -3", typeb_write(HVC_PMSELR_WRITE, cluster, 9).r0,
		 (uint32_t)BL_HVC_INVALID_PARAMETER);
	check_eq("... still state 3", pmu_state_now(), 3);
	check_eq("MRC PMSELR (trapped in state 3): 2", mrc_pmselr(), 2);
	check_eq("... state 2", pmu_state_now(), 2);
}

/* PMSELR read at PL0 (run_user): PMUSERENR.EN set lets it through */
static volatile uint32_t user_val;
static void user_read_pmselr(void) { user_val = mrc_pmselr(); }

static void pl0(void)
{
	__asm__ volatile("mcr p15, 0, %0, c9, c14, 0" : : "r"(1u) : "memory");   /* PMUSERENR.EN */
	mcr_pmselr_r0(1);
	pmu_switch(0);
	user_val = 0xdead;
	exc_clear();
	run_user(user_read_pmselr);
	check(last_exc.kind == EXC_NONE && user_val == 1,
	      "MRC PMSELR at PL0 with PMUSERENR.EN (trapped, state 1): 1, no exception (got %lu, exc %u)",
	      (unsigned long)user_val, last_exc.kind);
	check_eq("... state 2", pmu_state_now(), 2);
}

/* An instruction at a known address: the UNDEF's LR and SPSR, exactly */
struct at {
	uint32_t pc, psr;   /* the instruction's address, the PSR before it */
};

static void undef_at(const char *what, struct at (*fn)(void))
{
	struct at a;
	uint32_t pc, psr;

	exc_clear();
	a = fn();
	pc = a.pc, psr = a.psr;
	check(last_exc.kind == EXC_UND && last_exc.count == 1 && last_exc.pc == pc,
	      "%s: undefined instruction at it (kind %u, count %lu, pc %08lx, want %08lx)", what, last_exc.kind,
	      (unsigned long)last_exc.count, (unsigned long)last_exc.pc, (unsigned long)pc);
	check_eq("... SPSR_und: the PSR at the instruction", last_exc.spsr, psr);
}

/* The instruction insn at a known address, with the PSR before it; the
 * SPSR of the mode (SVC) set to that PSR too: QEMU 7.2 enters the
 * injected exception's mode by a raw PSR write (an ERET from AArch64),
 * after which the AArch32 SPSR that mode reads is the one of the mode the
 * guest left, not SPSR_und/SPSR_abt as the monitor wrote them (measured:
 * with SPSR_svc = 0x9000001f the UND handler's return went to SYS mode).
 * The check then holds there and on hardware alike. */
#define AT_INSN(insn)                                                               \
	struct at a;                                                                \
	__asm__ volatile("mrs r2, cpsr\n\t"                                          \
			 "msr spsr_fsxc, r2\n\t"                                      \
			 "str r2, %1\n\t"                                             \
			 "adr r2, 1f\n\t"                                            \
			 "str r2, %0\n\t"                                             \
			 "1: " insn "\n\t"                                           \
			 : "=m"(a.pc), "=m"(a.psr) : : "r0", "r2", "cc", "memory")

static struct at hvc1(void) { AT_INSN(".arch_extension virt\n\thvc #1"); return a; }
static struct at pmevcntr5(void) { AT_INSN("mrc p15, 0, r0, c14, c8, 5"); return a; }
static struct at pmccntr_pc(void) { AT_INSN(".word 0xee19ff1d"); return a; }   /* mrc p15,0,pc,c9,c13,0 */

/* A store or load at the monitor's first word (stage 2 leaves it out):
 * a synchronous external abort in Abort mode at the access - DFSR 0x008
 * (short descriptors, the guest's MMU off), WnR for the store, DFAR the
 * address, LR_abt the access + 8 - with SPSR_svc = the PSR first, as
 * AT_INSN does (QEMU's SPSR after an injected exception) */
static void stage2_abort(bool write)
{
	uint32_t pc = 0, psr = 0, addr = monitor_base;

	exc_clear();
	if (write)
		__asm__ volatile("mrs r2, cpsr\n\tmsr spsr_fsxc, r2\n\tstr r2, [%1]\n\t"
				 "adr r2, 1f\n\tstr r2, [%0]\n\t1: str r2, [%2]"
				 : : "r"(&pc), "r"(&psr), "r"(addr) : "r2", "cc", "memory");
	else
		__asm__ volatile("mrs r2, cpsr\n\tmsr spsr_fsxc, r2\n\tstr r2, [%1]\n\t"
				 "adr r2, 1f\n\tstr r2, [%0]\n\t1: ldr r2, [%2]"
				 : : "r"(&pc), "r"(&psr), "r"(addr) : "r2", "cc", "memory");
	check(last_exc.kind == EXC_DABT && last_exc.count == 1 && last_exc.pc == pc && last_exc.far == addr &&
		      last_exc.fsr == (write ? 0x808u : 0x008u) && last_exc.spsr == psr,
	      "%s the monitor's first word: data abort at it (kind %u, pc %08lx/%08lx, DFAR %08lx, DFSR %03lx, "
	      "SPSR %08lx/%08lx)", write ? "store to" : "load from", last_exc.kind, (unsigned long)last_exc.pc,
	      (unsigned long)pc, (unsigned long)last_exc.far, (unsigned long)last_exc.fsr,
	      (unsigned long)last_exc.spsr, (unsigned long)psr);
}

static void undefs(void)
{
	undef_at("HVC #1 (not the ABI's immediate)", hvc1);
	pmu_switch(0);
	undef_at("MRC PMEVCNTR5 (trapped; the view has counters 0-3)", pmevcntr5);
	check_eq("... state 1 still", pmu_state_now(), 1);
	undef_at("MRC p15 PMCCNTR with Rt = 15 (trapped)", pmccntr_pc);
	check_eq("... state 1 still", pmu_state_now(), 1);
	check_eq("the guest back in SVC after them", CPSR_MODE(cpsr_now()), MODE_SVC);
	stage2_abort(true);
	stage2_abort(false);
}

/* The GIC distributor (emulated: hyp/exit/mmio.c) from AArch32: GICD_CTLR
 * stored and loaded by ARM STR/LDR, a store from SVC's lr (the syndrome's
 * SRT is x18), a 16-bit Thumb LDR (stepped 2 bytes), and an LDRD (no
 * syndrome: refused with an abort at it) */
#define GICD_CTLR (GUEST_GICD + 0x000u)

static uint32_t thumb_ldr(uint32_t addr)
{
	register uint32_t r0 __asm__("r0") = addr;
	register uint32_t r1 __asm__("r1");

	__asm__ volatile("adr r3, 1f + 1\n\t"
			 "bx r3\n\t"
			 ".thumb\n"
			 "1: ldr r1, [r0]\n\t"   /* T1: 16 bits */
			 "adr r3, 2f\n\t"
			 "bx r3\n\t"
			 ".arm\n\t"
			 ".align 2\n"
			 "2:"
			 : "=r"(r1) : "r"(r0) : "r3", "memory");
	return r1;
}

static void str_lr_svc(uint32_t addr, uint32_t v)
{
	register uint32_t r0 __asm__("r0") = addr;
	register uint32_t r1 __asm__("r1") = v;

	__asm__ volatile("mov r3, lr\n\t"
			 "mov lr, r1\n\t"
			 "str lr, [r0]\n\t"
			 "mov lr, r3"
			 : : "r"(r0), "r"(r1) : "r3", "lr", "memory");
}

static void gicd(void)
{
	volatile uint32_t *ctlr = (volatile uint32_t *)GICD_CTLR;
	uint32_t pc = 0, psr = 0;

	*ctlr = 1;
	check_eq("GICD_CTLR: STR 1, LDR back (emulated)", *ctlr, 1);
	check_eq("... a 16-bit Thumb LDR: 1, and the code after it runs", thumb_ldr(GICD_CTLR), 1);
	str_lr_svc(GICD_CTLR, 0);
	check_eq("STR of SVC's lr (0) to GICD_CTLR: 0", *ctlr, 0);
	*ctlr = 1;
	exc_clear();
	__asm__ volatile("mrs r2, cpsr\n\tmsr spsr_fsxc, r2\n\tstr r2, [%1]\n\t"
			 "adr r2, 1f\n\tstr r2, [%0]\n\t1: ldrd r2, r3, [%2]"
			 : : "r"(&pc), "r"(&psr), "r"(GICD_CTLR) : "r2", "r3", "cc", "memory");
	check(last_exc.kind == EXC_DABT && last_exc.count == 1 && last_exc.pc == pc && last_exc.far == GICD_CTLR &&
		      last_exc.fsr == 0x008u && last_exc.spsr == psr,
	      "LDRD from GICD_CTLR: refused, data abort at it (kind %u, pc %08lx/%08lx, DFAR %08lx, DFSR %03lx)",
	      last_exc.kind, (unsigned long)last_exc.pc, (unsigned long)pc, (unsigned long)last_exc.far,
	      (unsigned long)last_exc.fsr);
	check_eq("GICD_CTLR still 1", *ctlr, 1);
}

/* DBGVCR (p14 0 c0 c7 0), the vector catch: AArch32's alone, served by
 * the debug context (arch/arm64/dbg_regs.h) and no longer an undefined
 * instruction. Reset: 0 (UNKNOWN in the ARM ARM; the monitor's choice, as
 * ARMv7's). Writable: F I D P S U [7:1] without EL3, the Non-secure
 * NSF..NSU [31:25] as well with it (DBGDIDR.SE_imp, bit 12) */
static uint32_t mrc_dbgvcr(void)
{
	uint32_t v;

	__asm__ volatile("mrc p14, 0, %0, c0, c7, 0" : "=r"(v));
	return v;
}

static void mcr_dbgvcr(uint32_t v) { __asm__ volatile("mcr p14, 0, %0, c0, c7, 0" : : "r"(v)); }

#define DBGVCR_RESET 0u

static uint32_t dbgvcr_writable(void)
{
	uint32_t didr;

	__asm__ volatile("mrc p14, 0, %0, c0, c0, 0" : "=r"(didr));
	return (didr & (1u << 12)) ? 0xde0000deu : 0xdeu;
}

/* PSCI CPU_ON of CPU 1 (with -smp 2): in A32 SVC at an ARM entry, in
 * T32 at an entry with bit 0 set (thumb_entry: notes its CPSR, then the
 * library's ARM secondary_entry); the context in r0; CPU_OFF after */
static volatile uint32_t sec_context, sec_cpsr, sec_done, thumb_cpsr, sec_vcr_fresh, sec_vcr_back;
#define SEC_VCR 0x1au   /* U, P, D: written by CPU 1, gone at its next CPU_ON */

void secondary_main(uint32_t context, uint32_t cpsr);
void secondary_main(uint32_t context, uint32_t cpsr)
{
	sec_context = context;
	sec_cpsr = cpsr;
	sec_vcr_fresh = mrc_dbgvcr();
	mcr_dbgvcr(SEC_VCR);
	sec_vcr_back = mrc_dbgvcr();
	__asm__ volatile("dmb ish" ::: "memory");
	sec_done = 1;
	psci_call(PSCI_CPU_OFF_FN, 0, 0, 0);
	for (;;)
		__asm__ volatile("wfi");
}

void thumb_entry(void);
__asm__(".pushsection .text.thumb_entry, \"ax\"\n"
	".thumb\n"
	".global thumb_entry\n"
	".type thumb_entry, %function\n"
	".thumb_func\n"
	"thumb_entry:\n"
	"	mrs r1, cpsr\n"
	"	ldr r2, =thumb_cpsr\n"
	"	str r1, [r2]\n"
	"	ldr r3, =secondary_entry\n"
	"	bx r3\n"
	".ltorg\n"
	".arm\n"
	".popsection");

static void cpu_on_off(uint32_t entry, uint32_t context, const char *how)
{
	sec_done = 0;
	check_eq(how, psci_call(PSCI_CPU_ON_FN, 1, entry, context), 0);
	check(wait_until(&sec_done, 1, 2000), "... CPU 1 ran the guest");
	check_eq("... r0 = the context", sec_context, context);
	check_eq("... A32 SVC, A/I/F masked (its CPSR at secondary_entry & 0x1ff)", sec_cpsr & 0x1ffu, 0x1d3u);
	check_eq("... its DBGVCR a fresh core's: the reset value (the last run's write gone)", sec_vcr_fresh,
		 DBGVCR_RESET);
	check_eq("... its MCR DBGVCR 0x1a read back", sec_vcr_back, SEC_VCR);
	/* CPU 1 turns itself off after the flag: wait for it in time, not in
	 * calls (QEMU's vCPU threads share the host's cores) */
	uint64_t end = deadline_ms(2000);

	while (psci_call(PSCI_AFFINITY_INFO_FN, 1, 0, 0) != 1 && !passed(end))
		;
	check_eq("... CPU_OFF: AFFINITY_INFO(1) OFF", psci_call(PSCI_AFFINITY_INFO_FN, 1, 0, 0), 1);
}

static void secondaries(void)
{
	if (bootarg_u32("test.smp", 1) < 2)
		return;
	check_eq("CPU_ON with an entry outside the guest's RAM: -9", psci_call(PSCI_CPU_ON_FN, 1, 0x1000, 0),
		 (uint32_t)-9);
	cpu_on_off((uint32_t)secondary_entry, 0xc0ffee01u, "CPU_ON CPU 1 at an ARM entry: 0");
	thumb_cpsr = 0;
	cpu_on_off((uint32_t)thumb_entry, 0xc0ffee02u, "CPU_ON CPU 1 at a Thumb entry (bit 0): 0");
	/* the T32 stub ran (its bytes are not this code in A32); MRS reads
	 * the execution state bits (T) as 0 */
	check_eq("... thumb_entry ran in T32: its CPSR (MRS) & 0x1ff", thumb_cpsr & 0x1ffu, 0x1d3u);
}

/* The debug registers through MCR/MRC p14 (MDCR_EL2.TDA): the debug
 * context's AArch32 view. DBGDIDR made from ID_AA64DFR0_EL1: the A57 and
 * A53 have 6 breakpoints, 4 watchpoints, 2 context-aware (BRPs 5, WRPs 3,
 * CTX_CMPs 1), ARMv8 debug (Version 6), bit 15 RES1, no EL3 on QEMU's
 * virt (nSUHD_imp, SE_imp 0) */
#define DBGDIDR_A57_A53 0x35168000u

static void cp14(void)
{
	uint32_t didr, bvr, bcr, dscr, flags;

	__asm__ volatile("mrc p14, 0, %0, c0, c0, 0" : "=r"(didr));
	check_eq("MRC p14 DBGDIDR: BRPs 5, WRPs 3, CTX_CMPs 1, v8 debug", didr, DBGDIDR_A57_A53);
	__asm__ volatile("mcr p14, 0, %0, c0, c0, 4" : : "r"(0x40080100u));   /* DBGBVR0 */
	__asm__ volatile("mcr p14, 0, %0, c0, c0, 5" : : "r"(0x1e4u));        /* DBGBCR0, disabled */
	__asm__ volatile("mrc p14, 0, %0, c0, c0, 4" : "=r"(bvr));
	__asm__ volatile("mrc p14, 0, %0, c0, c0, 5" : "=r"(bcr));
	check_eq("MCR/MRC p14 DBGBVR0: 0x40080100", bvr, 0x40080100u);
	check_eq("MCR/MRC p14 DBGBCR0: 0x1e4", bcr, 0x1e4u);
	/* MRC DBGDSCRint into APSR_nzcv: the flags are its bits 31:28 */
	__asm__ volatile("mrc p14, 0, %0, c0, c1, 0" : "=r"(dscr));
	__asm__ volatile("msr APSR_nzcvq, %1\n\t"
			 "mrc p14, 0, APSR_nzcv, c0, c1, 0\n\t"
			 "mrs %0, APSR"
			 : "=r"(flags) : "r"(0xf0000000u) : "cc");
	check_eq("MRC p14 DBGDSCRint, APSR_nzcv: NZCV = its bits 31:28", flags & 0xf0000000u, dscr & 0xf0000000u);
	/* DBGDSCRint shows DBGDSCRext's MDBGen (bit 15): Linux's check that
	 * monitor mode is on */
	__asm__ volatile("mcr p14, 0, %0, c0, c2, 2" : : "r"(1u << 15));   /* DBGDSCRext */
	__asm__ volatile("mrc p14, 0, %0, c0, c1, 0" : "=r"(dscr));
	check_eq("MCR DBGDSCRext MDBGen: MRC DBGDSCRint bit 15 set", dscr & (1u << 15), 1u << 15);
	__asm__ volatile("mcr p14, 0, %0, c0, c2, 2" : : "r"(0u));
	__asm__ volatile("mrc p14, 0, %0, c0, c1, 0" : "=r"(dscr));
	check_eq("... cleared: bit 15 clear", dscr & (1u << 15), 0);
	/* DBGVCR: the boot core's reset value, every writable bit and no
	 * RES0 one, then one value exactly */
	check_eq("MRC p14 DBGVCR at boot: the reset value", mrc_dbgvcr(), DBGVCR_RESET);
	mcr_dbgvcr(0xffffffffu);
	check_eq("MCR DBGVCR ~0: the writable bits alone (RES0 read 0)", mrc_dbgvcr(), dbgvcr_writable());
	mcr_dbgvcr(0x00000048u);
	check_eq("MCR/MRC DBGVCR 0x48 (I, P)", mrc_dbgvcr(), 0x48u);
}

/* State 2: counter 0 counts SW_INCR natively; a switch carries it */
static void cluster_switch(void)
{
	uint32_t other = cluster ^ 1u, c0;

	mcr_pmselr_r0(0);   /* state 2 (trapped from 1) */
	check_eq("state 2 for the switch", pmu_state_now(), 2);
	__asm__ volatile("mcr p15, 0, %0, c9, c13, 1" : : "r"(0u));        /* PMXEVTYPER: SW_INCR */
	__asm__ volatile("mcr p15, 0, %0, c9, c13, 2" : : "r"(100u));      /* PMXEVCNTR = 100 */
	__asm__ volatile("mcr p15, 0, %0, c9, c12, 1" : : "r"(1u));        /* PMCNTENSET: counter 0 */
	__asm__ volatile("mcr p15, 0, %0, c9, c12, 0" : : "r"(1u));        /* PMCR.E */
	for (int i = 0; i < 5; i++)
		__asm__ volatile("mcr p15, 0, %0, c9, c12, 4" : : "r"(1u));    /* PMSWINC */
	__asm__ volatile("mrc p15, 0, %0, c9, c13, 2" : "=r"(c0));
	check_eq("counter 0: 100 + 5 SW_INCR", c0, 105);
	check_eq("HVC_CLUSTER_SWITCH to the other cluster: r0 = it", (uint32_t)switch_to(other), other);
	check_eq("MIDR: the other cluster's", read_midr(), other ? MIDR_A53 : MIDR_A57);
	check_eq("MONITOR_INFO r1: the other cluster", cluster_now(), other);
	check_eq("state 2 kept", pmu_state_now(), 2);
	__asm__ volatile("mrc p15, 0, %0, c9, c13, 2" : "=r"(c0));
	check_eq("counter 0 after the switch: 105 exactly", c0, 105);
	__asm__ volatile("mcr p15, 0, %0, c9, c12, 4" : : "r"(1u));
	__asm__ volatile("mrc p15, 0, %0, c9, c13, 2" : "=r"(c0));
	check_eq("... and it counts there: 106", c0, 106);
	check_eq("PMSELR kept: 0", mrc_pmselr(), 0);
	check_eq("HVC_CLUSTER_SWITCH back: r0 = the boot cluster", (uint32_t)switch_to(cluster), cluster);
	check_eq("MIDR: the boot cluster's again", read_midr(), cluster ? MIDR_A53 : MIDR_A57);
	__asm__ volatile("mrc p15, 0, %0, c9, c13, 2" : "=r"(c0));
	check_eq("counter 0 back: 106", c0, 106);
	check_eq("HVC_CLUSTER_SWITCH to cluster 5: -3", (uint32_t)switch_to(5), (uint32_t)BL_HVC_INVALID_PARAMETER);
}

/*
 * What AArch32 EL1 owns and AArch64 EL1 does not, across a switch: with
 * blmon.cluster_cpus the virtual CPU moves to the other cluster's core,
 * which has not held these values (or, on the way back, holds the set
 * before), so each must come with it (arch/arm64/cpu_ctx.h CPU_CTX_A32,
 * the trap frame and the HYP thread; docs/migration.md). In place the
 * same checks hold trivially. The banked registers: SP/LR of IRQ, Abort,
 * Undefined and System (usr) modes, FIQ's r8-r12, SP, LR, and the four
 * modes' SPSRs; DACR, IFSR, FPEXC; DBGVCR (the debug context's row,
 * DBGVCR32_EL2 in the core); D7, D16, D31 and FPSCR.
 */
struct a32_bank {
	uint32_t irq[2], abt[2], und[2], usr[2];   /* SP, LR */
	uint32_t fiq[7];                           /* r8-r12, SP, LR */
	uint32_t spsr[4];                          /* irq, abt, und, fiq */
};
#define BANK_WORDS (sizeof(struct a32_bank) / 4)
_Static_assert(BANK_WORDS == 19, "bank_set/bank_get's offsets");

/* bank_set(b) / bank_get(b): each mode entered by CPS with I and F
 * masked, SVC and the caller's masks back at the end (MSR CPSR_c); r0
 * the struct, r1-r3 scratch (AAPCS), SVC's r8-r12 untouched (FIQ has its
 * own). The other modes' SP/LR are the library's exception stacks: the
 * caller restores them. */
void bank_set(const struct a32_bank *b);
void bank_get(struct a32_bank *b);
__asm__(".pushsection .text.bank, \"ax\"\n"
	".arm\n"
	".global bank_set\n.type bank_set, %function\n"
	"bank_set:\n"
	"	mrs	r3, cpsr\n"
	"	cpsid	if, #0x12\n"
	"	ldr	sp, [r0, #0]\n	ldr	lr, [r0, #4]\n	ldr	r1, [r0, #60]\n	msr	spsr_fsxc, r1\n"
	"	cps	#0x17\n"
	"	ldr	sp, [r0, #8]\n	ldr	lr, [r0, #12]\n	ldr	r1, [r0, #64]\n	msr	spsr_fsxc, r1\n"
	"	cps	#0x1b\n"
	"	ldr	sp, [r0, #16]\n	ldr	lr, [r0, #20]\n	ldr	r1, [r0, #68]\n	msr	spsr_fsxc, r1\n"
	"	cps	#0x1f\n"
	"	ldr	sp, [r0, #24]\n	ldr	lr, [r0, #28]\n"
	"	cps	#0x11\n"
	"	add	r1, r0, #32\n	ldm	r1, {r8-r12}\n"
	"	ldr	sp, [r0, #52]\n	ldr	lr, [r0, #56]\n	ldr	r1, [r0, #72]\n	msr	spsr_fsxc, r1\n"
	"	msr	cpsr_c, r3\n"
	"	bx	lr\n"
	".global bank_get\n.type bank_get, %function\n"
	"bank_get:\n"
	"	mrs	r3, cpsr\n"
	"	cpsid	if, #0x12\n"
	"	str	sp, [r0, #0]\n	str	lr, [r0, #4]\n	mrs	r1, spsr\n	str	r1, [r0, #60]\n"
	"	cps	#0x17\n"
	"	str	sp, [r0, #8]\n	str	lr, [r0, #12]\n	mrs	r1, spsr\n	str	r1, [r0, #64]\n"
	"	cps	#0x1b\n"
	"	str	sp, [r0, #16]\n	str	lr, [r0, #20]\n	mrs	r1, spsr\n	str	r1, [r0, #68]\n"
	"	cps	#0x1f\n"
	"	str	sp, [r0, #24]\n	str	lr, [r0, #28]\n"
	"	cps	#0x11\n"
	"	add	r1, r0, #32\n	stm	r1, {r8-r12}\n"
	"	str	sp, [r0, #52]\n	str	lr, [r0, #56]\n	mrs	r1, spsr\n	str	r1, [r0, #72]\n"
	"	msr	cpsr_c, r3\n"
	"	bx	lr\n"
	".popsection");

static const char *const bank_names[BANK_WORDS] = {
	"SP_irq", "LR_irq", "SP_abt", "LR_abt", "SP_und", "LR_und", "SP_usr", "LR_usr",
	"R8_fiq", "R9_fiq", "R10_fiq", "R11_fiq", "R12_fiq", "SP_fiq", "LR_fiq",
	"SPSR_irq", "SPSR_abt", "SPSR_und", "SPSR_fiq",
};

/* DACR, IFSR, DBGVCR, FPEXC, FPSCR and three D registers (D16-D31: the A57's and
 * A53's VFP has 32). CPACR gives cp10/cp11 to PL0 and PL1 first, FPEXC.EN
 * then enables them; the assembler is told the FPU for these lines alone
 * (the guests are built -mfloat-abi=soft). */
struct a32_sys {
	uint32_t dacr, ifsr, fpexc, fpscr, dbgvcr;
	uint64_t d7, d16, d31;
};
#define FPEXC_EN   (1u << 30)
#define CPACR_CP1011 (0xfu << 20)
#define VFP ".fpu neon-vfpv4\n\t"

static void sys_set(const struct a32_sys *v)
{
	uint32_t cpacr;

	__asm__ volatile("mcr p15, 0, %0, c3, c0, 0" : : "r"(v->dacr));   /* DACR (MMU off: no effect here) */
	__asm__ volatile("mcr p15, 0, %0, c5, c0, 1" : : "r"(v->ifsr));   /* IFSR */
	mcr_dbgvcr(v->dbgvcr);
	__asm__ volatile("mrc p15, 0, %0, c1, c0, 2" : "=r"(cpacr));
	__asm__ volatile("mcr p15, 0, %0, c1, c0, 2\n\tisb" : : "r"(cpacr | CPACR_CP1011) : "memory");
	__asm__ volatile(VFP "vmsr fpexc, %0\n\tisb" : : "r"(v->fpexc) : "memory");
	__asm__ volatile(VFP "vmsr fpscr, %0" : : "r"(v->fpscr));
	__asm__ volatile(VFP "vmov d7, %Q0, %R0" : : "r"(v->d7) : "d7");
	__asm__ volatile(VFP "vmov d16, %Q0, %R0" : : "r"(v->d16) : "d16");
	__asm__ volatile(VFP "vmov d31, %Q0, %R0" : : "r"(v->d31) : "d31");
}

/* FPEXC first: with EN lost, a VFP access would be an undefined
 * instruction; the D registers and FPSCR are then reported, not read */
static bool sys_get(struct a32_sys *v)
{
	__asm__ volatile("mrc p15, 0, %0, c3, c0, 0" : "=r"(v->dacr));
	__asm__ volatile("mrc p15, 0, %0, c5, c0, 1" : "=r"(v->ifsr));
	v->dbgvcr = mrc_dbgvcr();
	__asm__ volatile(VFP "vmrs %0, fpexc" : "=r"(v->fpexc));
	if (!(v->fpexc & FPEXC_EN))
		return false;
	__asm__ volatile(VFP "vmrs %0, fpscr" : "=r"(v->fpscr));
	__asm__ volatile(VFP "vmov %Q0, %R0, d7" : "=r"(v->d7));
	__asm__ volatile(VFP "vmov %Q0, %R0, d16" : "=r"(v->d16));
	__asm__ volatile(VFP "vmov %Q0, %R0, d31" : "=r"(v->d31));
	return true;
}

/* Two sets of values: `round` 0 set before the switch to the other
 * cluster, 1 there before the switch back. PSRs with defined fields only
 * (NZCVQ, GE, A, I, F, the mode; no IT, J, T, E), FPSCR's too (no Len,
 * Stride or trap enables: RES0/RAZ on ARMv8) */
static void bank_values(struct a32_bank *b, unsigned round)
{
	static const uint32_t spsr[2][4] = {
		{ 0x80000192u, 0x40070097u, 0x2000005bu, 0x100f01d1u },
		{ 0x30050112u, 0x88010157u, 0x500e009bu, 0xe00301d1u },
	};
	uint32_t *w = (uint32_t *)b;

	for (unsigned i = 0; i < 15; i++)
		w[i] = 0x5a000000u | (round << 16) | (i << 8) | (0xa5u ^ i);
	for (unsigned i = 0; i < 4; i++)
		b->spsr[i] = spsr[round][i];
}

static const struct a32_sys sys_values[2] = {
	{ 0x5555d557u, 0x0000140du, FPEXC_EN, 0xa3c0009bu, 0x5au,
	  0x0123456789abcdefull, 0xfedcba9876543210ull, 0xdeadbeefcafef00dull },
	{ 0xc3a5f00fu, 0x00000406u, FPEXC_EN, 0x5d40001cu, 0x94u,
	  0x1122334455667788ull, 0x8877665544332211ull, 0x0badf00d600dcafeull },
};

static void check_a32_state(const struct a32_bank *want_b, const struct a32_sys *want_s, const char *where)
{
	struct a32_bank got_b;
	struct a32_sys got_s = { 0 };
	const uint32_t *g = (const uint32_t *)&got_b, *w = (const uint32_t *)want_b;

	bank_get(&got_b);
	gprintf("# %s\n", where);
	for (unsigned i = 0; i < BANK_WORDS; i++)
		check_eq(bank_names[i], g[i], w[i]);
	bool vfp = sys_get(&got_s);

	check_eq("DACR", got_s.dacr, want_s->dacr);
	check_eq("IFSR", got_s.ifsr, want_s->ifsr);
	check_eq("DBGVCR", got_s.dbgvcr, want_s->dbgvcr);
	check_eq("FPEXC (EN)", got_s.fpexc, want_s->fpexc);
	check(vfp, "VFP enabled (FPEXC.EN): its registers readable");
	if (vfp) {
		check_eq("FPSCR", got_s.fpscr, want_s->fpscr);
		check_eq("D7", got_s.d7, want_s->d7);
		check_eq("D16", got_s.d16, want_s->d16);
		check_eq("D31", got_s.d31, want_s->d31);
	}
}

static void a32_context_switch(void)
{
	uint32_t other = cluster ^ 1u;
	struct a32_bank lib, b0, b1;

	bank_get(&lib);   /* the library's exception stacks, put back at the end */
	bank_values(&b0, 0);
	bank_values(&b1, 1);
	bank_set(&b0);
	sys_set(&sys_values[0]);
	check_eq("AArch32 state set, HVC_CLUSTER_SWITCH to the other cluster: r0 = it", (uint32_t)switch_to(other),
		 other);
	check_eq("MIDR: the other cluster's core", read_midr(), other ? MIDR_A53 : MIDR_A57);
	check_a32_state(&b0, &sys_values[0], "banked registers, SPSRs, DACR, IFSR, VFP after the switch:");
	bank_set(&b1);
	sys_set(&sys_values[1]);
	check_eq("a second set, HVC_CLUSTER_SWITCH back: r0 = the boot cluster", (uint32_t)switch_to(cluster),
		 cluster);
	check_eq("MIDR: the boot cluster's core", read_midr(), cluster ? MIDR_A53 : MIDR_A57);
	check_a32_state(&b1, &sys_values[1], "... the second set after the switch back:");
	bank_set(&lib);
}

void guest_start(uint32_t r0, uint32_t r1, uint32_t r2, uint32_t cpsr);
void guest_start(uint32_t r0, uint32_t r1, uint32_t r2, uint32_t cpsr)
{
	boot_r[0] = r0, boot_r[1] = r1, boot_r[2] = r2, boot_r[3] = cpsr;
	cluster = bootarg_u32("blmon.boot_cluster", 0);
	gprintf("# guest32: AArch32 EL1 guest, boot cluster %lu\n", (unsigned long)cluster);
	boot();
	hvc_abi();
	psci();
	type_a();
	pl0();
	undefs();
	gicd();
	cp14();
	secondaries();
	cluster_switch();
	a32_context_switch();
	test_finish();
}
