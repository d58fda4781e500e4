/*
 * The library's entry points (include/blmon.h): the boot CPU's one-time
 * set-up, each CPU's HYP set-up, and the hand-over to the guest. Every
 * trap-control bit is set on purpose; docs/traps.md lists them with the
 * reason.
 */
#include <stddef.h>
#include <string.h>
#include "blmon.h"
#include "cluster.h"
#include "arch_cpu.h"
#include "dbg_hw.h"
#include "fdt.h"
#include "gic.h"
#include "io.h"
#include "fdt_fixup.h"
#include "blmon_log.h"
#include "mmio.h"
#include "migrate.h"
#include "mmu.h"
#include "options.h"
#include "percpu.h"
#include "pmu_hvc.h"
#include "platform.h"
#include "pmu_hw.h"
#include "pmu_phys.h"
#include "smp.h"
#include "switch.h"
#include "vgic.h"
#include "vgic_hw.h"
#include "sysreg.h"
#include "arch_caps.h"

/* The platform must make sense before anything is built from it: these
 * are the board's mistakes, reported as such. */
static void check_platform(const struct blmon_platform *p)
{
	const struct blmon_range *r = &p->guest_ram, *m = &p->monitor;

	if (p->ncpus == 0 || p->ncpus > BLMON_MAX_CPUS || !p->cpu_data)
		blmon_fatal("platform: %u CPUs (1-%u supported) or no per-CPU storage", p->ncpus,
			    BLMON_MAX_CPUS);
	if (r->size == 0 || r->base % 0x200000u || r->size % 0x200000u || r->base + r->size > (1ull << 32))
		blmon_fatal("platform: guest RAM %08llx+%08llx is not 2 MiB aligned below 4 GiB",
			    (unsigned long long)r->base, (unsigned long long)r->size);
	if (m->base < r->base + r->size && r->base < m->base + m->size)
		blmon_fatal("platform: the monitor's memory overlaps guest RAM");
	if (p->ndevices > BLMON_MAX_DEVICE_WINDOWS || p->nmmio > BLMON_MAX_MMIO)
		blmon_fatal("platform: too many device windows or emulated regions");
	/* the guest's distributor is the monitor's (and its GICD_SGIR store
	 * has a fast path that assumes no other region covers it) */
	for (unsigned i = 0; i < p->nmmio; i++)
		if (p->mmio[i].base < (uint64_t)p->gicd + GICD_SIZE &&
		    p->gicd < (uint64_t)p->mmio[i].base + p->mmio[i].size)
			blmon_fatal("platform: emulated region %u (%08lx+%lx) overlaps the GIC distributor at %08lx",
				    i, (unsigned long)p->mmio[i].base, (unsigned long)p->mmio[i].size,
				    (unsigned long)p->gicd);
}

/* The guest's distributor (hyp/vgic/vgic_dist.c) through hyp/exit/mmio.c. */
static bool gicd_access(void *ctx, uint32_t offset, unsigned size, bool write, uint32_t *val)
{
	(void)ctx;
	return vgic_dist_access(&this_cpu()->vgic, offset, size, write, val);
}

/* ... with migration: the GIC's 2N CPU interfaces shown as the guest's N. */
static bool gicd_access_mig(void *ctx, uint32_t offset, unsigned size, bool write, uint32_t *val)
{
	(void)ctx;
	return vgic_hw_mig_access(&this_cpu()->vgic, offset, size, write, val);
}

/* Its GICD_SGIR stores, the one distributor register an OS writes often
 * (every IPI): mmio_register_hot. */
static void gicd_sgir_mig(uint32_t val)
{
	vgic_hw_mig_sgir(&this_cpu()->vgic, val);
}

/* blmon.switch_us in generic-timer ticks. */
static uint32_t switch_ticks(void)
{
	uint64_t t = (uint64_t)hyp_options.switch_us * sysreg_cntfrq_el0_read() / 1000000u;

	if (hyp_options.switch_us == 0)
		return 0;
	if (t < SWITCH_PERIOD_MIN) {
		log_warn("blmon.switch_us=%lu is shorter than %u timer ticks: using %u\n",
			 (unsigned long)hyp_options.switch_us, SWITCH_PERIOD_MIN, SWITCH_PERIOD_MIN);
		t = SWITCH_PERIOD_MIN;
	}
	log_info("whole-system cluster switch every %lu us (%lu timer ticks)\n",
		 (unsigned long)hyp_options.switch_us, (unsigned long)t);
	return (uint32_t)t;
}

/* A board's emulated region (blmon_platform.mmio) through hyp/exit/mmio.c. */
static bool board_mmio(void *ctx, uint32_t offset, unsigned size, bool write, uint32_t *val)
{
	const struct blmon_mmio *m = ctx;

	return m->access(offset, size, write, val);
}

/* The interrupt controller must be the GICv2 the board names: the monitor
 * drives its CPU interface and GICH directly (a GICv3 has neither at those
 * addresses: a write there was a data abort in HYP). The distributor says
 * which architecture it is (its base is the same on both), and the
 * machine's tree must describe the same (a -dtb for another machine
 * would mislead the guest). */
