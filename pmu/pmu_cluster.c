/*
 * The two cores of the pair and what each implements (spec Table 2,
 * written out once here: "a '-' means not implemented on that core").
 * The event bitmaps and PMCEID0/1 are computed from it at compile time, so
 * there is no second copy to drift; tests/pmu/test_pmu_cluster.c checks them
 * against values worked out by hand from the spec.
 */
#include "pmu.h"

#define A15 (1u << CLUSTER_A15)
#define A7  (1u << CLUSTER_A7)

/* EV(event number, cores implementing it, the spec's event type 1/2/3) */
#define TABLE2(EV, w, cl) \
	EV(0x00, A15|A7  , 1, w, cl) \
	EV(0x01, A15|A7  , 1, w, cl) \
	EV(0x02, A15|A7  , 1, w, cl) \
	EV(0x03, A15|A7  , 1, w, cl) \
	EV(0x04, A15|A7  , 1, w, cl) \
	EV(0x05, A15|A7  , 1, w, cl) \
	EV(0x06, A7      , 1, w, cl) \
	EV(0x07, A7      , 1, w, cl) \
	EV(0x08, A15|A7  , 1, w, cl) \
	EV(0x09, A15|A7  , 1, w, cl) \
	EV(0x0A, A15|A7  , 1, w, cl) \
	EV(0x0B, A15|A7  , 1, w, cl) \
	EV(0x0C, A7      , 1, w, cl) \
	EV(0x0D, A7      , 1, w, cl) \
	EV(0x0E, A7      , 1, w, cl) \
	EV(0x0F, A7      , 1, w, cl) \
	EV(0x10, A15|A7  , 1, w, cl) \
	EV(0x11, A15|A7  , 1, w, cl) \
	EV(0x12, A15|A7  , 1, w, cl) \
	EV(0x13, A15|A7  , 1, w, cl) \
	EV(0x14, A15|A7  , 1, w, cl) \
	EV(0x15, A15|A7  , 1, w, cl) \
	EV(0x16, A15|A7  , 1, w, cl) \
	EV(0x17, A15|A7  , 1, w, cl) \
	EV(0x18, A15|A7  , 1, w, cl) \
	EV(0x19, A15|A7  , 1, w, cl) \
	EV(0x1A, A15     , 1, w, cl) \
	EV(0x1B, A15     , 1, w, cl) \
	EV(0x1C, A15     , 1, w, cl) \
	EV(0x1D, A15|A7  , 1, w, cl) \
	EV(0x40, A15     , 2, w, cl) \
	EV(0x41, A15     , 2, w, cl) \
	EV(0x42, A15     , 2, w, cl) \
	EV(0x43, A15     , 2, w, cl) \
	EV(0x46, A15     , 2, w, cl) \
	EV(0x47, A15     , 2, w, cl) \
	EV(0x48, A15     , 2, w, cl) \
	EV(0x4C, A15     , 2, w, cl) \
	EV(0x4D, A15     , 2, w, cl) \
	EV(0x50, A15     , 2, w, cl) \
	EV(0x51, A15     , 2, w, cl) \
	EV(0x52, A15     , 2, w, cl) \
	EV(0x53, A15     , 2, w, cl) \
	EV(0x56, A15     , 2, w, cl) \
	EV(0x57, A15     , 2, w, cl) \
	EV(0x58, A15     , 2, w, cl) \
	EV(0x60, A15|A7  , 2, w, cl) \
	EV(0x61, A15|A7  , 2, w, cl) \
	EV(0x62, A15     , 2, w, cl) \
	EV(0x63, A15     , 2, w, cl) \
	EV(0x64, A15     , 2, w, cl) \
	EV(0x65, A15     , 2, w, cl) \
	EV(0x66, A15     , 2, w, cl) \
	EV(0x67, A15     , 2, w, cl) \
	EV(0x68, A15     , 2, w, cl) \
	EV(0x69, A15     , 2, w, cl) \
	EV(0x6A, A15     , 2, w, cl) \
	EV(0x6C, A15     , 2, w, cl) \
	EV(0x6D, A15     , 2, w, cl) \
	EV(0x6E, A15     , 2, w, cl) \
	EV(0x70, A15     , 2, w, cl) \
	EV(0x71, A15     , 2, w, cl) \
	EV(0x72, A15     , 2, w, cl) \
	EV(0x73, A15     , 2, w, cl) \
	EV(0x74, A15     , 2, w, cl) \
	EV(0x75, A15     , 2, w, cl) \
	EV(0x76, A15     , 2, w, cl) \
	EV(0x78, A15     , 2, w, cl) \
	EV(0x79, A15     , 2, w, cl) \
	EV(0x7A, A15     , 2, w, cl) \
	EV(0x7C, A15     , 2, w, cl) \
	EV(0x7D, A15     , 2, w, cl) \
	EV(0x7E, A15     , 2, w, cl) \
	EV(0x86, A7      , 2, w, cl) \
	EV(0x87, A7      , 2, w, cl) \
	EV(0xC0, A7      , 3, w, cl) \
	EV(0xC1, A7      , 3, w, cl) \
	EV(0xC2, A7      , 3, w, cl) \
	EV(0xC3, A7      , 3, w, cl) \
	EV(0xC4, A7      , 3, w, cl) \
	EV(0xC5, A7      , 3, w, cl) \
	EV(0xC7, A7      , 3, w, cl) \
	EV(0xC8, A7      , 3, w, cl) \
	EV(0xC9, A7      , 3, w, cl) \
	EV(0xCA, A7      , 3, w, cl)

