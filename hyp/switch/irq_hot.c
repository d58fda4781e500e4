/*
 * AArch64's physical IRQ, its common cases ahead of hyp_irq() (issue #29,
 * docs/performance.md): a PPI of the guest's, nothing waiting, the guest's
 * distributor on and a list register free - what a guest's timer tick is;
 * and a guest's SGI with nothing waiting and no list register in use.
 * The vector (arch/arm64/vectors.S, 0x480) saves only x0-x3 and x30
 * (save_hot) before it calls this, so arch.mk builds the file with x4-x7,
 * x16 and x17 fixed and checks that it calls out only to vectors.S's
 * guest_irq_* stubs, by tail calls (SP the frame again). Anything else -
 * the monitor's own, an SPI or a spurious id, a PPI with no list register
 * free, an SGI that must wait or go behind another - goes to one of those
 * (the acknowledged GICC_IAR value, the id, or an SGI's id and source):
 * each saves what any C may change and calls the rest of hyp_irq() for
 * that case (irq.c hyp_irq_own/_sgi/_acked/_queue), so that hyp_irq()'s
 * tests are not made twice.
 * The injections are vgic_inject_hw()'s and vgic_inject_sgi()'s own common
 * cases (vgic_lr.h direct_ok(), free_lr(), lr_hw(), sgi_direct()). Built
 * for AArch64 only.
 */
#include "exit.h"
#include "gic.h"
#include "migrate.h"
#include "percpu.h"
#include "vgic_lr.h"

/* vectors.S irq_call: each saves what any C may change, calls its
 * hyp_irq_*() (arch/exit.h) and returns to the guest, not here */
void guest_irq_slow(uint32_t iar);
void guest_irq_own(uint32_t iar);
void guest_irq_sgi(uint32_t id, uint32_t src);
void guest_irq_queue(uint32_t id);

/* The PPI's list register written: its own function, entered by a tail
 * call, so that neither half needs more than the four registers (a frame:
 * 6 instructions more when they were one) */
static __attribute__((noinline)) void ppi_put(unsigned i, uint32_t id)
{
	if (id >= GIC_NR_PRIVATE)   /* ppi_hot()'s caller's test: lr_hw()'s priority test folds */
		__builtin_unreachable();
	vgic_hw_lr_write(i, lr_hw(&this_cpu()->vgic, id));
}

/* The PPI's injection, entered by a tail call too: what it needs is not
 * set up on the way to the other interrupts' calls */
static __attribute__((noinline)) void ppi_hot(uint32_t iar)
{
	/* hyp_irq()'s order: the priority drop, then the injection */
	gic_eoi(iar);
	uint32_t id = GICC_IAR_ID(iar);
	const struct vgic_cpu *v = &this_cpu()->vgic;
	int i = direct_ok(v) ? free_lr(v) : -1;

	if (i < 0)
		guest_irq_queue(id);   /* vgic_inject_hw(): it waits */
	else
		ppi_put((unsigned)i, id);
}

/* A guest's SGI (irq.c guest_sgi()'s order): ended here, then in with its
 * source - with migration the guest's number of the sending CPU - straight
 * into the first list register when none is in use (vgic_lr.h
 * sgi_direct()), else vgic_inject_sgi()'s general way through vectors.S */
static __attribute__((noinline)) void sgi_hot(uint32_t iar)
{
	uint32_t id = GICC_IAR_ID(iar), src = mig_vcpu(GICC_IAR_CPU(iar));

	gic_eoi(iar);
	gic_dir(iar);
	if (id >= GIC_NR_SGIS)   /* hyp_irq_hot()'s test: lr_sgi()'s index */
		__builtin_unreachable();
	if (!sgi_direct(&this_cpu()->vgic, id, src))
		guest_irq_sgi(id, src);
}

/* hyp_irq()'s dispatch (irq.c irq_acked()), the PPIs last: what is not a
 * PPI of the guest's goes to its own handler through vectors.S */
void hyp_irq_hot(void)
{
	uint32_t iar = gic_ack();
	uint32_t id = GICC_IAR_ID(iar);

	if (id >= GIC_NR_PRIVATE)
		guest_irq_slow(iar);   /* an SPI, or spurious: the whole of hyp_irq() */
	else if (gic_monitor_owned(id))
		guest_irq_own(iar);
	else if (id < GIC_NR_SGIS)
		sgi_hot(iar);
	else
		ppi_hot(iar);
}
