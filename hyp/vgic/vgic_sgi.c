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
 */
#include "vgic.h"
#include "vgic_hw.h"
#include "vgic_lr.h"

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
		vgic_queue_lr(v, lr_sgi(v, id, src));
		if (!(lr & GICH_LR_EOI))
			vgic_hw_lr_write(i, lr | GICH_LR_EOI);
		vgic_settle(v);   /* what it holds back */
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
