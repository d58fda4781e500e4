/*
 * hyp/vgic/vgic_lr.c, vgic_sgi.c and vgic_queue.c on the model of the hardware (tests/support/fake_gic.c):
 * the monitor injects, the test plays the guest's virtual CPU interface
 * (acknowledge, EOI) and takes the maintenance interrupt whenever the model
 * asserts it, as hyp/switch/irq.c does. List register values are worked out by
 * hand from the GICv2 list register format (IHI 0048B 5.3.11).
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <string.h>
#include <cmocka.h>
#include "gic.h"
#include "vgic.h"
#include "fake_gic.h"
#include "../guest-tests/lib/rng.h"   /* the test guests' xorshift32 */

static struct vgic_cpu v;

static void dist_write(uint32_t off, unsigned size, uint32_t val)
{
	assert_true(vgic_dist_access(&v, off, size, true, &val));
}

static void set_prio(uint32_t id, uint8_t prio) { dist_write(GICD_IPRIORITYR + id, 1, prio); }
static void enable_dist(bool on) { dist_write(GICD_CTLR, 4, on ? 1u : 0u); }

/* Physical interrupts soft-linked (hyp/vgic/vgic_lr.c: the QEMU 7.2 workaround)
 * instead of hardware-linked. */
static bool soft;

static void setup_lrs(unsigned nr_lrs)
{
	fake_gic_reset(nr_lrs, FAKE_GIC_LINES, 2);
	vgic_dist_init(FAKE_GIC_LINES, soft);
	vgic_cpu_init(&v, 0, vgic_hw_nr_lrs());
	enable_dist(true);
	fake_gic.kicks = 0;
}

static int setup(void **state)
{
	(void)state;
	setup_lrs(FAKE_GIC_LRS);
	return 0;
}

/* What the architecture forbids never happened. */
static void hw_rules_kept(void)
{
	assert_int_equal(fake_gic.dup_vid, 0);
	assert_int_equal(fake_gic.hw_active_pending, 0);
	assert_int_equal(fake_gic.eoi_unmatched, 0);
	assert_int_equal(fake_gic.bad_lr, 0);
	assert_int_equal(fake_gic.bad_access, 0);
}

/* The maintenance interrupt as the target takes it (hyp/switch/irq.c): it is
 * level-sensitive, so after the refill it must be gone, or the CPU would
 * take it again and again and never run the guest. */
static unsigned eoi_maintenances, underflows;

static bool maintenance(void)
{
	if (!fake_gic_maintenance())
		return false;
	if (fake_gic_eisr())
		eoi_maintenances++;
	else
		underflows++;
	vgic_refill(&v);
	assert_false(fake_gic_maintenance());
	return true;
}

static void hw(uint32_t id)
{
	fake_gic_phys_ack(id);
	vgic_inject_hw(&v, id);
}

static void sgi(uint32_t id, uint32_t src) { vgic_inject_sgi(&v, id, src); }

static void eoi(uint32_t iar)
{
	fake_guest_eoi(iar);
	maintenance();
}

/* Acknowledge and EOI until the guest sees nothing: what it acknowledged,
 * in order, into out[]; how many. */
static unsigned drain(uint32_t *out, unsigned max)
{
	unsigned n = 0;

	for (uint32_t iar; (iar = fake_guest_ack()) != FAKE_GIC_SPURIOUS;) {
		assert_true(n < max);
		out[n++] = iar;
		eoi(iar);
	}
	return n;
}

static unsigned lr_state(unsigned i) { return fake_gic.lr[i] & GICH_LR_STATE_MASK; }

/* ---- one interrupt -------------------------------------------------------- */

/* HW = 1, physical id = virtual id, priority 0xa5 -> 0x14 (top five bits),
 * group 0, pending: 1 0 01 10100 000 0000101000 0000101000 */
static void hw_straight_into_free_lr(void **state)
{
	(void)state;
	set_prio(40, 0xa5);
	hw(40);
	assert_int_equal(fake_gic.lr[0], 0x9a00a028u);
	assert_int_equal(fake_gic_elsr(), 0xeu);
	assert_false(fake_gic.uie);
	assert_int_equal(v.nqueued, 0);

	assert_int_equal(fake_guest_ack(), 40);
	assert_int_equal(fake_gic.lr[0], 0xaa00a028u);   /* active */
	assert_true(fake_gic_phys_active(40));
	eoi(40);
	assert_int_equal(fake_gic.lr[0] & GICH_LR_STATE_MASK, 0);
	assert_int_equal(fake_gic_elsr(), 0xfu);
	assert_int_equal(fake_gic.ndeactivated, 1);       /* the guest's EOI ended it */
	assert_int_equal(fake_gic.deactivated[0], 40);
	assert_false(fake_gic_phys_active(40));
	hw_rules_kept();
}

/* A PPI takes this CPU's priority: 0x48 -> 9; id 27 = 0x1b. */
static void ppi_with_private_priority(void **state)
{
	(void)state;
	set_prio(27, 0x48);
	hw(27);
	assert_int_equal(fake_gic.lr[0], 0x94806c1bu);
	hw_rules_kept();
}

/* The list registers of ids 0-31 come from each CPU's template
 * (struct vgic_cpu lr_private): it follows every priority write - a byte,
 * a word, the same value again -, either link, and a write refused (the
 * monitor's PPI 26) leaves it as it was. Exact values, composed here
 * field by field. */
static void private_template_follows_priority(void **state)
{
	static const uint8_t prios[] = { 0x00, 0x48, 0xff, 0x48, 0x07, 0x80 };

	(void)state;
	for (int s = 0; s < 2; s++) {
		soft = s;
		setup_lrs(4);
		uint32_t link = soft ? GICH_LR_EOI : GICH_LR_HW | GICH_LR_PID(27);

		for (unsigned k = 0; k < sizeof(prios); k++) {
			if (k & 1)
				set_prio(27, prios[k]);
			else   /* the word of ids 24-27, the monitor's 26 in it */
				dist_write(GICD_IPRIORITYR + 24, 4, (uint32_t)prios[k] << 24 | 0x00101010u);
			hw(27);
			assert_int_equal(fake_gic.lr[0], link | GICH_LR_VID(27) | GICH_LR_PRIO(prios[k] & 0xf8u) | GICH_LR_PENDING);
			assert_int_equal(v.lr_private[26], (soft ? GICH_LR_EOI : GICH_LR_HW | GICH_LR_PID(26)) |
							  GICH_LR_VID(26) | GICH_LR_PENDING);
			eoi(fake_guest_ack());
			assert_int_equal(fake_gic_valid_lrs(), 0);
			sgi(3, 5);
			assert_int_equal(fake_gic.lr[0], GICH_LR_CPUID(5) | GICH_LR_VID(3) | GICH_LR_PRIO(0x00) | GICH_LR_PENDING);
			eoi(fake_guest_ack());
			set_prio(3, prios[k]);
			sgi(3, 6);
			assert_int_equal(fake_gic.lr[0], GICH_LR_CPUID(6) | GICH_LR_VID(3) | GICH_LR_PRIO(prios[k] & 0xf8u) | GICH_LR_PENDING);
			eoi(fake_guest_ack());
			set_prio(3, 0);
			hw_rules_kept();
		}
	}
	soft = false;
}

