/*
 * Counting the monitor's own instructions from the guest: PMU counter 3
 * counts event 0x08 (instructions, counted by QEMU under -icount) only in
 * HYP mode (PMXEVTYPER.P and .U set: not PL1, not PL0; .NSH set: Hyp
 * mode); counter 2 the guest's PL1 instructions (U alone set), so that the
 * two can be checked against the virtual counter (guest-tests/common/
 * bench_irq.h). Read natively in PMU state 2 (no trap), so reading them
 * adds nothing. For the benchmarks (make bench); AArch64's twin is
 * guest-tests/arm64/lib/hypcount.h.
 */
#ifndef HYPCOUNT_H
#define HYPCOUNT_H

#include "pmu_guest.h"

#define HYPCOUNT_CTR     3u
#define GUESTCOUNT_CTR   2u
#define EVTYPER_P        (1u << 31)
#define EVTYPER_U        (1u << 30)
#define EVTYPER_NSH      (1u << 27)
#define EV_INSTRUCTIONS  0x08u

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
