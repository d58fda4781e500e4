/*
 * Calls the PMU unit tests make on the struct pmu_cpu under test: Type B
 * per-register calls that must succeed (their status is asserted), a
 * one-entry SYNC, and a cluster switch in the three phases hyp/switch/cluster.c
 * runs.
 */
#ifndef PMU_CALLS_H
#define PMU_CALLS_H

#include <stdint.h>
#include "pmu_hvc.h"

#define A15 CLUSTER_A15
#define A7  CLUSTER_A7
#define EINVAL32 0xFFFFFFFDu   /* BL_HVC_INVALID_PARAMETER as a register reads it */

uint32_t tb_read(struct pmu_cpu *p, uint32_t fid, unsigned c);            /* r0 */
void tb_write(struct pmu_cpu *p, uint32_t fid, unsigned c, uint32_t v);
uint64_t tb_ccnt(struct pmu_cpu *p, unsigned c);                           /* r1:r0 */
void tb_write_ccnt(struct pmu_cpu *p, unsigned c, uint64_t v);
void pmu_test_switch(struct pmu_cpu *p, unsigned to);

/* A SYNC element (counter_value preset to junk a READ must overwrite). */
struct counter_ sync_entry(unsigned c, unsigned sel, unsigned req, unsigned ev, unsigned rv);
/* SYNC of one entry, expecting status `want` (and, on success, the
 * header's active cluster); returns the entry after the call. */
struct counter_ sync_one(struct pmu_cpu *p, struct counter_ e, int32_t want);

#endif
