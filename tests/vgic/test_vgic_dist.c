/*
 * The emulated distributor (hyp/vgic/vgic_dist.c) over the model's GICv2
 * distributor (tests/support/fake_gic.c), 128 interrupt ids, 2 CPUs. The
 * monitor's own interrupts - SGI 15, PPIs 25 and 26 (hyp/vgic/gic.h) - start
 * as hyp/vgic/gic.c leaves them: enabled, priority 0. Expected register values
 * are worked out by hand from the GICv2 register layout (IHI 0048B 4.3).
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>
#include "gic.h"
#include "vgic.h"
#include "fake_gic.h"

#define OWN_BITS 0x06008000u   /* ids 15, 25, 26 in a word of ids 0-31 */

static struct vgic_cpu v;

static int setup(void **state)
{
	(void)state;
	fake_gic_reset(FAKE_GIC_LRS, FAKE_GIC_LINES, 2);
	fake_gicd_poke32(GICD_CTLR, GICD_CTLR_ENABLE);
	fake_gicd_poke32(GICD_ISENABLER, OWN_BITS);   /* gic_cpu_init() */
	vgic_dist_init(FAKE_GIC_LINES, false);
	vgic_cpu_init(&v, 0, FAKE_GIC_LRS);
	fake_gic.reads = fake_gic.writes = 0;
	return 0;
}

static uint32_t rd(uint32_t off, unsigned size)
{
	uint32_t val = 0xdeadbeefu;

	assert_true(vgic_dist_access(&v, off, size, false, &val));
	return val;
}

static void wr(uint32_t off, unsigned size, uint32_t val)
{
	assert_true(vgic_dist_access(&v, off, size, true, &val));
}

static bool allowed(uint32_t off, unsigned size, bool write)
{
	uint32_t val = 0xffffffffu;

	return vgic_dist_access(&v, off, size, write, &val);
}

static void no_hw_access(void)
{
	assert_int_equal(fake_gic.reads, 0);
	assert_int_equal(fake_gic.writes, 0);
}

static void model_rules_kept(void)
{
	assert_int_equal(fake_gic.bad_access, 0);
	for (unsigned i = 0; i < fake_gic.nsgi && i < FAKE_GIC_MAX_LOG; i++)
		assert_int_not_equal(GICD_SGIR_ID(fake_gic.sgi[i]), IRQ_MONITOR_SGI);
}

/* ---- access rules ------------------------------------------------------------ */

/* Words everywhere; bytes only in IPRIORITYR (0x400-0x7ff), ITARGETSR
 * (0x800-0xbff) and CPENDSGIR/SPENDSGIR (0xf10-0xf2f); halfwords nowhere;
 * nothing at 0x1000 or above. A refused access reaches no register. */
static void access_sizes(void **state)
{
	(void)state;
	for (uint32_t off = 0; off < GICD_SIZE; off++) {
		bool bytes = (off >= 0x400 && off < 0xc00) || (off >= 0xf10 && off < 0xf30);

		assert_int_equal(allowed(off, 1, false), bytes);
		assert_int_equal(allowed(off, 1, true), bytes);
		if (off % 2 == 0) {
			assert_false(allowed(off, 2, false));
			assert_false(allowed(off, 2, true));
		}
		if (off % 4 == 0) {
			assert_true(allowed(off, 4, false));
			assert_true(allowed(off, 4, true));
		}
	}
	static const uint32_t past[] = { 0x1000, 0x1004, 0x1400, 0xfffffffcu };
	for (unsigned i = 0; i < 4; i++) {
		fake_gic.reads = fake_gic.writes = 0;
		assert_false(allowed(past[i], 4, false));
		assert_false(allowed(past[i], 4, true));
		assert_false(allowed(past[i], 1, false));
		no_hw_access();
	}
	fake_gic.reads = fake_gic.writes = 0;
	assert_false(allowed(GICD_ISENABLER, 1, true));   /* a byte where only words go */
	assert_false(allowed(GICD_IPRIORITYR, 2, true));
	assert_false(allowed(GICD_SGIR, 1, true));
	no_hw_access();
	model_rules_kept();
}

