/*
 * libFuzzer target: sequences of guest accesses to the emulated
 * distributor (hyp/vgic/vgic_dist.c) from two CPUs - any offset below 0x2000,
 * size 1, 2 or 4 aligned as hyp/exit/mmio.c hands them over, read or write, any
 * value - with interrupts injected in between, over the model of the GIC
 * (tests/support/fake_gic.c). Oracle:
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
 *    distributor is on; no SGI the guest disabled is pending in one.
 * Interrupts are injected as the physical GIC would signal them: enabled,
 * not active, an SPI only to a CPU it targets.
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
				if (bit_of(GICD_ISENABLER, id))   /* one the GIC would forward */
					vgic_inject_sgi(v, id, (val >> 16) & 7u);
			}
			else if (!gic_monitor_owned(id) && signalled_here(id, cpu)) {
				fake_gic_phys_ack(id);
				vgic_inject_hw(v, id);
			}
		} else {
			off &= ~(sz - 1u);   /* hyp/exit/mmio.c refuses unaligned accesses */
			if (write && sz < 4)
				val &= (1u << (8 * sz)) - 1u;
			if (vgic_dist_access(v, off, sz, write, &val) != allowed(off, sz))
				FAIL("access allowed or refused against the GIC's rules");
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
		lrs_as_the_gic_would(cpus, 2);
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
