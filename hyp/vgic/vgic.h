/*
 * The virtual GIC: each CPU's list registers (hyp/vgic/vgic_lr.c, SGIs
 * vgic_sgi.c), what does not fit in them (vgic_queue.c), the guest's
 * distributor writes to what they hold (vgic_held.c), and the emulated
 * distributor (vgic_dist.c).
 *
 * A physical interrupt of the guest's is acknowledged in HYP, its priority
 * dropped, and injected through a list register hardware-linked to it (HW
 * bit, physical id), so the guest's EOI on the virtual CPU interface
 * deactivates it: it cannot fire again before the guest is done with it.
 * An SGI is acknowledged and deactivated in HYP and injected with its
 * source CPU. What does not fit in the list registers waits in a per-CPU
 * set, ordered by priority; the list registers always hold the
 * highest-priority pending interrupts, and the underflow maintenance
 * interrupt refills them. Nothing is lost, duplicated or overtaken by a
 * lower-priority one (docs/vgic.md).
 *
 * Portable: the hardware is reached through vgic_hw.h (GICH and the
 * distributor on the target, a model in tests/support/ on the host).
 */
#ifndef HYP_VGIC_H
#define HYP_VGIC_H

#include <stdbool.h>
#include <stdint.h>
#include "gicv2.h"

#define VGIC_MAX_LRS   64u      /* GICH_VTR.ListRegs + 1 <= 64 */
#define VGIC_MAX_CPUS  8u       /* CPU interfaces a GICv2 has */
#define VGIC_WORDS     (GIC_MAX_IRQS / 32 + 1)   /* one bit per interrupt id */

/* What a guest's distributor write does to an interrupt the monitor holds
 * for it - in a list register or waiting for one (docs/vgic.md, "What the
 * guest's distributor writes do to what the monitor holds"). */
enum vgic_req {
	VGIC_GIVE_BACK,   /* may no longer be signalled here (disabled, retargeted,
			     re-prioritised): a merely pending one goes back to the
			     physical distributor, which decides again */
	VGIC_UNPEND,      /* ICPENDR: a merely pending one is gone */
	VGIC_UNACTIVE,    /* ICACTIVER: an active one is no longer active */
	VGIC_PEND,        /* ISPENDR: an active one becomes pending again */
	VGIC_ACTIVATE,    /* ISACTIVER */
	VGIC_NREQ
};

struct vgic_cpu {
	unsigned cpu;                   /* this CPU's number */
	unsigned nr_lrs;                /* list registers the hardware has */
	uint64_t lr_mask;               /* their bits in ELSR */
	uint32_t queued_hw[GIC_MAX_IRQS / 32 + 1];   /* physical ids waiting for an LR */
	uint8_t queued_sgi[GIC_NR_SGIS];              /* bit s: SGI from CPU s waiting */
	unsigned nqueued;
	bool underflow;                 /* GICH_HCR.UIE set */
	_Alignas(4) uint8_t prio_private[GIC_NR_PRIVATE];   /* guest priorities, ids 0-31 */
	/* The list-register value of each of ids 0-31 but an SGI's source:
	 * id, priority, pending, and for a PPI its link (hardware-linked or
	 * EOI-signalled, vgic_dist.soft_eoi). Kept with prio_private
	 * (vgic_set_prio()), so that the injection paths load one word
	 * instead of composing it (docs/performance.md, irqsgi64). */
	uint32_t lr_private[GIC_NR_PRIVATE];
	uint32_t sgi_disabled;          /* SGIs the guest disabled (bit id): they wait */
	uint32_t requests;              /* VGIC_REQ_* from other CPUs (atomic) */
};

#define VGIC_REQ_WRITES   (1u << 0)   /* vgic_dist.req holds writes for this CPU */
#define VGIC_REQ_DIST_OFF (1u << 1)   /* the guest turned its distributor off */

/* The distributor's state the guest sees (one for the system). */
struct vgic_dist {
	bool soft_eoi;                  /* physical interrupts soft-linked (vgic_lr.c) */
	uint32_t ctlr;                  /* the guest's GICD_CTLR (enable bits) */
	uint32_t lines;                 /* interrupt ids implemented */
	uint8_t prio_shared[GIC_MAX_IRQS];            /* guest priorities, ids 32+ */
	/* The CPU last given each SPI (its number + 1; 0: none): where a write
	 * from another CPU must be applied. A hint: the guest may have ended
	 * the interrupt since, which that CPU then finds. */
	uint8_t holder[GIC_MAX_IRQS];
	/* Writes to apply on another CPU: req[kind][cpu] one bit per id
	 * (atomic), and that CPU's state, to flag them (vgic_cpu_init). */
	uint32_t req[VGIC_NREQ][VGIC_MAX_CPUS][VGIC_WORDS];
	struct vgic_cpu *cpu[VGIC_MAX_CPUS];
};

