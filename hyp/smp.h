/*
 * CPU power states as the monitor tracks them: PSCI CPU_ON/CPU_OFF/
 * AFFINITY_INFO answer from here, and whole-system switches wait for the
 * CPUs that are on (docs/switch.md).
 */
#ifndef HYP_SMP_H
#define HYP_SMP_H

#include <stdint.h>

struct hyp_cpu;

/* PSCI AFFINITY_INFO values */
enum cpu_power { CPU_POWER_ON = 0, CPU_POWER_OFF = 1, CPU_POWER_ON_PENDING = 2 };

void smp_init(unsigned boot_cpu);
/* Start `cpu` at the guest's `entry` with r0 = context: a PSCI status. */
int32_t smp_cpu_on(unsigned cpu, uint32_t entry, uint32_t context);
/* The calling CPU enters the guest now. */
void smp_cpu_running(struct hyp_cpu *c);
/* The calling CPU powers down (PSCI CPU_OFF). */
void smp_cpu_off(struct hyp_cpu *c) __attribute__((noreturn));
enum cpu_power smp_cpu_power(unsigned cpu);

#endif
