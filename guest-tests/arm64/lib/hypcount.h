/*
 * Counting the monitor's own instructions from an AArch64 guest, as
 * guest-tests/lib/hypcount.h does on ARMv7 (same names), for the benchmarks
 * (make bench): the counters and event types of
 * guest-tests/common/hypcount_events.h through PMEVTYPER<n>_EL0 /
 * PMEVCNTR<n>_EL0 (counters 0-3 are the guest's: MDCR_EL2.HPMN = 4).
 */
#ifndef HYPCOUNT_H
#define HYPCOUNT_H

#include <stdint.h>
#include "hypcount_events.h"
#include "sysreg64.h"

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