/* ---- the monitor's interrupts ------------------------------------------------ */

static void enables(void **state)
{
	(void)state;
	wr(GICD_ICENABLER, 4, 0xffffffffu);   /* the guest disables all it can */
	assert_int_equal(fake_gicd_peek32(GICD_ISENABLER), OWN_BITS);
	wr(GICD_ISENABLER, 4, 0xffffffffu);
	assert_int_equal(fake_gicd_peek32(GICD_ISENABLER), 0xffffffffu);
	assert_int_equal(rd(GICD_ISENABLER, 4), ~OWN_BITS);   /* never seen enabled */
	assert_int_equal(rd(GICD_ICENABLER, 4), ~OWN_BITS);
	wr(GICD_ICENABLER, 4, OWN_BITS);
	assert_int_equal(fake_gicd_peek32(GICD_ISENABLER), 0xffffffffu);

	/* SPIs 32-63: no monitor interrupt among them */
	wr(GICD_ISENABLER + 4, 4, 0x80000001u);
	assert_int_equal(fake_gicd_peek32(GICD_ISENABLER + 4), 0x80000001u);
	assert_int_equal(rd(GICD_ICENABLER + 4, 4), 0x80000001u);
	wr(GICD_ICENABLER + 4, 4, 0x00000001u);
	assert_int_equal(fake_gicd_peek32(GICD_ISENABLER + 4), 0x80000000u);
	model_rules_kept();
}

static void pending_and_active(void **state)
{
	(void)state;
	fake_gicd_poke32(GICD_ISPENDR, 0x06000000u);     /* the maintenance and timer PPIs pending */
	fake_gicd_poke32(GICD_ISACTIVER, OWN_BITS);
	wr(GICD_ICPENDR, 4, 0xffffffffu);
	wr(GICD_ICACTIVER, 4, 0xffffffffu);
	assert_int_equal(fake_gicd_peek32(GICD_ISPENDR), 0x06000000u);
	assert_int_equal(fake_gicd_peek32(GICD_ISACTIVER), OWN_BITS);
	assert_int_equal(rd(GICD_ISPENDR, 4), 0);
	assert_int_equal(rd(GICD_ICACTIVER, 4), 0);

	fake_gicd_poke32(GICD_ICPENDR, 0xffffffffu);
	fake_gicd_poke32(GICD_ICACTIVER, 0xffffffffu);
	wr(GICD_ISPENDR, 4, 0xffffffffu);     /* SGI bits read-only: PPIs 16-31 but 25, 26 */
	wr(GICD_ISACTIVER, 4, 0xffffffffu);
	assert_int_equal(fake_gicd_peek32(GICD_ISPENDR), 0xf9ff0000u);
	assert_int_equal(fake_gicd_peek32(GICD_ISACTIVER), 0xf9ff7fffu);
	assert_int_equal(rd(GICD_ICPENDR, 4), 0xf9ff0000u);
	assert_int_equal(rd(GICD_ISACTIVER, 4), 0xf9ff7fffu);

	wr(GICD_ISPENDR + 8, 4, 0x00010000u);   /* SPI 80 */
	assert_int_equal(fake_gicd_peek32(GICD_ISPENDR + 8), 0x00010000u);
	wr(GICD_ICPENDR + 8, 4, 0xffffffffu);
	assert_int_equal(fake_gicd_peek32(GICD_ISPENDR + 8), 0);
	model_rules_kept();
}

/* Priorities keep their top five bits, here and in the distributor; the
 * monitor's read 0 and keep theirs. */