/* More than 32 list registers (GICH_ELSR1): free_lr() looks at ELSR0
 * first, then at both words; an SGI with list registers in use takes the
 * general way (sgi_direct() refuses). 40 list registers: 38 SPIs fill
 * 0-37 in order, an SGI the 39th, a PPI the 40th; one more waits. */
static void more_than_32_lrs(void **state)
{
	(void)state;
	setup_lrs(40);
	assert_int_equal(v.nr_lrs, 40);
	for (uint32_t k = 0; k < 38; k++) {
		hw(32 + k);
		assert_int_equal(GICH_LR_GET_VID(fake_gic.lr[k]), 32 + k);
	}
	assert_int_equal(fake_gic_elsr() & 0xffffffffffull, 0xc000000000ull);
	sgi(3, 1);
	assert_int_equal(fake_gic.lr[38], GICH_LR_CPUID(1) | GICH_LR_VID(3) | GICH_LR_PENDING);
	hw(27);
	assert_int_equal(fake_gic.lr[39], GICH_LR_HW | GICH_LR_PID(27) | GICH_LR_VID(27) | GICH_LR_PENDING);
	assert_int_equal(v.nqueued, 0);
	hw(70);   /* none free: it waits */
	assert_int_equal(v.nqueued, 1);
	assert_int_equal(fake_gic_valid_lrs(), 40);
	/* the guest ends LR 35's: the waiting one goes in there */
	fake_gic.lr[35] &= ~GICH_LR_STATE_MASK;
	vgic_refill(&v);
	assert_int_equal(GICH_LR_GET_VID(fake_gic.lr[35]), 70);
	assert_int_equal(v.nqueued, 0);
	hw_rules_kept();
}

/* HW = 0, source CPU 5 in bits 12:10, priority 0x80 -> 0x10, SGI 3. */
static void sgi_carries_source(void **state)
{
	(void)state;
	set_prio(3, 0x80);
	sgi(3, 5);
	assert_int_equal(fake_gic.lr[0], 0x18001403u);
	assert_int_equal(fake_guest_ack(), 0x1403u);
	eoi(0x1403u);
	assert_int_equal(lr_state(0), 0);
	assert_int_equal(fake_gic.ndeactivated, 0);   /* an SGI ends in HYP */
	hw_rules_kept();
}

static void sgi_pending_not_duplicated(void **state)
{
	(void)state;
	uint32_t got[4];

	sgi(3, 5);
	sgi(3, 5);
	assert_int_equal(fake_gic_valid_lrs(), 1);
	assert_int_equal(v.nqueued, 0);
	assert_int_equal(drain(got, 4), 1);
	assert_int_equal(got[0], 0x1403u);
	hw_rules_kept();
}

/* GICv2 allows one valid list register per virtual id: SGI 1 from CPU 2
 * waits while SGI 1 from CPU 0 is in one, whose EOI bit (bit 19) asks for
 * a maintenance interrupt at the guest's EOI; then it goes in. */
static void sgi_from_second_source_waits_for_eoi(void **state)
{
	(void)state;
	set_prio(1, 0x80);
	sgi(1, 0);
	sgi(1, 2);
	assert_int_equal(fake_gic.lr[0], 0x18080001u);
	assert_int_equal(fake_gic_valid_lrs(), 1);
	assert_int_equal(v.nqueued, 1);
	assert_false(fake_gic.uie);                  /* free list registers would not help */
	assert_int_equal(fake_guest_ack(), 0x001u);
	fake_guest_eoi(0x001u);
	assert_int_equal(fake_gic_eisr(), 1);        /* EOI maintenance */
	assert_true(maintenance());
	assert_int_equal(fake_gic.lr[0], 0x18000801u);   /* no EOI bit: nothing else waits */
	assert_int_equal(v.nqueued, 0);
	assert_int_equal(fake_guest_ack(), 0x801u);
	eoi(0x801u);
	assert_int_equal(fake_gic_valid_lrs(), 0);
	assert_int_equal(fake_gic_elsr(), 0xfu);
	hw_rules_kept();
}

/* The same SGI from the same CPU while the guest handles it: pending once
 * more, after the EOI (one list register per id, as above). */
static void sgi_again_while_active(void **state)
{
	(void)state;
	uint32_t got[4];

	set_prio(3, 0x80);
	sgi(3, 5);
	assert_int_equal(fake_guest_ack(), 0x1403u);
	sgi(3, 5);
	assert_int_equal(fake_gic.lr[0], 0x28081403u);   /* active, EOI bit */
	sgi(3, 5);                                       /* still one pending */
	assert_int_equal(v.nqueued, 1);
	assert_int_equal(fake_gic_valid_lrs(), 1);
	assert_int_equal(fake_guest_ack(), FAKE_GIC_SPURIOUS);
	eoi(0x1403u);
	assert_int_equal(fake_gic.lr[0], 0x18001403u);
	assert_int_equal(drain(got, 4), 1);
	assert_int_equal(got[0], 0x1403u);
	assert_int_equal(fake_gic_valid_lrs(), 0);
	hw_rules_kept();
}

/* Two list registers: the guest handles SPI 32 (0x80), SGI 3 from CPU 1
 * (0x40) preempts it and comes again; SPI 33 (0x00) finds no room. When the
 * guest ends SGI 3 it must take SPI 33 next, not SGI 3 again. (An SGI made
 * active and pending in its list register became merely pending at the
 * EOI and overtook SPI 33.) */
static void sgi_again_does_not_overtake(void **state)
{
	(void)state;
	setup_lrs(2);
	set_prio(32, 0x80);
	set_prio(3, 0x40);
	set_prio(33, 0x00);
	hw(32);
	assert_int_equal(fake_guest_ack(), 32);
	sgi(3, 1);
	assert_int_equal(fake_guest_ack(), 0x403u);
	sgi(3, 1);
	hw(33);
	assert_int_equal(v.nqueued, 2);
	assert_true(fake_gic.uie);
	eoi(0x403u);
	assert_int_equal(fake_guest_ack(), 33);
	eoi(33);
	assert_int_equal(fake_guest_ack(), 0x403u);
	eoi(0x403u);
	eoi(32);
	assert_int_equal(fake_gic_valid_lrs(), 0);
	assert_int_equal(v.nqueued, 0);
	hw_rules_kept();
}

/* While SGI 1 from CPU 2 waits for SGI 1 from CPU 0 (0x40) to end, SPI 40
 * (0x80) leaves its list register: the guest may read its next interrupt
 * between the EOI and the maintenance interrupt, and must not find SPI 40
 * there ahead of SGI 1 from CPU 2. */
