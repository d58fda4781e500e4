/*
 * libFuzzer target: sequences of guest accesses to the emulated
 * distributor (hyp/vgic/vgic_dist.c) from two CPUs - any offset below 0x2000,
 * size 1, 2 or 4 aligned as hyp/exit/mmio.c hands them over, read or write, any
 * value - with interrupts injected in between and the guest acknowledging
 * and ending them on its virtual CPU interface, over the model of the GIC
 * (tests/support/fake_gic.c); each CPU takes its maintenance interrupt after
 * every step. Oracle:
 *  - an access is refused exactly when the GIC does not allow it (a
 *    halfword, a byte outside IPRIORITYR/ITARGETSR/C/SPENDSGIR, an offset
 *    at 0x1000 or above);
 *  - the monitor's interrupts (SGI 15, PPIs 25 and 26) keep their enable,
 *    pending, active, priority and configuration bits on both CPUs, and
 *    read as disabled and priority 0;
 *  - no SGI 15 and no reserved filter goes out;
 *  - the distributor and list registers are used as the GIC allows (no
 *    unaligned or byte access where it takes words, no duplicate virtual
 *    id in the list registers);
 *  - after every step (and the refills the kicked CPUs make), each list
 *    register and waiting interrupt is one the GIC could signal to that
 *    CPU's guest (lrs_as_the_gic_would): a physical one is held active in
 *    the distributor, on one CPU only; a merely pending one is enabled,
 *    targets that CPU, carries the guest's priority and the guest's
 *    distributor is on; no SGI the guest disabled is pending in one;
 *  - each CPU's SGIs are pending per source exactly as a reference of
 *    the GIC's state (IHI 0048B 4.3.13, 4.3.14) says - set by an SGI the
 *    GIC forwards and by SPENDSGIR, cleared by CPENDSGIR and by the
 *    guest's acknowledge, the monitor's SGI 15 never: what the guest reads
 *    in SPENDSGIR/CPENDSGIR, what the list registers and the waiting set
 *    hold after every step, and every SGI the guest acknowledges (pending
 *    from that source, or an SGI cleared before it was taken came);
 *  - a refill leaves the maintenance interrupt down.
 * Interrupts are injected as the physical GIC would signal them: enabled,
 * not active, an SPI only to a CPU it targets, never the monitor's.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Which property broke, then a crash libFuzzer records. */
#define FAIL(why) do { fprintf(stderr, "oracle: %s (line %d)\n", why, __LINE__); abort(); } while (0)
#include "gic.h"
#include "vgic.h"
#include "fake_gic.h"

#define OWN_BITS 0x06008000u   /* ids 15, 25, 26 */
#define OWN_CFG1 0x003c0000u   /* ICFGR1 fields of PPIs 25, 26 */

struct own { uint32_t enable, pending, active, cfg1; uint8_t prio[3]; };

static struct own own_state(unsigned cpu)
{
	const struct fake_gicd *d = &fake_gic.d;
	struct own o;

	memset(&o, 0, sizeof(o));   /* padding too: compared with memcmp */
	o.enable = d->enable0[cpu] & OWN_BITS;
	o.pending = d->pending0[cpu] & OWN_BITS;
	o.active = d->active0[cpu] & OWN_BITS;
	o.cfg1 = d->cfg1[cpu] & OWN_CFG1;
	o.prio[0] = d->prio0[cpu][15];
	o.prio[1] = d->prio0[cpu][25];
	o.prio[2] = d->prio0[cpu][26];
	return o;
}

static bool bit_of(uint32_t reg, uint32_t id)
{
	return fake_gicd_peek32(reg + 4 * (id / 32)) & (1u << (id % 32));
}

/* Could the physical GIC signal id to the running CPU now? */
static bool signalled_here(uint32_t id, unsigned cpu)
{
	return bit_of(GICD_ISENABLER, id) && !bit_of(GICD_ISACTIVER, id) &&
	       (id < GIC_NR_PRIVATE || (fake_gicd_peek8(GICD_ITARGETSR + id) & (1u << cpu)));
}

/* A physical interrupt the monitor holds for CPU cpu (in a list register,
 * or waiting) as the GIC would have it; `pending`: not yet taken. */
