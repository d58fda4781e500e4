/*
 * What the files behind hyp/vgic/vgic.h share, and nothing else includes
 * but AArch64's hot IRQ path (hyp/switch/irq_hot.c, vgic_inject_hw()'s
 * common case):
 * a list register's value for an interrupt, the free ones, and the entry
 * points of the waiting set (hyp/vgic/vgic_queue.c). Inline because the
 * injection paths (vgic_lr.c, vgic_sgi.c) run them for every interrupt the
 * guest gets (docs/performance.md).
 *
 * Either way a list register holds a physical interrupt exactly when its
 * id is 16 or more (phys_lr()); SGIs are the only software interrupts
 * otherwise (vgic_lr.c).
 */
#ifndef HYP_VGIC_LR_H
#define HYP_VGIC_LR_H

#include <stdbool.h>
#include <stdint.h>
#include "vgic.h"
#include "vgic_hw.h"

static inline bool dist_enabled(void) { return vgic_dist.ctlr & GICD_CTLR_ENABLE; }

static inline uint64_t lr_mask(const struct vgic_cpu *v) { return v->lr_mask; }

/* A physical interrupt's list register: for ids 0-31 the CPU's template
 * (struct vgic_cpu lr_private), an SPI's composed here. */
static inline uint32_t lr_hw(const struct vgic_cpu *v, uint32_t id)
{
	if (id < GIC_NR_PRIVATE)
		return v->lr_private[id];
	uint32_t link = vgic_dist.soft_eoi ? GICH_LR_EOI : GICH_LR_HW | GICH_LR_PID(id);

	return link | GICH_LR_VID(id) | GICH_LR_PRIO(vgic_prio(v, id)) | GICH_LR_PENDING;
}

/* A list register of a physical interrupt (PPI or SPI), however linked. */
static inline bool phys_lr(uint32_t lr)
{
	return GICH_LR_GET_VID(lr) >= GIC_NR_SGIS;
}

/* An SGI's (id < GIC_NR_SGIS): the template with its source */
static inline uint32_t lr_sgi(const struct vgic_cpu *v, uint32_t id, uint32_t src)
{
	return v->lr_private[id] | GICH_LR_CPUID(src);
}

/* The first list register in `empty` (ELSR masked to ours), or -1
 * (32-bit halves: no libgcc call). */
static inline int first_free(uint64_t empty)
{
	uint32_t lo = (uint32_t)empty, hi = (uint32_t)(empty >> 32);

	if (lo)
		return __builtin_ctz(lo);
	return hi ? 32 + __builtin_ctz(hi) : -1;
}

/* A free list register, or -1: the first 32 first, ELSR0 alone (what a
 * GIC with up to 32 list registers has; the injection paths' common case,
 * docs/performance.md), then all of them. */
static inline int free_lr(const struct vgic_cpu *v)
{
	uint32_t lo = (uint32_t)vgic_hw_elsr(32) & (uint32_t)lr_mask(v);

	if (lo)
		return __builtin_ctz(lo);
	return first_free(vgic_hw_elsr(v->nr_lrs) & lr_mask(v));
}

/* A physical interrupt may go straight into a free list register: nothing
 * waits and the guest's distributor is on (else it waits, vgic_queue.c).
 * vgic_inject_hw()'s common case, and AArch64's hot IRQ path's
 * (hyp/switch/irq_hot.c, which includes this file for it). */
#define direct_ok(v) ((v)->nqueued == 0 && dist_enabled())   /* a macro: inline, GCC ordered inject_spi()'s blocks otherwise */

/* An SGI's common case (id < GIC_NR_SGIS, src < 8; vgic_sgi.c
 * vgic_inject_sgi(), and AArch64's hot IRQ path, hyp/switch/irq_hot.c):
 * nothing waits - so no source of it either - and the guest's distributor
 * is on (direct_ok()), and no list register is in use - so none holds its
 * id: straight into the first. false: nothing done, vgic_inject_sgi()'s
 * general way. */
static inline bool sgi_direct(const struct vgic_cpu *v, uint32_t id, uint32_t src)
{
	if (!direct_ok(v) || (vgic_hw_elsr(v->nr_lrs) & lr_mask(v)) != lr_mask(v))
		return false;
	vgic_hw_lr_write(0, lr_sgi(v, id, src));
	return true;
}

/* List register i, holding lr, without the state bits `drop` (pending,
 * active): emptied once it is neither. */
static inline void lr_drop_state(unsigned i, uint32_t lr, uint32_t drop)
{
	uint32_t st = lr & GICH_LR_STATE_MASK & ~drop;

	vgic_hw_lr_write(i, st ? (lr & ~GICH_LR_STATE_MASK) | st : 0);
}

static inline void set_bit_reg(uint32_t reg, uint32_t id)
{
	vgic_hw_gicd_write32(reg + 4 * (id / 32), 1u << (id % 32));
}

/* The valid list register holding id (an SGI: from any source; one at
 * most), or -1 (vgic_lr.c). */
int vgic_lr_of(const struct vgic_cpu *v, uint32_t id);

/* The waiting set (vgic_queue.c). Into it, once per id and SGI source: */
void vgic_queue_lr(struct vgic_cpu *v, uint32_t lr);
/* Restore the invariant of vgic_queue.c after any change. */
void vgic_settle(struct vgic_cpu *v);
/* Back to waiting: the merely pending list registers of lower priority
 * than hold (-1: all of them), and those of the SGIs the guest disabled;
 * their ids leave *sgis (the SGI ids in list registers). */
void vgic_hold_back(struct vgic_cpu *v, int hold, uint32_t *sgis);

#endif