/* Bit (e % 32) of word w for cluster bit cl, if row e belongs there. The
 * type column is not needed for the bitmap (spec 3.3: programming any type
 * succeeds; only implemented events count). */
#define BIT(e, cores, type, w, cl) \
	| (((e) / 32 == (w) && ((cores) & (cl))) ? (1u << ((e) % 32)) : 0u)
#define WORD(w, cl) (0u TABLE2(BIT, w, cl))
#define EVENTS(cl) { WORD(0, cl), WORD(1, cl), WORD(2, cl), WORD(3, cl), \
		     WORD(4, cl), WORD(5, cl), WORD(6, cl), WORD(7, cl) }

#if ARCH_PMU_PAIR_V8
/*
 * ARMv8's pair (issue #27): the identities of the Cortex-A57 and
 * Cortex-A53 TRMs - MIDR r1p0 / r0p4 as QEMU 7.2 models them, PMCR_EL0
 * IDCODE 0x01 / 0x03, N = 6 each - and their common events (0x00-0x3F,
 * the ones PMCEID0/1_EL0 describe): the A57's from its TRM's event table
 * (DDI 0488, 11.8 "Events", Table 11-24), the A53's from its TRM's
 * PMCEID0_EL0 table (DDI 0500, 12.4.2, Table 12-6; the A53 configured
 * with its L2 cache, as on Juno: L2D_CACHE, _REFILL and _WB implemented).
 * PMCEID1_EL0 (events 0x20-0x3F) is 0 on both (DDI 0488 11.4, DDI 0500
 * 12.4.3). The implementation-defined events (0x40 up) are not listed:
 * PMCEID does not describe them (docs/arm64.md).
 */
