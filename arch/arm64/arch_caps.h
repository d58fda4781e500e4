/*
 * What of the portable monitor this back end carries (arch/arm32/arch_caps.h
 * carries all of it). AArch64 at issue #27's first step: the PMU core,
 * Type A and Type B, SYNC, one CPU, its cluster
 * switch and debug context. docs/arm64.md lists what is not here
 * yet and why.
 */
#ifndef ARCH_CAPS_H
#define ARCH_CAPS_H

/* One CPU's cluster switch (hyp/switch/cluster.h), on request
 * (HVC_CLUSTER_SWITCH; HVC_SYSTEM_INFO): the system of one CPU
 * (hyp/switch/switch_one.c) */
#define ARCH_HAS_CLUSTER_SWITCH 1
/* Whole-system switches of several CPUs and the switch timer (the
 * monitor's SGI and its timer interrupt need the GIC), migration, SMP,
 * PSCI: not yet - HVC_AUTO_SWITCH, HVC_SWITCH_PERIOD answer -1 */
#define ARCH_HAS_SWITCHING 0
/* The pair the monitor emulates is ARMv8's: Cortex-A57 + Cortex-A53
 * (pmu/pmu_cluster.c) */
#define ARCH_PMU_PAIR_V8   1
/* SMCCC's 64-bit convention (function id bit 30): the cycle counter in
 * one register, SYNC's array at a 64-bit address (hyp/exit/hvc.c) */
#define ARCH_HAS_SMC64 1
/* HVC #0's dispatch in the exception vector (arch/arm64/vectors.S): the
 * HVC table's base id and slot count as hyp/exit/hvc.c has them (checked
 * there), the table itself global (issue #29 on AArch64). Assembler-safe:
 * vectors.S includes this file. */
#define ARCH_HVC_VECTOR_BASE  0x90001000
#define ARCH_HVC_VECTOR_SLOTS 0xc1c

#endif
