/*
 * The list registers: each CPU's set up, and a physical interrupt (PPI or
 * SPI) the guest gets put into one, or into the waiting set when none is
 * free (hyp/vgic/vgic_queue.c). SGIs: hyp/vgic/vgic_sgi.c.
 *
 * Physical interrupts go in hardware-linked (HW bit, physical id): the
 * guest's EOI deactivates them. Where the GIC model gets that wrong
 * (vgic_dist.soft_eoi: QEMU 7.2, docs/vgic.md) they go in as software
 * entries with the EOI bit instead, still active physically, and the
 * monitor deactivates them (GICC_DIR) at the EOI maintenance interrupt,
 * which makes the GIC look at what became pending meanwhile.
 *
 * A list register never holds an id another one holds (GICv2: IHI 0048B
 * 5.3.11): a physical interrupt acknowledged again while it is in one (a
 * race with another CPU's write, hyp/vgic/vgic_held.c) merges with a
 * pending one, or is made pending behind an active one.
 */
#include <string.h>
#include "vgic.h"
#include "vgic_hw.h"
#include "vgic_lr.h"

struct vgic_dist vgic_dist;

void vgic_cpu_init(struct vgic_cpu *v, unsigned cpu, unsigned nr_lrs)
{
	memset(v, 0, sizeof(*v));
	v->cpu = cpu;
	v->nr_lrs = nr_lrs > VGIC_MAX_LRS ? VGIC_MAX_LRS : nr_lrs;
	/* cppcheck-suppress knownConditionTrueFalse ; false positive, as below */
	v->lr_mask = v->nr_lrs >= 64 ? ~0ull : (1ull << v->nr_lrs) - 1;
	if (cpu < VGIC_MAX_CPUS)
		vgic_dist.cpu[cpu] = v;
	/* (after vgic_dist_init(), which sets soft_eoi: it clears cpu[] too) */
	for (uint32_t id = 0; id < GIC_NR_PRIVATE; id++)
		vgic_set_prio(v, id, 0);
	/* cppcheck-suppress knownConditionTrueFalse ; false positive: nr_lrs is GICH_VTR's count, 1-64 (tests/vgic/test_vgic_lr.c) */
	for (unsigned i = 0; i < v->nr_lrs; i++)
		vgic_hw_lr_write(i, 0);
	vgic_hw_set_underflow(false);
}

void vgic_set_prio(struct vgic_cpu *v, uint32_t id, uint8_t prio)
{
	uint32_t link = 0;

	if (id >= GIC_NR_PRIVATE)
		return;
	if (id >= GIC_NR_SGIS)   /* a PPI: a physical interrupt (SGIs are software entries, their source added) */
		link = vgic_dist.soft_eoi ? GICH_LR_EOI : GICH_LR_HW | GICH_LR_PID(id);
	v->prio_private[id] = prio;
	v->lr_private[id] = link | GICH_LR_VID(id) | GICH_LR_PRIO(prio) | GICH_LR_PENDING;
}

/* (vgic_lr.h) One at most: file comment, and vgic_sgi.c for SGIs. */
int vgic_lr_of(const struct vgic_cpu *v, uint32_t id)
{
	uint64_t used = ~vgic_hw_elsr(v->nr_lrs) & lr_mask(v);

	for (; used; used &= used - 1) {
		unsigned i = (unsigned)__builtin_ctzll(used);
		uint32_t lr = vgic_hw_lr_read(i);

		if ((lr & GICH_LR_STATE_MASK) && GICH_LR_GET_VID(lr) == id)
			return (int)i;
	}
	return -1;
}

/* Acknowledged again while a list register holds it: pending there, the
 * two are one (the GIC keeps one pending state); active, it is made
 * pending physically behind the guest's handling, and the GIC signals it
 * again once the guest has ended it. */
static void inject_held(uint32_t lr, uint32_t id)
{
	if ((lr & GICH_LR_STATE_MASK) != GICH_LR_PENDING)
		set_bit_reg(GICD_ISPENDR, id);
}

/* Into a free list register, else waiting. */
static inline __attribute__((always_inline)) void inject_hw(struct vgic_cpu *v, uint32_t id)
{
	if (direct_ok(v)) {   /* the common case: straight in */
		int i = free_lr(v);

		if (i >= 0) {
			vgic_hw_lr_write((unsigned)i, lr_hw(v, id));
			return;
		}
	}
	vgic_queue_lr(v, lr_hw(v, id));
	vgic_settle(v);
}

/* An SPI: this CPU is where another CPU's write for it must go now; and
 * if a list register here holds it already (acknowledged again after a
 * deactivation that raced the monitor - only another CPU's write can do
 * that: a PPI's state is this CPU's own), it is taken care of there. */
static void __attribute__((noinline)) inject_spi(struct vgic_cpu *v, uint32_t id)
{
	vgic_dist.holder[id] = (uint8_t)(v->cpu + 1);
	int i = vgic_lr_of(v, id);

	if (i >= 0)
		inject_held(vgic_hw_lr_read((unsigned)i), id);
	else
		inject_hw(v, id);
}

void vgic_inject_hw(struct vgic_cpu *v, uint32_t id)
{
	if (id >= GIC_NR_PRIVATE) {
		if (id < GIC_MAX_IRQS)
			inject_spi(v, id);
		return;
	}
	inject_hw(v, id);
}