static void blocked_sgi_holds_back_lower_priority(void **state)
{
	(void)state;
	uint32_t got[4];

	set_prio(1, 0x40);
	set_prio(40, 0x80);
	sgi(1, 0);
	hw(40);
	assert_int_equal(fake_gic.lr[0], 0x14000001u);
	assert_int_equal(fake_gic.lr[1], 0x9800a028u);
	sgi(1, 2);
	assert_int_equal(fake_gic.lr[0], 0x14080001u);
	assert_int_equal(fake_gic_valid_lrs(), 1);
	assert_int_equal(v.nqueued, 2);
	assert_false(fake_gic.uie);
	assert_int_equal(fake_guest_ack(), 0x001u);
	fake_guest_eoi(0x001u);
	assert_int_equal(fake_guest_ack(), FAKE_GIC_SPURIOUS);   /* before the maintenance interrupt */
	assert_true(maintenance());
	assert_int_equal(drain(got, 4), 2);
	assert_int_equal(got[0], 0x801u);
	assert_int_equal(got[1], 40);
	assert_int_equal(v.nqueued, 0);
	hw_rules_kept();
}

/* ---- more than the list registers hold -------------------------------------- */

/* Ten SPIs 32..41, id 32 + i at priority ((7 i) mod 10) * 0x10: the guest
 * takes them by priority 0x00, 0x10, ... 0x90. */
static void more_than_lrs_in_priority_order(void **state)
{
	(void)state;
	static const uint32_t want[10] = { 32, 35, 38, 41, 34, 37, 40, 33, 36, 39 };
	uint32_t got[12];

	for (uint32_t i = 0; i < 10; i++)
		set_prio(32 + i, (uint8_t)((7 * i) % 10 * 0x10));
	for (uint32_t i = 0; i < 10; i++)
		hw(32 + i);
	/* the four best in the list registers, six waiting, underflow on */
	uint32_t held = 0;
	for (unsigned i = 0; i < 4; i++) {
		assert_int_equal(lr_state(i), GICH_LR_PENDING);
		held |= 1u << (GICH_LR_GET_PRIO(fake_gic.lr[i]) >> 4);
	}
	assert_int_equal(held, 0xfu);   /* 0x00, 0x10, 0x20, 0x30 */
	assert_int_equal(v.nqueued, 6);
	assert_true(fake_gic.uie);

	assert_int_equal(drain(got, 12), 10);
	assert_memory_equal(got, want, sizeof(want));
	assert_int_equal(fake_gic.ndeactivated, 10);
	assert_memory_equal(fake_gic.deactivated, want, sizeof(want));
	assert_int_equal(v.nqueued, 0);
	assert_false(fake_gic.uie);
	hw_rules_kept();
}

/* Four 0xc0 SPIs fill the list registers; a 0x40 one takes the place of
 * one of them, which waits. */
static void higher_priority_evicts(void **state)
{
	(void)state;
	uint32_t got[8];

	for (uint32_t id = 32; id <= 35; id++) {
		set_prio(id, 0xc0);
		hw(id);
	}
	set_prio(36, 0x40);
	hw(36);
	assert_int_equal(v.nqueued, 1);
	assert_true(fake_gic.uie);
	uint32_t ids = 0;
	for (unsigned i = 0; i < 4; i++)
		ids |= 1u << (GICH_LR_GET_VID(fake_gic.lr[i]) - 32);
	assert_int_equal(__builtin_popcount(ids & 0xfu), 3);
	assert_true(ids & 0x10u);   /* 36 is in */

	assert_int_equal(drain(got, 8), 5);
	assert_int_equal(got[0], 36);
	uint32_t rest = 0;
	for (unsigned i = 1; i < 5; i++)
		rest |= 1u << (got[i] - 32);
	assert_int_equal(rest, 0xfu);   /* each 0xc0 one once */
	hw_rules_kept();
}

/* SGI 1 from CPUs 0-3, SGI 2 from CPUs 1 and 4, SPIs 40 and 41, PPI 27:
 * nine interrupts, each delivered once, by priority (0x20 SGI 2, 0x40 SPI
 * 40, 0x60 SGI 1 and PPI 27, 0x80 SPI 41). */
static void sgis_from_several_sources_and_hw(void **state)
{
	(void)state;
	uint32_t got[12];

	set_prio(1, 0x60);
	set_prio(2, 0x20);
	set_prio(27, 0x60);
	set_prio(40, 0x40);
	set_prio(41, 0x80);
	for (uint32_t src = 0; src < 4; src++)
		sgi(1, src);
	hw(41);
	sgi(2, 1);
	hw(27);
	sgi(2, 4);
	hw(40);
	hw_rules_kept();

	assert_int_equal(drain(got, 12), 9);
	assert_true((got[0] == 0x402u && got[1] == 0x1002u) || (got[0] == 0x1002u && got[1] == 0x402u));
	assert_int_equal(got[2], 40);
	uint32_t seen = 0;   /* bits 0-3: SGI 1 from CPU n; bit 4: PPI 27 */
	for (unsigned i = 3; i < 8; i++)
		seen |= got[i] == 27 ? 0x10u : (got[i] & 0x3ffu) == 1 ? 1u << (got[i] >> 10) : 0x100u;
	assert_int_equal(seen, 0x1fu);
	assert_int_equal(got[8], 41);
	assert_int_equal(v.nqueued, 0);
	hw_rules_kept();
}

static void equal_priorities(void **state)
{
	(void)state;
	uint32_t got[16], seen = 0;

	for (uint32_t id = 32; id < 40; id++) {
		set_prio(id, 0x50);
		hw(id);
	}
	for (uint32_t src = 0; src < 3; src++) {
		set_prio(4 + src, 0x50);
		sgi(4 + src, src);
	}
	assert_int_equal(drain(got, 16), 11);
	for (unsigned i = 0; i < 11; i++) {
		uint32_t id = got[i] & 0x3ffu, bit = id >= 32 ? id - 32 : 8 + id - 4;

		if (id < 32)   /* SGI 4 + n from CPU n */
			assert_int_equal(got[i] >> 10, id - 4);

		assert_false(seen & (1u << bit));
		seen |= 1u << bit;
	}
	assert_int_equal(seen, 0x7ffu);
	hw_rules_kept();
}

/* The guest nests four interrupts (each preempting the one before): every
 * list register is active, so a fifth waits - underflow on - until the
 * guest has ended all but one. */
static void all_lrs_active(void **state)
{
	(void)state;
	uint32_t lrs[4];

	set_prio(32, 0xc0);
	set_prio(33, 0x80);
	set_prio(34, 0x40);
	set_prio(5, 0x00);
	set_prio(35, 0x20);
	hw(32);
	assert_int_equal(fake_guest_ack(), 32);
	hw(33);
	assert_int_equal(fake_guest_ack(), 33);
	hw(34);
	assert_int_equal(fake_guest_ack(), 34);
	sgi(5, 2);
	assert_int_equal(fake_guest_ack(), 0x805u);
	memcpy(lrs, fake_gic.lr, sizeof(lrs));

	hw(35);
	assert_memory_equal(fake_gic.lr, lrs, sizeof(lrs));   /* nothing displaced */
	assert_int_equal(v.nqueued, 1);
	assert_true(fake_gic.uie);
	assert_false(fake_gic_maintenance());

	eoi(0x805u);
	eoi(34);
	assert_int_equal(v.nqueued, 1);            /* two still valid: no underflow yet */
	eoi(33);                                   /* one valid: underflow, refilled */
	assert_int_equal(v.nqueued, 0);
	assert_false(fake_gic.uie);
	assert_int_equal(fake_guest_ack(), 35);    /* 0x20 preempts 0xc0 */
	eoi(35);
	eoi(32);
	assert_int_equal(fake_gic.ndeactivated, 4);
	static const uint32_t order[4] = { 34, 33, 35, 32 };
	assert_memory_equal(fake_gic.deactivated, order, sizeof(order));
	assert_int_equal(fake_gic_valid_lrs(), 0);
	hw_rules_kept();
}

