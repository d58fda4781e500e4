/*
 * The only way the portable PMU code touches hardware. On the target,
 * each back end's pmu_hw_regs.h maps each name to its typed accessor (an
 * MRC/MCR on arm32, an MRS/MSR on arm64), inline; host
 * tests link tests/support/fake_pmu_hw.c, a model of a 6-counter PMUv2.
 * Registers are named, not encoded, so the portable code cannot reach a
 * register the monitor did not mean to touch.
 */
#ifndef PMU_HW_H
#define PMU_HW_H

#include <stdbool.h>
#include <stdint.h>

enum pmu_hwreg {
	PMU_HW_PMCR, PMU_HW_PMCNTENSET, PMU_HW_PMCNTENCLR, PMU_HW_PMOVSR,
	PMU_HW_PMSWINC, PMU_HW_PMSELR, PMU_HW_PMCCNTR, PMU_HW_PMXEVTYPER,
	PMU_HW_PMXEVCNTR, PMU_HW_PMUSERENR, PMU_HW_PMINTENSET, PMU_HW_PMINTENCLR,
	PMU_HW_PMOVSSET, PMU_HW_NREGS
};

/*
 * The cycle counter whole. PMU_HW_CCNT64: the physical one has 64 bits
 * (PMUv3: PMCCNTR_EL0), so it is the 64-bit count the monitor shows -
 * natively in state 2 too - and nothing carries an upper word; else it
 * has PMUv2's 32 and the monitor carries the upper word (pmu.h,
 * ccnt_hi). pmu_hw_read_ccnt64()/pmu_hw_write_ccnt64() are used only
 * when PMU_HW_CCNT64; PMU_HW_PMCCNTR is the low word either way (a write
 * of it clears the upper one on a 64-bit counter).
 */
#ifdef HOST_BUILD
uint32_t pmu_hw_read(enum pmu_hwreg r);
void pmu_hw_write(enum pmu_hwreg r, uint32_t v);
/* the fake is either (tests/support/fake_pmu_hw.h, fake_pmu_ccnt64()) */
extern bool pmu_hw_ccnt64;
#define PMU_HW_CCNT64 pmu_hw_ccnt64
uint64_t pmu_hw_read_ccnt64(void);
void pmu_hw_write_ccnt64(uint64_t v);
/* and either way to counter i (fake_pmu_ev_direct(), PMU_HW_EV_DIRECT below) */
extern bool pmu_hw_ev_direct;
#define PMU_HW_EV_DIRECT pmu_hw_ev_direct
#define PMU_HW_EV_DIRECT_MAX 31
uint32_t pmu_hw_ev_read(unsigned i, enum pmu_hwreg r);
void pmu_hw_ev_write(unsigned i, enum pmu_hwreg r, uint32_t v);
uint32_t pmu_hw_ccfiltr_read(void);
void pmu_hw_ccfiltr_write(uint32_t v);
#else
#include "pmu_hw_regs.h"

/* Each back end's pmu_hw_regs.h gives PMU_HW_REGS(X): X(name, register) for
 * every name, the register being one its typed accessors read_<register>() /
 * write_<register>() know. The PMU core always names a constant register, so
 * each call folds to the one register access it means - the trap paths pay
 * no dispatch (docs/performance.md). */
static inline __attribute__((always_inline)) uint32_t pmu_hw_read(enum pmu_hwreg r)
{
	switch (r) {
#define PMU_HW_READ_CASE(e, reg) case e: return (uint32_t)read_##reg();
	PMU_HW_REGS(PMU_HW_READ_CASE)
#undef PMU_HW_READ_CASE
	default: return 0;
	}
}

static inline __attribute__((always_inline)) void pmu_hw_write(enum pmu_hwreg r, uint32_t v)
{
	switch (r) {
#define PMU_HW_WRITE_CASE(e, reg) case e: write_##reg(v); break;
	PMU_HW_REGS(PMU_HW_WRITE_CASE)
#undef PMU_HW_WRITE_CASE
	default: break;
	}
	/* a PMSELR write must be visible to the PMXEV* access that follows */
	if (r == PMU_HW_PMSELR)
		isb();
}

/* A back end with a 64-bit cycle counter says so (pmu_hw_regs.h) */
#ifndef PMU_HW_CCNT64
#define PMU_HW_CCNT64 0
static inline uint64_t pmu_hw_read_ccnt64(void) { return pmu_hw_read(PMU_HW_PMCCNTR); }
static inline void pmu_hw_write_ccnt64(uint64_t v) { pmu_hw_write(PMU_HW_PMCCNTR, (uint32_t)v); }
#endif
#endif

/*
 * Counter i's PMXEVTYPER (r = PMU_HW_PMXEVTYPER) or PMXEVCNTR, and the
 * cycle counter's filter, by number for the context switch
 * (pmu_regfile.c). A back end whose counters have registers of their own
 * (PMUv3, arch/arm64/pmu_hw_regs.h) defines PMU_HW_EV_DIRECT 1 and these:
 * PMSELR is not touched. Else (PMUv2) they are the PMXEV* view of what
 * PMSELR selects, and the caller selects i (the filter: 31) first.
 */
#ifndef PMU_HW_EV_DIRECT
#define PMU_HW_EV_DIRECT 0
#define PMU_HW_EV_DIRECT_MAX 0
static inline uint32_t pmu_hw_ev_read(unsigned i, enum pmu_hwreg r)
{
	(void)i;
	return pmu_hw_read(r);
}
static inline void pmu_hw_ev_write(unsigned i, enum pmu_hwreg r, uint32_t v)
{
	(void)i;
	pmu_hw_write(r, v);
}
static inline uint32_t pmu_hw_ccfiltr_read(void) { return pmu_hw_read(PMU_HW_PMXEVTYPER); }
static inline void pmu_hw_ccfiltr_write(uint32_t v) { pmu_hw_write(PMU_HW_PMXEVTYPER, v); }
#endif

#endif
