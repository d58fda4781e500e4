/* Shared by the files of pmu/: register bits, the hardware register-file
 * helpers, and the per-cluster register layer that Type B and SYNC are
 * built on. Not part of the monitor's API (pmu.h is). */
#ifndef PMU_INTERNAL_H
#define PMU_INTERNAL_H

#include "pmu_hvc.h"
#include "pmu_hw.h"

#define PMCR_E         (1u << 0)
#define PMCR_P         (1u << 1)   /* action: reset event counters, reads 0 */
#define PMCR_C         (1u << 2)   /* action: reset cycle counter, reads 0 */
#define PMCR_WRITABLE  0x39u       /* E, D, X, DP: the bits a PMCR keeps */
#define PMCR_N_SHIFT   11
#define PMCR_IMP_ARM   (0x41u << 24)
#define CCNT_BIT       (1u << 31)
#define SELR_MASK      PMU_SELR_MASK
/* PMUSERENR_EN ... PMUSERENR_MASK: pmu.h (pmu_userenr_traps(), inline) */
#define EVTYPER_EVENT  0xffu       /* evtCount: the event number (SW_INCR = 0) */
#define EVTYPER_CYCLES 0x11u       /* what the cycle counter "counts" (SYNC) */
/* PMXEVTYPER mode filter (ARM ARM C12.8.13, with the Security Extensions
 * both cores implement): the guest is Non-secure, so PL1 counts iff
 * P == NSK and PL0 iff U == NSU. */
#define EVTYPER_P      (1u << 31)
#define EVTYPER_U      (1u << 30)
#define EVTYPER_NSK    (1u << 29)
#define EVTYPER_NSU    (1u << 28)