extern struct vgic_dist vgic_dist;

/* soft_eoi: physical interrupts as software list-register entries that
 * the monitor deactivates at the guest's EOI (docs/vgic.md). */
void vgic_dist_init(uint32_t lines, bool soft_eoi);
void vgic_cpu_init(struct vgic_cpu *v, unsigned cpu, unsigned nr_lrs);

/* The guest's priority for id as seen from CPU v (LR priority). */
static inline uint8_t vgic_prio(const struct vgic_cpu *v, uint32_t id)
{
	if (id < GIC_NR_PRIVATE)
		return v->prio_private[id];
	return id < GIC_MAX_IRQS ? vgic_dist.prio_shared[id] : 0xff;
}

/* A physical interrupt, acknowledged and priority-dropped. */
void vgic_inject_hw(struct vgic_cpu *v, uint32_t id);
/* SGI id from CPU src, acknowledged and deactivated. */
void vgic_inject_sgi(struct vgic_cpu *v, uint32_t id, uint32_t src);
/* The guest's GICD_SPENDSGIR/CPENDSGIR on CPU v (vgic_sgi.c): SGIs
 * first..first+3 (first: 0, 4, 8, 12), a byte each, bit s of a byte from
 * (virtual) CPU s. What is pending - waiting, in a list register, or sent
 * and not yet taken in HYP; and the sources in `word` made pending (set)
 * or no longer pending, wherever they are. Every SGI and source given:
 * the caller leaves the monitor's out. */
uint32_t vgic_sgi_pending(struct vgic_cpu *v, uint32_t first);
void vgic_sgi_write(struct vgic_cpu *v, uint32_t first, uint32_t word, bool set);
/* Maintenance interrupt, distributor enabled again, or any time list
 * registers may have freed: fill them from the waiting set. */
void vgic_refill(struct vgic_cpu *v);
/* Another CPU kicked this one (KICK_REFILL): its writes for what this CPU
 * holds, the guest's distributor turned off, then a refill. */
void vgic_kicked(struct vgic_cpu *v);

/* A guest write of kind to the one-bit-per-interrupt ids in `bits`
 * (first id `first`) made on CPU v: applied to what v holds, and posted to
 * the CPU holding an SPI (kicked). Returns the bits the physical
 * distributor must still get: those no CPU holds, for the kinds whose
 * write would change a held interrupt's physical state under it. */
uint32_t vgic_held_write(struct vgic_cpu *v, uint32_t first, uint32_t bits, enum vgic_req kind);
/* CPU v leaves the system (PSCI CPU_OFF): no SPI is held there any more,
 * so a write for one goes to the hardware, not to a CPU that will never
 * take it; what it held and had not delivered, the GIC signals again
 * (given back). */
void vgic_cpu_off(struct vgic_cpu *v);
/* The guest turned its distributor off on CPU v: nothing stays pending in
 * a list register, on any CPU. */
void vgic_dist_off(struct vgic_cpu *v);
/* After the guest wrote enable bits of ids 0-31 on CPU v: `off` is the
 * guest's SGIs the distributor now shows disabled (bit id). */
void vgic_sgi_disabled(struct vgic_cpu *v, uint32_t off);
/* The guest's priority of private id (< GIC_NR_PRIVATE) on CPU v is now
 * prio: prio_private and the list-register template (vgic_lr.c). */
void vgic_set_prio(struct vgic_cpu *v, uint32_t id, uint8_t prio);
/* The guest's priority of id changed (v: the writer). */
void vgic_prio_changed(struct vgic_cpu *v, uint32_t id);

/* A trapped distributor access from CPU v (offset < GICD_SIZE, size 1 or
 * 4): false if the access is not one the GIC allows (the guest gets an
 * abort). */
bool vgic_dist_access(struct vgic_cpu *v, uint32_t off, unsigned size, bool write, uint32_t *val);
/* Its GICD_SGIR word write, which never fails: also on its own, for the
 * hot store path (hyp/exit/mmio.c mmio_register_hot). */
void vgic_dist_sgir(uint32_t val);

#endif