static void priorities(void **state)
{
	(void)state;
	fake_gicd_poke8(GICD_IPRIORITYR + 25, 0x00);
	wr(GICD_IPRIORITYR + 12, 4, 0x8f4f2f1fu);   /* ids 12, 13, 14, 15 */
	assert_int_equal(fake_gicd_peek32(GICD_IPRIORITYR + 12), 0x00482818u);
	assert_int_equal(rd(GICD_IPRIORITYR + 12, 4), 0x00482818u);
	assert_int_equal(v.prio_private[12], 0x18);
	assert_int_equal(vgic_prio(&v, 14), 0x48);
	assert_int_equal(v.prio_private[15], 0);

	wr(GICD_IPRIORITYR + 25, 1, 0x80);
	wr(GICD_IPRIORITYR + 24, 4, 0xffffffffu);   /* ids 24-27 */
	assert_int_equal(fake_gicd_peek32(GICD_IPRIORITYR + 24), 0xf80000f8u);
	assert_int_equal(rd(GICD_IPRIORITYR + 24, 4), 0xf80000f8u);
	assert_int_equal(rd(GICD_IPRIORITYR + 26, 1), 0);

	wr(GICD_IPRIORITYR + 40, 1, 0xa7);
	assert_int_equal(fake_gicd_peek8(GICD_IPRIORITYR + 40), 0xa0);
	assert_int_equal(vgic_dist.prio_shared[40], 0xa0);
	assert_int_equal(rd(GICD_IPRIORITYR + 40, 1), 0xa0);
	assert_int_equal(rd(GICD_IPRIORITYR + 40, 4), 0x000000a0u);

	/* ids the distributor lacks (128 implemented), up to 1023: RAZ/WI */
	fake_gic.writes = 0;
	wr(GICD_IPRIORITYR + 200, 1, 0x40);
	wr(GICD_IPRIORITYR + 0x3fc, 4, 0x40404040u);
	wr(GICD_IPRIORITYR + 0x3ff, 1, 0x40);
	assert_int_equal(fake_gic.writes, 0);
	assert_int_equal(rd(GICD_IPRIORITYR + 200, 1), 0);
	assert_int_equal(rd(GICD_IPRIORITYR + 0x3fc, 4), 0);
	model_rules_kept();
}

/* SGI/PPI priorities are each CPU's own. */
static void priorities_banked(void **state)
{
	(void)state;
	struct vgic_cpu v1;

	vgic_cpu_init(&v1, 1, FAKE_GIC_LRS);
	uint32_t val = 0x60;

	fake_gic_set_cpu(1);
	assert_true(vgic_dist_access(&v1, GICD_IPRIORITYR + 27, 1, true, &val));
	fake_gic_set_cpu(0);
	wr(GICD_IPRIORITYR + 27, 1, 0x20);
	assert_int_equal(v1.prio_private[27], 0x60);
	assert_int_equal(v.prio_private[27], 0x20);
	assert_int_equal(fake_gicd_peek8(GICD_IPRIORITYR + 27), 0x20);
	fake_gic_set_cpu(1);
	assert_int_equal(fake_gicd_peek8(GICD_IPRIORITYR + 27), 0x60);
	model_rules_kept();
}

/* SPI targets are the guest's; SGI/PPI targets read-only (this CPU). */
static void targets(void **state)
{
	(void)state;
	wr(GICD_ITARGETSR + 40, 1, 0x02);
	assert_int_equal(fake_gicd_peek8(GICD_ITARGETSR + 40), 0x02);
	wr(GICD_ITARGETSR + 44, 4, 0x01020301u);
	assert_int_equal(fake_gicd_peek32(GICD_ITARGETSR + 44), 0x01020301u);
	assert_int_equal(rd(GICD_ITARGETSR + 44, 4), 0x01020301u);
	assert_int_equal(rd(GICD_ITARGETSR + 45, 1), 0x03);

	fake_gic.writes = 0;
	for (uint32_t off = 0; off < GIC_NR_PRIVATE; off += 4)
		wr(GICD_ITARGETSR + off, 4, 0x02020202u);
	wr(GICD_ITARGETSR + 25, 1, 0x02);
	assert_int_equal(fake_gic.writes, 0);
	assert_int_equal(rd(GICD_ITARGETSR + 24, 4), 0x01010101u);
	assert_int_equal(rd(GICD_ITARGETSR + 15, 1), 0x01);
	model_rules_kept();
}

