/*
 * Portable PMU virtualization for an emulated big.LITTLE pair (spec
 * ARM-EPM-018236 sections 2.2, 3): cluster identities, the three states,
 * Type A emulation, Type B per-register calls with deferred writes, and
 * HVC_SYNC_PMU_COUNTERS. Builds for the host (unit tests, fuzzing) and the
 * target; hardware only through pmu_hw.h. docs/states.md, docs/abi.md.
 */
#ifndef PMU_PMU_H
#define PMU_PMU_H

#include <stdbool.h>
#include <stdint.h>
#include "bl_pmu_abi.h"

#define PMU_NCLUSTERS        2
enum { CLUSTER_A15 = 0, CLUSTER_A7 = 1 };
#define PMU_TYPEA_COUNTERS   4   /* spec 2.2: same number visible on both clusters */
#define PMU_HW_COUNTERS_MAX  6
#define PMU_SEL_CCNT         31  /* PMSELR value selecting the cycle counter filter */

struct pmu_cluster_desc {
	const char *name;
	uint32_t midr;
	uint32_t idcode;          /* PMCR.IDCODE */
	uint32_t ncounters;       /* event counters of the real core */
	uint32_t pmceid0, pmceid1;   /* events 0x00-0x3F implemented (Table 2) */
};
extern const struct pmu_cluster_desc pmu_cluster_desc[PMU_NCLUSTERS];

/* Table 2, one row per listed event. */
struct pmu_table2_row { uint8_t event, cores, type; };
extern const struct pmu_table2_row pmu_table2[];
extern const unsigned pmu_table2_rows;
bool pmu_event_implemented(unsigned cluster, uint32_t event);

/* One cluster's PMU registers as the monitor keeps them. */
struct pmu_regs {
	uint32_t pmcr;                      /* writable bits only: E, D, X, DP */
	uint32_t cnten, inten, ovs;         /* PMCNTENSET, PMINTENSET, PMOVSR */
	uint32_t selr, userenr, ccfiltr;
	uint32_t evtyper[PMU_HW_COUNTERS_MAX];
	uint32_t evcntr[PMU_HW_COUNTERS_MAX];
	uint64_t ccnt;                      /* 64-bit: the monitor keeps the upper word */
};

/*
 * Type B writes to an inactive cluster, composed as they arrive: a fixed
 * size whatever the number of writes, and exactly what replaying them in
 * order would give (pmu/pmu_deferred.c explains the algebra).
 */
struct pmu_deferred {
	bool any;
	bool pmcr_set, selr_set, ccnt_set, ccfiltr_set;
	uint32_t pmcr, selr, ccfiltr;
	uint32_t cnten_set, cnten_clr, inten_set, inten_clr, ovs_clr;
	uint32_t evtyper_mask, evcntr_mask;
	uint32_t evtyper[PMU_HW_COUNTERS_MAX];
	uint32_t evcntr[PMU_HW_COUNTERS_MAX];
	uint64_t ccnt;
};

struct pmu_cpu {
	unsigned state;                         /* 1, 2 or 3 (spec 3.1) */
	unsigned active;                        /* cluster the CPU is now */
	bool ever_active[PMU_NCLUSTERS];
	struct pmu_regs saved[PMU_NCLUSTERS];   /* captured at each switch-out */
	struct pmu_deferred pending[PMU_NCLUSTERS];
	uint32_t ccnt_hi;                       /* upper word of the active cycle counter */
	uint32_t ccnt_last;                     /* low word at the last observation */
};

void pmu_cpu_init(struct pmu_cpu *p, unsigned boot_cluster);
unsigned pmu_state(const struct pmu_cpu *p);
unsigned pmu_active_cluster(const struct pmu_cpu *p);
/* HDCR[7:0] (HPMN, TPMCR, TPM, HPME) the current state wants. */
uint32_t pmu_hdcr_bits(const struct pmu_cpu *p);

/* Type A: a trapped MCR/MRC on p15 c9. key = CPK_* (hyp/cpregs.h). */
enum pmu_trap_rc { PMU_TRAP_DONE = 0, PMU_TRAP_UNDEF = 1 };
enum pmu_trap_rc pmu_trap(struct pmu_cpu *p, uint32_t key, bool read, uint32_t *rt, bool pl0);

/* Cluster switch, in three phases (hyp/cluster.c interleaves debug). */
void pmu_switch_out(struct pmu_cpu *p);
void pmu_hw_reset(unsigned inbound);
void pmu_switch_in(struct pmu_cpu *p, unsigned inbound);

/* Poison left in registers whose reset value is UNKNOWN. */
#define PMU_POISON_EVCNTR(i)   (0xDEAD0000u | (uint32_t)(i))
#define PMU_POISON_CCNT        0xDEADCC00u
#define PMU_POISON_EVTYPER     0x0000003Fu   /* an event no core here implements */

/* HVCs: results for guest r0..r3. */
struct pmu_hvc_out { uint32_t r[4]; };
int32_t pmu_hvc_pmu_switch(struct pmu_cpu *p, uint32_t arg);
bool pmu_is_typeb_fid(uint32_t fid);
struct pmu_hvc_out pmu_typeb_call(struct pmu_cpu *p, uint32_t fid, uint32_t cluster,
				  uint32_t a2, uint32_t a3);
uint32_t pmu_counters_size(void);
uint32_t pmu_sync_max_entries(void);
int32_t pmu_sync(struct pmu_cpu *p, struct descriptor *d, uint32_t nelems);

#endif
