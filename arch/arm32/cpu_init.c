/*
 * HYP mode's configuration of a CPU and the first entry into the guest:
 * the AArch32 side of blmon_cpu_init() and blmon_enter_next_stage()
 * (hyp/init/init.c; docs/traps.md gives every bit and why).
 */
#include "arch_cpu.h"
#include "psr.h"

/* HCR (ARM ARM B4.1.65) */
#define HCR_VM    (1u << 0)   /* stage 2 on: the guest cannot reach the monitor */
#define HCR_SWIO  (1u << 1)   /* set/way invalidate acts as clean+invalidate */
#define HCR_IMO   (1u << 4)   /* physical IRQs to HYP: the virtual GIC injects the guest's */
#define HCR_TSC   (1u << 19)  /* trap SMC: PSCI goes through the monitor */

/* HCPTR (B4.1.66): trace registers are not virtualised, so trap them (the
 * guest gets UNDEF). cp10/cp11 (VFP/NEON) stay with the guest. */
#define HCPTR_TTA  (1u << 20)

void cpu_hyp_traps_init(void)
{
	write_HSTR(0);               /* no CP15 primary-register traps */
	write_HCPTR(HCPTR_TTA);
	write_VMPIDR(read_MPIDR());  /* the guest keeps its CPU number across switches */
	write_HCR(HCR_VM | HCR_SWIO | HCR_IMO | HCR_TSC);
	isb();
}

void cpu_enter_guest(uint32_t pc, uint32_t r0, uint32_t r1, uint32_t r2)
{
	/* SVC mode, IRQ/FIQ/async aborts masked */
	uint32_t spsr = PSR_MODE_SVC | PSR_I | PSR_F | PSR_A | ((pc & 1u) ? PSR_T : 0);

	pc &= ~1u;
	register uint32_t a0 __asm__("r0") = r0;
	register uint32_t a1 __asm__("r1") = r1;
	register uint32_t a2 __asm__("r2") = r2;

	/* Every trap from the guest starts on the stack pointer left here:
	 * 8-byte aligned, as the procedure call standard wants it at the
	 * handlers' entry (an odd word costs the switch's memcpy of the PMU
	 * context its aligned path: docs/performance.md). What is above it
	 * on the stack is dead: this call does not return. */
	__asm__ volatile("msr spsr_cxsf, %0\n\t"
			 "msr elr_hyp, %1\n\t"
			 "mov r3, #0\n\t"
			 "bic sp, sp, #7\n\t"
			 "eret"
			 : : "r"(spsr), "r"(pc), "r"(a0), "r"(a1), "r"(a2) : "r3", "memory");
	__builtin_unreachable();
}