/* With the guest's distributor off nothing goes into a list register (and
 * no underflow interrupt asks for it); turning it on places them and asks
 * the other CPUs to look at theirs. */
static void distributor_disabled(void **state)
{
	(void)state;
	uint32_t got[4];

	enable_dist(false);
	set_prio(2, 0x10);
	set_prio(40, 0x30);
	hw(40);
	sgi(2, 1);
	assert_int_equal(fake_gic_elsr(), 0xfu);
	assert_int_equal(v.nqueued, 2);
	assert_false(fake_gic.uie);
	assert_int_equal(fake_guest_ack(), FAKE_GIC_SPURIOUS);
	assert_int_equal(fake_gic.kicks, 1);   /* off: the others empty their LRs too */

	enable_dist(true);
	assert_int_equal(fake_gic_valid_lrs(), 2);
	assert_int_equal(v.nqueued, 0);
	assert_int_equal(fake_gic.kicks, 2);
	assert_int_equal(drain(got, 4), 2);
	assert_int_equal(got[0], 0x402u);
	assert_int_equal(got[1], 40);
	hw_rules_kept();
}

/* ---- random sequences against a reference ------------------------------------ */

/* The interrupts in play: hardware ids, and SGI ids x sources. An item is
 * a key: a hardware id, or 1024 + 8 * SGI id + source. */
static const uint32_t hw_ids[] = { 16, 20, 27, 31, 32, 33, 34, 35, 40, 41, 63, 64, 95, 100, 101, 127 };
static const uint32_t sgi_ids[] = { 0, 1, 2, 7, 14 };
static const uint32_t srcs[] = { 0, 1, 2, 3, 7 };
static const uint8_t prios[] = { 0x00, 0x40, 0x80, 0xa0, 0xf8 };
#define NHW   (sizeof(hw_ids) / sizeof(hw_ids[0]))
#define NSGI  (sizeof(sgi_ids) / sizeof(sgi_ids[0]))
#define NSRC  (sizeof(srcs) / sizeof(srcs[0]))
#define NKEYS (1024u + 16u * 8u)

static struct rng rng;
static uint32_t next(void) { return rng_next(&rng); }

/* The reference: what is pending and what the guest has active. */
static bool ref_pending[NKEYS], ref_active[NKEYS];
static uint8_t prio_of[1024];
static uint32_t stack[VGIC_MAX_LRS];   /* the guest's nested acknowledges */
static unsigned depth;

static uint32_t key_of_lr(uint32_t lr)
{
	uint32_t id = GICH_LR_GET_VID(lr);

	return id >= GIC_NR_SGIS ? id : 1024u + 8u * id + GICH_LR_GET_CPUID(lr);
}

static uint32_t key_of_iar(uint32_t iar)
{
	uint32_t id = iar & 0x3ffu;

	return id >= GIC_NR_SGIS ? id : 1024u + 8u * id + (iar >> 10);
}

static uint32_t id_of_key(uint32_t k) { return k < 1024 ? k : (k - 1024) / 8; }

static bool queued(uint32_t k)
{
	if (k < 1024)
		return v.queued_hw[k / 32] & (1u << (k % 32));
	return v.queued_sgi[(k - 1024) / 8] & (1u << ((k - 1024) % 8));
}

static unsigned nkeys;
static uint32_t keys[NHW + NSGI * NSRC];
static unsigned seen_blocked, seen_held;   /* steps that had some */

/* A waiting SGI that cannot go into a list register because one holds
 * its id (GICv2: one list register per virtual id). */
static bool blocked(uint32_t k, uint64_t valid)
{
	if (k < 1024)
		return false;
	for (unsigned i = 0; i < fake_gic.nr_lrs; i++)
		if ((valid & (1ull << i)) && GICH_LR_GET_VID(fake_gic.lr[i]) < GIC_NR_SGIS &&
		    GICH_LR_GET_VID(fake_gic.lr[i]) == id_of_key(k))
			return true;
	return false;
}

/* After every step: each interrupt is where the reference says, once;
 * and (hyp/vgic/vgic_queue.c's invariant) while the distributor is enabled the
 * guest's interface shows the best pending interrupt it could take: no
 * merely pending list register ranks below a blocked SGI, nothing else
 * waiting ranks above one, underflow is on exactly when something that
 * could take a list register waits, and - after the monitor has run -
 * every list register is in use then. */
static void check(bool settled)
{
	unsigned in_lr[NKEYS] = { 0 }, lr_pend[NKEYS] = { 0 };
	uint64_t valid = 0;
	unsigned worst_pending = 0, nq = 0, placeable = 0, hold = 0x100;
	bool on = vgic_dist.ctlr & GICD_CTLR_ENABLE;

	hw_rules_kept();
	assert_int_equal(v.underflow, fake_gic.uie);
	for (unsigned i = 0; i < fake_gic.nr_lrs; i++) {
		uint32_t lr = fake_gic.lr[i], st = lr & GICH_LR_STATE_MASK, k = key_of_lr(lr);

		if (!st)
			continue;
		valid |= 1ull << i;
		in_lr[k]++;
		if (lr & GICH_LR_HW)
			assert_int_equal((lr >> 10) & 0x3ffu, GICH_LR_GET_VID(lr));
		if (GICH_LR_GET_VID(lr) >= GIC_NR_SGIS)   /* a physical one: linked as configured */
			assert_true(soft ? !(lr & GICH_LR_HW) && (lr & GICH_LR_EOI) : (lr & GICH_LR_HW) != 0);
		if (st & GICH_LR_PENDING)
			lr_pend[k]++;
		if (st == GICH_LR_PENDING && GICH_LR_GET_PRIO(lr) > worst_pending)
			worst_pending = GICH_LR_GET_PRIO(lr);
		if (st & GICH_LR_ACTIVE)
			assert_true(ref_active[k]);
		else
			assert_false(ref_active[k]);
	}
	for (unsigned n = 0; n < nkeys; n++)
		if (queued(keys[n]) && blocked(keys[n], valid) && prio_of[id_of_key(keys[n])] < hold)
			hold = prio_of[id_of_key(keys[n])];
	if (on)
		assert_true(worst_pending <= hold);
	seen_blocked += hold < 0x100;
	for (unsigned n = 0; n < nkeys; n++) {
		uint32_t k = keys[n];
		bool q = queued(k);

		nq += q;
		if (ref_active[k])
			assert_int_equal(in_lr[k], 1);
		else if (ref_pending[k])
			assert_int_equal(in_lr[k] + q, 1);
		else
			assert_int_equal(in_lr[k] + q, 0);
		assert_int_equal(lr_pend[k] + q, ref_pending[k]);
		if (q && !blocked(k, valid) && prio_of[id_of_key(k)] <= hold) {
			placeable++;
			if (on)
				assert_true(prio_of[id_of_key(k)] >= worst_pending);
		} else if (q && !blocked(k, valid)) {
			seen_held++;
		} else if (q) {   /* its list register asks for a maintenance interrupt at its EOI */
			for (unsigned i = 0; i < fake_gic.nr_lrs; i++)
				if ((valid & (1ull << i)) && GICH_LR_GET_VID(fake_gic.lr[i]) < GIC_NR_SGIS &&
				    GICH_LR_GET_VID(fake_gic.lr[i]) == id_of_key(k))
					assert_true(fake_gic.lr[i] & GICH_LR_EOI);
		}
	}
	assert_int_equal(v.nqueued, nq);
	if (on)
		assert_int_equal(fake_gic.uie, placeable > 0);
	if (on && settled && placeable)
		assert_int_equal(fake_gic_valid_lrs(), fake_gic.nr_lrs);
}

