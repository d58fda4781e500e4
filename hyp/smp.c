#include "smp.h"
#include "blmon.h"
#include "log.h"
#include "percpu.h"
#include "spinlock.h"

#define PSCI_INVALID_PARAMETERS (-2)
#define PSCI_ALREADY_ON         (-4)
#define PSCI_ON_PENDING         (-5)

static spinlock_t lock;
static enum cpu_power power[BLMON_MAX_CPUS];

void smp_init(unsigned boot_cpu)
{
	for (unsigned i = 0; i < BLMON_MAX_CPUS; i++)
		power[i] = i == boot_cpu ? CPU_POWER_ON : CPU_POWER_OFF;
}

enum cpu_power smp_cpu_power(unsigned cpu)
{
	return cpu < hyp_ncpus ? power[cpu] : CPU_POWER_OFF;
}

int32_t smp_cpu_on(unsigned cpu, uint32_t entry, uint32_t context)
{
	int32_t rc;

	if (cpu >= hyp_ncpus) {
		log_warn("CPU_ON: CPU %u is beyond the board's %u CPUs\n", cpu, hyp_ncpus);
		return PSCI_INVALID_PARAMETERS;
	}
	spin_lock(&lock);
	if (power[cpu] != CPU_POWER_OFF) {
		rc = power[cpu] == CPU_POWER_ON ? PSCI_ALREADY_ON : PSCI_ON_PENDING;
		spin_unlock(&lock);
		return rc;
	}
	hyp_cpu(cpu)->boot.entry = entry;
	hyp_cpu(cpu)->boot.context = context;
	hyp_cpu(cpu)->boot.platform = false;
	power[cpu] = CPU_POWER_ON_PENDING;
	spin_unlock(&lock);
	rc = board_cpu_on(cpu);
	if (rc != 0) {
		spin_lock(&lock);
		power[cpu] = CPU_POWER_OFF;
		spin_unlock(&lock);
	}
	return rc;
}

int32_t blmon_cpu_on(unsigned cpu, uint32_t entry, uint32_t context)
{
	return smp_cpu_on(cpu, entry, context);
}

void smp_cpu_running(struct hyp_cpu *c)
{
	spin_lock(&lock);
	power[c->index] = CPU_POWER_ON;
	spin_unlock(&lock);
}

void smp_cpu_off(struct hyp_cpu *c)
{
	spin_lock(&lock);
	power[c->index] = CPU_POWER_OFF;
	spin_unlock(&lock);
	board_cpu_off();
}
