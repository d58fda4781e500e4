/*
 * Portable PMU virtualization for an emulated big.LITTLE pair (spec
 * ARM-EPM-018236 sections 2.2, 3): cluster identities, the three states,
 * Type A emulation, Type B per-register calls with deferred writes, and
 * HVC_SYNC_PMU_COUNTERS. Builds for the host (unit tests, fuzzing) and the
 * target; touches hardware only through pmu_hw.h. Semantics: docs/pmu-core.md.
 */
#ifndef PMU_PMU_H
#define PMU_PMU_H

#include <stdbool.h>
#include <stdint.h>
#include "bl_pmu_abi.h"
#include "cpregs.h"
#include "frame.h"   /* guest_reg_t: the HVC handlers' r0-r3 */
#include "pmu_hw.h"

#include "arch_caps.h"

#define PMU_NCLUSTERS        2
/* The big and the LITTLE cluster: ARMv7's Cortex-A15 + Cortex-A7 (the
 * spec's pair), or on an ARMv8 back end (ARCH_PMU_PAIR_V8) Cortex-A57 +
 * Cortex-A53, Juno r0's; the names stay the spec's (Table 17). */
enum { CLUSTER_A15 = 0, CLUSTER_A7 = 1 };
#define PMU_TYPEA_COUNTERS   4   /* spec 2.2: "the same number of visible counters" */
/* Event counters of each core (its pmu_cluster_desc[].ncounters): macros
 * too, so what depends on them is a constant (SYNC's bound). */
#define PMU_A15_COUNTERS     6
#if ARCH_PMU_PAIR_V8
#define PMU_A7_COUNTERS      6   /* Cortex-A53: PMCR_EL0.N = 6 */
#else
#define PMU_A7_COUNTERS      4
#endif
#define PMU_HW_COUNTERS_MAX  PMU_A15_COUNTERS   /* the most a cluster has, and a physical PMU's the monitor uses */
#define PMU_SEL_CCNT         31  /* PMSELR value: PMXEVTYPER is the cycle counter filter */
#define PMU_SELR_MASK        0x1fu  /* PMSELR.SEL */

struct pmu_cluster_desc {
	const char *name;
	uint32_t midr;
	uint32_t idcode;             /* PMCR.IDCODE */
	uint32_t ncounters;          /* event counters of the real core */
	uint32_t pmceid0, pmceid1;   /* events 0x00-0x1F / 0x20-0x3F (= events[0], events[1]) */
	uint32_t events[8];          /* bit e%32 of word e/32: event e implemented (Table 2) */
};
extern const struct pmu_cluster_desc pmu_cluster_desc[PMU_NCLUSTERS];
bool pmu_event_implemented(unsigned cluster, uint32_t event);

/* One cluster's PMU registers as the monitor keeps them (a snapshot or a
 * context). The set/clear pairs are kept once, as the SET view. */
struct pmu_regs {
	uint32_t pmcr;                      /* writable bits only: E, D, X, DP */
	uint32_t cnten, inten, ovs;         /* PMCNTENSET, PMINTENSET, PMOVSR */
	uint32_t selr, userenr, ccfiltr;
	uint32_t evtyper[PMU_HW_COUNTERS_MAX];
	uint32_t evcntr[PMU_HW_COUNTERS_MAX];
	uint64_t ccnt;                      /* 64-bit (PMUv2: the monitor keeps the upper word) */
};

/* Slots of the deferred event-type array: counters 0..5, then PMCCFILTR. */
#define PMU_TYPE_SLOTS       (PMU_HW_COUNTERS_MAX + 1)
#define PMU_SLOT_CCFILTR     PMU_HW_COUNTERS_MAX

/*
 * Type B writes to an inactive cluster, composed as they arrive: a fixed
 * size whatever the number of writes, exactly equal to replaying them in
 * order on the registers the cluster has after its switch-in restore
 * (pmu/pmu_deferred.c explains the algebra).
 */
struct pmu_deferred {
	uint32_t flags;                      /* DEF_* in pmu_internal.h */
	uint32_t pmcr, pmcr_or;              /* whole PMCR value / bits ORed into the base */
	uint32_t selr;
	uint64_t ccnt;
	uint32_t cnten_set, cnten_clr, inten_set, inten_clr, ovs_set, ovs_clr;
	/* Known-target writes: value per counter, which are known, and which
	 * happened after the latest write through the base PMSELR. */
	uint32_t type_known, type_late, cnt_known, cnt_late;
	uint32_t evtyper[PMU_TYPE_SLOTS];
	uint32_t evcntr[PMU_HW_COUNTERS_MAX];
	/* Writes through the PMSELR the cluster will have at switch-in (made
	 * before any PMSELR write was queued): resolved when applied. */
	uint32_t base_type, base_cnt;
};

