/*
 * List registers and the interrupts waiting for one (hyp/vgic.h).
 *
 * Invariant, kept by settle(): while the guest's distributor is enabled,
 * either nothing waits, or every list register is in use, no waiting
 * interrupt has a higher priority than any merely pending list register,
 * and the underflow maintenance interrupt is on. So the guest's virtual
 * CPU interface, which picks the highest-priority pending list register,
 * always sees the highest-priority pending interrupt.
 */
#include <string.h>
#include "vgic.h"
#include "vgic_hw.h"

struct vgic_dist vgic_dist;

void vgic_cpu_init(struct vgic_cpu *v, unsigned cpu, unsigned nr_lrs)
{
	memset(v, 0, sizeof(*v));
	v->cpu = cpu;
	unsigned n = nr_lrs < VGIC_MAX_LRS ? nr_lrs : VGIC_MAX_LRS;

	v->nr_lrs = n;
	for (unsigned i = 0; i < n; i++)
		vgic_hw_lr_write(i, 0);
	vgic_hw_set_underflow(false);
}

static bool dist_enabled(void) { return vgic_dist.ctlr & GICD_CTLR_ENABLE; }

static uint64_t lr_mask(const struct vgic_cpu *v)
{
	return v->nr_lrs >= 64 ? ~0ull : (1ull << v->nr_lrs) - 1;
}

static uint32_t lr_hw(const struct vgic_cpu *v, uint32_t id)
{
	return GICH_LR_HW | GICH_LR_PID(id) | GICH_LR_VID(id) | GICH_LR_PRIO(vgic_prio(v, id)) |
	       GICH_LR_PENDING;
}

static uint32_t lr_sgi(const struct vgic_cpu *v, uint32_t id, uint32_t src)
{
	return GICH_LR_CPUID(src) | GICH_LR_VID(id) | GICH_LR_PRIO(vgic_prio(v, id)) | GICH_LR_PENDING;
}

/* A free list register, or -1. */
static int free_lr(const struct vgic_cpu *v)
{
	uint64_t e = vgic_hw_elsr() & lr_mask(v);

	return e ? __builtin_ctzll(e) : -1;
}

/* ---- the waiting set ------------------------------------------------------ */

static void queue_lr(struct vgic_cpu *v, uint32_t lr)
{
	uint32_t id = GICH_LR_GET_VID(lr);

	if (lr & GICH_LR_HW) {
		if (!(v->queued_hw[id / 32] & (1u << (id % 32)))) {
			v->queued_hw[id / 32] |= 1u << (id % 32);
			v->nqueued++;
		}
	} else if (id < GIC_NR_SGIS && !(v->queued_sgi[id] & (1u << GICH_LR_GET_CPUID(lr)))) {
		v->queued_sgi[id] |= (uint8_t)(1u << GICH_LR_GET_CPUID(lr));
		v->nqueued++;
	}
}

/* The highest-priority waiting interrupt as a list register value (lowest
 * priority value; among equals the lowest id, SGIs by source), dequeued. */
static uint32_t dequeue_best(struct vgic_cpu *v)
{
	uint32_t best = 0, best_prio = 0x100;

	for (uint32_t id = 0; id < GIC_NR_SGIS; id++)
		for (uint32_t s = 0; s < 8; s++)
			if ((v->queued_sgi[id] & (1u << s)) && vgic_prio(v, id) < best_prio) {
				best = lr_sgi(v, id, s);
				best_prio = vgic_prio(v, id);
			}
	for (uint32_t w = 0; w < GIC_MAX_IRQS / 32 + 1; w++) {
		for (uint32_t bits = v->queued_hw[w]; bits; bits &= bits - 1) {
			uint32_t id = w * 32 + (uint32_t)__builtin_ctz(bits);

			if (vgic_prio(v, id) < best_prio) {
				best = lr_hw(v, id);
				best_prio = vgic_prio(v, id);
			}
		}
	}
	uint32_t id = GICH_LR_GET_VID(best);

	if (best_prio == 0x100)   /* nothing waits: callers check nqueued first */
		return 0;
	if (best & GICH_LR_HW)
		v->queued_hw[id / 32] &= ~(1u << (id % 32));
	else
		v->queued_sgi[id] &= (uint8_t)~(1u << GICH_LR_GET_CPUID(best));
	v->nqueued--;
	return best;
}

