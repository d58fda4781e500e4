/*
 * The PMU's HVC calls as the monitor's exit handlers and the exception
 * vector reach them (hyp/exit/hvc.c, arch/arm64/vectors.S): the spec's
 * Type B per-register calls (Table 4) and their dispatch table,
 * HVC_PMU_SWINC, HVC_GET_COUNTERS_SIZE and HVC_SYNC_PMU_COUNTERS. The
 * PMU's state machine and Type A stay in pmu.h, which this builds on.
 */
#ifndef PMU_HVC_H
#define PMU_HVC_H

#include "pmu.h"

bool pmu_is_typeb_fid(uint32_t fid);

/* Table 4, in function-id order: register i is read by
 * HVC_PMCR_READ + 2 * i and written by the id after it. */
#define PMU_TYPEB_REGS(X)                                                \
	X(PMCR) X(PMSELR) X(PMXEVTYPER) X(PMCNTENSET) X(PMCNTENCLR)       \
	X(PMCCNTR) X(PMOVSR) X(PMXEVCNTR) X(PMINTENSET) X(PMINTENCLR)
/* One handler per call, generated from that list (pmu_typeb_read.c,
 * pmu_typeb.c), so the HVC dispatch goes straight to the register's code:
 * r[0..3] = the guest's r0-r3 in, results out. */
#define PMU_TYPEB_DECLARE(reg)                                            \
	void pmu_typeb_read_##reg(guest_reg_t r[4], struct pmu_cpu *p);      \
	void pmu_typeb_write_##reg(guest_reg_t r[4], struct pmu_cpu *p);
PMU_TYPEB_REGS(PMU_TYPEB_DECLARE)
#undef PMU_TYPEB_DECLARE
/* The handlers by id - HVC_PMCR_READ: what pmu_typeb_call() dispatches
 * with, and AArch64's exception vector (arch/arm64/vectors.S: the 32-bit
 * reads, found by one test - an even id below the base + PMU_TYPEB_SLOTS -
 * so the table is padded to a power of two, the padding answering as an
 * unknown id does) */
#define PMU_TYPEB_IDS   20u
#define PMU_TYPEB_SLOTS 32u
typedef void (*pmu_typeb_fn)(guest_reg_t r[4], struct pmu_cpu *p);
extern const pmu_typeb_fn pmu_typeb_table[PMU_TYPEB_SLOTS];
/* Any Table 4 id (others: -1), through the same handlers. */
void pmu_typeb_regs(struct pmu_cpu *p, guest_reg_t r[4]);
struct pmu_hvc_out pmu_typeb_call(struct pmu_cpu *p, uint32_t fid, uint32_t cluster,
				  uint32_t a2, uint32_t a3);
/* HVC_PMU_SWINC: software increment of the counters in mask on the active
 * cluster, which it returns (pmu_typeb.c). */
unsigned pmu_typeb_swinc(struct pmu_cpu *p, uint32_t mask);
uint32_t pmu_counters_size(void);
/* One element per counter of every cluster - cycle counter, overflow flag,
 * each event counter - so one call can address all of them. */
#define PMU_SYNC_ENTRIES     (PMU_NCLUSTERS * 2 + PMU_A15_COUNTERS + PMU_A7_COUNTERS)
uint32_t pmu_sync_max_entries(void);   /* PMU_SYNC_ENTRIES */
/* A bound of pmu_sync_max_entries() for arrays (checked by host tests). */
#define PMU_SYNC_MAX_ENTRIES (PMU_NCLUSTERS * (2 + PMU_HW_COUNTERS_MAX))
int32_t pmu_sync(struct pmu_cpu *p, struct descriptor *d, uint32_t nelems);
/* The same with the header's entries read once by the caller, who has
 * checked them (entries <= PMU_SYNC_ENTRIES) and that d (not null) to
 * d[entries] lies in guest memory (the HVC, hyp/exit/hvc.c): neither the
 * header nor the bound is looked at again. */
int32_t pmu_sync_entries(struct pmu_cpu *p, struct descriptor *d, uint32_t entries);


#endif
