/*
 * What of the portable monitor this back end carries. ARMv7's carries all
 * of it; a back end being brought up (arch/arm64/ at issue #27's first
 * step) says here what it does not have yet, and the portable code leaves
 * that out (hyp/exit/hvc.c: the switch, SMP and PSCI calls answer -1).
 */
#ifndef ARCH_CAPS_H
#define ARCH_CAPS_H

/* One CPU's cluster switch (hyp/switch/cluster.h): HVC_CLUSTER_SWITCH,
 * HVC_SYSTEM_INFO */
#define ARCH_HAS_CLUSTER_SWITCH 1
/* Whole-system switches on the monitor's SGI and timer, migration, SMP,
 * PSCI (hyp/switch/, hyp/exit/psci.c) */
#define ARCH_HAS_SWITCHING 1
/* Migration between core groups, blmon.cluster_cpus (hyp/switch/migrate.c
 * on the HYP threads of arch/arm32/thread.S, arch/thread.h) */
#define ARCH_HAS_MIGRATION 1
/* ... each virtual CPU's HYP thread's stack: as large as a core's own HYP
 * stack (Makefile HYP_STACK_SIZE 0x2000) */
#define ARCH_THREAD_STACK_SIZE 8192u
/* SMCCC's 64-bit convention (function id bit 30): AArch64 only - the
 * 64-bit ids answer -1 here (hyp/exit/hvc.c) */
#define ARCH_HAS_SMC64 0
/* Table 4's reads are called by the C dispatch, as any call (hyp/exit/hvc.c):
 * they may call out of line (pmu/pmu_typeb_read.c) */
#define ARCH_TYPEB_LEAF_READS 0

#endif
