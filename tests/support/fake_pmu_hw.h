/*
 * Host model of the hardware behind pmu/pmu_hw.h: the PMUv2 of QEMU's
 * cortex-a15 (6 event counters) as the monitor sees it from HYP mode.
 * Modelled like the hardware, not like the monitor wishes: set/clear
 * register pairs, PMOVSR write-1-to-clear, PMOVSSET, PMSELR indirection
 * (PMSELR = 31 + PMXEVTYPER = PMCCFILTR, other values past N are RAZ/WI),
 * PMCR.P/.C actions, read-only PMCR IDCODE 0x0F and N = 6, reserved bits
 * not kept. PMSWINC from HYP only increments counters whose type has
 * NSH = 1 (the filter QEMU applies at PL2). Not modelled: HDCR.HPMN/HPME,
 * PMCR.D (the cycle counter counts every tick), interrupts.
 */
#ifndef FAKE_PMU_HW_H
#define FAKE_PMU_HW_H

#include <stdbool.h>
#include <stdint.h>
#include "pmu_hw.h"

#define FAKE_PMU_N         6
#define FAKE_PMCR_RO       0x410F3000u   /* IMP 0x41, IDCODE 0x0F, N = 6 */
#define FAKE_PMCR_KEEP     0x39u         /* E, D, X, DP */
#define FAKE_IMPL_MASK     0x8000003Fu   /* counters 0..5 + cycle counter */
#define FAKE_EVTYPER_KEEP  0xF80000FFu   /* P U NSK NSU NSH, evtCount */
#define FAKE_CCFILTR_KEEP  0xF8000000u   /* P U NSK NSU NSH */
#define FAKE_NSH           (1u << 27)

struct fake_pmu {
	uint32_t pmcr;                    /* kept bits only */
	uint32_t cnten, inten, ovs, selr, userenr, ccfiltr, ccnt;
	uint32_t evtyper[FAKE_PMU_N], evcntr[FAKE_PMU_N];
};

/* Power-on: every register holds junk (0xBAD.... values) so a missing
 * initialisation shows. Also zeroes the access counts. */
void fake_pmu_power_on(void);
struct fake_pmu fake_pmu_peek(void);
void fake_pmu_poke(const struct fake_pmu *s);   /* stored through the keep masks */
/* n events on every enabled counter and n cycles on PMCCNTR, if PMCR.E;
 * a carry out of bit 31 sets the counter's PMOVSR bit. */
void fake_pmu_tick(uint32_t n);
/* Accesses since power-on or the last reset of the counts. */
unsigned fake_pmu_reads(void);
unsigned fake_pmu_writes(void);
void fake_pmu_reset_counts(void);
bool fake_pmu_equal(const struct fake_pmu *a, const struct fake_pmu *b);

#endif
