/*
 * The guest's distributor writes reaching interrupts the monitor holds for
 * it - in a list register, or waiting for one (hyp/vgic/vgic_held.c,
 * vgic_held_write) - over the model's GICv2 (tests/support/fake_gic.c), 2
 * CPUs, 4 list registers, hardware-linked. Each case is one the GIC
 * architecture (IHI 0048B) answers for an interrupt that is pending or
 * active at the distributor; the cases of issue #18 first. An interrupt is
 * raised as the physical GIC would signal it: enabled, not active, an SPI
 * only to a CPU it targets; the monitor acknowledges it (active) and
 * injects it.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>
#include "gic.h"
#include "vgic.h"
#include "fake_gic.h"

#define PPI_TIMER 27u    /* level-sensitive (ICFGR 0) */
#define SPI_EDGE  40u
#define SPI_B     41u

static struct vgic_cpu cpus[2];

static struct vgic_cpu *on(unsigned c)
{
	fake_gic_set_cpu(c);
	return &cpus[c];
}

static void wr(unsigned c, uint32_t off, unsigned size, uint32_t val)
{
	assert_true(vgic_dist_access(on(c), off, size, true, &val));
}

static bool phys(uint32_t reg, uint32_t id)
{
	return fake_gicd_peek32(reg + 4 * (id / 32)) & (1u << (id % 32));
}

/* The physical GIC signals id to CPU c: the monitor acknowledges and injects it. */
static void raise(unsigned c, uint32_t id)
{
	struct vgic_cpu *v = on(c);

	assert_true(phys(GICD_ISENABLER, id));
	assert_false(phys(GICD_ISACTIVER, id));
	fake_gicd_poke32(GICD_ICPENDR + 4 * (id / 32), 1u << (id % 32));
	fake_gic_phys_ack(id);
	vgic_inject_hw(v, id);
}

/* The CPUs kicked for a write take it (their refill). */
static void take_kicks(void)
{
	unsigned was = fake_gic.cpu;

	while (fake_gic.kicked) {
		unsigned c = (unsigned)__builtin_ctz(fake_gic.kicked);

		fake_gic.kicked &= fake_gic.kicked - 1;
		vgic_kicked(on(c));
	}
	on(was);
}

static void rules_kept(void)
{
	assert_int_equal(fake_gic.dup_vid, 0);
	assert_int_equal(fake_gic.hw_active_pending, 0);
	assert_int_equal(fake_gic.bad_access, 0);
}

static int setup(void **state)
{
	(void)state;
	fake_gic_reset(FAKE_GIC_LRS, FAKE_GIC_LINES, 2);
	fake_gicd_poke32(GICD_CTLR, GICD_CTLR_ENABLE);
	vgic_dist_init(FAKE_GIC_LINES, false);
	for (unsigned c = 0; c < 2; c++) {
		vgic_cpu_init(on(c), c, FAKE_GIC_LRS);
		wr(c, GICD_ISENABLER, 4, 0xffffu | (1u << PPI_TIMER));   /* SGIs and the timer */
		wr(c, GICD_IPRIORITYR + PPI_TIMER, 1, 0x80);
	}
	wr(0, GICD_ISENABLER + 4, 4, 0xffffffffu);                     /* SPIs 32-63 */
	wr(0, GICD_ICFGR + 8, 4, 2u << (2 * (SPI_EDGE % 16)));         /* SPI 40 edge */
	wr(0, GICD_ITARGETSR + SPI_EDGE, 1, 2);                       /* SPIs 40, 41 to CPU 1 */
	wr(0, GICD_ITARGETSR + SPI_B, 1, 2);
	wr(0, GICD_CTLR, 4, 1);
	fake_gic.kicked = 0;
	on(0);
	return 0;
}

/* Issue #18: ICACTIVER of a pending (not yet taken) interrupt is no
 * deactivation - the GIC would not signal it again; the guest then takes
 * it, ends it, and has nothing more. ICACTIVER of one the guest took ends
 * it. */
static void icactiver_of_a_pending_one(void **state)
{
	(void)state;
	raise(0, PPI_TIMER);
	wr(0, GICD_ICACTIVER, 4, 1u << PPI_TIMER);
	assert_true(phys(GICD_ISACTIVER, PPI_TIMER));   /* still the monitor's */
	assert_int_equal(fake_guest_ack(), PPI_TIMER);
	fake_guest_eoi(PPI_TIMER);
	assert_false(phys(GICD_ISACTIVER, PPI_TIMER));  /* the guest's EOI ended it */
	assert_int_equal(fake_guest_ack(), FAKE_GIC_SPURIOUS);
	assert_int_equal(fake_gic_valid_lrs(), 0);

	raise(0, PPI_TIMER);
	assert_int_equal(fake_guest_ack(), PPI_TIMER);
	wr(0, GICD_ICACTIVER, 4, 1u << PPI_TIMER);     /* taken: ends it */
	assert_false(phys(GICD_ISACTIVER, PPI_TIMER));
	assert_int_equal(fake_gic_valid_lrs(), 0);
	raise(0, PPI_TIMER);                            /* may come again: one LR */
	assert_int_equal(fake_gic_valid_lrs(), 1);
	rules_kept();
}

