/*
 * EL2's configuration before the guest first runs (ARM ARM D13.2.46
 * HCR_EL2, D13.2.31 CPTR_EL2, D13.8.2 CNTHCTL_EL2). MDCR_EL2 is the PMU
 * state machine's (hyp_update_traps), VPIDR_EL2 the cluster's.
 */
#include "arch_cpu.h"
#include "sysregs_access.h"

#define HCR_VM        (1ull << 0)    /* stage 2 (mmu.c): the guest cannot reach the monitor */
#define HCR_RW        (1ull << 31)   /* EL1 is AArch64 */
#define HCR_TSC       (1ull << 19)
#define CPTR_RES1     0x33ffull      /* bits 13:12 and 9:0; TFP (10) clear: FP/SIMD at EL1 */
#define CNTHCTL_EL1PCTEN (1ull << 0) /* EL1/EL0 read the physical counter */
#define CNTHCTL_EL1PCEN  (1ull << 1) /* ... and use the physical timer */

void cpu_hyp_traps_init(void)
{
	/* Stage 2 on (stage2_enable() has set its tables), no interrupt
	 * routing (IMO/FMO: the guest owns the GIC until the virtual GIC
	 * lands), SMC not trapped: the guest's PSCI goes to QEMU's firmware as
	 * without the monitor (docs/arm64.md). */
	write_HCR_EL2(HCR_RW | HCR_VM);
	write_CPTR_EL2(CPTR_RES1);
	write_HSTR_EL2(0);
	write_CNTHCTL_EL2(CNTHCTL_EL1PCTEN | CNTHCTL_EL1PCEN);
	write_CNTVOFF_EL2(0);
	/* the guest sees its own core's affinity */
	write_VMPIDR_EL2(read_MPIDR_EL1());
	isb();
}