static void guest_ack(void)
{
	uint32_t iar = fake_guest_ack();
	bool on = vgic_dist.ctlr & GICD_CTLR_ENABLE;

	if (iar == FAKE_GIC_SPURIOUS) {
		/* an idle guest sees everything pending (once the maintenance
		 * interrupt has been taken) */
		if (on && fake_guest_running_prio() == 0x100 && !fake_gic_maintenance())
			for (unsigned n = 0; n < nkeys; n++)
				assert_false(ref_pending[keys[n]]);
		return;
	}
	uint32_t k = key_of_iar(iar), p = prio_of[id_of_key(k)];

	assert_true(ref_pending[k]);
	assert_false(ref_active[k]);
	if (on)   /* nothing pending outranks it */
		for (unsigned n = 0; n < nkeys; n++)
			if (ref_pending[keys[n]] && !ref_active[keys[n]])
				assert_true(prio_of[id_of_key(keys[n])] >= p);
	ref_pending[k] = false;
	ref_active[k] = true;
	assert_true(depth < VGIC_MAX_LRS);
	stack[depth++] = iar;
}

static void guest_eoi(void)
{
	uint32_t iar = stack[--depth], k = key_of_iar(iar);

	fake_gic.ndeactivated = 0;
	fake_guest_eoi(iar);
	ref_active[k] = false;
	if (k < 1024 && soft) {
		/* still active physically: the monitor ends it at the EOI
		 * maintenance interrupt (taken before the guest goes on) */
		assert_int_equal(fake_gic.ndeactivated, 0);
		assert_true(fake_gic_phys_active(k));
		assert_true(fake_gic_maintenance());
		vgic_refill(&v);
		eoi_maintenances++;
	}
	if (k < 1024) {
		assert_int_equal(fake_gic.ndeactivated, 1);
		assert_int_equal(fake_gic.deactivated[0], k);
		assert_false(fake_gic_phys_active(k));
	} else {
		assert_int_equal(fake_gic.ndeactivated, 0);
	}
}

static void random_run(uint32_t seed, unsigned nr_lrs, unsigned steps)
{
	setup_lrs(nr_lrs);
	rng = rng_seed(seed);
	memset(ref_pending, 0, sizeof(ref_pending));
	memset(ref_active, 0, sizeof(ref_active));
	depth = nkeys = 0;
	for (unsigned i = 0; i < NHW; i++)
		keys[nkeys++] = hw_ids[i];
	for (unsigned i = 0; i < NSGI; i++)
		for (unsigned s = 0; s < NSRC; s++)
			keys[nkeys++] = 1024u + 8u * sgi_ids[i] + srcs[s];
	for (unsigned i = 0; i < NHW; i++)
		set_prio(hw_ids[i], prio_of[hw_ids[i]] = prios[next() % 5]);
	for (unsigned i = 0; i < NSGI; i++)
		set_prio(sgi_ids[i], prio_of[sgi_ids[i]] = prios[next() % 5]);

	unsigned acks = 0, waited = 0;

	/* settled: the monitor has filled the list registers since the guest
	 * last freed one (an EOI; the maintenance interrupt comes only when at
	 * most one is valid) */
	bool settled = true;

	/* phases of 400 steps: cumulative percentages of hardware interrupts,
	 * SGIs, acknowledges, EOIs; the rest refills and distributor writes */
	static const unsigned mix[4][4] = {
		{ 25, 50, 70, 92 },   /* more raised than the guest takes */
		{ 40, 40, 65, 92 },   /* hardware only */
		{ 20, 20, 55, 92 },   /* hardware only, the guest keeping up */
		{ 10, 50, 70, 92 },   /* mostly SGIs */
	};

	for (unsigned step = 0; step < steps; step++) {
		const unsigned *m = mix[step / 400 % 4];
		uint32_t r = next() % 100;

		if (r < m[0]) {
			uint32_t id = hw_ids[next() % NHW];

			if (!ref_pending[id] && !ref_active[id]) {   /* a physical interrupt fires again only once ended */
				ref_pending[id] = true;
				hw(id);
				settled = true;
			}
		} else if (r < m[1]) {
			uint32_t id = sgi_ids[next() % NSGI], src = srcs[next() % NSRC];

			ref_pending[1024u + 8u * id + src] = true;
			sgi(id, src);   /* settles, or changes no list register's use */
		} else if (r < m[2]) {
			guest_ack();
			acks++;
		} else if (r < m[3]) {
			if (depth) {
				guest_eoi();
				settled = false;
				if (next() % 2)
					guest_ack();   /* the guest's next read, before the maintenance interrupt */
			}
		} else if (r < 97) {
			vgic_refill(&v);   /* a kick: harmless at any time */
			settled = true;
		} else {
			bool was = vgic_dist.ctlr & GICD_CTLR_ENABLE;

			enable_dist(!was || next() % 4 != 0);
			settled |= !was;
		}
		if (maintenance())
			settled = true;
		check(settled);
		waited += v.nqueued > 0;
	}
	/* the guest ends what it has, the distributor on: everything comes out */
	enable_dist(true);
	maintenance();
	while (depth) {
		guest_eoi();
		maintenance();
		check(false);
	}
	for (unsigned n = 0; n < 4 * nkeys; n++) {
		guest_ack();
		if (depth)
			guest_eoi();
		maintenance();
		check(false);
	}
	for (unsigned n = 0; n < nkeys; n++)
		assert_false(ref_pending[keys[n]] || ref_active[keys[n]]);
	assert_int_equal(v.nqueued, 0);
	assert_int_equal(fake_gic_valid_lrs(), 0);
	assert_false(fake_gic.uie);
	assert_true(acks > steps / 10);
	assert_true(waited > steps / 20);
}

/* The runs went through what they are for: both kinds of maintenance
 * interrupt, SGIs blocked, interrupts held back. */
static void covered(void)
{
	assert_true(eoi_maintenances > 100);
	assert_true(underflows > 20);
	assert_true(seen_blocked > 1000);
	assert_true(seen_held > 1000);
}