/* ICFGR: SGIs' fixed, the monitor's PPIs' kept (and read as 0), the rest
 * the guest's. */
static void config(void **state)
{
	(void)state;
	fake_gicd_poke32(GICD_ICFGR + 4, 0x00280000u);   /* PPIs 25, 26 edge */
	fake_gic.writes = 0;
	wr(GICD_ICFGR, 4, 0);
	assert_int_equal(fake_gic.writes, 0);
	assert_int_equal(rd(GICD_ICFGR, 4), 0x2aaaaaaau);   /* SGI 15's field hidden */

	wr(GICD_ICFGR + 4, 4, 0);
	assert_int_equal(fake_gicd_peek32(GICD_ICFGR + 4), 0x00280000u);
	assert_int_equal(rd(GICD_ICFGR + 4, 4), 0);
	wr(GICD_ICFGR + 4, 4, 0xffffffffu);
	assert_int_equal(fake_gicd_peek32(GICD_ICFGR + 4), 0xaaaaaaaau);
	assert_int_equal(rd(GICD_ICFGR + 4, 4), 0xaa82aaaau);
	fake_gicd_poke32(GICD_ICFGR + 4, 0);
	wr(GICD_ICFGR + 4, 4, 0xffffffffu);
	assert_int_equal(fake_gicd_peek32(GICD_ICFGR + 4), 0xaa82aaaau);   /* 25, 26 stay level */

	wr(GICD_ICFGR + 8, 4, 0xffffffffu);   /* SPIs 32-47 */
	assert_int_equal(fake_gicd_peek32(GICD_ICFGR + 8), 0xaaaaaaaau);
	assert_int_equal(rd(GICD_ICFGR + 8, 4), 0xaaaaaaaau);
	model_rules_kept();
}

/* ---- the guest's own registers ---------------------------------------------- */

/* GICD_CTLR is the guest's: the physical one stays on. Turning it on fills
 * the list registers and asks the other CPUs to fill theirs. */
static void ctlr_is_virtual(void **state)
{
	(void)state;
	assert_int_equal(rd(GICD_CTLR, 4), 0);
	vgic_inject_hw(&v, 40);   /* waits: the guest's distributor is off */
	assert_int_equal(fake_gic_valid_lrs(), 0);
	wr(GICD_CTLR, 4, 1);
	assert_int_equal(rd(GICD_CTLR, 4), 1);
	assert_int_equal(fake_gic_valid_lrs(), 1);
	assert_int_equal(GICH_LR_GET_VID(fake_gic.lr[0]), 40);
	assert_int_equal(fake_gic.kicks, 1);
	wr(GICD_CTLR, 4, 0xffffffffu);   /* already on: nothing to do */
	assert_int_equal(rd(GICD_CTLR, 4), 3);
	assert_int_equal(fake_gic.kicks, 1);
	wr(GICD_CTLR, 4, 0);   /* off: every CPU's pending LRs go back to waiting */
	assert_int_equal(rd(GICD_CTLR, 4), 0);
	assert_int_equal(fake_gic.kicks, 2);
	assert_int_equal(fake_gic_valid_lrs(), 0);
	assert_int_equal(v.nqueued, 1);
	wr(GICD_CTLR, 4, 2);
	assert_int_equal(fake_gic.kicks, 3);
	assert_int_equal(fake_gic_valid_lrs(), 1);
	assert_int_equal(fake_gicd_peek32(GICD_CTLR), GICD_CTLR_ENABLE);
	model_rules_kept();
}

/* SGIR: the guest's SGIs go out with their filter, targets and id (no
 * reserved bits, no NSATT); never SGI 15; filter 3 (reserved) ignored;
 * reads 0. */