/* The Type B registers, in Table 4 order: fid = 0x90001000 + 2 * reg + write. */
#define TB_REG_ENUM(reg) TB_##reg,
enum tb_reg {
	PMU_TYPEB_REGS(TB_REG_ENUM) TB_NREGS,
	/* not in Table 4: operations SYNC needs */
	TB_PMOVSSET,      /* set overflow flags (PMOVSR READ_RESET) */
	TB_PMCR_ENABLE    /* PMCR.E = 1, other bits kept (CONF) */
};
#undef TB_REG_ENUM
/* The list and the ABI header agree on every id. */
#define TB_REG_FIDS(reg)                                                        \
	_Static_assert(HVC_##reg##_READ == HVC_PMCR_READ + 2u * TB_##reg &&      \
		       HVC_##reg##_WRITE == HVC_##reg##_READ + 1u, "Table 4 ids");
PMU_TYPEB_REGS(TB_REG_FIDS)
#undef TB_REG_FIDS

static inline unsigned ncounters(unsigned c) { return pmu_cluster_desc[c].ncounters; }
/* Bits of the set/clear/overflow registers that exist with n counters. */
static inline uint32_t counter_mask(unsigned n) { return ((1u << n) - 1u) | CCNT_BIT; }
/* Does PMSELR value sel name an event type of a cluster with n counters? */
static inline bool sel_has_type(uint32_t sel, unsigned n) { return sel < n || sel == PMU_SEL_CCNT; }

/* PMCR as a guest reads it: ARM, the cluster's IDCODE, n counters. */
static inline uint32_t pmcr_view(unsigned c, uint32_t bits, unsigned n)
{
	return PMCR_IMP_ARM | (pmu_cluster_desc[c].idcode << 16) | (n << PMCR_N_SHIFT) |
	       (bits & PMCR_WRITABLE);
}

/* The hardware as a register file (pmu_regfile.c), i < hw_counters. Index
 * PMU_SEL_CCNT of the type accessors is PMCCFILTR. PMSELR is preserved. */
uint32_t hw_counter(unsigned i);
void hw_set_counter(unsigned i, uint32_t v);
uint32_t hw_type(unsigned i);
void hw_set_type(unsigned i, uint32_t v);
/* The active cluster's counter i (i < its ncounters, or PMU_SEL_CCNT for
 * the types) wherever it is: the hardware, or kept past hw_counters. */
uint32_t live_counter(const struct pmu_cpu *p, unsigned i);
void live_set_counter(struct pmu_cpu *p, unsigned i, uint32_t v);
uint32_t live_type(const struct pmu_cpu *p, unsigned i);
void live_set_type(struct pmu_cpu *p, unsigned i, uint32_t v);
/* A set/clear or overflow register's kept bits: x = (x | set) & ~clr,
 * set limited to the kept counters of cluster c (the active one). */
static inline void kept_update(const struct pmu_cpu *p, unsigned c, uint32_t *x, uint32_t set,
			       uint32_t clr)
{
	*x = (*x | (set & p->kept_bits[c])) & ~clr;
}
void hw_pmcr_write(struct pmu_cpu *p, uint32_t v, unsigned n);   /* P, C act on n counters */
uint64_t ccnt_observe(struct pmu_cpu *p);        /* 64-bit value, carries the upper word */
/* PMSWINC as the guest's write at PL1 (pl0: PL0) would do it, on the
 * hardware counters below n that v names (pmu_regfile.c): Type A's PMSWINC
 * and HVC_PMU_SWINC. */
void software_increment(uint32_t v, unsigned n, bool pl0);
void ccnt_load(struct pmu_cpu *p, uint64_t v);
/* Cluster c's context (c active): everything a context holds, for the
 * counters c has, from the hardware and the kept registers, or back
 * (regs_restore: counters 0..3 and the controls from r, the others from
 * own). */
void regs_save(struct pmu_cpu *p, struct pmu_regs *r, unsigned c);
void regs_restore(struct pmu_cpu *p, const struct pmu_regs *r, const struct pmu_regs *own,
		  unsigned c);

/* Per-cluster access (pmu_creg.c; creg_read/creg_write inline in
 * pmu_creg.h): the active cluster is the hardware, an inactive one reads
 * its snapshot (0 if never active) and defers writes. */
uint64_t creg_ccnt(struct pmu_cpu *p, unsigned c);
void creg_set_ccnt(struct pmu_cpu *p, unsigned c, uint64_t v);
uint32_t creg_counter(struct pmu_cpu *p, unsigned c, unsigned i);
void creg_set_counter(struct pmu_cpu *p, unsigned c, unsigned i, uint32_t v);
uint32_t creg_type(struct pmu_cpu *p, unsigned c, unsigned i);
void creg_set_type(struct pmu_cpu *p, unsigned c, unsigned i, uint32_t v);

/* Deferred writes (pmu_deferred.c). */
#define DEF_ANY        (1u << 0)
#define DEF_PMCR       (1u << 1)
#define DEF_SELR       (1u << 2)
#define DEF_CCNT       (1u << 3)
#define DEF_BASE_TYPE  (1u << 4)
#define DEF_BASE_CNT   (1u << 5)
void deferred_write(struct pmu_cpu *p, unsigned c, enum tb_reg r, uint32_t v);
void deferred_counter(struct pmu_cpu *p, unsigned c, unsigned i, uint32_t v);
void deferred_type(struct pmu_cpu *p, unsigned c, unsigned i, uint32_t v);
void deferred_ccnt(struct pmu_cpu *p, unsigned c, uint64_t v);
void deferred_apply(struct pmu_cpu *p, unsigned c);
/* The PMSELR an inactive cluster's reads index with: queued, else saved
 * (s = &p->saved[c], the snapshot the caller then reads the counter from).
 * A never-active cluster's snapshot is all zero (pmu.h), so its saved
 * PMSELR reads 0 without a test of ever_active. Inline: every inactive
 * PMSELR/PMXEV* read asks (docs/performance.md). */
static inline uint32_t deferred_selr(const struct pmu_cpu *p, unsigned c, const struct pmu_regs *s)
{
	const struct pmu_deferred *d = &p->pending[c];

	if (d->flags & DEF_SELR)
		return d->selr;
	return s->selr;
}

#endif