static void random_sequences_4_lrs(void **state)
{
	(void)state;
	eoi_maintenances = underflows = seen_blocked = seen_held = 0;
	random_run(0x1234567u, 4, 5000);
	random_run(0x9e3779b9u, 4, 5000);
	random_run(0xdeadbeefu, 4, 5000);
	covered();
}

/* The same with physical interrupts soft-linked: every guest EOI of one
 * ends it through the monitor's GICC_DIR at the maintenance interrupt. */
static void random_sequences_soft_linked(void **state)
{
	(void)state;
	soft = true;
	eoi_maintenances = underflows = seen_blocked = seen_held = 0;
	random_run(0x5eed5eedu, 4, 5000);
	random_run(0x0badf00du, 2, 5000);
	covered();
	assert_true(fake_gic.monitor_deactivations > 0);
	soft = false;
}

/* Soft-linked: the list register has no HW bit but asks for a maintenance
 * interrupt at the EOI; the monitor deactivates the physical interrupt
 * then, and only then, and frees the list register. */
static void soft_linked_deactivated_at_maintenance(void **state)
{
	(void)state;
	soft = true;
	setup_lrs(4);
	set_prio(40, 0x80);
	hw(40);
	assert_int_equal(fake_gic.lr[0], GICH_LR_EOI | GICH_LR_VID(40) | GICH_LR_PRIO(0x80) | GICH_LR_PENDING);
	uint32_t iar = fake_guest_ack();

	assert_int_equal(iar, 40);
	fake_guest_eoi(iar);
	assert_int_equal(fake_gic.ndeactivated, 0);          /* not by the guest's EOI */
	assert_true(fake_gic_maintenance());
	vgic_refill(&v);                                    /* the maintenance interrupt */
	assert_int_equal(fake_gic.monitor_deactivations, 1);
	assert_int_equal(fake_gic.deactivated[0], 40);
	assert_false(fake_gic_phys_active(40));
	assert_false(fake_gic_maintenance());
	assert_int_equal(fake_gic_valid_lrs(), 0);
	assert_int_equal(fake_gic_elsr() & 0xf, 0xf);          /* every list register free again */
	soft = false;
}

static void random_sequences_2_and_8_lrs(void **state)
{
	(void)state;
	eoi_maintenances = underflows = seen_blocked = seen_held = 0;
	random_run(0x2468aceu, 2, 5000);
	random_run(0x13579bdu, 8, 5000);
	covered();
}

/* ---- GICD_SPENDSGIR / GICD_CPENDSGIR (hyp/vgic/vgic_sgi.c) -------------------
 * An SGI's pending state per source wherever it is - waiting, in a list
 * register, or sent and not yet taken at the physical distributor - read
 * and written through the emulated distributor. Layout (IHI 0048B 4.3.13,
 * 4.3.14): SGIs 4n..4n+3 in word n, a byte each, bit s of a byte from CPU
 * s; list registers pending 0x10000000, active 0x20000000, bit 19 the EOI
 * maintenance, source in bits 12:10, priority 0 here. */

#define LR_PENDING 0x10000000u
#define LR_ACTIVE  0x20000000u
#define LR_EOI     0x00080000u
#define LR_SGI(id, src) ((uint32_t)(id) | (uint32_t)(src) << 10)

static uint32_t dist_read(uint32_t off, unsigned size)
{
	uint32_t val = 0xdeadbeefu;

	assert_true(vgic_dist_access(&v, off, size, false, &val));
	return val;
}

/* SGI id from src sent, and taken by the guest. */
static void sgi_taken(uint32_t id, uint32_t src)
{
	sgi(id, src);
	assert_int_equal(fake_guest_ack(), LR_SGI(id, src));
}

/* ... and once ended, pending again meanwhile: it comes once more. */
static void sgi_again_after_eoi(uint32_t id, uint32_t src)
{
	uint32_t got[8];

	eoi(LR_SGI(id, src));
	assert_int_equal(drain(got, 8), 1);
	assert_int_equal(got[0], LR_SGI(id, src));
	hw_rules_kept();
}

/* A word of SPENDSGIR sets SGI 0 from CPU 0 and SGI 1 from CPUs 1 and 2:
 * both registers read it back, a byte at a time too; SGI 1 from CPU 2 waits
 * behind SGI 1 from CPU 1 (one list register per id), whose EOI bit brings
 * it in; each arrives once, with its source. */
static void set_per_source(void **state)
{
	(void)state;
	uint32_t got[8];

	dist_write(GICD_SPENDSGIR, 4, 0x00000601u);
	assert_int_equal(dist_read(GICD_SPENDSGIR, 4), 0x00000601u);
	assert_int_equal(dist_read(GICD_CPENDSGIR, 4), 0x00000601u);
	assert_int_equal(dist_read(GICD_SPENDSGIR + 1, 1), 0x06u);
	assert_int_equal(dist_read(GICD_CPENDSGIR, 1), 0x01u);
	assert_int_equal(dist_read(GICD_SPENDSGIR + 4, 4), 0);
	assert_int_equal(fake_gic.lr[0], LR_PENDING | LR_SGI(0, 0));
	assert_int_equal(fake_gic.lr[1], LR_PENDING | LR_EOI | LR_SGI(1, 1));
	assert_int_equal(v.nqueued, 1);
	assert_int_equal(v.queued_sgi[1], 0x04u);
	assert_int_equal(drain(got, 8), 3);
	assert_int_equal(got[0], LR_SGI(0, 0));
	assert_int_equal(got[1], LR_SGI(1, 1));
	assert_int_equal(got[2], LR_SGI(1, 2));
	assert_int_equal(dist_read(GICD_SPENDSGIR, 4), 0);
	hw_rules_kept();
}

/* CPENDSGIR clears one source and leaves the other: the list register of
 * SGI 1 from CPU 1 emptied, SGI 1 from CPU 2 goes in there. */
static void clear_one_source(void **state)
{
	(void)state;
	uint32_t got[8];

	dist_write(GICD_SPENDSGIR, 4, 0x00000601u);
	dist_write(GICD_CPENDSGIR + 1, 1, 0x02u);
	assert_int_equal(dist_read(GICD_SPENDSGIR, 4), 0x00000401u);
	assert_int_equal(fake_gic.lr[1], LR_PENDING | LR_SGI(1, 2));
	assert_int_equal(v.nqueued, 0);
	assert_int_equal(drain(got, 8), 2);
	assert_int_equal(got[0], LR_SGI(0, 0));
	assert_int_equal(got[1], LR_SGI(1, 2));
	hw_rules_kept();
}

/* An SGI another CPU sent, in a list register, cleared before the guest
 * takes it: never delivered. One sent and still pending at the physical
 * distributor (not yet taken in HYP) reads pending and is cleared there. */