static void sgir(void **state)
{
	(void)state;
	wr(GICD_SGIR, 4, GICD_SGIR_VALUE(0, 0x02, 3));
	wr(GICD_SGIR, 4, GICD_SGIR_VALUE(1, 0, 7));
	wr(GICD_SGIR, 4, GICD_SGIR_VALUE(2, 0, 0));
	wr(GICD_SGIR, 4, 0xf2ff8ff5u);                   /* filter 2, targets 0xff, NSATT, id 5 */
	wr(GICD_SGIR, 4, GICD_SGIR_VALUE(0, 0x03, 15));  /* the monitor's */
	wr(GICD_SGIR, 4, GICD_SGIR_VALUE(2, 0, 15));
	wr(GICD_SGIR, 4, GICD_SGIR_VALUE(3, 0x03, 1));   /* reserved filter */
	assert_int_equal(fake_gic.nsgi, 4);
	assert_int_equal(fake_gic.sgi[0], 0x00020003u);
	assert_int_equal(fake_gic.sgi[1], 0x01000007u);
	assert_int_equal(fake_gic.sgi[2], 0x02000000u);
	assert_int_equal(fake_gic.sgi[3], 0x02ff0005u);
	fake_gic.reads = 0;
	assert_int_equal(rd(GICD_SGIR, 4), 0);
	assert_int_equal(fake_gic.reads, 0);
	model_rules_kept();
}

/* vgic_dist_sgir(), the store the abort entry calls for GICD_SGIR without
 * the general decode (issue #29), sends exactly what the emulated store
 * sends, value for value. */
static void sgir_alone(void **state)
{
	(void)state;
	const uint32_t vals[] = { GICD_SGIR_VALUE(0, 0x02, 3), GICD_SGIR_VALUE(1, 0, 7),
				  GICD_SGIR_VALUE(2, 0, 0), 0xf2ff8ff5u, GICD_SGIR_VALUE(0, 0x03, 15),
				  GICD_SGIR_VALUE(2, 0, 15), GICD_SGIR_VALUE(3, 0x03, 1), 0xffffffffu, 0 };

	for (size_t i = 0; i < sizeof(vals) / sizeof(vals[0]); i++) {
		unsigned n = fake_gic.nsgi;

		wr(GICD_SGIR, 4, vals[i]);
		unsigned sent = fake_gic.nsgi - n;
		uint32_t by_access = sent ? fake_gic.sgi[n] : 0;

		vgic_dist_sgir(vals[i]);
		assert_int_equal(fake_gic.nsgi - n, 2 * sent);
		if (sent)
			assert_int_equal(fake_gic.sgi[n + 1], by_access);
	}
	model_rules_kept();
}

/* IGROUPR: RAZ/WI, without touching the distributor (CPENDSGIR and
 * SPENDSGIR: tests/vgic/test_vgic_sgi.c). */
static void raz_wi(void **state)
{
	(void)state;
	for (uint32_t off = GICD_IGROUPR; off < GICD_IGROUPR + 0x80; off += 4) {
		wr(off, 4, 0xffffffffu);
		assert_int_equal(rd(off, 4), 0);
	}
	no_hw_access();
}

/* TYPER (4 x 32 lines, 2 CPUs), IIDR and the ID registers: the
 * distributor's; written, nothing. */
static void id_registers_read_through(void **state)
{
	(void)state;
	assert_int_equal(rd(GICD_TYPER, 4), 0x23u);
	assert_int_equal(rd(GICD_IIDR, 4), FAKE_GIC_IIDR);
	assert_int_equal(rd(0xfd0, 4), 0x04);
	assert_int_equal(rd(0xfe8, 4), 0x2b);   /* PIDR2: architecture version 2 */
	assert_int_equal(rd(0xff0, 4), 0x0d);
	assert_int_equal(rd(0xffc, 4), 0xb1);
	fake_gic.writes = 0;
	wr(GICD_TYPER, 4, 0);
	wr(GICD_IIDR, 4, 0);
	wr(0xfe8, 4, 0);
	assert_int_equal(fake_gic.writes, 0);
	assert_int_equal(rd(GICD_TYPER, 4), 0x23u);
	/* reserved space reads 0 without a distributor access */
	fake_gic.reads = 0;
	assert_int_equal(rd(0x00c, 4), 0);
	assert_int_equal(rd(0xd00, 4), 0);
	assert_int_equal(rd(0xfcc, 4), 0);
	assert_int_equal(fake_gic.reads, 0);
}