/* Disabled while pending: not signalled; it goes back to the distributor
 * (level: pending while its line is; edge: made pending again), and comes
 * when enabled. */
static void icenabler_of_a_pending_one(void **state)
{
	(void)state;
	raise(0, PPI_TIMER);
	wr(0, GICD_ICENABLER, 4, 1u << PPI_TIMER);
	assert_int_equal(fake_gic_valid_lrs(), 0);
	assert_int_equal(fake_guest_ack(), FAKE_GIC_SPURIOUS);
	assert_false(phys(GICD_ISACTIVER, PPI_TIMER));
	assert_false(phys(GICD_ISPENDR, PPI_TIMER));     /* level: the line says */
	wr(0, GICD_ISENABLER, 4, 1u << PPI_TIMER);
	raise(0, PPI_TIMER);
	assert_int_equal(fake_guest_ack(), PPI_TIMER);

	raise(1, SPI_EDGE);
	wr(1, GICD_ICENABLER + 4, 4, 1u << (SPI_EDGE % 32));
	assert_int_equal(fake_gic_valid_lrs(), 0);
	assert_false(phys(GICD_ISACTIVER, SPI_EDGE));
	assert_true(phys(GICD_ISPENDR, SPI_EDGE));       /* the edge is not lost */
	rules_kept();
}

/* The guest's distributor off: nothing pending is signalled, an active one
 * stays the guest's to end; on again, what waited comes. */
static void ctlr_off_with_one_pending(void **state)
{
	(void)state;
	wr(0, GICD_IPRIORITYR + SPI_EDGE, 1, 0x40);
	wr(0, GICD_ITARGETSR + SPI_EDGE, 1, 1);
	raise(0, SPI_EDGE);
	assert_int_equal(fake_guest_ack(), SPI_EDGE);   /* active */
	raise(0, PPI_TIMER);                              /* pending */
	wr(0, GICD_CTLR, 4, 0);
	assert_int_equal(fake_guest_ack(), FAKE_GIC_SPURIOUS);
	assert_int_equal(fake_gic_valid_lrs(), 1);
	assert_int_equal(cpus[0].nqueued, 1);
	assert_true(phys(GICD_ISACTIVER, PPI_TIMER));   /* held, not lost */
	fake_guest_eoi(SPI_EDGE);
	wr(0, GICD_CTLR, 4, 1);
	assert_int_equal(fake_guest_ack(), PPI_TIMER);
	rules_kept();
}

/* A pending one re-prioritised is signalled at its new priority (the
 * guest's priority mask then decides); one another CPU holds is given
 * back and signalled anew. */
static void priority_of_a_pending_one(void **state)
{
	(void)state;
	raise(0, PPI_TIMER);
	wr(0, GICD_IPRIORITYR + PPI_TIMER, 1, 0xf0);
	assert_int_equal(GICH_LR_GET_PRIO(fake_gic.lr[0]), 0xf0);
	wr(0, GICD_IPRIORITYR + PPI_TIMER, 1, 0x10);
	assert_int_equal(GICH_LR_GET_PRIO(fake_gic.lr[0]), 0x10);

	raise(1, SPI_B);
	wr(0, GICD_IPRIORITYR + SPI_B, 1, 0x20);
	assert_int_equal(fake_gic.kicked, 2u);
	take_kicks();
	on(1);
	assert_int_equal(fake_gic_valid_lrs(), 0);
	assert_false(phys(GICD_ISACTIVER, SPI_B));
	rules_kept();
}

/* ICPENDR of a pending one: gone (a level-sensitive one whose line is
 * still up is pending again at the distributor by its line). ISPENDR of a
 * pending one: nothing more; of an active one: pending behind it. */
static void pending_writes(void **state)
{
	(void)state;
	raise(1, SPI_EDGE);
	wr(1, GICD_ICPENDR + 4, 4, 1u << (SPI_EDGE % 32));
	assert_int_equal(fake_gic_valid_lrs(), 0);
	assert_false(phys(GICD_ISACTIVER, SPI_EDGE));
	assert_false(phys(GICD_ISPENDR, SPI_EDGE));     /* not made pending again */

	raise(1, SPI_EDGE);
	wr(1, GICD_ISPENDR + 4, 4, 1u << (SPI_EDGE % 32));
	assert_false(phys(GICD_ISPENDR, SPI_EDGE));
	assert_int_equal(fake_guest_ack(), SPI_EDGE);
	wr(1, GICD_ISPENDR + 4, 4, 1u << (SPI_EDGE % 32));
	assert_true(phys(GICD_ISPENDR, SPI_EDGE));       /* comes again after the EOI */
	wr(1, GICD_ISACTIVER + 4, 4, 1u << (SPI_EDGE % 32));
	assert_int_equal(fake_gic_valid_lrs(), 1);
	rules_kept();
}

/* An SPI another CPU holds: the write waits in that CPU's requests, which
 * its refill (the kick) applies - a disable, an ICACTIVER that must not
 * deactivate, a new target. */