static void cleared_before_taken(void **state)
{
	(void)state;
	sgi(5, 1);
	assert_int_equal(fake_gic.lr[0], LR_PENDING | LR_SGI(5, 1));
	assert_int_equal(dist_read(GICD_SPENDSGIR + 4, 4), 0x00000200u);
	dist_write(GICD_CPENDSGIR + 4, 4, 0x00000200u);
	assert_int_equal(fake_gic.lr[0], 0);
	assert_int_equal(fake_guest_ack(), FAKE_GIC_SPURIOUS);
	assert_int_equal(dist_read(GICD_SPENDSGIR + 4, 4), 0);

	fake_gicd_poke8(GICD_SPENDSGIR + 6, 0x01u);   /* SGI 6 from CPU 0, not taken yet */
	assert_int_equal(dist_read(GICD_SPENDSGIR + 6, 1), 0x01u);
	dist_write(GICD_CPENDSGIR + 6, 1, 0x01u);
	assert_int_equal(fake_gicd_peek8(GICD_SPENDSGIR + 6), 0);
	assert_int_equal(fake_gicd_peek32(GICD_ISPENDR) & 0xffffu, 0);
	assert_int_equal(dist_read(GICD_SPENDSGIR + 4, 4), 0);
	assert_int_equal(fake_gic_valid_lrs(), 0);
	hw_rules_kept();
}

/* With the guest's distributor off SGIs wait: they read pending, one
 * cleared is gone, the other arrives once it is on. */
static void waiting_cleared(void **state)
{
	(void)state;
	uint32_t got[8];

	dist_write(GICD_CTLR, 4, 0);
	sgi(2, 0);
	dist_write(GICD_SPENDSGIR + 2, 1, 0x08u);
	assert_int_equal(fake_gic_valid_lrs(), 0);
	assert_int_equal(v.nqueued, 2);
	assert_int_equal(dist_read(GICD_SPENDSGIR, 4), 0x00090000u);
	dist_write(GICD_CPENDSGIR, 4, 0x00080000u);
	assert_int_equal(v.nqueued, 1);
	assert_int_equal(v.queued_sgi[2], 0x01u);
	assert_int_equal(dist_read(GICD_CPENDSGIR + 2, 1), 0x01u);
	dist_write(GICD_CTLR, 4, 1);
	assert_int_equal(fake_gic.lr[0], LR_PENDING | LR_SGI(2, 0));
	assert_int_equal(drain(got, 8), 1);
	assert_int_equal(got[0], LR_SGI(2, 0));
	hw_rules_kept();
}

/* Pending and active: clearing takes only the pending part. A list
 * register both (as a migration restores one), and an SGI the guest is
 * handling set pending again through SPENDSGIR (it waits behind itself,
 * the list register's EOI bit on): cleared, nothing comes after the EOI;
 * not cleared, it comes once more. */
static void pending_and_active(void **state)
{
	(void)state;
	vgic_hw_lr_write(0, LR_PENDING | LR_ACTIVE | LR_SGI(3, 3));
	assert_int_equal(dist_read(GICD_SPENDSGIR, 4), 0x08000000u);
	dist_write(GICD_CPENDSGIR + 3, 1, 0x08u);
	assert_int_equal(fake_gic.lr[0], LR_ACTIVE | LR_SGI(3, 3));
	assert_int_equal(dist_read(GICD_SPENDSGIR, 4), 0);
	vgic_hw_lr_write(0, 0);

	sgi_taken(3, 3);
	dist_write(GICD_SPENDSGIR + 3, 1, 0x08u);
	assert_int_equal(fake_gic.lr[0], LR_ACTIVE | LR_EOI | LR_SGI(3, 3));
	assert_int_equal(v.queued_sgi[3], 0x08u);
	assert_int_equal(dist_read(GICD_SPENDSGIR, 4), 0x08000000u);
	dist_write(GICD_CPENDSGIR, 4, 0x08000000u);
	assert_int_equal(v.nqueued, 0);
	assert_int_equal(fake_gic.lr[0], LR_ACTIVE | LR_EOI | LR_SGI(3, 3));
	eoi(LR_SGI(3, 3));
	assert_int_equal(fake_guest_ack(), FAKE_GIC_SPURIOUS);

	sgi_taken(3, 3);
	dist_write(GICD_SPENDSGIR, 4, 0x08000000u);
	sgi_again_after_eoi(3, 3);
}

/* Setting what is pending already changes nothing: in a list register
 * (pending, or pending and active), waiting, or the same SGI taken again
 * from the physical distributor. */
static void set_twice_changes_nothing(void **state)
{
	(void)state;
	dist_write(GICD_SPENDSGIR, 1, 0x01u);
	dist_write(GICD_SPENDSGIR, 1, 0x01u);
	sgi(0, 0);
	assert_int_equal(fake_gic_valid_lrs(), 1);
	assert_int_equal(fake_gic.lr[0], LR_PENDING | LR_SGI(0, 0));
	assert_int_equal(v.nqueued, 0);

	vgic_hw_lr_write(1, LR_PENDING | LR_ACTIVE | LR_SGI(7, 2));
	dist_write(GICD_SPENDSGIR + 7, 1, 0x04u);
	assert_int_equal(fake_gic.lr[1], LR_PENDING | LR_ACTIVE | LR_SGI(7, 2));
	assert_int_equal(v.nqueued, 0);

	dist_write(GICD_CTLR, 4, 0);
	dist_write(GICD_SPENDSGIR + 4, 1, 0x04u);
	dist_write(GICD_SPENDSGIR + 4, 4, 0x00000004u);
	assert_int_equal(v.nqueued, 2);   /* SGI 4 from CPU 2, and SGI 0 withdrawn */
	assert_int_equal(v.queued_sgi[4], 0x04u);
	assert_int_equal(dist_read(GICD_SPENDSGIR + 4, 4), 0x04000004u);   /* and SGI 7 from CPU 2 */
	hw_rules_kept();
}

/* The monitor's SGI 15: all ones to SPENDSGIR3 sets SGIs 12-14 from every
 * source, not 15; pending physically (the monitor's kick), it reads not
 * pending and survives all ones to CPENDSGIR3, word and byte. */
static void monitor_sgi_untouchable(void **state)
{
	(void)state;
	dist_write(GICD_SPENDSGIR + 12, 4, 0xffffffffu);
	dist_write(GICD_SPENDSGIR + 15, 1, 0xffu);
	assert_int_equal(dist_read(GICD_SPENDSGIR + 12, 4), 0x00ffffffu);
	assert_int_equal(v.queued_sgi[15], 0);
	assert_int_equal(v.nqueued, 21);   /* 24, one of each id in a list register */
	for (unsigned i = 0; i < FAKE_GIC_LRS; i++)
		assert_int_not_equal(GICH_LR_GET_VID(fake_gic.lr[i]), IRQ_MONITOR_SGI);

	fake_gicd_poke8(GICD_SPENDSGIR + IRQ_MONITOR_SGI, 0x01u);
	assert_int_equal(dist_read(GICD_SPENDSGIR + 12, 4), 0x00ffffffu);
	assert_int_equal(dist_read(GICD_CPENDSGIR + 15, 1), 0);
	dist_write(GICD_CPENDSGIR + 12, 4, 0xffffffffu);
	dist_write(GICD_CPENDSGIR + 15, 1, 0xffu);
	assert_int_equal(fake_gicd_peek8(GICD_SPENDSGIR + IRQ_MONITOR_SGI), 0x01u);
	assert_int_equal(dist_read(GICD_SPENDSGIR + 12, 4), 0);
	assert_int_equal(v.nqueued, 0);
	assert_int_equal(fake_gic_valid_lrs(), 0);
	hw_rules_kept();
}

