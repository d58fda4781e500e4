/*
 * Which PMU counters the benchmark guests count with, and how (both
 * architectures' hypcount.h: guest-tests/lib/ for ARMv7, guest-tests/arm64/lib/
 * for AArch64): counter 3 counts event 0x08 (instructions, counted by QEMU
 * under -icount) in the monitor's mode only - the event type's P and U set
 * (not PL1/EL1, not PL0/EL0) and NSH set (HYP mode / EL2); counter 2 the
 * guest's own kernel-mode instructions (U alone set), so that the two can
 * be checked against the virtual counter (guest-tests/common/bench_irq.h).
 * Both are the guest's (PMU state 2: read natively, no trap), so reading
 * them adds nothing to the monitor's count.
 */
#ifndef HYPCOUNT_EVENTS_H
#define HYPCOUNT_EVENTS_H

#define HYPCOUNT_CTR     3u
#define GUESTCOUNT_CTR   2u
#define EVTYPER_P        (1u << 31)
#define EVTYPER_U        (1u << 30)
#define EVTYPER_NSH      (1u << 27)
#define EV_INSTRUCTIONS  0x08u

#endif