/*
 * The registers of the active cluster's event counters that the physical
 * PMU does not have (the A15's counters 4, 5 on a physical Cortex-A7),
 * kept by the monitor: they read back what was written and never count.
 * Only the bits and entries of those counters are ever non-zero, and the
 * arrays cover every PMSELR value, so a read through any selection past
 * the hardware's counters is one load: the kept register, or RAZ.
 */
#define PMU_SELECTIONS  32
struct pmu_kept {
	uint32_t cnten, inten, ovs;           /* PMCNTENSET, PMINTENSET, PMOVSR bits */
	uint32_t evtyper[PMU_SELECTIONS];
	uint32_t evcntr[PMU_SELECTIONS];
};

struct pmu_cpu {
	unsigned state;                         /* 1, 2 or 3 (spec 3.1) */
	unsigned active;                        /* the cluster this CPU is now */
	bool ever_active[PMU_NCLUSTERS];
	/* snapshot at each switch-out, every state; only regs_save() writes
	 * it, and only the counters the cluster has, so it is all zero (what
	 * a never-active cluster reads as) until the cluster's first
	 * switch-out, and past the cluster's counters for ever */
	struct pmu_regs saved[PMU_NCLUSTERS];
	struct pmu_deferred pending[PMU_NCLUSTERS];
	/* a 32-bit physical cycle counter's upper word and its low word at
	 * the last observation (unused when PMU_HW_CCNT64) */
	uint32_t ccnt_hi;
	uint32_t ccnt_last;
	/* The physical PMU (pmu_cpu_init): its event counters, 4..6, and per
	 * cluster how many of the cluster's counters it holds (backed), with
	 * their bits and the cycle counter's (hw_bits), and the bits of the
	 * ones the monitor keeps instead (kept_bits; 0: none). */
	uint32_t hw_counters;
	uint32_t backed[PMU_NCLUSTERS];
	uint32_t active_backed;                 /* backed[active] */
	uint32_t hw_bits[PMU_NCLUSTERS];
	uint32_t kept_bits[PMU_NCLUSTERS];
	struct pmu_kept kept;                   /* the active cluster's kept counters */
#if ARCH_PMU_PAIR_V8
	/* The guest's PMUSERENR_EL0 while MDCR_EL2.TPM traps (states 1, 3),
	 * when the hardware's holds EN alone (pmu_userenr_traps) */
	uint32_t userenr;
#endif
};

/* hw_counters: event counters of the physical PMU (PMCR.N of the core the
 * monitor runs on). The Type A view runs natively in state 2, so it needs
 * 4 (PMU_TYPEA_COUNTERS) at least; values outside 4..6 are clamped. */
void pmu_cpu_init(struct pmu_cpu *p, unsigned boot_cluster, unsigned hw_counters);
#include "pmu_userenr.h"   /* PMUSERENR_*, PMUv3's copy of it */
static inline unsigned pmu_state(const struct pmu_cpu *p) { return p->state; }
static inline unsigned pmu_active_cluster(const struct pmu_cpu *p) { return p->active; }
/* HDCR[7:0] (HPMN, TPMCR, TPM, HPME) the current state wants (inline: a
 * trapped access changes the state every time on QEMU 7.2). */
#define PMU_HDCR_HPMN(n)  ((uint32_t)(n) & 0x1fu)
#define PMU_HDCR_TPMCR    (1u << 5)
#define PMU_HDCR_TPM      (1u << 6)
#define PMU_HDCR_HPME     (1u << 7)
/*
 * State 2 runs natively ("disables traps upon access to any PMU register")
 * except PMCR, trapped so it reads the active cluster's IDCODE and N = 4;
 * HPMN = 4 shows the guest counters 0..3. States 1 and 3 trap everything
 * (TPM); HPMN = every physical counter there, so PMCR.E governs all the
 * counters Type B programs (never more: HPMN above PMCR.N is
 * UNPREDICTABLE). HPME stays 0: in state 2 counters 4, 5 (Type B only)
 * are frozen rather than counting outside the guest's PMCR.E.
 */
static inline uint32_t pmu_hdcr_bits(const struct pmu_cpu *p)
{
	if (p->state == 2)
		return PMU_HDCR_TPMCR | PMU_HDCR_HPMN(PMU_TYPEA_COUNTERS);
	return PMU_HDCR_TPM | PMU_HDCR_HPMN(p->hw_counters);
}