static void spi_held_by_another_cpu(void **state)
{
	(void)state;
	raise(1, SPI_EDGE);
	raise(1, SPI_B);
	wr(0, GICD_ICACTIVER + 4, 4, 1u << (SPI_B % 32));
	assert_true(phys(GICD_ISACTIVER, SPI_B));       /* not passed on */
	wr(0, GICD_ICENABLER + 4, 4, 1u << (SPI_EDGE % 32));
	assert_int_equal(fake_gic.kicked, 2u);
	on(1);
	assert_int_equal(fake_gic_valid_lrs(), 2);      /* until CPU 1 takes it */
	on(0);
	take_kicks();
	on(1);
	assert_int_equal(fake_gic_valid_lrs(), 1);
	assert_true(phys(GICD_ISPENDR, SPI_EDGE));
	assert_true(phys(GICD_ISACTIVER, SPI_B));

	wr(0, GICD_ITARGETSR + SPI_B, 1, 1);            /* moved to CPU 0 */
	take_kicks();
	on(1);
	assert_int_equal(fake_gic_valid_lrs(), 0);
	assert_false(phys(GICD_ISACTIVER, SPI_B));
	raise(0, SPI_B);
	assert_int_equal(fake_guest_ack(), SPI_B);

	/* held nowhere any more: CPU 1 writes what CPU 0 masked */
	fake_guest_eoi(SPI_B);
	fake_gicd_poke32(GICD_ISACTIVER + 4, 1u << (SPI_B % 32));
	wr(1, GICD_ICACTIVER + 4, 4, 1u << (SPI_B % 32));
	take_kicks();
	assert_false(phys(GICD_ISACTIVER, SPI_B));
	rules_kept();
}

/* Acknowledged again while a list register holds it (another CPU's
 * deactivation raced the monitor: only an SPI's state is shared):
 * pending, the two are one; active, it is pending behind it. Never a
 * second list register with the id. */
static void acknowledged_again(void **state)
{
	(void)state;
	raise(1, SPI_B);
	fake_gicd_poke32(GICD_ICACTIVER + 4, 1u << (SPI_B % 32));
	raise(1, SPI_B);
	assert_int_equal(fake_gic_valid_lrs(), 1);
	assert_int_equal(fake_guest_ack(), SPI_B);
	fake_gicd_poke32(GICD_ICACTIVER + 4, 1u << (SPI_B % 32));
	raise(1, SPI_B);
	assert_int_equal(fake_gic_valid_lrs(), 1);
	assert_true(phys(GICD_ISPENDR, SPI_B));
	rules_kept();
}

/* A CPU that goes off (PSCI CPU_OFF) holds no SPI any more: one pending
 * there goes back to the GIC, and a later write from another CPU reaches
 * the hardware instead of waiting for a CPU that will never take it. */
static void cpu_off_forgets_its_spis(void **state)
{
	(void)state;
	raise(1, SPI_B);
	vgic_cpu_off(on(1));
	assert_int_equal(fake_gic_valid_lrs(), 0);
	assert_false(phys(GICD_ISACTIVER, SPI_B));
	fake_gicd_poke32(GICD_ISACTIVER + 4, 1u << (SPI_B % 32));
	wr(0, GICD_ICACTIVER + 4, 4, 1u << (SPI_B % 32));
	assert_int_equal(fake_gic.kicked, 0);
	assert_false(phys(GICD_ISACTIVER, SPI_B));
	rules_kept();
}

/* An SGI the guest disabled waits (this GIC lets SGIs be disabled). */
static void sgi_disabled_waits(void **state)
{
	(void)state;
	struct vgic_cpu *v = on(0);

	vgic_inject_sgi(v, 3, 1);
	wr(0, GICD_ICENABLER, 4, 1u << 3);
	assert_int_equal(fake_gic_valid_lrs(), 0);
	assert_int_equal(fake_guest_ack(), FAKE_GIC_SPURIOUS);
	vgic_inject_sgi(v, 3, 0);
	assert_int_equal(fake_gic_valid_lrs(), 0);
	wr(0, GICD_ISENABLER, 4, 1u << 3);
	assert_int_equal(fake_guest_ack(), 3u);        /* source 0 first, then 1 */
	fake_guest_eoi(3u);
	assert_true(fake_gic_maintenance());
	vgic_refill(v);
	assert_int_equal(fake_guest_ack(), 3u | 1u << 10);
	rules_kept();
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup(icactiver_of_a_pending_one, setup),
		cmocka_unit_test_setup(icenabler_of_a_pending_one, setup),
		cmocka_unit_test_setup(ctlr_off_with_one_pending, setup),
		cmocka_unit_test_setup(priority_of_a_pending_one, setup),
		cmocka_unit_test_setup(pending_writes, setup),
		cmocka_unit_test_setup(spi_held_by_another_cpu, setup),
		cmocka_unit_test_setup(acknowledged_again, setup),
		cmocka_unit_test_setup(cpu_off_forgets_its_spis, setup),
		cmocka_unit_test_setup(sgi_disabled_waits, setup),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
