/*
 * Counting the monitor's own instructions from an AArch64 guest, as
 * guest-tests/lib/hypcount.h does on ARMv7 (same names): PMU counter 3
 * counts event 0x08 (instructions, counted by QEMU under -icount) at EL2
 * only (PMEVTYPER3_EL0.P and .U set: not EL1, not EL0; .NSH set: EL2);
 * counter 2 the guest's EL1 instructions (P, U, NSH clear but U: EL1
 * alone), so that the two can be checked against the virtual counter
 * (guest-tests/common/bench_irq.h). Both read natively in PMU state 2
 * (counters 0-3 are the guest's: MDCR_EL2.HPMN = 4, no trap), so reading
 * them adds nothing to the monitor's count. For the benchmarks (make bench).
 */
#ifndef HYPCOUNT_H
#define HYPCOUNT_H

#include <stdint.h>
#include "sysreg64.h"

#define HYPCOUNT_CTR     3u
#define GUESTCOUNT_CTR   2u
#define EVTYPER_P        (1u << 31)
#define EVTYPER_U        (1u << 30)
#define EVTYPER_NSH      (1u << 27)
#define EV_INSTRUCTIONS  0x08u
#define PMCR_E           1u

static inline void hypcount_start(void)
{
	MSR_AT(A64_PMEVTYPER(3), EVTYPER_P | EVTYPER_U | EVTYPER_NSH | EV_INSTRUCTIONS);
	MSR_AT(A64_PMEVTYPER(2), EVTYPER_U | EV_INSTRUCTIONS);
	MSR_AT(A64_PMEVCNTR(3), 0);
	MSR_AT(A64_PMEVCNTR(2), 0);
	MSR(PMCNTENSET_EL0, (1u << HYPCOUNT_CTR) | (1u << GUESTCOUNT_CTR));
	MSR(PMCR_EL0, MRS(PMCR_EL0) | PMCR_E);
	isb();
}

static inline uint32_t hypcount(void)
{
	isb();
	return (uint32_t)MRS_AT(A64_PMEVCNTR(3));
}

static inline uint32_t guestcount(void)
{
	isb();
	return (uint32_t)MRS_AT(A64_PMEVCNTR(2));
}

#endif
