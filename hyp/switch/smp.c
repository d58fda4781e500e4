#include "smp.h"
#include "blmon.h"
#include "gic.h"
#include "irq.h"
#include "blmon_log.h"
#include "migrate.h"
#include "percpu.h"
#include "switch.h"
#include "vgic.h"
#include "vgic_hw.h"

#define PSCI_INVALID_PARAMETERS (-2)
#define PSCI_ALREADY_ON         (-4)
#define PSCI_ON_PENDING         (-5)
#define CPU_ON_RETRIES          100000u

spinlock_t system_lock;
static enum cpu_power power[BLMON_MAX_CPUS];
volatile uint32_t smp_online_cpus;

void smp_init(unsigned boot_cpu)
{
	for (unsigned i = 0; i < BLMON_MAX_CPUS; i++)
		power[i] = i == boot_cpu ? CPU_POWER_ON_PENDING : CPU_POWER_OFF;
	smp_online_cpus = 0;
}

enum cpu_power smp_cpu_power(unsigned cpu)
{
	return cpu < hyp_nvcpus ? power[cpu] : CPU_POWER_OFF;
}

/* With migration a virtual CPU's SGI goes to the core running it; one
 * moving meanwhile finds its reasons in ->kick on the inbound core
 * (hyp/switch/switch.c takes them after every switch). */
static uint32_t cores_of(uint32_t cpus)
{
	uint32_t phys = 0;

	if (!mig_on())
		return cpus;
	for (uint32_t m = cpus; m; m &= m - 1)
		phys |= 1u << hyp_cpu((unsigned)__builtin_ctz(m))->phys;
	return phys;
}

/* cpus: online virtual CPUs (bit n: CPU n), never one beyond the guest's */
void smp_kick(uint32_t cpus, uint32_t reasons)
{
	cpus &= 0xffu;
	for (uint32_t m = reasons ? cpus : 0; m; m &= m - 1)
		__atomic_fetch_or(&hyp_cpu((unsigned)__builtin_ctz(m))->kick, reasons, __ATOMIC_RELEASE);
	if (cpus)
		gic_send_sgi(GICD_SGIR_VALUE(GICD_SGIR_FILTER_LIST, cores_of(cpus), IRQ_MONITOR_SGI));
}

int32_t smp_cpu_on(unsigned cpu, guest_reg_t entry, guest_reg_t context)
{
	int32_t rc = PSCI_ALREADY_ON;

	if (cpu >= hyp_nvcpus) {
		log_guest("CPU_ON: CPU %u is beyond the guest's %u CPUs\n", cpu, hyp_nvcpus);
		return PSCI_INVALID_PARAMETERS;
	}
	spin_lock(&system_lock);
	if (power[cpu] != CPU_POWER_OFF) {
		rc = power[cpu] == CPU_POWER_ON ? PSCI_ALREADY_ON : PSCI_ON_PENDING;
		spin_unlock(&system_lock);
		return rc;
	}
	hyp_cpu(cpu)->boot.entry = entry;
	hyp_cpu(cpu)->boot.context = context;
	hyp_cpu(cpu)->boot.platform = false;
	power[cpu] = CPU_POWER_ON_PENDING;
	spin_unlock(&system_lock);
	if (mig_on()) {   /* its core on the system's cluster starts it */
		struct hyp_cpu *me = this_cpu();

		mig_cpu_on_wait(hyp_cpu(cpu), switch_cluster(), me);
		/* the wait may have taken the monitor's SGI - a switch that
		 * counts on this CPU, or kicks - and held back a tick of the
		 * switch timer (irq_drain masks it): as if they came now */
		irq_timer_unmask(me);
		switch_sgi(me);
		return 0;
	}
	/* A CPU that has just done CPU_OFF is OFF for the guest at once, but
	 * its power-down through the board may not have finished: the board
	 * then answers ALREADY_ON for a short while. */
	for (unsigned tries = 0; tries < CPU_ON_RETRIES; tries++) {
		rc = board_cpu_on(cpu);
		if (rc != PSCI_ALREADY_ON)
			break;
	}
	if (rc != 0) {
		spin_lock(&system_lock);
		power[cpu] = CPU_POWER_OFF;
		spin_unlock(&system_lock);
	}
	return rc;
}

int32_t blmon_cpu_on(unsigned cpu, uint32_t entry, uint32_t context)
{
	return smp_cpu_on(cpu, entry, context);
}

void smp_cpu_running(struct hyp_cpu *c)
{
	spin_lock(&system_lock);
	switch_join_system(c);   /* waits out a switch, takes the system's cluster */
	power[c->index] = CPU_POWER_ON;
	smp_online_cpus |= 1u << c->index;
	spin_unlock(&system_lock);
	switch_timer_sync(c);
}

void smp_cpu_off(struct hyp_cpu *c)
{
	spin_lock(&system_lock);
	switch_leave_system(c);  /* takes part in a switch that counts on it first */
	power[c->index] = CPU_POWER_OFF;
	smp_online_cpus &= ~(1u << c->index);
	switch_timer_handover(c, smp_online_cpus);
	spin_unlock(&system_lock);
	vgic_cpu_off(&c->vgic);
	if (mig_on())
		mig_cpu_off(c);   /* its core parks */
	board_cpu_off();
}

/* What the vGIC asks of the SMP layer (hyp/vgic/vgic_hw.h): the other
 * CPUs take the distributor writes left for them (vgic_kicked). */
void vgic_hw_kick_others(void)
{
	smp_kick(smp_online() & ~(1u << this_cpu()->index), KICK_REFILL);
}

void vgic_hw_kick(uint32_t cpus)
{
	smp_kick(cpus & smp_online() & ~(1u << this_cpu()->index), KICK_REFILL);
}
