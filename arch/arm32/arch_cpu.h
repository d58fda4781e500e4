/*
 * What the portable monitor asks of the CPU beyond named registers: the
 * operations whose form differs between AArch32 HYP mode and AArch64 EL2
 * (barriers, waiting, the HYP traps' configuration, the first entry into
 * the guest, local TLB maintenance). An AArch64 back end implements the
 * same names (docs/architecture.md).
 */
#ifndef ARCH_CPU_H
#define ARCH_CPU_H

#include <stdbool.h>
#include <stdint.h>
#include "cpregs_access.h"

/* Sleep until an interrupt is pending (after the stores before it are
 * complete); a short pause inside a spin on another CPU's flag. */
static inline void cpu_wait_interrupt(void) { __asm__ volatile("dsb\n\twfi" ::: "memory"); }
static inline void cpu_relax(void) { __asm__ volatile("yield"); }
/* A boot-time poll's pause (arch/arm64/arch_cpu.h says why AArch64 needs
 * one under QEMU's -icount): nothing here - the ARMv7 migration scenarios
 * under -icount boot without it, and its images stay as they were. */
static inline void cpu_poll_pause(void) { }

/* The monitor's own CPSR (HYP mode: M = 0x1a) */
static inline uint32_t cpu_psr(void)
{
	uint32_t cpsr;

	__asm__ volatile("mrs %0, cpsr" : "=r"(cpsr));
	return cpsr;
}

/* The monitor's MMU is on (HSCTLR.M): exclusives work from then on
 * (spinlock.h). Outside HYP mode there is no HSCTLR to read: that is
 * start-up on a board that did not start the monitor in HYP. */
static inline bool cpu_hyp_mmu_on(void) { return in_hyp_mode() && (read_HSCTLR() & 1u); }

/* A core takes over a virtual CPU: drop the guest's TLB entries and the
 * instruction cache's and branch predictor's this core may hold from its
 * cluster's last turn (local maintenance elsewhere did not reach them). */
static inline void cpu_flush_guest_local(void)
{
	write_TLBIALLNSNH(0);
	write_ICIALLU(0);
	write_BPIALL(0);
	dsb();
	isb();
}

/* The fatal exit (board/common/fatal_pvpanic.c): every exception masked
 * (A, I, F), and this CPU's vectors at v in the mode it runs in - HVBAR
 * in HYP, VBAR at PL1 (a board that did not start the monitor in HYP
 * reports that through the fatal exit too). */
static inline void cpu_mask_exceptions(void) { __asm__ volatile("cpsid aif" ::: "memory"); }
static inline void cpu_set_vectors(const char *v)
{
	if (in_hyp_mode())
		write_HVBAR((uint32_t)v);
	else
		write_VBAR((uint32_t)v);
	isb();
}

/* HYP's exception state for a report of an unexpected exception */
struct cpu_fault_regs {
	uint32_t syndrome, elr, far;
};
static inline struct cpu_fault_regs cpu_fault_regs(void)
{
	struct cpu_fault_regs r;

	__asm__ volatile("mrs %0, elr_hyp" : "=r"(r.elr));
	r.syndrome = read_HSR();
	r.far = read_HDFAR();
	return r;
}

/* The monitor's and the guest's modes, for the boot log */
#define CPU_MONITOR_MODE "HYP mode"
#define CPU_GUEST_MODE   "SVC"

/* The HYP configuration of a CPU before it first enters the guest: the
 * vector table, stage 2, the traps (arch/arm32/cpu_init.c) */
void cpu_hyp_traps_init(void);
/* Enter the guest at pc in its kernel mode, interrupts masked, with
 * r0-r2 (AArch32) set as given; bit 0 of pc selects Thumb (PSCI
 * CPU_ON's convention). */
void __attribute__((noreturn)) cpu_enter_guest(uint32_t pc, uint32_t r0, uint32_t r1, uint32_t r2);
/* ... the boot CPU's first entry, with the platform's r0-r2: the same */
static inline void __attribute__((noreturn)) cpu_enter_boot_guest(uint32_t pc, uint32_t r0, uint32_t r1,
								  uint32_t r2)
{
	cpu_enter_guest(pc, r0, r1, r2);
}
/* Never: HYP mode is AArch32 too and reaches every banked register of the
 * guest's directly (BLMON_QUIRK_A32_SPSR_UNREACHED is an AArch64 EL2's) */
static inline bool cpu_boot_guest_a32_under_a64(uint32_t pc)
{
	(void)pc;
	return false;
}

#endif
