/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The PMU registers the module touches directly (Type A: user_access,
 * swincr), one accessor per register with the same name on both
 * architectures, so their logic is written once (docs/linux-module.md).
 *   ARMv7:   MRC/MCR of the CP15 c9 registers (PMUv2);
 *   AArch64: MRS/MSR of their PMUv3 *_EL0/_EL1 twins (the monitor maps
 *            them onto the same register file, docs/arm64.md).
 * Each is an ordinary Type A access: the monitor traps it or lets it run
 * as its PMU state says. The values are the architecture's 32-bit view
 * (PMUv3 widens none of these but PMCR_EL0, whose upper bits the module
 * never sets); PMOVSR's write clears the flags written (PMOVSCLR_EL0).
 * Also the one other thing that differs: the native PMU driver's name.
 */
#ifndef BLMON_PMU_REGS_H
#define BLMON_PMU_REGS_H

#include <linux/types.h>
#include <asm/barrier.h>

#ifdef CONFIG_ARM64
/* The name of Linux's own PMU driver's PMU (blmon_perf_native.c) */
#define BL_NATIVE_PMU_PREFIX "armv8_"
#define BL_PMU_REG(name, reg)                                                  \
	static inline u32 name##_read(void)                                    \
	{ u64 v; asm volatile("mrs %0, " #reg : "=r"(v)); return (u32)v; }     \
	static inline void name##_write(u32 v)                                 \
	{ asm volatile("msr " #reg ", %0" : : "r"((u64)v)); }
#define BL_PMU_REGS(X)                                    \
	X(pmcr, pmcr_el0)                                 \
	X(pmcntenset, pmcntenset_el0)                     \
	X(pmcntenclr, pmcntenclr_el0)                     \
	X(pmovsr, pmovsclr_el0)                           \
	X(pmswinc, pmswinc_el0)                           \
	X(pmselr, pmselr_el0)                             \
	X(pmxevtyper, pmxevtyper_el0)                     \
	X(pmxevcntr, pmxevcntr_el0)                       \
	X(pmuserenr, pmuserenr_el0)                       \
	X(pmintenset, pmintenset_el1)                     \
	X(pmintenclr, pmintenclr_el1)
#else
#define BL_NATIVE_PMU_PREFIX "armv7_"
#define BL_PMU_REG(name, crm, op2)                                             \
	static inline u32 name##_read(void)                                    \
	{ u32 v; asm volatile("mrc p15, 0, %0, c9, " #crm ", " #op2 : "=r"(v)); return v; } \
	static inline void name##_write(u32 v)                                 \
	{ asm volatile("mcr p15, 0, %0, c9, " #crm ", " #op2 : : "r"(v)); }
#define BL_PMU_REGS(X)                                    \
	X(pmcr, c12, 0)                                   \
	X(pmcntenset, c12, 1)                             \
	X(pmcntenclr, c12, 2)                             \
	X(pmovsr, c12, 3)                                 \
	X(pmswinc, c12, 4)                                \
	X(pmselr, c12, 5)                                 \
	X(pmxevtyper, c13, 1)                             \
	X(pmxevcntr, c13, 2)                              \
	X(pmuserenr, c14, 0)                              \
	X(pmintenset, c14, 1)                             \
	X(pmintenclr, c14, 2)
#endif

BL_PMU_REGS(BL_PMU_REG)

#undef BL_PMU_REG

#endif
