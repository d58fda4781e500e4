/*
 * The interrupts waiting for a list register, per CPU (struct vgic_cpu:
 * queued_hw, queued_sgi), and vgic_settle(), which keeps the list registers
 * holding the highest-priority ones after every change (hyp/vgic/vgic.h).
 *
 * GICv2 allows one valid list register per virtual id (IHI 0048B 5.3.11:
 * each valid interrupt in the list registers has a unique VirtualID), so
 * an SGI whose id is in a list register already - from another source, or
 * from the same one while the guest handles it - waits, blocked, and that
 * list register carries the EOI bit: the guest's EOI of it brings a
 * maintenance interrupt, and the next one goes in. (Same id, same
 * priority: the guest could not take the blocked one before anyway.) The
 * guest may read its next interrupt between that EOI and the maintenance
 * interrupt, so while an SGI is blocked (or about to be: two sources
 * waiting) no list register holds a merely pending interrupt of lower
 * priority: those wait too, held back, until the maintenance interrupt
 * (they could not preempt the blocking one).
 *
 * Invariant, kept by vgic_settle(): while the guest's distributor is enabled,
 * no list register holds a merely pending interrupt of lower priority
 * than a blocked SGI, and either nothing but blocked SGIs and what they
 * hold back waits, or every list register is in use, no waiting interrupt
 * has a higher priority than any merely pending list register, and the
 * underflow maintenance interrupt is on (off otherwise). So the guest's
 * virtual CPU interface, which picks the highest-priority pending list
 * register, always shows the highest-priority pending interrupt the guest
 * could take - with one delay the hardware leaves no way around: when
 * every list register is active, an interrupt that waits goes in only at
 * the underflow interrupt (at most one valid list register), not as soon
 * as the guest ends one of them (a hardware-linked one ends without a
 * maintenance interrupt). With the guest's distributor off nothing goes
 * in, and an SGI the guest disabled waits.
 */
#include "vgic.h"
#include "vgic_hw.h"
#include "vgic_lr.h"

/* The SGI ids in valid list registers (bit id), after emptying those whose
 * EOI maintenance is done: invalid with the EOI bit, a list register is
 * not empty in ELSR, and keeps the maintenance interrupt up, until
 * rewritten. A soft-linked physical interrupt the guest has ended is
 * deactivated here. */
static uint32_t sgis_in_lrs(const struct vgic_cpu *v)
{
	uint64_t used = ~vgic_hw_elsr(v->nr_lrs) & lr_mask(v);
	uint32_t ids = 0;

	for (; used; used &= used - 1) {
		unsigned i = (unsigned)__builtin_ctzll(used);
		uint32_t lr = vgic_hw_lr_read(i);

		if (!(lr & GICH_LR_STATE_MASK)) {
			vgic_hw_lr_write(i, 0);
			if (phys_lr(lr))
				vgic_hw_deactivate(GICH_LR_GET_VID(lr));
		} else if (!phys_lr(lr)) {
			ids |= 1u << GICH_LR_GET_VID(lr);
		}
	}
	return ids;
}

