/*
 * hyp/switch/migrate.h for a back end without migration between core
 * groups (arch_caps.h: ARCH_HAS_MIGRATION 0 - AArch64 for now, which has
 * no HYP threads yet, docs/arm64.md): every physical CPU is its own
 * virtual CPU and switches happen in place; blmon.cluster_cpus stops the
 * machine with a message at boot, as a shape the monitor cannot serve.
 * The rest is never reached (mig_on() is false).
 */
#include "arch_caps.h"

#if !ARCH_HAS_MIGRATION
#include "migrate.h"
#include "blmon.h"
#include "blmon_log.h"
#include "vgic_hw.h"

unsigned mig_n;
uint8_t mig_vcpu_of[8] = { 0, 1, 2, 3, 4, 5, 6, 7 };

void mig_init(unsigned n, unsigned ncpus, unsigned boot_cluster)
{
	(void)ncpus;
	(void)boot_cluster;
	if (n != 0)
		blmon_fatal("blmon.cluster_cpus=%u: migration between core groups is not implemented on this architecture (docs/arm64.md); switches happen in place without the option",
			    n);
}

static void __attribute__((noreturn)) unreachable(const char *what)
{
	blmon_fatal("%s without migration", what);
}

void mig_enter(unsigned phys)
{
	(void)phys;
	unreachable("mig_enter");
}
void mig_cpu_on(struct hyp_cpu *c, unsigned cluster)
{
	(void)c;
	(void)cluster;
	unreachable("mig_cpu_on");
}
void mig_cpu_on_wait(struct hyp_cpu *c, unsigned cluster, struct hyp_cpu *me)
{
	(void)c;
	(void)cluster;
	(void)me;
	unreachable("mig_cpu_on_wait");
}
void mig_cpu_off(struct hyp_cpu *c)
{
	(void)c;
	unreachable("mig_cpu_off");
}
void mig_switch_cpu(struct hyp_cpu *c, unsigned target)
{
	(void)c;
	(void)target;
	unreachable("mig_switch_cpu");
}
#endif