#define A57 A15
#define A53 A7
#define V8_COMMON(EV, w, cl) \
	EV(0x00, A57|A53 , 1, w, cl)   /* SW_INCR */ \
	EV(0x01, A57|A53 , 1, w, cl)   /* L1I_CACHE_REFILL */ \
	EV(0x02, A57|A53 , 1, w, cl)   /* L1I_TLB_REFILL */ \
	EV(0x03, A57|A53 , 1, w, cl)   /* L1D_CACHE_REFILL */ \
	EV(0x04, A57|A53 , 1, w, cl)   /* L1D_CACHE */ \
	EV(0x05, A57|A53 , 1, w, cl)   /* L1D_TLB_REFILL */ \
	EV(0x06, A53     , 1, w, cl)   /* LD_RETIRED */ \
	EV(0x07, A53     , 1, w, cl)   /* ST_RETIRED */ \
	EV(0x08, A57|A53 , 1, w, cl)   /* INST_RETIRED */ \
	EV(0x09, A57|A53 , 1, w, cl)   /* EXC_TAKEN */ \
	EV(0x0A, A57|A53 , 1, w, cl)   /* EXC_RETURN */ \
	EV(0x0B, A57|A53 , 1, w, cl)   /* CID_WRITE_RETIRED */ \
	EV(0x0C, A53     , 1, w, cl)   /* PC_WRITE_RETIRED */ \
	EV(0x0D, A53     , 1, w, cl)   /* BR_IMMED_RETIRED */ \
	EV(0x0F, A53     , 1, w, cl)   /* UNALIGNED_LDST_RETIRED */ \
	EV(0x10, A57|A53 , 1, w, cl)   /* BR_MIS_PRED */ \
	EV(0x11, A57|A53 , 1, w, cl)   /* CPU_CYCLES */ \
	EV(0x12, A57|A53 , 1, w, cl)   /* BR_PRED */ \
	EV(0x13, A57|A53 , 1, w, cl)   /* MEM_ACCESS */ \
	EV(0x14, A57|A53 , 1, w, cl)   /* L1I_CACHE */ \
	EV(0x15, A57|A53 , 1, w, cl)   /* L1D_CACHE_WB */ \
	EV(0x16, A57|A53 , 1, w, cl)   /* L2D_CACHE */ \
	EV(0x17, A57|A53 , 1, w, cl)   /* L2D_CACHE_REFILL */ \
	EV(0x18, A57|A53 , 1, w, cl)   /* L2D_CACHE_WB */ \
	EV(0x19, A57|A53 , 1, w, cl)   /* BUS_ACCESS */ \
	EV(0x1A, A57|A53 , 1, w, cl)   /* MEMORY_ERROR */ \
	EV(0x1B, A57     , 1, w, cl)   /* INST_SPEC */ \
	EV(0x1C, A57     , 1, w, cl)   /* TTBR_WRITE_RETIRED */ \
	EV(0x1D, A57|A53 , 1, w, cl)   /* BUS_CYCLES */ \
	EV(0x1E, A57|A53 , 1, w, cl)   /* CHAIN */
#define V8_WORD(w, cl) (0u V8_COMMON(BIT, w, cl))
#define V8_EVENTS(cl) { V8_WORD(0, cl), V8_WORD(1, cl), 0, 0, 0, 0, 0, 0 }
/* The TRMs' reset values of PMCEID0_EL0, against the lists above */
_Static_assert(V8_WORD(0, A57) == 0x7FFF0F3Fu, "Cortex-A57 PMCEID0_EL0 (DDI 0488)");
_Static_assert(V8_WORD(0, A53) == 0x67FFBFFFu, "Cortex-A53 PMCEID0_EL0 (DDI 0500 12.4.2)");
const struct pmu_cluster_desc pmu_cluster_desc[PMU_NCLUSTERS] = {
	[CLUSTER_A15] = {
		.name = "Cortex-A57", .midr = 0x411FD070u, .idcode = 0x01,
		.ncounters = PMU_A15_COUNTERS,
		.pmceid0 = V8_WORD(0, A57), .pmceid1 = V8_WORD(1, A57), .events = V8_EVENTS(A57),
	},
	[CLUSTER_A7] = {
		.name = "Cortex-A53", .midr = 0x410FD034u, .idcode = 0x03,
		.ncounters = PMU_A7_COUNTERS,
		.pmceid0 = V8_WORD(0, A53), .pmceid1 = V8_WORD(1, A53), .events = V8_EVENTS(A53),
	},
};
#else
const struct pmu_cluster_desc pmu_cluster_desc[PMU_NCLUSTERS] = {
	[CLUSTER_A15] = {
		.name = "Cortex-A15", .midr = 0x412FC0F1u, .idcode = 0x0F,
		.ncounters = PMU_A15_COUNTERS,
		/* ARMv7 PMCEID0 bit n = event n, PMCEID1 bit n = event 32 + n */
		.pmceid0 = WORD(0, A15), .pmceid1 = WORD(1, A15), .events = EVENTS(A15),
	},
	[CLUSTER_A7] = {
		.name = "Cortex-A7", .midr = 0x410FC075u, .idcode = 0x07,
		.ncounters = PMU_A7_COUNTERS,
		.pmceid0 = WORD(0, A7), .pmceid1 = WORD(1, A7), .events = EVENTS(A7),
	},
};
#endif

/* Spec 2.2: "Event numbers which are not listed ... must be considered as
 * unimplemented"; any number past 0xFF is not an event at all. */
bool pmu_event_implemented(unsigned cluster, uint32_t event)
{
	if (cluster >= PMU_NCLUSTERS || event > 0xFFu)
		return false;
	return (pmu_cluster_desc[cluster].events[event / 32] >> (event % 32)) & 1u;
}