/* Byte accesses reach one SGI each; a halfword is refused and changes
 * nothing; the reserved words around the two registers are RAZ/WI. */
static void byte_access_and_bad_offsets(void **state)
{
	(void)state;
	static const uint32_t words[4] = { 0x08040201u, 0x80402010u, 0x08040201u, 0x00402010u };
	uint32_t val = 0xffffu;

	dist_write(GICD_CTLR, 4, 0);   /* everything waits: the registers alone */
	for (uint32_t n = 0; n < 16; n++)
		dist_write(GICD_SPENDSGIR + n, 1, 1u << (n % 8));
	for (uint32_t n = 0; n < 16; n++) {
		assert_int_equal(dist_read(GICD_SPENDSGIR + n, 1), n == 15 ? 0 : 1u << (n % 8));
		assert_int_equal(dist_read(GICD_CPENDSGIR + n, 1), n == 15 ? 0 : 1u << (n % 8));
	}
	for (uint32_t w = 0; w < 4; w++)
		assert_int_equal(dist_read(GICD_SPENDSGIR + 4 * w, 4), words[w]);
	assert_int_equal(v.nqueued, 15);

	assert_false(vgic_dist_access(&v, GICD_CPENDSGIR, 2, true, &val));
	assert_false(vgic_dist_access(&v, GICD_SPENDSGIR + 2, 2, false, &val));
	for (uint32_t off = 0xf04; off < 0xf10; off += 4) {
		dist_write(off, 4, 0xffffffffu);
		assert_int_equal(dist_read(off, 4), 0);
	}
	for (uint32_t off = 0xf30; off < 0xf40; off++) {
		dist_write(off & ~3u, 4, 0xffffffffu);
		assert_int_equal(dist_read(off & ~3u, 4), 0);
	}
	assert_int_equal(v.nqueued, 15);
	dist_write(GICD_CPENDSGIR + 1, 1, 0xffu);
	assert_int_equal(dist_read(GICD_SPENDSGIR, 4), 0x08040001u);
	assert_int_equal(v.nqueued, 14);
	hw_rules_kept();
}

/* A disabled SGI set pending waits and reads pending; enabled, it goes
 * in. One the guest is handling when set again waits behind it (EOI bit)
 * and arrives after the EOI once enabled. */
static void disabled_sgi_waits(void **state)
{
	(void)state;
	uint32_t got[8];

	fake_gicd_poke32(GICD_ISENABLER, 0xffffu);   /* as the GIC resets them */
	dist_write(GICD_ICENABLER, 4, 1u << 6);
	dist_write(GICD_SPENDSGIR + 6, 1, 0x01u);
	assert_int_equal(fake_gic_valid_lrs(), 0);
	assert_int_equal(dist_read(GICD_SPENDSGIR + 4, 4), 0x00010000u);
	dist_write(GICD_ISENABLER, 4, 1u << 6);
	assert_int_equal(fake_gic.lr[0], LR_PENDING | LR_SGI(6, 0));
	assert_int_equal(drain(got, 8), 1);

	sgi_taken(6, 0);
	dist_write(GICD_ICENABLER, 4, 1u << 6);
	dist_write(GICD_SPENDSGIR + 6, 1, 0x01u);
	assert_int_equal(fake_gic.lr[0], LR_ACTIVE | LR_EOI | LR_SGI(6, 0));
	assert_int_equal(v.queued_sgi[6], 0x01u);
	dist_write(GICD_ISENABLER, 4, 1u << 6);
	sgi_again_after_eoi(6, 0);
}

/* Banked: CPU 1's registers show its own SGIs, not CPU 0's. */
static void banked_per_cpu(void **state)
{
	(void)state;
	static struct vgic_cpu v1;
	uint32_t val = 0x00000100u;

	fake_gic_set_cpu(1);
	vgic_cpu_init(&v1, 1, FAKE_GIC_LRS);
	fake_gic_set_cpu(0);
	dist_write(GICD_SPENDSGIR, 4, 0x00000001u);
	fake_gic_set_cpu(1);
	assert_true(vgic_dist_access(&v1, GICD_SPENDSGIR, 4, true, &val));
	assert_true(vgic_dist_access(&v1, GICD_SPENDSGIR, 4, false, &val));
	assert_int_equal(val, 0x00000100u);
	assert_int_equal(fake_gic.lr[0], LR_PENDING | LR_SGI(1, 0));
	fake_gic_set_cpu(0);
	assert_int_equal(dist_read(GICD_SPENDSGIR, 4), 0x00000001u);
	assert_int_equal(fake_gic.lr[0], LR_PENDING | LR_SGI(0, 0));
	hw_rules_kept();
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup(hw_straight_into_free_lr, setup),
		cmocka_unit_test_setup(ppi_with_private_priority, setup),
		cmocka_unit_test(private_template_follows_priority),
		cmocka_unit_test(more_than_32_lrs),
		cmocka_unit_test_setup(sgi_carries_source, setup),
		cmocka_unit_test_setup(sgi_pending_not_duplicated, setup),
		cmocka_unit_test_setup(sgi_from_second_source_waits_for_eoi, setup),
		cmocka_unit_test_setup(sgi_again_while_active, setup),
		cmocka_unit_test_setup(sgi_again_does_not_overtake, setup),
		cmocka_unit_test_setup(blocked_sgi_holds_back_lower_priority, setup),
		cmocka_unit_test_setup(more_than_lrs_in_priority_order, setup),
		cmocka_unit_test_setup(higher_priority_evicts, setup),
		cmocka_unit_test_setup(sgis_from_several_sources_and_hw, setup),
		cmocka_unit_test_setup(equal_priorities, setup),
		cmocka_unit_test_setup(all_lrs_active, setup),
		cmocka_unit_test_setup(distributor_disabled, setup),
		cmocka_unit_test(random_sequences_4_lrs),
		cmocka_unit_test(random_sequences_2_and_8_lrs),
		cmocka_unit_test(random_sequences_soft_linked),
		cmocka_unit_test(soft_linked_deactivated_at_maintenance),
		cmocka_unit_test_setup(set_per_source, setup),
		cmocka_unit_test_setup(clear_one_source, setup),
		cmocka_unit_test_setup(cleared_before_taken, setup),
		cmocka_unit_test_setup(waiting_cleared, setup),
		cmocka_unit_test_setup(pending_and_active, setup),
		cmocka_unit_test_setup(set_twice_changes_nothing, setup),
		cmocka_unit_test_setup(monitor_sgi_untouchable, setup),
		cmocka_unit_test_setup(byte_access_and_bad_offsets, setup),
		cmocka_unit_test_setup(disabled_sgi_waits, setup),
		cmocka_unit_test_setup(banked_per_cpu, setup),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
