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
/* The image runs where it is linked, 62 MiB into RAM (no self-relocation
 * yet): the guest's RAM has a hole there, which stage 2 leaves unmapped
 * and every pointer check skips (hyp/core/guest_mem.h) */
#define ARCH_MONITOR_IN_GUEST_RAM 1
/* SMCCC's 64-bit convention (function id bit 30): the cycle counter in
 * one register, SYNC's array at a 64-bit address (hyp/exit/hvc.c) */
#define ARCH_HAS_SMC64 1

#endif