/* Every word and every byte the guest may write, all ones then all zeros,
 * then read back: the monitor's interrupts keep their enable, pending
 * (SGI 15 from CPU 1 too), active, priority and configuration, and no
 * SGI 15 goes out. */
static void no_write_reaches_the_monitors(void **state)
{
	(void)state;
	fake_gicd_poke32(GICD_ISPENDR, 0x02000000u);
	fake_gicd_poke8(GICD_SPENDSGIR + IRQ_MONITOR_SGI, 0x02);
	fake_gicd_poke32(GICD_ISACTIVER, 0x04008000u);
	fake_gicd_poke32(GICD_ICFGR + 4, 0x00080000u);
	fake_gicd_poke8(GICD_IPRIORITYR + 15, 0x10);   /* not 0: distinct from what the guest writes */
	fake_gicd_poke8(GICD_IPRIORITYR + 25, 0x08);
	fake_gicd_poke8(GICD_IPRIORITYR + 26, 0x18);
	wr(GICD_CTLR, 4, 1);
	for (uint32_t pass = 0; pass < 2; pass++) {
		uint32_t val = pass ? 0 : 0xffffffffu;

		for (uint32_t off = 4; off < GICD_SIZE; off += 4)
			wr(off, 4, val);
		for (uint32_t off = 0x400; off < 0xc00; off++)
			wr(off, 1, val);
		for (uint32_t off = GICD_CPENDSGIR; off < GICD_SPENDSGIR + 0x10; off++)
			wr(off, 1, val);
		for (uint32_t off = 0; off < GICD_SIZE; off += 4)
			(void)rd(off, 4);
		assert_int_equal(fake_gicd_peek32(GICD_ISENABLER) & OWN_BITS, OWN_BITS);
		assert_int_equal(fake_gicd_peek32(GICD_ISPENDR) & OWN_BITS, 0x02008000u);
		assert_int_equal(fake_gicd_peek8(GICD_SPENDSGIR + IRQ_MONITOR_SGI), 0x02);
		assert_int_equal(fake_gicd_peek32(GICD_ISACTIVER) & OWN_BITS, 0x04008000u);
		assert_int_equal(fake_gicd_peek32(GICD_ICFGR) & 0xc0000000u, 0x80000000u);
		assert_int_equal(fake_gicd_peek32(GICD_ICFGR + 4) & 0x003c0000u, 0x00080000u);
		assert_int_equal(fake_gicd_peek8(GICD_IPRIORITYR + 15), 0x10);
		assert_int_equal(fake_gicd_peek8(GICD_IPRIORITYR + 25), 0x08);
		assert_int_equal(fake_gicd_peek8(GICD_IPRIORITYR + 26), 0x18);
		assert_int_equal(rd(GICD_ISENABLER, 4) & OWN_BITS, 0);
	}
	assert_true(fake_gic.nsgi > 0);   /* all-ones SGIR: filter 3, dropped; zeros: SGI 0 */
	model_rules_kept();
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup(access_sizes, setup),
		cmocka_unit_test_setup(enables, setup),
		cmocka_unit_test_setup(pending_and_active, setup),
		cmocka_unit_test_setup(priorities, setup),
		cmocka_unit_test_setup(priorities_banked, setup),
		cmocka_unit_test_setup(targets, setup),
		cmocka_unit_test_setup(config, setup),
		cmocka_unit_test_setup(ctlr_is_virtual, setup),
		cmocka_unit_test_setup(sgir, setup),
		cmocka_unit_test_setup(sgir_alone, setup),
		cmocka_unit_test_setup(raz_wi, setup),
		cmocka_unit_test_setup(id_registers_read_through, setup),
		cmocka_unit_test_setup(no_write_reaches_the_monitors, setup),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
