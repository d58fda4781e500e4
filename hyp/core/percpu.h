/*
 * Per-CPU monitor state, indexed by logical CPU number (spec 3.5:
 * "Returned counters belong to processors with the same CPUID on different
 * clusters"): each physical CPU stands for an A15/A7 pair. The storage is
 * the board's (blmon_platform.cpu_data); HTPIDR holds the running CPU's
 * pointer, so a trap finds it in one MRC.
 */
#ifndef HYP_PERCPU_H
#define HYP_PERCPU_H

#include <stdbool.h>
#include <stdint.h>
#include "blmon.h"
#include "bl_pmu_abi.h"
#include "pmu.h"
#include "dbg_context.h"
#include "vgic.h"
#include "cpu_ctx.h"
#include "frame.h"
#include "vgic_hw.h"

/* What a CPU enters when it starts: PSCI CPU_ON's entry and context, or
 * for the boot CPU the platform's guest entry and registers. */
struct hyp_boot {
	guest_reg_t entry, context;   /* 64 bits on AArch64 */
	bool platform;
};

struct hyp_cpu {
	/* first: the HVC table's Type B handlers pass &c->pmu on, and at
	 * offset 0 that is c itself - a tail call with nothing to add */
	struct pmu_cpu pmu;        /* PMU state machine, contexts, Type B */
	unsigned index;
	uint32_t hdcr;             /* value last written to HDCR */
	/* why the monitor's SGI came (KICK_* in smp.h); LDREX/STREX take the
	 * address in an ADD */
	uint32_t kick;
	struct dbg_ctx dbg;        /* CP14 debug context */
	struct vgic_cpu vgic;      /* this CPU's virtual CPU interface */
	uint32_t switches;         /* cluster switches this CPU took part in */
	bool timer_armed;          /* its HYP timer drives monitor-initiated switches */
	bool timer_masked;         /* ... held back while a switch is in progress */
	struct hyp_boot boot;
	/* With migration (hyp/switch/migrate.c): the physical CPU running this
	 * virtual CPU, its HYP thread while suspended, and what it takes
	 * from core to core */
	unsigned phys;
	uintptr_t thread_sp;
	volatile bool on_core;        /* a core runs (or is leaving) its thread */
	unsigned ack_core;            /* core + 1 to tell when a core takes it (CPU_ON) */
	struct cpu_ctx ctx;
	struct vgic_hw_state gic;
	uint32_t cnthp_ctl;
	uint64_t cnthp_cval;
};

_Static_assert(sizeof(struct hyp_cpu) <= sizeof(struct blmon_cpu_data),
	       "BLMON_CPU_DATA_SIZE (include/blmon.h) too small for struct hyp_cpu");

/* CPUs the board can have, and their state (blmon_init). */
extern unsigned hyp_ncpus;
/* CPUs the guest has: hyp_ncpus, or blmon.cluster_cpus with migration. */
extern unsigned hyp_nvcpus;
extern struct hyp_cpu *hyp_cpu_base;
/* A virtual CPU's state as it (re)starts (hyp/init/init.c). */
void hyp_vcpu_init(struct hyp_cpu *c);
static inline struct hyp_cpu *hyp_cpu(unsigned i)
{
	return (struct hyp_cpu *)((struct blmon_cpu_data *)(void *)hyp_cpu_base + i);
}

#ifndef HOST_BUILD
#include "arch_cpu.h"
#include "sysreg.h"
static inline struct hyp_cpu *this_cpu(void)
{
	return (struct hyp_cpu *)sysreg_tpidr_el2_read();
}

/* HDCR (B4.1.67); HPMN/TPMCR/TPM/HPME come from the PMU state machine. */
#define HDCR_PMU_MASK 0xffu
#define HDCR_TDA   (1u << 9)  /* trap CP14 debug accesses: DBGDIDR per cluster,
				 registers the core lacks, lazy switching */
#define HDCR_TDOSA (1u << 10) /* ... and OS lock / DBGPRCR, same reason */

/* HDCR for the PMU state and the monitor's own bits; written only when it
 * changes. Inline: on QEMU 7.2 every trapped PMU access changes the state. */
static inline void hyp_update_traps(struct hyp_cpu *c)
{
	uint32_t hdcr = (pmu_hdcr_bits(&c->pmu) & HDCR_PMU_MASK) | HDCR_TDA | HDCR_TDOSA |
			MDCR_ARCH_DEBUG_TRAPS;

	if (hdcr != c->hdcr) {
#if ARCH_PMU_PAIR_V8
		pmu_userenr_traps(&c->pmu, c->hdcr & PMU_HDCR_TPM, hdcr & PMU_HDCR_TPM);
#endif
		sysreg_mdcr_el2_write(hdcr);
		c->hdcr = hdcr;
		sysreg_mdcr_el2_sync();
	}
}
#endif

#endif
