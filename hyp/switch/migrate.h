/*
 * Real cluster migration (blmon.cluster_cpus=N, docs/migration.md): the
 * guest has N virtual CPUs; virtual CPU i runs on physical CPU i while
 * cluster 0 (Cortex-A15) is active and on physical CPU N+i while cluster
 * 1 (Cortex-A7) is. At a switch each outbound core saves its virtual CPU's
 * whole context, the inbound core restores it and goes on, and the
 * outbound core parks in HYP with its PMU and debug registers in reset.
 * Without the option (mig_n == 0) every physical CPU is its own virtual
 * CPU and switches happen in place (hyp/switch/cluster.h).
 */
#ifndef HYP_MIGRATE_H
#define HYP_MIGRATE_H

#include <stdbool.h>
#include <stdint.h>

struct hyp_cpu;

#define MIG_MAX_N 4u   /* 2N physical CPUs <= GICv2's 8 CPU interfaces */

extern unsigned mig_n;   /* N, or 0: in place */

static inline bool mig_on(void) { return mig_n != 0; }
/* The physical CPU of virtual CPU v on cluster c. */
static inline unsigned mig_phys(unsigned v, unsigned c) { return v + c * mig_n; }
/* The virtual CPU a physical CPU stands for (either cluster); without
 * migration, itself. A table: an SGI's source is translated on every
 * SGI the guest gets. */
extern uint8_t mig_vcpu_of[8];
static inline unsigned mig_vcpu(unsigned phys) { return mig_vcpu_of[phys & 7u]; }

/* Boot CPU, blmon_init: take the option (n <= MIG_MAX_N, 2n <= ncpus:
 * else blmon_fatal). */
void mig_init(unsigned n, unsigned ncpus, unsigned boot_cluster);
/* Every physical CPU, from blmon_enter_next_stage: the boot CPU starts the
 * other physical CPUs and the boot virtual CPU; every CPU then parks. */
void mig_enter(unsigned phys) __attribute__((noreturn));
/* PSCI CPU_ON of virtual CPU v on cluster c: its physical CPU starts it. */
void mig_cpu_on(struct hyp_cpu *c, unsigned cluster);
/* ... from running virtual CPU `me`: returns once the core has taken it. */
void mig_cpu_on_wait(struct hyp_cpu *c, unsigned cluster, struct hyp_cpu *me);
/* The running virtual CPU's thread ends (PSCI CPU_OFF): its core parks. */
void mig_cpu_off(struct hyp_cpu *c) __attribute__((noreturn));
/* The running virtual CPU moves to cluster `target`: returns on its core
 * there, with everything the guest owns restored (hyp/switch/switch.c). */
void mig_switch_cpu(struct hyp_cpu *c, unsigned target);

#endif