static void check_gic(const struct blmon_platform *p)
{
	uint32_t pidr2 = mmio_read32(p->gicd + GICD_PIDR2);
	struct fdt_gic g;

	if (GICD_PIDR2_ARCHREV(pidr2) != 2) {
		uint32_t v3 = mmio_read32(p->gicd + GICD_PIDR2_V3);

		blmon_fatal("the GIC at %08lx is not a GICv2 (GICD_PIDR2 %08lx; %08lx where a GICv3 has it: architecture version %u): the monitor needs a GICv2 with the virtualization extensions (QEMU: -M virt,gic-version=2, the default)",
			    (unsigned long)p->gicd, (unsigned long)pidr2, (unsigned long)v3,
			    (unsigned)GICD_PIDR2_ARCHREV(v3));
	}
	if (!p->guest_dtb || !fdt_gic((uint8_t *)(uintptr_t)p->guest_dtb, p->guest_dtb_max, &g))
		return;
	if (g.kind == FDT_GIC_V3)
		blmon_fatal("the interrupt controller is a GICv3 (%s): the monitor needs a GICv2 with the virtualization extensions (QEMU: -M virt,gic-version=2, the default)",
			    g.compatible);
	if (g.kind == FDT_GIC_OTHER)
		blmon_fatal("the interrupt controller (%s) is not a GICv2: the monitor needs a GICv2 with the virtualization extensions",
			    g.compatible);
	if (g.kind == FDT_GIC_V2 && g.dist != p->gicd)
		blmon_fatal("the tree's GIC distributor is at %08llx, the board's at %08lx: a tree for another machine?",
			    (unsigned long long)g.dist, (unsigned long)p->gicd);
}

static void patch_guest_dtb(const struct blmon_platform *p)
{
	if (!p->guest_dtb) {
		log_warn("no guest DTB: /memory not clipped, no options read\n");
		return;
	}
	int rc = fdt_clip_memory((uint8_t *)(uintptr_t)p->guest_dtb, p->guest_dtb_max, hyp_guest_ram.base,
				 hyp_guest_ram.size);

	if (rc < 0)
		blmon_fatal("the guest's DTB at %08lx is not a valid device tree",
			    (unsigned long)p->guest_dtb);
	log_info("guest DTB at %08lx: /memory clipped to %08lx+%08lx (%d region%s changed)\n",
		 (unsigned long)p->guest_dtb, (unsigned long)hyp_guest_ram.base,
		 (unsigned long)hyp_guest_ram.size, rc, rc == 1 ? "" : "s");
	if (!mig_on())
		return;
	/* with migration the guest has N CPUs: the tree QEMU made for 2N
	 * says so too (CPU nodes, and the PPI masks that name them) */
	rc = fdt_trim_cpus((uint8_t *)(uintptr_t)p->guest_dtb, p->guest_dtb_max, mig_n);
	if (rc < 0)
		blmon_fatal("the guest's DTB: its CPUs could not be trimmed to blmon.cluster_cpus=%u", mig_n);
	log_info("guest DTB: %u CPU%s for the guest, %d CPU node%s removed\n", mig_n, mig_n == 1 ? "" : "s",
		 rc, rc == 1 ? "" : "s");
}

