/*
 * Counting the monitor's own instructions from an ARMv7 guest, for the
 * benchmarks (make bench): the counters and event types of
 * guest-tests/common/hypcount_events.h through PMXEVTYPER/PMXEVCNTR.
 * AArch64's twin is guest-tests/arm64/lib/hypcount.h.
 */
#ifndef HYPCOUNT_H
#define HYPCOUNT_H

#include "hypcount_events.h"
#include "pmu_guest.h"

static inline void hypcount_start(void)
{
	pmn_set_type(HYPCOUNT_CTR, EVTYPER_P | EVTYPER_U | EVTYPER_NSH | EV_INSTRUCTIONS);
	pmn_set_type(GUESTCOUNT_CTR, EVTYPER_U | EV_INSTRUCTIONS);
	pmn_write(HYPCOUNT_CTR, 0);
	pmn_write(GUESTCOUNT_CTR, 0);
	write_PMCNTENSET((1u << HYPCOUNT_CTR) | (1u << GUESTCOUNT_CTR));
	write_PMCR(read_PMCR() | PMCR_E);
}

static inline uint32_t hypcount(void)
{
	return pmn_read(HYPCOUNT_CTR);
}

static inline uint32_t guestcount(void)
{
	return pmn_read(GUESTCOUNT_CTR);
}

#endif
