/*
 * Host model of the hardware behind hyp/vgic/vgic_hw.h: the list registers and
 * GICH_HCR.UIE of the running CPU, a GICv2 distributor register file, the
 * SGIs sent and the kicks; and the guest's side of the virtual CPU
 * interface (GICV acknowledge and EOI), so a test can drive an interrupt
 * from injection to the guest's EOI. Modelled like the architecture (IHI
 * 0048B), not like the monitor wishes:
 *
 * List registers (5.3.11): an LR is valid while its state is not invalid;
 * it is empty in ELSR when its state is invalid and it has HW = 1 or no EOI
 * bit; an invalid HW = 0 LR with the EOI bit is in EISR (an EOI maintenance
 * interrupt) until rewritten. The maintenance interrupt is asserted while
 * EISR is not zero or UIE is on with at most one valid LR. The model counts
 * what the architecture forbids or leaves UNPREDICTABLE: two valid LRs with
 * the same virtual id, a HW = 1 LR both active and pending.
 *
 * The guest's CPU interface, EOImode 0 (an EOI drops the priority and
 * deactivates): an acknowledge takes the highest-priority merely pending
 * LR (equal priorities: the lowest LR) if its priority is higher than the
 * running priority (the highest active one, GICH_APR), and answers 1023
 * otherwise. Preemption compares all five priority bits (binary point 0);
 * the priority mask is open.
 *
 * Distributor (4.3), for FAKE_GIC_CPUS CPUs, the SGI/PPI registers banked
 * per CPU like each CPU's list registers and GICH_HCR (fake_gic_set_cpu
 * picks the one running):
 *   - ISENABLER/ICENABLER, ISPENDR/ICPENDR, ISACTIVER/ICACTIVER: set and
 *     clear registers over one state; SGI enable bits writable (an
 *     implementation choice the architecture allows), SGI pending bits
 *     read-only (pending while any source is);
 *   - CPENDSGIR/SPENDSGIR: each CPU's SGIs pending per source, byte or
 *     word access, both reading the state, a one clearing or setting it
 *     (vgic_hw_sgi_pending/unpend: this CPU's, sources as they are);
 *   - IPRIORITYR: all eight bits implemented, byte or word access;
 *   - ITARGETSR: SPIs' bytes writable, SGIs'/PPIs' read-only (this CPU);
 *   - ICFGR: bit 1 of each field for PPIs and SPIs, SGIs read 0b10;
 *   - TYPER (lines, CPUs, no Security Extensions), IIDR, ID registers
 *     read-only; CTLR bits 0-1; SGIR write-only, logged;
 *   - ids at or above the lines implemented RAZ/WI, and so is reserved
 *     space. An unaligned access, or a byte access to a register that
 *     allows only words, is counted as a bad access (the GIC's
 *     UNPREDICTABLE).
 */
#ifndef FAKE_GIC_H
#define FAKE_GIC_H

#include <stdbool.h>
#include <stdint.h>
#include "gicv2.h"
#include "vgic_hw.h"

#define FAKE_GIC_LRS       4u            /* default list registers */
#define FAKE_GIC_LINES     128u          /* default interrupt ids implemented */
#define FAKE_GIC_CPUS      8u
#define FAKE_GIC_IIDR      0x0200143bu   /* a GIC-400 */
#define FAKE_GIC_MAX_LOG   64u
#define FAKE_GIC_SPURIOUS  1023u

#define FAKE_GIC_MAX_LRS   64u           /* GICH_VTR.ListRegs + 1 */
#define FAKE_GIC_IDS       1024u         /* the id space of the register file */

/* The distributor's state; word 0 of the bit registers, priorities 0-31
 * and ICFGR1 are banked per CPU (the shared arrays' copies unused). */
