/*
 * Host model of the hardware behind arch/pmu_hw.h: the PMUv2 of QEMU's
 * cortex-a15 (6 event counters) or cortex-a7 (4), as the monitor sees it
 * from HYP mode. Modelled like the hardware, not like the monitor wishes:
 * set/clear register pairs, PMOVSR write-1-to-clear, PMOVSSET, PMSELR
 * indirection (PMSELR = 31 + PMXEVTYPER = PMCCFILTR), PMCR.P/.C actions,
 * read-only PMCR identity (IMP, IDCODE, N), reserved bits and the bits of
 * counters the core lacks not kept. PMSWINC from HYP only increments
 * counters whose type has NSH = 1 (the filter QEMU applies at PL2).
 * A PMXEVTYPER/PMXEVCNTR access while PMSELR names a counter the core
 * lacks (N..30, and 31 for PMXEVCNTR) is UNPREDICTABLE in the
 * architecture: the fake reads 0,
 * ignores the write and counts it (fake_pmu_unpredictable()), so tests can
 * assert the monitor never makes one. Not modelled: HDCR.HPMN/HPME,
 * PMCR.D (the cycle counter counts every tick), interrupts.
 */
#ifndef FAKE_PMU_HW_H
#define FAKE_PMU_HW_H

#include <stdbool.h>
#include <stdint.h>
#include "pmu_hw.h"

#define FAKE_PMU_N         6             /* counters the register arrays hold */
#define FAKE_PMCR_A15      0x410F3000u   /* read-only PMCR: IMP 0x41, IDCODE 0x0F, N = 6 */
#define FAKE_PMCR_A7       0x41072000u   /* IMP 0x41, IDCODE 0x07, N = 4 */
#define FAKE_PMCR_KEEP     0x39u         /* E, D, X, DP */
#define FAKE_EVTYPER_KEEP  0xF80000FFu   /* P U NSK NSU NSH, evtCount */
#define FAKE_CCFILTR_KEEP  0xF8000000u   /* P U NSK NSU NSH */
#define FAKE_NSH           (1u << 27)

struct fake_pmu {
	uint32_t pmcr;                    /* kept bits only */
	uint32_t cnten, inten, ovs, selr, userenr, ccfiltr, ccnt;
	uint32_t ccnt_hi;                 /* PMUv3's upper word (fake_pmu_ccnt64); else 0 */
	/* [N..5] of a core with N < 6 exist in no register: never changed */
	uint32_t evtyper[FAKE_PMU_N], evcntr[FAKE_PMU_N];
};

/* Power-on: every register holds junk (0xBAD.... values) so a missing
 * initialisation shows. Also zeroes the access counts. The core is QEMU's
 * cortex-a15 unless pmcr_ro (FAKE_PMCR_A15, FAKE_PMCR_A7: its read-only
 * PMCR bits, N of them the number of counters, 1..6) says otherwise. */
void fake_pmu_power_on(void);
void fake_pmu_power_on_as(uint32_t pmcr_ro);
unsigned fake_pmu_counters(void);               /* N of the core powered on */
uint32_t fake_pmu_impl_mask(void);              /* its counters' bits + bit 31 */
struct fake_pmu fake_pmu_peek(void);
void fake_pmu_poke(const struct fake_pmu *s);   /* stored through the keep masks */
/* n events on every enabled counter and n cycles on PMCCNTR, if PMCR.E;
 * a carry out of bit 31 sets the counter's PMOVSR bit. */
void fake_pmu_tick(uint32_t n);
/* PMUv3's 64-bit cycle counter (on: until the next power-on), as
 * AArch64's PMCCNTR_EL0: PMU_HW_CCNT64 is then true for the PMU core,
 * ticks carry into the upper word, a 32-bit PMCCNTR write clears it
 * (an MSR of a 32-bit value), PMCR.C resets both. Overflow: still at the
 * low word's wrap (PMCR.LC = 0). */
void fake_pmu_ccnt64(bool on);
/* PMUv3's own registers per counter too (PMU_HW_EV_DIRECT, AArch64):
 * pmu_hw_ev_read/write() reach counter i without PMSELR; off (the
 * default after power-on), they are PMSELR's PMXEV* view as on PMUv2 */
void fake_pmu_ev_direct(bool on);
unsigned fake_pmu_selr_writes(void);             /* PMSELR writes since the last reset of the counts */
/* Accesses since power-on or the last reset of the counts. */
unsigned fake_pmu_reads(void);
unsigned fake_pmu_writes(void);
unsigned fake_pmu_unpredictable(void);          /* PMXEV* through a PMSELR naming no counter */
void fake_pmu_reset_counts(void);
bool fake_pmu_equal(const struct fake_pmu *a, const struct fake_pmu *b);

#endif
