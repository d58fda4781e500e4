/*
 * The system of CPUs: which are on (PSCI CPU_ON / CPU_OFF / AFFINITY_INFO
 * answer from here), and the lock that also guards whole-system switches
 * (hyp/switch/switch.c), so a switch never races a CPU coming or going
 * (docs/switch.md).
 */
#ifndef HYP_SMP_H
#define HYP_SMP_H

#include <stdint.h>
#include "spinlock.h"
#include "frame.h"   /* guest_reg_t */

struct hyp_cpu;

/* PSCI AFFINITY_INFO values */
enum cpu_power { CPU_POWER_ON = 0, CPU_POWER_OFF = 1, CPU_POWER_ON_PENDING = 2 };

extern spinlock_t system_lock;

void smp_init(unsigned boot_cpu);
/* Start `cpu` at the guest's `entry` with r0 = context (x0: 64 bits on
 * AArch64): a PSCI status. */
int32_t smp_cpu_on(unsigned cpu, guest_reg_t entry, guest_reg_t context);
/* The calling CPU joins the running system (on its current cluster) and
 * enters the guest next. */
void smp_cpu_running(struct hyp_cpu *c);
/* The calling CPU powers down (PSCI CPU_OFF). */
void smp_cpu_off(struct hyp_cpu *c) __attribute__((noreturn));
enum cpu_power smp_cpu_power(unsigned cpu);
/* CPUs in the guest: bit n = CPU n. */
extern volatile uint32_t smp_online_cpus;
static inline uint32_t smp_online(void) { return smp_online_cpus; }
/* The monitor's SGI to these CPUs: they take part in a switch in
 * progress, and do what `reasons` (KICK_*) asks. */
#define KICK_TIMER  (1u << 0)   /* the switch timer changed hands: sync it */
#define KICK_REFILL (1u << 1)   /* a distributor write for its LRs: vgic_kicked() */
void smp_kick(uint32_t cpus, uint32_t reasons);

#endif
