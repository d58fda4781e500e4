/*
 * What of the portable monitor this back end carries (arch/arm32/arch_caps.h
 * carries all of it). AArch64 at issue #27's first step: the PMU core,
 * Type A and Type B, SYNC, the debug context, the virtual GIC,
 * whole-system switches and PSCI. docs/arm64.md lists what is not here
 * yet and why.
 */
#ifndef ARCH_CAPS_H
#define ARCH_CAPS_H

/* One CPU's cluster switch (hyp/switch/cluster.h), on request
 * (HVC_CLUSTER_SWITCH; HVC_SYSTEM_INFO) */
#define ARCH_HAS_CLUSTER_SWITCH 1
/* Whole-system switches on the monitor's SGI and the HYP timer, the
 * virtual GIC, PSCI (hyp/switch/, hyp/vgic/, hyp/exit/psci.c) */
#define ARCH_HAS_SWITCHING 1
/* Migration between core groups, blmon.cluster_cpus (hyp/switch/migrate.c,
 * the HYP threads of arch/arm64/thread.S, cpu_ctx.c) */
#define ARCH_HAS_MIGRATION 1
/* ... each virtual CPU's HYP thread's stack (hyp/switch/migrate.c): as
 * large as a core's own EL2 stack (arch.mk HYP_STACK_SIZE 0x4000) - the
 * trap frame is 272 bytes here, and every saved register twice ARMv7's */
#define ARCH_THREAD_STACK_SIZE 16384u
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
/* Table 4's 32-bit reads: the vector calls their handlers through
 * pmu/pmu_typeb.c's pmu_typeb_table (these slots, id -
 * ARCH_HVC_VECTOR_BASE, checked in hyp/exit/hvc.c) with x0-x3 and x30
 * saved only - every even id below the base + 32; the writes and every
 * other id take hvc.c's table - so the reads call nothing out of line
 * (pmu/pmu_typeb_read.c; arch.mk builds that file not to touch the other
 * registers and checks it) */
#define ARCH_TYPEB_VECTOR_SLOTS 32
#define ARCH_TYPEB_LEAF_READS   1

#endif