static void held_as_the_gic_would(uint32_t id, unsigned cpu, bool pending, uint8_t lr_prio, uint8_t *where)
{
	if (!bit_of(GICD_ISACTIVER, id))
		FAIL("a held interrupt is not active in the distributor");
	if (id >= GIC_NR_PRIVATE) {
		if (where[id] && where[id] != cpu + 1)
			FAIL("one SPI held by two CPUs");
		where[id] = (uint8_t)(cpu + 1);
	}
	if (!pending)
		return;
	if (!bit_of(GICD_ISENABLER, id))
		FAIL("a disabled interrupt still pending for the guest");
	if (id >= GIC_NR_PRIVATE && !(fake_gicd_peek8(GICD_ITARGETSR + id) & (1u << cpu)))
		FAIL("an SPI pending on a CPU it no longer targets");
	if (lr_prio != 0xff && lr_prio != (fake_gicd_peek8(GICD_IPRIORITYR + id) & 0xf8u))
		FAIL("an interrupt pending at a priority the guest changed");
}

static void lrs_as_the_gic_would(struct vgic_cpu *cpus, unsigned ncpus)
{
	uint8_t where[FAKE_GIC_LINES];

	memset(where, 0, sizeof(where));
	for (unsigned c = 0; c < ncpus; c++) {
		fake_gic_set_cpu(c);
		for (unsigned i = 0; i < fake_gic.nr_lrs; i++) {
			uint32_t lr = fake_gic.lr[i], id = GICH_LR_GET_VID(lr);
			bool pending = (lr & GICH_LR_STATE_MASK) == GICH_LR_PENDING;

			if (!(lr & GICH_LR_STATE_MASK))
				continue;
			if (pending && !(vgic_dist.ctlr & GICD_CTLR_ENABLE))
				FAIL("pending in a list register with the guest's distributor off");
			if (id < GIC_NR_SGIS) {
				if (pending && !bit_of(GICD_ISENABLER, id))
					FAIL("an SGI the guest disabled pending in a list register");
				continue;
			}
			held_as_the_gic_would(id, c, pending, (uint8_t)GICH_LR_GET_PRIO(lr), where);
		}
		for (uint32_t id = GIC_NR_SGIS; id < FAKE_GIC_LINES; id++)
			if (cpus[c].queued_hw[id / 32] & (1u << (id % 32)))
				held_as_the_gic_would(id, c, true, 0xff, where);
	}
}

/* The CPUs asked to refill (a write for what they hold) do it. */
static void take_kicks(struct vgic_cpu *cpus, unsigned ncpus)
{
	while (fake_gic.kicked) {
		unsigned c = (unsigned)__builtin_ctz(fake_gic.kicked);

		fake_gic.kicked &= fake_gic.kicked - 1;
		if (c < ncpus) {
			fake_gic_set_cpu(c);
			vgic_kicked(&cpus[c]);
		}
	}
}

/* The reference: bit s of pend[cpu][id], SGI id pending from CPU s. */
static uint8_t pend[2][GIC_NR_SGIS];

/* The SGIs of a SPENDSGIR/CPENDSGIR access (off, size), GICD_SPENDSGIR's
 * word layout from SGI *first, the monitor's left out. */
static uint32_t sgi_bits(uint32_t off, unsigned size, uint32_t *first)
{
	uint32_t n = (off - GICD_CPENDSGIR) % 16, bytes = size == 4 ? ~0u : 0xffu << (8 * (n % 4));

	*first = n & ~3u;
	return *first == (IRQ_MONITOR_SGI & ~3u) ? bytes & ~(0xffu << (8 * (IRQ_MONITOR_SGI % 4))) : bytes;
}

static uint32_t pend_word(unsigned cpu, uint32_t first)
{
	uint32_t w = 0;

	for (uint32_t n = 0; n < 4; n++)
		w |= (uint32_t)pend[cpu][first + n] << (8 * n);
	return w;
}