struct fake_gicd {
	uint32_t ctlr;
	uint32_t enable[FAKE_GIC_IDS / 32], pending[FAKE_GIC_IDS / 32], active[FAKE_GIC_IDS / 32];
	uint32_t enable0[FAKE_GIC_CPUS], pending0[FAKE_GIC_CPUS], active0[FAKE_GIC_CPUS];
	uint8_t prio[FAKE_GIC_IDS], prio0[FAKE_GIC_CPUS][GIC_NR_PRIVATE];
	uint8_t targets[FAKE_GIC_IDS];
	uint32_t cfg[FAKE_GIC_IDS / 16], cfg1[FAKE_GIC_CPUS];
	uint8_t sgi_src[FAKE_GIC_CPUS][GIC_NR_SGIS];   /* bit s: pending from CPU s */
};

/* A CPU's virtual interface control, and its guest's active priorities. */
struct fake_gich {
	uint32_t lr[FAKE_GIC_MAX_LRS];
	bool uie;
	uint32_t apr;                  /* active priorities: bit = priority >> 3 */
};

struct fake_gic {
	/* virtual interface control of the running CPU (the others' in gich[]) */
	unsigned nr_lrs;
	uint32_t lr[FAKE_GIC_MAX_LRS];
	bool uie;
	uint32_t apr;
	struct fake_gich gich[FAKE_GIC_CPUS];
	unsigned dup_vid;              /* LR writes leaving two valid LRs with one virtual id */
	unsigned hw_active_pending;    /* LR writes of a HW = 1 LR active and pending */
	unsigned eoi_unmatched;        /* guest EOIs of an id no active LR holds */
	/* the distributor as the running CPU sees it */
	unsigned cpu, ncpus, lines;
	struct fake_gicd d;
	unsigned bad_access;           /* unaligned, or a byte where the GIC takes words */
	unsigned bad_lr;               /* list register numbers past nr_lrs */
	unsigned reads, writes;        /* distributor accesses */
	/* what the monitor did */
	uint32_t sgi[FAKE_GIC_MAX_LOG];
	unsigned nsgi;
	unsigned kicks;                /* vgic_hw_kick_others() */
	uint32_t kicked;               /* CPUs vgic_hw_kick() asked to refill */
	uint32_t deactivated[FAKE_GIC_MAX_LOG];   /* physical ids the guest's EOIs ended */
	unsigned ndeactivated;
	unsigned monitor_deactivations;          /* ... of them by the monitor (soft-linked) */
};

extern struct fake_gic fake_gic;

/* Everything reset: nr_lrs list registers (1..FAKE_GIC_MAX_LRS), a
 * distributor of `lines` ids (a multiple of 32) for ncpus CPUs, CPU 0
 * accessing. Priorities, enables, pending and active states zero. */
void fake_gic_reset(unsigned nr_lrs, unsigned lines, unsigned ncpus);
/* The CPU running: the one whose list registers, GICH_HCR and banked
 * SGI/PPI distributor registers the model shows. */
void fake_gic_set_cpu(unsigned cpu);

/* GICH_ELSR / GICH_EISR / valid LRs as bit masks; the maintenance
 * interrupt's level (GICH_MISR.U or .EOI). */
uint64_t fake_gic_elsr(void);
uint64_t fake_gic_eisr(void);
unsigned fake_gic_valid_lrs(void);
bool fake_gic_maintenance(void);

/* The physical distributor's acknowledge of a guest interrupt before the
 * monitor injects it: id active. */
void fake_gic_phys_ack(uint32_t id);
bool fake_gic_phys_active(uint32_t id);

/* A distributor register as the running CPU reads it, without counting
 * an access; and a write the same way (test set-up). */
uint32_t fake_gicd_peek32(uint32_t off);
uint8_t fake_gicd_peek8(uint32_t off);
void fake_gicd_poke32(uint32_t off, uint32_t v);
void fake_gicd_poke8(uint32_t off, uint8_t v);

/* GICV_IAR: id | source << 10, or FAKE_GIC_SPURIOUS. */
uint32_t fake_guest_ack(void);
/* GICV_EOIR with what fake_guest_ack returned: priority drop and
 * deactivation (active -> invalid, active and pending -> pending); a HW = 1
 * LR deactivates its physical id (logged, active bit cleared). */
void fake_guest_eoi(uint32_t iar);
/* The running priority (0x100: idle). */
unsigned fake_guest_running_prio(void);

#endif
