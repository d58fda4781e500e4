/*
 * EL2's configuration before the guest first runs (ARM ARM D13.2.46
 * HCR_EL2, D13.2.31 CPTR_EL2, D13.8.2 CNTHCTL_EL2). MDCR_EL2 is the PMU
 * state machine's (hyp_update_traps), VPIDR_EL2 the cluster's.
 */
#include "arch_cpu.h"
#include "sysregs_access.h"
#include "hcr.h"
#include "guest32.h"

#define CPTR_RES1     0x33ffull      /* bits 13:12 and 9:0; TFP (10) clear: FP/SIMD at EL1 */
#define CNTHCTL_EL1PCTEN (1ull << 0) /* EL1/EL0 read the physical counter */
#define CNTHCTL_EL1PCEN  (1ull << 1) /* ... and use the physical timer */

void cpu_hyp_traps_init(void)
{
	/* Stage 2 on (stage2_enable() has set its tables); IRQs and FIQs to
	 * EL2 (hyp/switch/irq.c: the guest's go into its virtual GIC, the
	 * virtual CPU interface signals them to EL1 - which needs IMO/FMO
	 * set); SMC trapped (PSCI: hyp/exit/psci.c). AMO stays clear: an
	 * SError is the guest's own, taken at EL1, never the monitor's
	 * (docs/arm64.md). */
	write_HCR_EL2((guest_is_a32() ? 0 : HCR_RW) | HCR_VM | HCR_IMO | HCR_FMO | HCR_TSC);
	write_CPTR_EL2(CPTR_RES1);
	write_HSTR_EL2(0);
	write_CNTHCTL_EL2(CNTHCTL_EL1PCTEN | CNTHCTL_EL1PCEN);
	write_CNTVOFF_EL2(0);
	/* the guest sees its own core's affinity */
	write_VMPIDR_EL2(read_MPIDR_EL1());
	isb();
}
