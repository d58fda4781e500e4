/*
 * List registers and the interrupts waiting for one (hyp/vgic.h).
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
 * Invariant, kept by settle(): while the guest's distributor is enabled,
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
 * maintenance interrupt).
 *
 * Physical interrupts go in hardware-linked (HW bit, physical id): the
 * guest's EOI deactivates them. Where the GIC model gets that wrong
 * (vgic_dist.soft_eoi: QEMU 7.2, docs/vgic.md) they go in as software
 * entries with the EOI bit instead, still active physically, and the
 * monitor deactivates them (GICC_DIR) at the EOI maintenance interrupt,
 * which makes the GIC look at what became pending meanwhile. Either way a
 * list register holds a physical interrupt exactly when its id is 16 or
 * more (phys_id()); SGIs are the only software interrupts otherwise.
 */
#include <string.h>
#include "vgic.h"
#include "vgic_hw.h"

struct vgic_dist vgic_dist;

void vgic_cpu_init(struct vgic_cpu *v, unsigned cpu, unsigned nr_lrs)
{
	memset(v, 0, sizeof(*v));
	v->cpu = cpu;
	v->nr_lrs = nr_lrs > VGIC_MAX_LRS ? VGIC_MAX_LRS : nr_lrs;
	/* cppcheck-suppress knownConditionTrueFalse ; false positive, as above */
	v->lr_mask = v->nr_lrs >= 64 ? ~0ull : (1ull << v->nr_lrs) - 1;
	/* cppcheck-suppress knownConditionTrueFalse ; false positive: nr_lrs is GICH_VTR's count, 1-64 (tests/test_vgic_lr.c) */
	for (unsigned i = 0; i < v->nr_lrs; i++)
		vgic_hw_lr_write(i, 0);
	vgic_hw_set_underflow(false);
}

static bool dist_enabled(void) { return vgic_dist.ctlr & GICD_CTLR_ENABLE; }

static inline uint64_t lr_mask(const struct vgic_cpu *v) { return v->lr_mask; }

static inline uint32_t lr_hw(const struct vgic_cpu *v, uint32_t id)
{
	uint32_t link = vgic_dist.soft_eoi ? GICH_LR_EOI : GICH_LR_HW | GICH_LR_PID(id);

	return link | GICH_LR_VID(id) | GICH_LR_PRIO(vgic_prio(v, id)) | GICH_LR_PENDING;
}

/* A list register of a physical interrupt (PPI or SPI), however linked. */
static bool phys_lr(uint32_t lr)
{
	return GICH_LR_GET_VID(lr) >= GIC_NR_SGIS;
}

static uint32_t lr_sgi(const struct vgic_cpu *v, uint32_t id, uint32_t src)
{
	return GICH_LR_CPUID(src) | GICH_LR_VID(id) | GICH_LR_PRIO(vgic_prio(v, id)) | GICH_LR_PENDING;
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

/* A free list register, or -1. */
static inline int free_lr(const struct vgic_cpu *v)
{
	return first_free(vgic_hw_elsr(v->nr_lrs) & lr_mask(v));
}

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

/* ---- the waiting set ------------------------------------------------------ */

static void queue_lr(struct vgic_cpu *v, uint32_t lr)
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
		uint32_t q = v->queued_sgi[id];

		if (((sgis & (1u << id)) ? q : q & (q - 1)) && vgic_prio(v, id) < p)
			p = vgic_prio(v, id);
	}
	return p;
}

/* Back to waiting: the merely pending list registers of lower priority
 * than hold (file comment). */
static void hold_back(struct vgic_cpu *v, uint32_t hold, uint32_t *sgis)
{
	uint64_t used = ~vgic_hw_elsr(v->nr_lrs) & lr_mask(v);

	for (; used; used &= used - 1) {
		unsigned i = (unsigned)__builtin_ctzll(used);
		uint32_t lr = vgic_hw_lr_read(i);

		if ((lr & GICH_LR_STATE_MASK) == GICH_LR_PENDING && GICH_LR_GET_PRIO(lr) > hold) {
			queue_lr(v, lr);
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
static void settle(struct vgic_cpu *v)
{
	uint32_t sgis = sgis_in_lrs(v), hold = 0x100;
	bool waits = false;   /* something a list register could take waits */

	if (v->nqueued && dist_enabled()) {
		hold = blocked_prio(v, sgis);
		if (hold < 0x100)
			hold_back(v, hold, &sgis);
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
				queue_lr(v, best);   /* no better than what the LRs hold */
				waits = true;
				break;
			}
			uint32_t old = vgic_hw_lr_read((unsigned)i);

			queue_lr(v, old);
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
	if (id >= GIC_NR_SGIS || src >= 8 || (v->queued_sgi[id] & (1u << src)))
		return;   /* one pending state per SGI and source */
	/* ELSR read once: no list register is written before the free one is
	 * taken below */
	uint64_t empty = vgic_hw_elsr(v->nr_lrs) & lr_mask(v), used = ~empty & lr_mask(v);

	/* With its id in a list register, the SGI is pending there already,
	 * or waits for the guest's EOI of it (file comment). */
	for (; used; used &= used - 1) {
		unsigned i = (unsigned)__builtin_ctzll(used);
		uint32_t lr = vgic_hw_lr_read(i), st = lr & GICH_LR_STATE_MASK;

		if (phys_lr(lr) || GICH_LR_GET_VID(lr) != id || !st)
			continue;
		if (GICH_LR_GET_CPUID(lr) == src && st == GICH_LR_PENDING)
			return;
		queue_lr(v, lr_sgi(v, id, src));
		if (!(lr & GICH_LR_EOI))
			vgic_hw_lr_write(i, lr | GICH_LR_EOI);
		settle(v);   /* what it holds back */
		return;
	}
	if (v->nqueued == 0 && dist_enabled()) {
		int i = first_free(empty);

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