/* A write of the guest's to SPENDSGIR/CPENDSGIR, on the reference. */
static void pend_write(unsigned cpu, uint32_t off, unsigned size, uint32_t val)
{
	uint32_t first, bits = (val << (size == 1 ? 8 * (off % 4) : 0)) & sgi_bits(off, size, &first);

	for (uint32_t n = 0; n < 4; n++) {
		uint8_t b = (uint8_t)(bits >> (8 * n));

		pend[cpu][first + n] = off >= GICD_SPENDSGIR ? pend[cpu][first + n] | b : pend[cpu][first + n] & (uint8_t)~b;
	}
}

/* What the monitor holds of CPU cpu's SGIs (running): waiting, or pending
 * in a list register - the reference's, to the bit. */
static void sgis_as_the_reference(const struct vgic_cpu *v, unsigned cpu)
{
	uint8_t held[GIC_NR_SGIS];

	memcpy(held, v->queued_sgi, sizeof(held));
	for (unsigned i = 0; i < fake_gic.nr_lrs; i++) {
		uint32_t lr = fake_gic.lr[i], id = GICH_LR_GET_VID(lr);

		if ((lr & GICH_LR_PENDING) && id < GIC_NR_SGIS)
			held[id] |= (uint8_t)(1u << GICH_LR_GET_CPUID(lr));
	}
	if (memcmp(held, pend[cpu], sizeof(held)) != 0)
		FAIL("an SGI pending from a source the GIC's reference does not have, or missing");
}

/* The guest's virtual CPU interface: an acknowledge (an SGI must be
 * pending in the reference, and no longer is), or the end of the last one
 * it took. */
static uint32_t acked[2][16];
static unsigned nacked[2];

static void guest_cpu_interface(unsigned cpu, bool end)
{
	if (end) {
		if (nacked[cpu])
			fake_guest_eoi(acked[cpu][--nacked[cpu]]);
		return;
	}
	if (nacked[cpu] == 16)
		return;
	uint32_t iar = fake_guest_ack(), id = iar & 0x3ffu, src = (iar >> 10) & 7u;

	if (iar == FAKE_GIC_SPURIOUS)
		return;
	acked[cpu][nacked[cpu]++] = iar;
	if (id >= GIC_NR_SGIS)
		return;
	if (!(pend[cpu][id] & (1u << src)))
		FAIL("an SGI delivered that was not pending from that source");
	pend[cpu][id] &= (uint8_t)~(1u << src);
}

/* Each CPU takes its maintenance interrupt, as hyp/exit/irq.c does: after
 * the refill it must be down, or the CPU would never get back to the
 * guest. */
static void take_maintenance(struct vgic_cpu *cpus, unsigned ncpus)
{
	for (unsigned c = 0; c < ncpus; c++) {
		fake_gic_set_cpu(c);
		if (!fake_gic_maintenance())
			continue;
		vgic_refill(&cpus[c]);
		if (fake_gic_maintenance())
			FAIL("the maintenance interrupt still up after a refill");
	}
}

