/*
 * Per-CPU monitor state, indexed by logical CPU number from day one
 * (spec 3.5: "Returned counters belong to processors with the same CPUID
 * on different clusters"): each physical CPU stands for an A15/A7 pair.
 * HTPIDR holds the running CPU's pointer, so a trap finds it in one MRC.
 */
#ifndef HYP_PERCPU_H
#define HYP_PERCPU_H

#include <stdbool.h>
#include <stdint.h>
#include "board.h"
#include "bl_pmu_abi.h"
#include "pmu.h"
#include "dbg_context.h"

struct hyp_cpu {
	unsigned index;
	uint32_t hdcr;             /* value last written to HDCR */
	struct pmu_cpu pmu;        /* PMU state machine, contexts, Type B */
	struct dbg_ctx dbg;        /* CP14 debug context */
	uint32_t auto_period;      /* monitor-initiated switches: timer ticks, 0 = off */
	bool irq_ready;            /* this CPU's interrupt controller set up for the HYP timer */
	uint32_t switches;         /* cluster switches done */
	struct {                   /* pending PSCI CPU_ON for this CPU */
		uint32_t entry, context;
		bool valid;
	} boot;
};

extern struct hyp_cpu hyp_cpus[BOARD_MAX_CPUS];

#ifndef HOST_BUILD
#include "cpregs_access.h"
static inline struct hyp_cpu *this_cpu(void)
{
	return (struct hyp_cpu *)read_HTPIDR();
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
	uint32_t hdcr = (pmu_hdcr_bits(&c->pmu) & HDCR_PMU_MASK) | HDCR_TDA | HDCR_TDOSA;

	if (hdcr != c->hdcr) {
		write_HDCR(hdcr);
		c->hdcr = hdcr;
		isb();
	}
}
#endif

/* HCR: stage 2, SMC trap, and IRQ routing while auto switching is on. */
void hyp_update_hcr(const struct hyp_cpu *c);

#endif
