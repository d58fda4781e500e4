/*
 * What the portable monitor asks of the CPU beyond named registers, at
 * AArch64 EL2 (arch/arm32/arch_cpu.h is the HYP-mode one).
 */
#ifndef ARCH_CPU_H
#define ARCH_CPU_H

#include <stdbool.h>
#include <stdint.h>
#include "sysregs_access.h"

static inline void cpu_wait_interrupt(void) { __asm__ volatile("dsb sy\n\twfi" ::: "memory"); }
static inline void cpu_relax(void) { __asm__ volatile("yield"); }
/* A boot-time poll's pause (hyp/switch/migrate.c waits for the cores it
 * started): under QEMU's -icount one thread runs every CPU, and QEMU 7.2's
 * AArch64 CPU spinning on CNTPCT_EL0 reads was seen never to let the
 * started core run (CPU 1 of -smp 2 "did not reach the monitor within
 * 1 s"); YIELD hands the thread on. */
static inline void cpu_poll_pause(void) { cpu_relax(); }

/* The monitor's PSTATE as an SPSR would hold it: M = EL2h (0x9), DAIF.
 * HVC_MONITOR_INFO's r2 (AArch32: the CPSR, M = HYP 0x1a). */
#define PSR_EL2H 0x9u
static inline uint32_t cpu_psr(void)
{
	/* CurrentEL is EL << 2, as SPSR.M[3:2]; SPSel (M[0]) is 1 at EL2h */
	return (uint32_t)(read_DAIF() | read_CURRENTEL() | 1u);
}

/* EL2's MMU is on (SCTLR_EL2.M, arch/arm64/mmu.c): memory is Normal, so
 * exclusives - the monitor's locks - work from then on. Before that (and
 * at any other EL, when a board reports it was started there) the boot
 * CPU prints alone. */
static inline bool cpu_hyp_mmu_on(void) { return in_hyp_mode() && (read_SCTLR_EL2() & 1u); }

/* A core takes over a virtual CPU: the guest's EL1&0 TLB entries and the
 * instruction cache (nothing calls it before migration exists). */
static inline void cpu_flush_guest_local(void)
{
	__asm__ volatile("tlbi vmalls12e1\n\tic iallu\n\tdsb nsh\n\tisb" ::: "memory");
}

/* The fatal exit (board/common/fatal_pvpanic.c): every exception masked
 * (D, A, I, F), and this CPU's vectors at v at the level it runs at -
 * VBAR_EL2, or VBAR_EL1 (a machine without EL2 starts the monitor there,
 * and it reports that through the fatal exit too). */
static inline void cpu_mask_exceptions(void) { __asm__ volatile("msr daifset, #0xf" ::: "memory"); }
static inline void cpu_set_vectors(const char *v)
{
	if (in_hyp_mode())
		write_VBAR_EL2((uintptr_t)v);
	else
		write_VBAR_EL1((uintptr_t)v);
	isb();
}

/* EL2's exception state for a report of an unexpected exception */
struct cpu_fault_regs {
	uint64_t syndrome, elr, far;
};
static inline struct cpu_fault_regs cpu_fault_regs(void)
{
	struct cpu_fault_regs r = { read_ESR_EL2(), read_ELR_EL2(), read_FAR_EL2() };

	return r;
}

/* The monitor's and the guest's modes, for the boot log */
#define CPU_MONITOR_MODE "EL2 (AArch64)"
#define CPU_GUEST_MODE   "EL1"   /* AArch64 EL1h or AArch32 SVC: guest32.c says which */

/* EL2's configuration before the CPU first enters the guest: the vector
 * table, HCR_EL2 (EL1 is AArch64), CPTR_EL2, the timers (cpu_init.c) */
void cpu_hyp_traps_init(void);
/* Enter the guest at pc in EL1h, interrupts masked, x0-x2 as given (the
 * arm64 boot protocol: x0 = the DTB), or for an AArch32 guest in A32 SVC
 * (T32 if bit 0 of pc is set: PSCI CPU_ON's convention) with r0-r2;
 * the stack reset to where every trap from the guest then starts
 * (vectors.S cpu_enter_el1; guest32.c). */
void __attribute__((noreturn)) cpu_enter_guest(uint64_t pc, uint64_t x0, uint64_t x1, uint64_t x2);
/* ... the boot CPU's first entry, x0 the DTB: the image tells whether the
 * guest is AArch32 (an ARM zImage: r0 = 0, r1 = ~0, r2 = the DTB) */
void __attribute__((noreturn)) cpu_enter_boot_guest(uint64_t pc, uint64_t x0, uint64_t x1, uint64_t x2);
/* The image at pc will run at AArch32 EL1 under this AArch64 EL2 (an ARM
 * zImage: guest32.c), whose state EL2 reaches through the AArch64 view */
bool cpu_boot_guest_a32_under_a64(uint64_t pc);

#endif
