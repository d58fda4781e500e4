/*
 * What of the portable monitor this back end carries (arch/arm32/arch_caps.h
 * carries all of it). AArch64 at issue #27's first step: the PMU core,
 * Type A and Type B, SYNC, one CPU. docs/arm64.md lists what is not here
 * yet and why.
 */
#ifndef ARCH_CAPS_H
#define ARCH_CAPS_H

/* Cluster switches, migration, SMP, PSCI (hyp/switch/, hyp/exit/psci.c):
 * not yet - their HVC ids answer -1 */
#define ARCH_HAS_SWITCHING 0
/* The pair the monitor emulates is ARMv8's: Cortex-A57 + Cortex-A53
 * (pmu/pmu_cluster.c) */
#define ARCH_PMU_PAIR_V8   1

#endif
