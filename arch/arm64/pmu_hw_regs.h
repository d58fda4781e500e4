/*
 * arch/pmu_hw.h's register names on an AArch64 core: each maps to its
 * *_EL0 register's typed accessor (sysregs.h); pmu_hw.h makes the inline
 * read/write of them. The core keeps
 * PMUv2's 32-bit view - PMCCNTR as its low word, PMOVSR as PMOVSCLR_EL0
 * (read: the flags; write: W1C, as PMOVSR) - but the cycle counter is
 * PMUv3's 64 bits whole (PMU_HW_CCNT64): the count the monitor shows is
 * the hardware's, the one a guest reads natively in state 2.
 */
#ifndef HYP_PMU_HW_SYSREG_H
#define HYP_PMU_HW_SYSREG_H

#include "sysregs_access.h"

#define PMU_HW_REGS(X)                                                    \
	X(PMU_HW_PMCR, PMCR_EL0) X(PMU_HW_PMCNTENSET, PMCNTENSET_EL0)      \
	X(PMU_HW_PMCNTENCLR, PMCNTENCLR_EL0) X(PMU_HW_PMOVSR, PMOVSCLR_EL0) \
	X(PMU_HW_PMSWINC, PMSWINC_EL0) X(PMU_HW_PMSELR, PMSELR_EL0)        \
	X(PMU_HW_PMCCNTR, PMCCNTR_EL0) X(PMU_HW_PMXEVTYPER, PMXEVTYPER_EL0) \
	X(PMU_HW_PMXEVCNTR, PMXEVCNTR_EL0) X(PMU_HW_PMUSERENR, PMUSERENR_EL0) \
	X(PMU_HW_PMINTENSET, PMINTENSET_EL1) X(PMU_HW_PMINTENCLR, PMINTENCLR_EL1) \
	X(PMU_HW_PMOVSSET, PMOVSSET_EL0)

#define PMU_HW_CCNT64 1
static inline __attribute__((always_inline)) uint64_t pmu_hw_read_ccnt64(void)
{
	return read_PMCCNTR_EL0();
}
static inline __attribute__((always_inline)) void pmu_hw_write_ccnt64(uint64_t v)
{
	write_PMCCNTR_EL0(v);
}

/*
 * PMUv3 gives each counter registers of its own (PMEVTYPER<n>_EL0,
 * PMEVCNTR<n>_EL0; the cycle counter's filter PMCCFILTR_EL0): a context
 * switch reaches counter i with one MRS/MSR, without writing PMSELR_EL0 and the ISB the
 * PMXEV* view needs after it (arch/pmu_hw.h PMU_HW_EV_DIRECT). Counters
 * 0..PMU_HW_EV_DIRECT_MAX - 1, which pmu_regfile.c asserts covers every
 * counter the monitor uses; a constant i folds to its one register, and
 * a loop over counters unrolls (nothing is done past the last case).
 */
#define PMU_HW_EV_DIRECT 1
#define PMU_HW_EV_DIRECT_MAX 6
#define PMU_HW_EV_CASES(X) X(0) X(1) X(2) X(3) X(4) X(5)

static inline __attribute__((always_inline)) uint32_t
pmu_hw_ev_read(unsigned i, enum pmu_hwreg r)
{
	switch (i) {
#define PMU_HW_EV_READ(n)                                                    \
	case n:                                                             \
		return (uint32_t)(r == PMU_HW_PMXEVCNTR ? read_PMEVCNTR##n##_EL0() \
						       : read_PMEVTYPER##n##_EL0());
	PMU_HW_EV_CASES(PMU_HW_EV_READ)
#undef PMU_HW_EV_READ
	default:
		return 0;
	}
}

static inline __attribute__((always_inline)) void
pmu_hw_ev_write(unsigned i, enum pmu_hwreg r, uint32_t v)
{
	switch (i) {
#define PMU_HW_EV_WRITE(n)                                                   \
	case n:                                                             \
		if (r == PMU_HW_PMXEVCNTR)                                  \
			write_PMEVCNTR##n##_EL0(v);                         \
		else                                                        \
			write_PMEVTYPER##n##_EL0(v);                        \
		break;
	PMU_HW_EV_CASES(PMU_HW_EV_WRITE)
#undef PMU_HW_EV_WRITE
	default:
		break;
	}
}

static inline __attribute__((always_inline)) uint32_t pmu_hw_ccfiltr_read(void)
{
	return (uint32_t)read_PMCCFILTR_EL0();
}

static inline __attribute__((always_inline)) void pmu_hw_ccfiltr_write(uint32_t v)
{
	write_PMCCFILTR_EL0(v);
}

#endif