/*
 * Type A: a trapped MCR/MRC on p15 c9. key = CPK_* (arch/cpregs.h). Every
 * PMUv2 register is p15, 0, c9, c12-c14, opc2: that CRm and opc2 index a
 * table of one read and one write handler per register (pmu_trap.c); a
 * missing one is an UNDEF. Inline, so the trap path pays the index and the
 * register's own access, nothing more (docs/performance.md).
 */
enum pmu_trap_rc { PMU_TRAP_DONE = 0, PMU_TRAP_UNDEF = 1 };
struct pmu_typea_reg {
	uint32_t (*read)(struct pmu_cpu *p);          /* 0: UNDEF (write-only) */
	void (*write)(struct pmu_cpu *p, uint32_t v); /* 0: UNDEF (read-only) */
};
#define PMU_TYPEA_CRM_FIRST   12u
#define PMU_TYPEA_SLOTS       (3u * 8u)
#define PMU_TYPEA_SLOT(key)   (((CP_KEY_CRM(key) - PMU_TYPEA_CRM_FIRST) << 3) | CP_KEY_OPC2(key))
/* opc1 = 0, CRn = 9, CRm in c12..c14 */
#define PMU_TYPEA_KEY_OK(key) (((key) & CP_KEY(7, 15, 0, 0)) == CP_KEY(0, 9, 0, 0) && \
			       CP_KEY_CRM(key) - PMU_TYPEA_CRM_FIRST < 3u)
extern const struct pmu_typea_reg pmu_typea_regs[PMU_TYPEA_SLOTS];
/* key already checked with PMU_TYPEA_KEY_OK */
__attribute__((cold)) enum pmu_trap_rc
pmu_trap_pl0(struct pmu_cpu *p, uint32_t key, bool read, uint32_t *rt);

/* An access that UNDEFs changes nothing, the state included; one that is
 * done moves to state 2 (spec 3.1.1). */
static inline __attribute__((always_inline)) enum pmu_trap_rc
pmu_trap_access(struct pmu_cpu *p, uint32_t key, bool read, uint32_t *rt)
{
	const struct pmu_typea_reg *h = &pmu_typea_regs[PMU_TYPEA_SLOT(key)];

	if (read) {
		if (!h->read)
			return PMU_TRAP_UNDEF;
		*rt = h->read(p);
	} else {
		if (!h->write)
			return PMU_TRAP_UNDEF;
		h->write(p, *rt);
	}
	p->state = 2;
	return PMU_TRAP_DONE;
}

/* The cycle counter's low word, observed: a wrap since the last look
 * carries into ccnt_hi (pmu_regfile.c's ccnt_observe() is the 64-bit view
 * of it) - on a 32-bit physical counter; a 64-bit one carries itself
 * (PMU_HW_CCNT64, pmu_hw.h). Inline for the hot trap below. */
static inline __attribute__((always_inline)) uint32_t pmu_ccnt_observe_lo(struct pmu_cpu *p)
{
	if (PMU_HW_CCNT64)
		return (uint32_t)pmu_hw_read_ccnt64();
	uint32_t lo = pmu_hw_read(PMU_HW_PMCCNTR);

	if (lo < p->ccnt_last)
		p->ccnt_hi++;
	p->ccnt_last = lo;
	return lo;
}

/* The same observation's 64-bit view (pmu_regfile.c's ccnt_observe() out
 * of line), inline where no call may be made: AArch64's Type B reads
 * (ARCH_TYPEB_LEAF_READS) and its hot MRS PMCCNTR_EL0 below. */
static inline __attribute__((always_inline)) uint64_t pmu_ccnt_observe64(struct pmu_cpu *p)
{
	if (PMU_HW_CCNT64)   /* the hardware's 64 bits: what state 2 reads natively */
		return pmu_hw_read_ccnt64();
	uint32_t lo = pmu_ccnt_observe_lo(p);

	return ((uint64_t)p->ccnt_hi << 32) | lo;
}

/* PMSELR as Type A writes it: the 5-bit field only. */
static inline __attribute__((always_inline)) void pmu_selr_write(uint32_t v)
{
	pmu_hw_write(PMU_HW_PMSELR, v & PMU_SELR_MASK);
}

/* A Type A access done: state 2 (spec 3.1.1), as pmu_trap_access() moves. */
static inline __attribute__((always_inline)) void pmu_trap_done(struct pmu_cpu *p) { p->state = 2; }

/* The two hottest Type A accesses from PL1 (a driver's cycle count and its
 * counter selection), for the trap path's fast form (hyp/exit/reg_trap.c):
 * exactly pmu_trap() for these keys with pl0 false, without the table. */
