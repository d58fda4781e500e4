/*
 * Reference model of the PMU a guest sees under the monitor, for the
 * differential stress guest (guest-tests/stress.c, issue #6).
 *
 * Written from the documents only - spec ARM-EPM-018236 3.1-3.5 and
 * Appendix B, docs/abi.md, docs/states.md, docs/switch.md,
 * docs/pmu-core.md - and from the QEMU 7.2 facts those documents record.
 * It shares no code with pmu/: that independence is the point. Where the
 * monitor composes deferred writes, the model keeps them in a queue and
 * replays them in order; where the monitor reads hardware, the model
 * keeps the registers as plain values.
 *
 * The physical PMU is QEMU's cortex-a15 or cortex-a7 (model_init): on the
 * latter the A15's counters 4, 5 are registers the monitor keeps, which
 * never count; natively (state 2) the guest sees the physical core.
 *
 * Exactness: every value the model holds is exact, or marked unknown.
 * Unknown means "something may count it at a rate the model does not
 * know": an event counter enabled with PMCR.E while its event type is
 * unknown (the UNKNOWN-at-reset poison the hardware filtered on write),
 * the cycle counter while it is enabled with PMCR.E, and the overflow flag
 * of either. The upper word of the 64-bit cycle counter is also unknown
 * after a write the monitor cannot see (state 2, docs/pmu-core.md). A
 * write makes a value known again; reads compare only known bits.
 */
#ifndef PMU_MODEL_H
#define PMU_MODEL_H

#include <stdbool.h>
#include <stdint.h>
#include "bl_pmu_abi.h"

#define MODEL_HW_COUNTERS  6     /* the most a cluster has (the A15) */
#define MODEL_TYPEA_N      4     /* spec 2.2: the counters Type A shows */
#define MODEL_QUEUE        160   /* deferred writes the model keeps per cluster */
#define MODEL_SEL_CCNT     31

/* Type A registers (p15 c9), in the order of arch/cpregs.h. */
enum ta_reg {
	TA_PMCR, TA_PMCNTENSET, TA_PMCNTENCLR, TA_PMOVSR, TA_PMSWINC, TA_PMSELR,
	TA_PMCCNTR, TA_PMXEVTYPER, TA_PMXEVCNTR, TA_PMUSERENR, TA_PMINTENSET,
	TA_PMINTENCLR, TA_PMOVSSET, TA_NREGS
};

/* Type B registers in Table 4 order: fid = 0x90001000 + 2 * reg + write. */
enum tb_index {
	TBI_PMCR, TBI_PMSELR, TBI_PMXEVTYPER, TBI_PMCNTENSET, TBI_PMCNTENCLR,
	TBI_PMCCNTR, TBI_PMOVSR, TBI_PMXEVCNTR, TBI_PMINTENSET, TBI_PMINTENCLR, TBI_NREGS
};

/* One cluster's registers: the live hardware of the active cluster, or a
 * snapshot. Bitmasks *_unk name the values that are not exact. */
struct model_regs {
	uint32_t pmcr;                   /* E, D, X, DP */
	uint32_t cnten, inten, ovs;      /* bits 0..5 and 31 */
	uint32_t selr, userenr, ccfiltr;
	uint32_t evtyper[MODEL_HW_COUNTERS];
	uint32_t evcntr[MODEL_HW_COUNTERS];
	uint64_t ccnt;
	uint32_t type_unk, cnt_unk, ovs_unk;
	bool ccnt_unk, ccnt_hi_unk;
};

/* A write queued for an inactive cluster (replayed at its switch-in). */
enum model_wkind { W_TB, W_TYPE, W_COUNT, W_CCNT, W_PMCR_E, W_OVSSET };
struct model_write {
	uint8_t kind, idx;               /* W_TB: enum tb_index; W_TYPE/W_COUNT: counter */
	uint32_t v;
	uint64_t v64;
};

struct pmu_model {
	unsigned state, active;
	/* the physical PMU: QEMU's cortex-a15 (6 counters, IDCODE 0x0F) or
	 * cortex-a7 (4, 0x07; the A15's 4, 5 kept by the monitor) */
	unsigned phys;
	uint32_t phys_idcode;
	bool ever[2];
	struct model_regs hw;
	struct model_regs saved[2];
	struct { unsigned n; struct model_write w[MODEL_QUEUE]; } queue[2];
	/* A15 counters 4, 5 and their bits while an auto-switch phase runs */
	struct model_regs auto_a15;
	bool auto_on;      /* between model_auto_begin and model_auto_end */
	bool stale;        /* the inactive snapshot is unknown (model_auto_end) */
	bool overflowed;   /* a deferred write did not fit MODEL_QUEUE: a test bug */
	uint32_t increments, wraps;   /* exact software increments the model made */
};

/* A value the guest reads and the bits of it the model knows. */
struct want { uint32_t v, care; };

/* phys: event counters of the physical PMU, 6 or 4 (docs/pmu-core.md
 * "Fewer physical counters"). */
void model_init(struct pmu_model *m, unsigned boot_cluster, unsigned phys);
unsigned model_counters(unsigned cluster);
/* Called before and after every guest operation: whatever may be counting
 * at an unknown rate becomes unknown. */
void model_tick(struct pmu_model *m);

/* Type A MCR (read = false, value wval) or MRC (*out). False: UNDEF. */
bool model_typea(struct pmu_model *m, enum ta_reg r, bool read, uint32_t wval, struct want *out);
/* Does a native (state 2) access to r follow the spec on QEMU 7.2? */
bool model_native_defined(const struct pmu_model *m, enum ta_reg r);

/* Table 4 call: expected r0, r1 (PMCCNTR high word) and r3. */
struct typeb_want { struct want r0, r1, r3; };
struct typeb_want model_typeb(struct pmu_model *m, uint32_t fid, uint32_t cluster, uint32_t a2,
			      uint32_t a3);
/* Room for n more deferred writes on an inactive cluster? */
bool model_queue_room(const struct pmu_model *m, unsigned n);
unsigned model_queued(const struct pmu_model *m, unsigned cluster);

/* HVC_SYNC_PMU_COUNTERS on in[0..nelems-1] (nelems = entries + 1 as the
 * guest built it): expected status; want/care: the array afterwards
 * (word by word: care bits are compared). */
int32_t model_sync(struct pmu_model *m, const struct descriptor *in, unsigned nelems,
		   struct descriptor *want, struct descriptor *care);

int32_t model_pmu_switch(struct pmu_model *m, uint32_t arg);
int32_t model_cluster_switch(struct pmu_model *m, uint32_t target);

/* Monitor-initiated switches (docs/switch.md). A phase starts in state 2
 * with nothing deferred (model_auto_ready), runs native Type A accesses
 * only - invisible across a state-2 switch - and ends with the active
 * cluster read back from the monitor. If any switch happened, the caller
 * must switch once more (HVC_CLUSTER_SWITCH) before anything reads the
 * inactive cluster: its snapshot was taken at an instant the model cannot
 * know. */
bool model_auto_ready(const struct pmu_model *m);
void model_auto_begin(struct pmu_model *m);
void model_auto_end(struct pmu_model *m, unsigned now_active, bool switched);

#endif
