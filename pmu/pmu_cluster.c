/*
 * The two cores of the pair and what each implements (spec Table 2,
 * written out once here). PMCEID0/1 are constants in the descriptors; a
 * host test (tests/test_pmu_cluster.c) derives them from this table.
 */
#include "pmu.h"

#define A15 (1u << CLUSTER_A15)
#define A7  (1u << CLUSTER_A7)

/* EV(event number, cores implementing it, the spec's event type 1/2/3) */
#define TABLE2(EV) \
	EV(0x00, A15|A7  , 1) \
	EV(0x01, A15|A7  , 1) \
	EV(0x02, A15|A7  , 1) \
	EV(0x03, A15|A7  , 1) \
	EV(0x04, A15|A7  , 1) \
	EV(0x05, A15|A7  , 1) \
	EV(0x06, A7      , 1) \
	EV(0x07, A7      , 1) \
	EV(0x08, A15|A7  , 1) \
	EV(0x09, A15|A7  , 1) \
	EV(0x0A, A15|A7  , 1) \
	EV(0x0B, A15|A7  , 1) \
	EV(0x0C, A7      , 1) \
	EV(0x0D, A7      , 1) \
	EV(0x0E, A7      , 1) \
	EV(0x0F, A7      , 1) \
	EV(0x10, A15|A7  , 1) \
	EV(0x11, A15|A7  , 1) \
	EV(0x12, A15|A7  , 1) \
	EV(0x13, A15|A7  , 1) \
	EV(0x14, A15|A7  , 1) \
	EV(0x15, A15|A7  , 1) \
	EV(0x16, A15|A7  , 1) \
	EV(0x17, A15|A7  , 1) \
	EV(0x18, A15|A7  , 1) \
	EV(0x19, A15|A7  , 1) \
	EV(0x1A, A15     , 1) \
	EV(0x1B, A15     , 1) \
	EV(0x1C, A15     , 1) \
	EV(0x1D, A15|A7  , 1) \
	EV(0x40, A15     , 2) \
	EV(0x41, A15     , 2) \
	EV(0x42, A15     , 2) \
	EV(0x43, A15     , 2) \
	EV(0x46, A15     , 2) \
	EV(0x47, A15     , 2) \
	EV(0x48, A15     , 2) \
	EV(0x4C, A15     , 2) \
	EV(0x4D, A15     , 2) \
	EV(0x50, A15     , 2) \
	EV(0x51, A15     , 2) \
	EV(0x52, A15     , 2) \
	EV(0x53, A15     , 2) \
	EV(0x56, A15     , 2) \
	EV(0x57, A15     , 2) \
	EV(0x58, A15     , 2) \
	EV(0x60, A15|A7  , 2) \
	EV(0x61, A15|A7  , 2) \
	EV(0x62, A15     , 2) \
	EV(0x63, A15     , 2) \
	EV(0x64, A15     , 2) \
	EV(0x65, A15     , 2) \
	EV(0x66, A15     , 2) \
	EV(0x67, A15     , 2) \
	EV(0x68, A15     , 2) \
	EV(0x69, A15     , 2) \
	EV(0x6A, A15     , 2) \
	EV(0x6C, A15     , 2) \
	EV(0x6D, A15     , 2) \
	EV(0x6E, A15     , 2) \
	EV(0x70, A15     , 2) \
	EV(0x71, A15     , 2) \
	EV(0x72, A15     , 2) \
	EV(0x73, A15     , 2) \
	EV(0x74, A15     , 2) \
	EV(0x75, A15     , 2) \
	EV(0x76, A15     , 2) \
	EV(0x78, A15     , 2) \
	EV(0x79, A15     , 2) \
	EV(0x7A, A15     , 2) \
	EV(0x7C, A15     , 2) \
	EV(0x7D, A15     , 2) \
	EV(0x7E, A15     , 2) \
	EV(0x86, A7      , 2) \
	EV(0x87, A7      , 2) \
	EV(0xC0, A7      , 3) \
	EV(0xC1, A7      , 3) \
	EV(0xC2, A7      , 3) \
	EV(0xC3, A7      , 3) \
	EV(0xC4, A7      , 3) \
	EV(0xC5, A7      , 3) \
	EV(0xC7, A7      , 3) \
	EV(0xC8, A7      , 3) \
	EV(0xC9, A7      , 3) \
	EV(0xCA, A7      , 3)

const struct pmu_table2_row pmu_table2[] = {
#define ROW(e, cores, type) { (e), (cores), (type) },
	TABLE2(ROW)
#undef ROW
};
const unsigned pmu_table2_rows = sizeof(pmu_table2) / sizeof(pmu_table2[0]);

const struct pmu_cluster_desc pmu_cluster_desc[PMU_NCLUSTERS] = {
	[CLUSTER_A15] = {
		.name = "Cortex-A15", .midr = 0x412FC0F1u, .idcode = 0x0F, .ncounters = 6,
		.pmceid0 = 0x3FFF0F3Fu, .pmceid1 = 0,
	},
	[CLUSTER_A7] = {
		.name = "Cortex-A7", .midr = 0x410FC075u, .idcode = 0x07, .ncounters = 4,
		.pmceid0 = 0x23FFFFFFu, .pmceid1 = 0,
	},
};

bool pmu_event_implemented(unsigned cluster, uint32_t event)
{
	if (cluster >= PMU_NCLUSTERS)
		return false;
	for (unsigned i = 0; i < pmu_table2_rows; i++)
		if (pmu_table2[i].event == event)
			return (pmu_table2[i].cores >> cluster) & 1u;
	return false;   /* spec 2.2: unlisted numbers are unimplemented */
}