static inline __attribute__((always_inline)) uint32_t pmu_trap_read_ccnt(struct pmu_cpu *p)
{
	uint32_t v = pmu_ccnt_observe_lo(p);

	pmu_trap_done(p);
	return v;
}

static inline __attribute__((always_inline)) void pmu_trap_write_selr(struct pmu_cpu *p, uint32_t v)
{
	pmu_selr_write(v);
	pmu_trap_done(p);
}

/* AArch64's MRS PMCCNTR_EL0 from EL1 (its hot form, hyp/exit/sys_trap.c):
 * the 64 bits pmu_trap_ccnt64() reads, the same observation as above. */
static inline __attribute__((always_inline)) uint64_t pmu_trap_read_ccnt64(struct pmu_cpu *p)
{
	/* first: the hot trap's file has four registers (arch/arm64/arch.mk
	 * SYS_HOT_FLAGS), and the state's constant fits before the
	 * observation's values take them (nothing else reads the state
	 * meanwhile: the monitor runs with interrupts masked) */
	pmu_trap_done(p);
	return pmu_ccnt_observe64(p);
}

static inline __attribute__((always_inline)) enum pmu_trap_rc
pmu_trap(struct pmu_cpu *p, uint32_t key, bool read, uint32_t *rt, bool pl0)
{
	if (!PMU_TYPEA_KEY_OK(key))
		return PMU_TRAP_UNDEF;
	if (pl0)
		return pmu_trap_pl0(p, key, read, rt);
	return pmu_trap_access(p, key, read, rt);
}

/*
 * What PMUv3's AArch64 view has beyond PMUv2's registers (the back end
 * maps the rest onto their AArch32 keys, arch/arm64/pmu_sysregs.h), on the
 * same view and state machine as pmu_trap(): PMCCNTR_EL0's 64 bits - the
 * monitor's 64-bit cycle count, the one Type B reads - and the direct
 * PMEVCNTR<n>_EL0 / PMEVTYPER<n>_EL0 (type, n; PMCCFILTR_EL0: n = 31).
 * pl0: from EL0, allowed as PMUSERENR.EN allows PMXEV* and PMCCNTR.
 */
enum pmu_trap_rc pmu_trap_ccnt64(struct pmu_cpu *p, bool read, uint64_t *v, bool pl0);
enum pmu_trap_rc pmu_trap_evreg(struct pmu_cpu *p, bool type, unsigned n, bool read,
				uint32_t *rt, bool pl0);

/* Cluster switch, in three phases (hyp/switch/cluster.c interleaves debug). */
void pmu_switch_out(struct pmu_cpu *p);
void pmu_hw_reset(struct pmu_cpu *p, unsigned inbound);
/* pmu_hw_reset() but for what the pmu_switch_in() that follows on this
 * core overwrites (the in-place switch; pmu_regfile.c says which): state
 * 1 restores nothing, so it resets everything. Inline: one test on the
 * switch path. */
void pmu_hw_reset_restored(struct pmu_cpu *p, unsigned inbound);
static inline void pmu_hw_reset_unrestored(struct pmu_cpu *p, unsigned inbound)
{
	if (p->state == 1)
		pmu_hw_reset(p, inbound);
	else
		pmu_hw_reset_restored(p, inbound);
}
void pmu_switch_in(struct pmu_cpu *p, unsigned inbound);

/* Poison left by pmu_hw_reset() in registers whose reset value is UNKNOWN
 * (event counters, event types: index 0..5, in the hardware or kept;
 * PMCCNTR: index 31). */
#define PMU_POISON(i)          (0xDEAD0000u | (uint32_t)(i))

/* HVCs: results for guest r0..r3. */
struct pmu_hvc_out { guest_reg_t r[4]; };
/* Table 3: "moves the system to state 3 if the parameter in r1 is 1, or it
 * moves the system to state 1 if parameter in r1 is 0". Any other value
 * changes nothing. 3 -> 3 and 1 -> 1 are accepted no-ops. Inline: the HVC
 * pays no call, and the trap bits that follow fold (docs/performance.md).
 * State 1 (and any bad value) out of line, pmu_state.c: leaving state 3
 * drops the Type B writes still pending for the inactive cluster. */
int32_t pmu_hvc_pmu_switch_to_1(struct pmu_cpu *p, uint32_t arg);
static inline int32_t pmu_hvc_pmu_switch(struct pmu_cpu *p, uint32_t arg)
{
	if (arg == 1) {
		p->state = 3;
		return BL_HVC_SUCCESS;
	}
	return pmu_hvc_pmu_switch_to_1(p, arg);
}
/* The HVC calls' surface (Type B, SWINC, SYNC): pmu_hvc.h. */
#endif
