/*
 * The library's entry points (include/blmon.h) for a back end that has the
 * PMU core, the debug context, one CPU's cluster switch, the HVC ABI and
 * stage 2 but not yet the GIC or SMP (arch_caps.h: ARCH_HAS_SWITCHING 0) -
 * AArch64 at issue #27's first steps. One CPU: the boot CPU as the boot
 * cluster's core out of reset (PMU state 1, debug context unused, its
 * identity), the PMU and debug traps, the HVC table, stage 2, and the
 * guest.
 * init.c is the whole monitor's; what this leaves out is docs/arm64.md's
 * list. The Makefile builds one of the two, by the back end.
 */
#include <string.h>
#include "arch_caps.h"
#include "arch_cpu.h"
#include "blmon.h"
#include "blmon_log.h"
#include "cluster.h"
#include "fdt.h"
#include "fdt_fixup.h"
#include "mmu.h"
#include "options.h"
#include "percpu.h"
#include "platform.h"
#include "dbg_hw.h"
#include "pmu_phys.h"
#include "switch.h"
#include "sysreg.h"

_Static_assert(!ARCH_HAS_SWITCHING, "this back end has switches: init.c is its entry");

void blmon_init(const struct blmon_platform *p)
{
	if (p->ncpus == 0 || !p->cpu_data)
		blmon_fatal("the board gave no CPU");
	hyp_platform = *p;
	if (p->guest_ram.size == 0 || p->guest_ram.base + p->guest_ram.size > (1ull << 32))
		blmon_fatal("platform: guest RAM %08llx+%08llx does not end below 4 GiB",
			    (unsigned long long)p->guest_ram.base, (unsigned long long)p->guest_ram.size);
	/* the monitor above the guest's RAM (the board moved it to the top):
	 * the guest's pointers are checked against its RAM alone */
	if (p->monitor.base < p->guest_ram.base + p->guest_ram.size &&
	    p->guest_ram.base < p->monitor.base + p->monitor.size)
		blmon_fatal("platform: the monitor's memory overlaps guest RAM");
	hyp_guest_ram.base = (uint32_t)p->guest_ram.base;
	hyp_guest_ram.size = (uint32_t)p->guest_ram.size;
	/* one CPU: the others QEMU may have never leave their firmware */
	hyp_ncpus = hyp_nvcpus = 1;
	hyp_cpu_base = (struct hyp_cpu *)(void *)p->cpu_data;
	memset(p->cpu_data, 0, sizeof(*p->cpu_data));
	if (p->guest_dtb)
		options_parse(fdt_bootargs((uint8_t *)(uintptr_t)p->guest_dtb, p->guest_dtb_max));
	log_info("big.LITTLE PMU monitor: EL2 (AArch64), 1 CPU, boot cluster %s\n",
		 pmu_cluster_desc[hyp_options.boot_cluster].name);
	log_info("RAM: guest %08lx-%08lx, monitor %08lx-%08lx\n", (unsigned long)p->guest_ram.base,
		 (unsigned long)(p->guest_ram.base + p->guest_ram.size - 1),
		 (unsigned long)p->monitor.base, (unsigned long)(p->monitor.base + p->monitor.size - 1));
	/* ... and the guest's tree says so, as ARMv7's (init.c): /memory ends
	 * where the monitor starts */
	if (p->guest_dtb) {
		int rc = fdt_clip_memory((uint8_t *)(uintptr_t)p->guest_dtb, p->guest_dtb_max,
					 hyp_guest_ram.base, hyp_guest_ram.size);

		if (rc < 0)
			blmon_fatal("the guest's DTB at %08lx is not a valid device tree",
				    (unsigned long)p->guest_dtb);
		log_info("guest DTB at %08lx: /memory clipped to %08lx+%08lx (%d region%s changed)\n",
			 (unsigned long)p->guest_dtb, (unsigned long)hyp_guest_ram.base,
			 (unsigned long)hyp_guest_ram.size, rc, rc == 1 ? "" : "s");
	}
	HYP_ASSERT(pmu_sync_max_entries() <= PMU_SYNC_MAX_ENTRIES);
	uint32_t pmcr = pmu_hw_read(PMU_HW_PMCR);

	hyp_pmu_counters = pmu_phys_counters(pmcr);
	if (hyp_pmu_counters < PMU_TYPEA_COUNTERS)
		blmon_fatal("physical PMU: %u event counters (PMCR %08lx), the monitor needs %u",
			    hyp_pmu_counters, (unsigned long)pmcr, PMU_TYPEA_COUNTERS);
	pmu_phys_events((uint32_t)read_PMCEID0_EL0(), (uint32_t)read_PMCEID1_EL0());
	hvc_check_table();
	dbg_hw_probe();
	/* the switch timer's interrupt needs the GIC (docs/arm64.md) */
	if (hyp_options.switch_us)
		log_info("blmon.switch_us: no switch timer on AArch64 yet, ignored\n");
	switch_init(hyp_options.boot_cluster, 0);
	hyp_mmu_build(p);
	stage2_build(p);
	hyp_cpu(0)->boot.entry = p->guest_entry;
	hyp_cpu(0)->boot.context = p->guest_r0;
	hyp_cpu(0)->boot.platform = true;
}

void blmon_cpu_init(unsigned cpu)
{
	HYP_ASSERT(cpu == 0);
	struct hyp_cpu *c = hyp_cpu(cpu);

	sysreg_vbar_el2_write((uintptr_t)blmon_hyp_vectors);
	sysreg_tpidr_el2_write((uintptr_t)c);
	hyp_mmu_enable();
	stage2_enable();
	cpu_hyp_traps_init();   /* HCR_EL2.VM: the tables are in place */
	c->index = cpu;
	c->phys = cpu;
	c->hdcr = ~0u;   /* the first hyp_update_traps() writes MDCR_EL2 */
	cluster_init(c, hyp_options.boot_cluster);
}

void blmon_enter_next_stage(void)
{
	struct hyp_cpu *c = this_cpu();

	log_info("entering guest at %08lx (EL1h), x0 = %08lx\n", (unsigned long)c->boot.entry,
		 (unsigned long)hyp_platform.guest_r0);
	cpu_enter_guest(c->boot.entry, hyp_platform.guest_r0, hyp_platform.guest_r1,
			hyp_platform.guest_r2);
}