void vgic_queue_lr(struct vgic_cpu *v, uint32_t lr)
{
	uint32_t id = GICH_LR_GET_VID(lr);

	if (phys_lr(lr)) {
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
 * priority value; among equals the lowest id, SGIs by source), dequeued;
 * SGIs whose id is in `blocked` left waiting. 0: none, or none of at least
 * priority `hold`. */
static uint32_t dequeue_best(struct vgic_cpu *v, uint32_t blocked, uint32_t hold)
{
	uint32_t best = 0, best_prio = 0x100;

	blocked |= v->sgi_disabled;   /* they wait until enabled */
	for (uint32_t id = 0; id < GIC_NR_SGIS; id++)
		for (uint32_t s = 0; s < 8 && !(blocked & (1u << id)); s++)
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

	if (best_prio == 0x100 || best_prio > hold)
		return 0;
	if (phys_lr(best))
		v->queued_hw[id / 32] &= ~(1u << (id % 32));
	else
		v->queued_sgi[id] &= (uint8_t)~(1u << GICH_LR_GET_CPUID(best));
	v->nqueued--;
	return best;
}

/* The merely pending list register of the lowest priority, or -1. */
static int worst_pending_lr(const struct vgic_cpu *v, uint32_t *prio)
{
	uint64_t used = ~vgic_hw_elsr(v->nr_lrs) & lr_mask(v);
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

/* The highest priority of an SGI blocked, or to be once one of its
 * waiting sources goes in (0x100: none). */
static uint32_t blocked_prio(const struct vgic_cpu *v, uint32_t sgis)
{
	uint32_t p = 0x100;

	for (uint32_t id = 0; id < GIC_NR_SGIS; id++) {
		uint32_t q = (v->sgi_disabled & (1u << id)) ? 0 : v->queued_sgi[id];

		if (((sgis & (1u << id)) ? q : q & (q - 1)) && vgic_prio(v, id) < p)
			p = vgic_prio(v, id);
	}
	return p;
}

/* Back to waiting (vgic_lr.h); hold: file comment. */
void vgic_hold_back(struct vgic_cpu *v, int hold, uint32_t *sgis)
{
	uint64_t used = ~vgic_hw_elsr(v->nr_lrs) & lr_mask(v);

	for (; used; used &= used - 1) {
		unsigned i = (unsigned)__builtin_ctzll(used);
		uint32_t lr = vgic_hw_lr_read(i);

		bool off = !phys_lr(lr) && (v->sgi_disabled & (1u << GICH_LR_GET_VID(lr)));

		if ((lr & GICH_LR_STATE_MASK) == GICH_LR_PENDING && ((int)GICH_LR_GET_PRIO(lr) > hold || off)) {
			vgic_queue_lr(v, lr);
			vgic_hw_lr_write(i, 0);
			if (!phys_lr(lr))
				*sgis &= ~(1u << GICH_LR_GET_VID(lr));
		}
	}
}

/* Into list register i; an SGI with more sources waiting asks for a
 * maintenance interrupt at its EOI. */
static void place(struct vgic_cpu *v, unsigned i, uint32_t lr, uint32_t *sgis)
{
	if (!phys_lr(lr)) {
		uint32_t id = GICH_LR_GET_VID(lr);

		*sgis |= 1u << id;
		if (v->queued_sgi[id])
			lr |= GICH_LR_EOI;
	}
	vgic_hw_lr_write(i, lr);
}

/* Restore the invariant (file comment). Each round either fills a free
 * list register or swaps in a waiting interrupt of strictly higher priority
 * than the one it displaces, so it ends. */
void vgic_settle(struct vgic_cpu *v)
{
	uint32_t sgis = sgis_in_lrs(v), hold = 0x100;
	bool waits = false;   /* something a list register could take waits */

	if (v->nqueued && dist_enabled()) {
		hold = blocked_prio(v, sgis);
		if (hold < 0x100)
			vgic_hold_back(v, (int)hold, &sgis);
	}
	while (v->nqueued && dist_enabled()) {
		uint32_t best = dequeue_best(v, sgis, hold), worst_prio;
		int i;

		if (!best)
			break;   /* only blocked SGIs, and what they hold back */
		i = free_lr(v);
		if (i < 0) {
			i = worst_pending_lr(v, &worst_prio);
			if (i < 0 || GICH_LR_GET_PRIO(best) >= worst_prio) {
				vgic_queue_lr(v, best);   /* no better than what the LRs hold */
				waits = true;
				break;
			}
			uint32_t old = vgic_hw_lr_read((unsigned)i);

			vgic_queue_lr(v, old);
			if (!phys_lr(old))
				sgis &= ~(1u << GICH_LR_GET_VID(old));
		}
		place(v, (unsigned)i, best, &sgis);
	}
	if (waits != v->underflow) {
		vgic_hw_set_underflow(waits);
		v->underflow = waits;
	}
}

void vgic_refill(struct vgic_cpu *v)
{
	vgic_settle(v);
}