/* The merely pending list register of the lowest priority, or -1. */
static int worst_pending_lr(const struct vgic_cpu *v, uint32_t *prio)
{
	uint64_t used = ~vgic_hw_elsr() & lr_mask(v);
	int worst = -1;

	*prio = 0;
	for (; used; used &= used - 1) {
		unsigned i = (unsigned)__builtin_ctzll(used);
		uint32_t lr = vgic_hw_lr_read(i);

		if ((lr & GICH_LR_STATE_MASK) == GICH_LR_PENDING && GICH_LR_GET_PRIO(lr) >= *prio) {
			*prio = GICH_LR_GET_PRIO(lr);
			worst = (int)i;
		}
	}
	return worst;
}

/* Restore the invariant (file comment). Each round either fills a free
 * list register or swaps in a waiting interrupt of strictly higher priority
 * than the one it displaces, so it ends. */
static void settle(struct vgic_cpu *v)
{
	while (v->nqueued && dist_enabled()) {
		int i = free_lr(v);
		uint32_t best, worst_prio;

		if (i >= 0) {
			vgic_hw_lr_write((unsigned)i, dequeue_best(v));
			continue;
		}
		i = worst_pending_lr(v, &worst_prio);
		if (i < 0)
			break;
		best = dequeue_best(v);
		if (GICH_LR_GET_PRIO(best) >= worst_prio) {
			queue_lr(v, best);   /* no better than what the LRs hold */
			break;
		}
		queue_lr(v, vgic_hw_lr_read((unsigned)i));
		vgic_hw_lr_write((unsigned)i, best);
	}
	bool on = v->nqueued && dist_enabled();

	if (on != v->underflow) {
		vgic_hw_set_underflow(on);
		v->underflow = on;
	}
}

/* ---- injection ------------------------------------------------------------ */

void vgic_inject_hw(struct vgic_cpu *v, uint32_t id)
{
	if (id >= GIC_MAX_IRQS)
		return;
	if (v->nqueued == 0 && dist_enabled()) {   /* the common case: straight in */
		int i = free_lr(v);

		if (i >= 0) {
			vgic_hw_lr_write((unsigned)i, lr_hw(v, id));
			return;
		}
	}
	queue_lr(v, lr_hw(v, id));
	settle(v);
}

void vgic_inject_sgi(struct vgic_cpu *v, uint32_t id, uint32_t src)
{
	uint64_t used = ~vgic_hw_elsr() & lr_mask(v);

	if (id >= GIC_NR_SGIS || src >= 8)
		return;
	/* One pending state per SGI and source: an SGI already pending is not
	 * sent twice; one being handled (active) becomes active and pending. */
	for (; used; used &= used - 1) {
		unsigned i = (unsigned)__builtin_ctzll(used);
		uint32_t lr = vgic_hw_lr_read(i);

		if (!(lr & GICH_LR_HW) && GICH_LR_GET_VID(lr) == id && GICH_LR_GET_CPUID(lr) == src) {
			if ((lr & GICH_LR_STATE_MASK) == GICH_LR_ACTIVE)
				vgic_hw_lr_write(i, lr | GICH_LR_PENDING);
			return;
		}
	}
	if (v->queued_sgi[id] & (1u << src))
		return;
	if (v->nqueued == 0 && dist_enabled()) {
		int i = free_lr(v);

		if (i >= 0) {
			vgic_hw_lr_write((unsigned)i, lr_sgi(v, id, src));
			return;
		}
	}
	queue_lr(v, lr_sgi(v, id, src));
	settle(v);
}

void vgic_refill(struct vgic_cpu *v)
{
	settle(v);
}
