/*
 * Monitor start-up: per CPU, set up HYP, the traps, stage 2 and the PMU and
 * debug state, then enter the guest. Every trap-control bit is set on
 * purpose; docs/traps.md lists them with the reason.
 */
#include <string.h>
#include "percpu.h"
#include "cpregs_access.h"
#include "board.h"
#include "fdt_fixup.h"
#include "log.h"
#include "mmu.h"
#include "panic.h"
#include "cluster.h"
#include "vcpu.h"
#include "dbg_hw.h"

#ifndef BOOT_CLUSTER
#define BOOT_CLUSTER CLUSTER_A15
#endif

struct hyp_cpu hyp_cpus[BOARD_MAX_CPUS];

/* HCR (ARM ARM B4.1.65) */
#define HCR_VM    (1u << 0)   /* stage 2 on: the guest cannot reach the monitor */
#define HCR_SWIO  (1u << 1)   /* set/way invalidate acts as clean+invalidate */
#define HCR_IMO   (1u << 4)   /* physical IRQs to HYP (only for auto switching) */
#define HCR_TSC   (1u << 19)  /* trap SMC: PSCI goes through the monitor */

/* HCPTR (B4.1.66): trace registers are not virtualised, so trap them (the
 * guest gets UNDEF). cp10/cp11 (VFP/NEON) stay with the guest. */
#define HCPTR_TTA  (1u << 20)

void hyp_update_hcr(const struct hyp_cpu *c)
{
	write_HCR(HCR_VM | HCR_SWIO | HCR_TSC | (c->auto_period ? HCR_IMO : 0));
	isb();
}

static void patch_guest_dtb(void)
{
	const struct board_mem *m = board_mem();
	uint32_t dtb = board_find_guest_dtb();

	if (!dtb) {
		log_warn("no guest DTB found; /memory not clipped\n");
		return;
	}
	int rc = fdt_clip_memory((uint8_t *)dtb, m->guest_ram_base + m->guest_ram_size - dtb,
				 m->guest_ram_base, m->guest_ram_size);
	log_info("guest DTB at %08lx: /memory clipped to %08lx+%08lx (%d region%s changed)\n",
		 (unsigned long)dtb, (unsigned long)m->guest_ram_base,
		 (unsigned long)m->guest_ram_size, rc, rc == 1 ? "" : "s");
}

static void cpu_init(struct hyp_cpu *c, unsigned index)
{
	c->index = index;
	c->hdcr = ~0u;
	write_HTPIDR((uint32_t)c);
	hyp_mmu_enable();
	stage2_enable();
	write_HSTR(0);               /* no CP15 primary-register traps */
	write_HCPTR(HCPTR_TTA);
	write_VMPIDR(read_MPIDR());  /* the guest keeps its CPU number across switches */
	cluster_init(c, BOOT_CLUSTER);
	hyp_update_hcr(c);
	hyp_update_traps(c);
}

static void __attribute__((noreturn)) enter_guest(uint32_t pc, uint32_t r0)
{
	/* SVC mode, IRQ/FIQ/async aborts masked, ARM state. */
	uint32_t spsr = PSR_MODE_SVC | PSR_I | PSR_F | PSR_A;
	register uint32_t a0 __asm__("r0") = r0;

	__asm__ volatile("msr spsr_cxsf, %0\n\t"
			 "msr elr_hyp, %1\n\t"
			 "mov r1, #0\n\tmov r2, #0\n\tmov r3, #0\n\t"
			 "eret"
			 : : "r"(spsr), "r"(pc), "r"(a0) : "r1", "r2", "r3", "memory");
	__builtin_unreachable();
}

void hyp_main(unsigned index) __attribute__((noreturn));
void hyp_main(unsigned index)
{
	struct hyp_cpu *c = &hyp_cpus[index];

	if (index == 0) {
		log_info("big.LITTLE PMU/debug monitor: HYP mode, CPU0, boot cluster %s\n",
			 pmu_cluster_desc[BOOT_CLUSTER].name);
		HYP_ASSERT(pmu_sync_max_entries() <= PMU_SYNC_MAX_ENTRIES);   /* pmu_sync's copy */
		hvc_check_table();
		dbg_hw_probe();
		hyp_mmu_build(board_mem());
		stage2_build(board_mem());
		patch_guest_dtb();
		cpu_init(c, index);
		log_info("entering guest at %08lx (SVC)\n", (unsigned long)board_guest_entry());
		enter_guest(board_guest_entry(), 0);
	}
	/* A secondary started by PSCI CPU_ON through the monitor (psci.c). */
	cpu_init(c, index);
	if (!c->boot.valid)
		hyp_panic("secondary CPU started without a CPU_ON request");
	c->boot.valid = false;
	enter_guest(c->boot.entry, c->boot.context);
}
