/*
 * SGIs into the list registers (hyp/vgic/vgic.h): acknowledged and ended in
 * HYP, each goes in as a software entry with its source CPU in the CPUID
 * field, so the guest's IAR reads it as the GIC would give it. One pending
 * state per SGI and source, as the GIC keeps it: pending in a list
 * register, or waiting (struct vgic_cpu: queued_sgi, a bit per source).
 *
 * GICv2 allows one valid list register per virtual id, so an SGI whose id
 * is in one already - from another source, or from the same one while the
 * guest handles it - waits for the guest's EOI of it, which that list
 * register's EOI bit turns into a maintenance interrupt (vgic_queue.c).
 *
 * The guest's GICD_SPENDSGIR/CPENDSGIR read and change that pending state
 * per source wherever it is: waiting, in a list register, or still at the
 * physical distributor, sent and not yet taken in HYP (docs/vgic.md).
 */
#include "vgic.h"
#include "vgic_hw.h"
#include "vgic_lr.h"

/* SGI id from src waits behind list register i, which holds its id and
 * asks for a maintenance interrupt at the guest's EOI of it (file
 * comment). */
static void wait_behind(struct vgic_cpu *v, unsigned i, uint32_t lr, uint32_t id, uint32_t src)
{
	vgic_queue_lr(v, lr_sgi(v, id, src));
	if (!(lr & GICH_LR_EOI))
		vgic_hw_lr_write(i, lr | GICH_LR_EOI);
	vgic_settle(v);   /* what it holds back */
}

/* noinline: vgic_sgi_write() calls it too, and inlined there (in part)
 * it costs the SGI path 14 instructions more (make bench). */
void __attribute__((noinline)) vgic_inject_sgi(struct vgic_cpu *v, uint32_t id, uint32_t src)
{
	if (id >= GIC_NR_SGIS || src >= 8 || (v->queued_sgi[id] & (1u << src)))
		return;   /* one pending state per SGI and source */
	if (sgi_direct(v, id, src))
		return;   /* the common case: no list register in use */
	/* ELSR read once: no list register is written before the free one is
	 * taken below */
	uint64_t empty = vgic_hw_elsr(v->nr_lrs) & lr_mask(v), used = ~empty & lr_mask(v);

	/* With its id in a list register, the SGI is pending there already,
	 * or waits for the guest's EOI of it. */
	for (; used; used &= used - 1) {
		unsigned i = (unsigned)__builtin_ctzll(used);
		uint32_t lr = vgic_hw_lr_read(i), st = lr & GICH_LR_STATE_MASK;

		if (phys_lr(lr) || GICH_LR_GET_VID(lr) != id || !st)
			continue;
		if (GICH_LR_GET_CPUID(lr) != src || st != GICH_LR_PENDING)
			wait_behind(v, i, lr, id, src);
		return;
	}
	/* (an SGI the GIC forwarded is enabled: a disabled one waits queued,
	 * so nothing is queued is all this needs) */
	if (v->nqueued == 0 && dist_enabled()) {
		int i = first_free(empty);

		if (i >= 0) {
			vgic_hw_lr_write((unsigned)i, lr_sgi(v, id, src));
			return;
		}
	}
	vgic_queue_lr(v, lr_sgi(v, id, src));
	vgic_settle(v);
}

/* ---- the guest's GICD_SPENDSGIR / GICD_CPENDSGIR --------------------------- */

/* The SGI bit of `word` (GICD_SPENDSGIR's layout from SGI first) a list
 * register stands for, or 0. */
static uint32_t lr_bit(uint32_t lr, uint32_t first)
{
	uint32_t n = GICH_LR_GET_VID(lr) - first;

	return phys_lr(lr) || n >= 4 ? 0 : 1u << (8 * n + GICH_LR_GET_CPUID(lr));
}

/* The SGIs first..first+3 pending in list registers, in GICD_SPENDSGIR's
 * layout; those in `clear` then no longer pending there - a merely pending
 * one gone from its list register, a pending and active one left active. */
static uint32_t lrs_pending(const struct vgic_cpu *v, uint32_t first, uint32_t clear)
{
	uint64_t used = ~vgic_hw_elsr(v->nr_lrs) & lr_mask(v);
	uint32_t word = 0;

	for (; used; used &= used - 1) {
		unsigned i = (unsigned)__builtin_ctzll(used);
		uint32_t lr = vgic_hw_lr_read(i), bit = (lr & GICH_LR_PENDING) ? lr_bit(lr, first) : 0;

		word |= bit;
		if (bit & clear)
			lr_drop_state(i, lr, GICH_LR_PENDING);
	}
	return word;
}

/* The same for the waiting set. */
static uint32_t queued_pending(struct vgic_cpu *v, uint32_t first, uint32_t clear)
{
	uint32_t word = 0;

	for (uint32_t n = 0; n < 4; n++) {
		uint8_t *q = &v->queued_sgi[first + n], gone = (uint8_t)(*q & (clear >> (8 * n)));

		word |= (uint32_t)*q << (8 * n);
		*q &= (uint8_t)~gone;
		v->nqueued -= (unsigned)__builtin_popcount(gone);
	}
	return word;
}

uint32_t vgic_sgi_pending(struct vgic_cpu *v, uint32_t first)
{
	first &= 12u;   /* whatever the caller passes: SGIs 0-15 only */
	return vgic_hw_sgi_pending(first) | lrs_pending(v, first, 0) | queued_pending(v, first, 0);
}

void vgic_sgi_write(struct vgic_cpu *v, uint32_t first, uint32_t word, bool set)
{
	first &= 12u;
	if (!set) {
		vgic_hw_sgi_unpend(first, word);
		(void)lrs_pending(v, first, word);
		(void)queued_pending(v, first, word);
		vgic_settle(v);   /* a list register may have freed */
		return;
	}
	/* pending once is all: vgic_inject_sgi() finds a merely pending list
	 * register of the source, this one pending and active too */
	word &= ~lrs_pending(v, first, 0);
	/* a disabled SGI waits, not placed (vgic_queue.c) */
	for (; word; word &= word - 1) {
		uint32_t b = (uint32_t)__builtin_ctz(word), id = first + b / 8;

		if (!(v->sgi_disabled & (1u << id))) {
			vgic_inject_sgi(v, id, b % 8);
			continue;
		}
		/* disabled: not merely pending in a list register (vgic_held.c
		 * withdrew it), perhaps active in one */
		int i = vgic_lr_of(v, id);

		if (i >= 0)
			wait_behind(v, (unsigned)i, vgic_hw_lr_read((unsigned)i), id, b % 8);
		else
			vgic_queue_lr(v, lr_sgi(v, id, b % 8));   /* once, and blocked: nothing to settle */
	}
}