void blmon_init(const struct blmon_platform *p)
{
	check_platform(p);
	hyp_platform = *p;
	gic_set_base(p->gicd, p->gicc, p->gich);
	hyp_guest_ram.base = (uint32_t)p->guest_ram.base;
	hyp_guest_ram.size = (uint32_t)p->guest_ram.size;
	hyp_ncpus = p->ncpus;
	hyp_cpu_base = (struct hyp_cpu *)(void *)p->cpu_data;
	memset(p->cpu_data, 0, p->ncpus * sizeof(*p->cpu_data));
	if (p->guest_dtb)
		options_parse(fdt_bootargs((uint8_t *)(uintptr_t)p->guest_dtb, p->guest_dtb_max));
	check_gic(p);
	log_info("big.LITTLE PMU/debug monitor: " CPU_MONITOR_MODE ", %u CPU%s, boot cluster %s\n", p->ncpus,
		 p->ncpus == 1 ? "" : "s", pmu_cluster_desc[hyp_options.boot_cluster].name);
	mig_init(hyp_options.cluster_cpus, p->ncpus, hyp_options.boot_cluster);
	hyp_nvcpus = mig_on() ? mig_n : p->ncpus;
	for (unsigned i = 0; i < hyp_nvcpus; i++)
		hyp_cpu(i)->index = i;
	log_info("RAM: guest %08lx-%08lx, monitor %08lx-%08lx\n", (unsigned long)p->guest_ram.base,
		 (unsigned long)(p->guest_ram.base + p->guest_ram.size - 1),
		 (unsigned long)p->monitor.base, (unsigned long)(p->monitor.base + p->monitor.size - 1));
	HYP_ASSERT(pmu_sync_max_entries() <= PMU_SYNC_MAX_ENTRIES);   /* pmu_sync's copy */
	uint32_t pmcr = pmu_hw_read(PMU_HW_PMCR);

	hyp_pmu_counters = pmu_phys_counters(pmcr);
	if (hyp_pmu_counters < PMU_TYPEA_COUNTERS)
		blmon_fatal("physical PMU: %u event counters (PMCR %08lx), the monitor needs %u: state 2 gives the guest counters 0-%u natively",
			    hyp_pmu_counters, (unsigned long)pmcr, PMU_TYPEA_COUNTERS, PMU_TYPEA_COUNTERS - 1);
	uint32_t pmceid0, pmceid1;

	if (sysreg_pmceid_read(&pmceid0, &pmceid1))
		pmu_phys_events(pmceid0, pmceid1);
	hvc_check_table();
	dbg_hw_probe();
	hyp_mmu_build(p);
	stage2_build(p);
	for (unsigned i = 0; i < p->nmmio; i++)
		mmio_register(p->mmio[i].base, p->mmio[i].size, board_mmio, &hyp_platform.mmio[i]);
	patch_guest_dtb(p);
	smp_init(0);
	switch_init(hyp_options.boot_cluster, switch_ticks());
	gic_init();
	bool soft = hyp_options.vgic_hw == OPTION_UNSET ? (p->quirks & BLMON_QUIRK_GIC_HW_DEACTIVATE) != 0
						      : hyp_options.vgic_hw == 0;

	vgic_dist_init(gic_lines(), soft);
	log_info("virtual GIC: physical interrupts %s\n",
		 soft ? "deactivated by the monitor at the guest's EOI (board quirk)" : "hardware-linked");
	mmio_register(p->gicd, GICD_SIZE, mig_on() ? gicd_access_mig : gicd_access, 0);
	mmio_register_hot(p->gicd + GICD_SGIR, mig_on() ? gicd_sgir_mig : vgic_dist_sgir);
	hyp_cpu(0)->boot.entry = p->guest_entry;
	hyp_cpu(0)->boot.context = p->guest_r0;
	hyp_cpu(0)->boot.platform = true;
}

/* A virtual CPU starts afresh (its first start, or after CPU_OFF): only
 * what it was started with, and where it runs, are kept. */
void hyp_vcpu_init(struct hyp_cpu *c)
{
	unsigned index = c->index, phys = c->phys;
	struct hyp_boot boot = c->boot;
	uintptr_t thread_sp = c->thread_sp;
	bool on_core = c->on_core;

	/* what it takes from core to core (ctx on) is written before it is read */
	memset(c, 0, offsetof(struct hyp_cpu, ctx));
	c->index = index;
	c->boot = boot;
	c->phys = phys;
	c->thread_sp = thread_sp;
	c->on_core = on_core;
	c->hdcr = ~0u;
	vgic_cpu_init(&c->vgic, c->index, vgic_hw_nr_lrs());
	/* the PMU and debug state and the cluster: when it joins the system
	 * (smp_cpu_running), which may be switching meanwhile */
}

void blmon_cpu_init(unsigned cpu)
{
	HYP_ASSERT(cpu < hyp_ncpus);
	struct hyp_cpu *c = hyp_cpu(cpu);

	sysreg_vbar_el2_write((uintptr_t)blmon_hyp_vectors);
	/* with migration a core runs no virtual CPU until one is posted to
	 * it (hyp/switch/migrate.c) */
	sysreg_tpidr_el2_write(mig_on() ? 0 : (uintptr_t)c);
	hyp_mmu_enable();
	stage2_enable();
	cpu_hyp_traps_init();
	gic_cpu_init();
	if (!mig_on()) {
		c->index = cpu;
		c->phys = cpu;
		hyp_vcpu_init(c);
	}
}

void blmon_enter_next_stage(void)
{
	struct hyp_cpu *c = this_cpu();

	if (!c)   /* a core of a migrating system (hyp/switch/migrate.c) */
		mig_enter((unsigned)board_cpu_index(sysreg_mpidr_el1_read()));

	smp_cpu_running(c);
	if (c->boot.platform) {   /* the boot CPU's first entry: the platform's registers */
		c->boot.platform = false;
		/* not silent: the one piece of an AArch32 guest's state this
		 * board's EL2 cannot move (include/blmon.h) */
		if (mig_on() && (hyp_platform.quirks & BLMON_QUIRK_A32_SPSR_UNREACHED) &&
		    cpu_boot_guest_a32_under_a64(c->boot.entry))
			log_warn("blmon.cluster_cpus=%u with an AArch32 guest: this board keeps the SPSR of the "
				 "mode the guest trapped from out of EL2's reach, so a migration loses it "
				 "(QEMU 7.2; docs/arm64.md)\n", mig_n);
		log_info("entering guest at %08lx (" CPU_GUEST_MODE ")\n", (unsigned long)c->boot.entry);
		cpu_enter_boot_guest(c->boot.entry, hyp_platform.guest_r0, hyp_platform.guest_r1,
				     hyp_platform.guest_r2);
	}
	cpu_enter_guest(c->boot.entry, c->boot.context, 0, 0);
}