static bool allowed(uint32_t off, unsigned size)
{
	bool bytes = (off >= 0x400 && off < 0xc00) || (off >= 0xf10 && off < 0xf30);

	return off < GICD_SIZE && (size == 4 || (size == 1 && bytes));
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static struct vgic_cpu cpus[2];
	struct own before[2];

	fake_gic_reset(FAKE_GIC_LRS, FAKE_GIC_LINES, 2);
	vgic_dist_init(FAKE_GIC_LINES, false);
	memset(pend, 0, sizeof(pend));
	memset(nacked, 0, sizeof(nacked));
	for (unsigned c = 0; c < 2; c++) {   /* as hyp/vgic/gic.c leaves them, and some state */
		fake_gic_set_cpu(c);
		vgic_cpu_init(&cpus[c], c, FAKE_GIC_LRS);
		fake_gicd_poke32(GICD_ISENABLER, OWN_BITS | 0x7fffu);   /* and the guest's SGIs, as Linux does */
		fake_gicd_poke32(GICD_ISPENDR, 0x02000000u);
		fake_gicd_poke32(GICD_ISACTIVER, 0x04008000u);
		fake_gicd_poke32(GICD_ICFGR + 4, 0x00080000u);
		fake_gicd_poke8(GICD_IPRIORITYR + 15, 0x10);
		fake_gicd_poke8(GICD_IPRIORITYR + 25, 0x08);
		fake_gicd_poke8(GICD_IPRIORITYR + 26, 0x18);
		before[c] = own_state(c);
	}
	while (size >= 7) {
		uint32_t val, off = (data[0] | (uint32_t)data[1] << 8) & 0x1fffu;
		unsigned cpu = (data[2] >> 3) & 1u, sizes[4] = { 1, 2, 4, 4 }, sz = sizes[data[2] & 3u];
		bool write = data[2] & 4u;
		struct vgic_cpu *v = &cpus[cpu];

		memcpy(&val, data + 3, 4);
		fake_gic_set_cpu(cpu);
		fake_gic.nsgi = 0;
		if (data[2] & 0x80u) {   /* an interrupt for this CPU instead */
			uint32_t id = val % FAKE_GIC_LINES;

			if (id < GIC_NR_SGIS) {
				/* one the GIC would forward: enabled, the guest's */
				if (bit_of(GICD_ISENABLER, id) && id != IRQ_MONITOR_SGI) {
					vgic_inject_sgi(v, id, (val >> 16) & 7u);
					pend[cpu][id] |= (uint8_t)(1u << ((val >> 16) & 7u));
				}
			}
			else if (!gic_monitor_owned(id) && signalled_here(id, cpu)) {
				fake_gic_phys_ack(id);
				vgic_inject_hw(v, id);
			}
		} else if (data[2] & 0x40u) {   /* the guest's CPU interface instead */
			guest_cpu_interface(cpu, write);
		} else {
			off &= ~(sz - 1u);   /* hyp/exit/mmio.c refuses unaligned accesses */
			if (write && sz < 4)
				val &= (1u << (8 * sz)) - 1u;
			bool sgi_reg = allowed(off, sz) && off >= GICD_CPENDSGIR && off < GICD_SPENDSGIR + 0x10;
			uint32_t written = val;

			if (vgic_dist_access(v, off, sz, write, &val) != allowed(off, sz))
				FAIL("access allowed or refused against the GIC's rules");
			if (sgi_reg && write)
				pend_write(cpu, off, sz, written);
			if (sgi_reg && !write) {
				uint32_t first, bits = sgi_bits(off, sz, &first);

				if (val != (pend_word(cpu, first) & bits) >> (sz == 1 ? 8 * (off % 4) : 0))
					FAIL("SPENDSGIR/CPENDSGIR read other than the GIC's reference");
			}
			if (!write && allowed(off, sz)) {
				if ((off == GICD_ISENABLER || off == GICD_ICENABLER) && (val & OWN_BITS))
					FAIL("a monitor interrupt read as enabled");
				for (unsigned b = 0; b < sz; b++) {
					uint32_t id = off - GICD_IPRIORITYR + b;

					if (off >= GICD_IPRIORITYR && off < GICD_ITARGETSR &&
					    gic_monitor_owned(id) && ((val >> (8 * b)) & 0xffu))
						FAIL("a monitor interrupt's priority read");
				}
			}
		}
		take_kicks(cpus, 2);
		take_maintenance(cpus, 2);
		lrs_as_the_gic_would(cpus, 2);
		for (unsigned c = 0; c < 2; c++) {
			fake_gic_set_cpu(c);
			sgis_as_the_reference(&cpus[c], c);
		}
		for (unsigned c = 0; c < 2; c++) {
			struct own now = own_state(c);

			if (memcmp(&now, &before[c], sizeof(now)) != 0)
				FAIL("a monitor interrupt's state changed");
		}
		for (unsigned i = 0; i < fake_gic.nsgi && i < FAKE_GIC_MAX_LOG; i++)
			if (GICD_SGIR_ID(fake_gic.sgi[i]) == IRQ_MONITOR_SGI || GICD_SGIR_FILTER(fake_gic.sgi[i]) == 3)
				FAIL("the monitor's SGI or a reserved filter sent");
		if (fake_gic.bad_access || fake_gic.bad_lr || fake_gic.dup_vid || fake_gic.hw_active_pending)
			FAIL("the GIC used against its rules");
		data += 7;
		size -= 7;
	}
	return 0;
}
