/*
 * The guest's distributor, emulated: stage 2 leaves the GICD page
 * unmapped, hyp/exit/mmio.c decodes each access and hands it here. One switch
 * over the register ranges of GICv2 (IHI 0048B 4.3). What the guest writes
 * goes to the physical distributor - so its interrupts behave as the
 * hardware makes them - except that
 *   - the monitor's own interrupts (hyp/vgic/gic.h: its SGI, the maintenance
 *     and HYP timer PPIs) are masked out of every write and read as
 *     disabled, so no sequence of guest writes can disable, re-prioritise,
 *     reconfigure, retarget or trigger them;
 *   - GICD_CTLR is the guest's own: the physical distributor stays on (the
 *     monitor needs it); with the guest's off, its interrupts wait in HYP;
 *   - priorities are also kept here, for the list registers;
 *   - GICD_SGIR sends the SGI from this CPU unless it is the monitor's;
 *   - groups are RAZ/WI (every interrupt is the guest's group 0, what a
 *     GIC without the Security Extensions gives a non-secure OS);
 *   - CPENDSGIR/SPENDSGIR show and change the SGIs pending for the guest
 *     wherever they are (hyp/vgic/vgic_sgi.c), not the physical registers.
 * Word accesses everywhere, byte accesses where the GIC allows them
 * (priority, target, SGI pending); anything else is refused (an abort).
 */
#include <string.h>
#include "gic.h"
#include "vgic.h"
#include "vgic_hw.h"

void vgic_dist_init(uint32_t lines, bool soft_eoi)
{
	memset(&vgic_dist, 0, sizeof(vgic_dist));
	vgic_dist.soft_eoi = soft_eoi;
	vgic_dist.lines = lines > GIC_MAX_IRQS ? GIC_MAX_IRQS : lines;
}

/* Bits of a register word with `width` bits per interrupt (1, 2: ICFGR,
 * 8: SPENDSGIR), covering ids from first, that belong to the guest. */
static uint32_t guest_bits(uint32_t first, uint32_t width)
{
	uint32_t m = ~0u;

	for (uint32_t b = 0; b < 32 / width; b++)
		if (gic_monitor_owned(first + b))
			m &= ~(((1u << width) - 1u) << (width * b));
	return m;
}

/* ISENABLER, ICENABLER, ISPENDR, ICPENDR, ISACTIVER, ICACTIVER: six banks
 * of 0x80 bytes, one after the other, one bit per interrupt. Set/clear
 * registers write ones only: masking the monitor's bits leaves them
 * untouched. */
#define BIT_BANK  0x80u
#define BIT_BANKS 6u
_Static_assert(GICD_ICENABLER == GICD_ISENABLER + BIT_BANK && GICD_ISPENDR == GICD_ISENABLER + 2 * BIT_BANK &&
	       GICD_ICPENDR == GICD_ISENABLER + 3 * BIT_BANK && GICD_ISACTIVER == GICD_ISENABLER + 4 * BIT_BANK &&
	       GICD_ICACTIVER == GICD_ISENABLER + 5 * BIT_BANK, "the one-bit banks follow each other");

/* What a write to each bank does to an interrupt the monitor holds for the
 * guest (vgic_held.c: held interrupts are physically active). `first`: the
 * hardware gets the write before (it makes the interrupt no longer
 * signalled there), else it gets only the bits vgic_held_write() leaves. */
static const struct { enum vgic_req kind; bool first; } bank_rule[BIT_BANKS] = {
	{ VGIC_NREQ, true },          /* ISENABLER: nothing held changes */
	{ VGIC_GIVE_BACK, true },     /* ICENABLER */
	{ VGIC_PEND, false },         /* ISPENDR */
	{ VGIC_UNPEND, true },        /* ICPENDR */
	{ VGIC_ACTIVATE, false },     /* ISACTIVER */
	{ VGIC_UNACTIVE, false },     /* ICACTIVER */
};

static bool bit_reg(struct vgic_cpu *v, uint32_t off, bool write, uint32_t *val)
{
	uint32_t first = 8 * ((off - GICD_ISENABLER) % BIT_BANK), mask = guest_bits(first, 1);

	if (!write) {
		*val = vgic_hw_gicd_read32(off) & mask;
		return true;
	}
	uint32_t bits = *val & mask, bank = (off - GICD_ISENABLER) / BIT_BANK;
	enum vgic_req kind = bank_rule[bank].kind;

	if (bank_rule[bank].first) {
		vgic_hw_gicd_write32(off, bits);
		if (kind != VGIC_NREQ)
			vgic_held_write(v, first, bits, kind);
	} else {
		vgic_hw_gicd_write32(off, vgic_held_write(v, first, bits, kind));
	}
	if (first == 0 && off < GICD_ISPENDR)   /* SGIs disabled wait, as the hardware says */
		vgic_sgi_disabled(v, ~vgic_hw_gicd_read32(GICD_ISENABLER) & guest_bits(0, 1) & 0xffffu);
	return true;
}

/* One byte of IPRIORITYR: the guest's priority of id, kept to the five
 * bits a list register carries. */
static void prio_byte(struct vgic_cpu *v, uint32_t id, bool write, uint8_t *b)
{
	/* ids up to 1023 come here (guest input): the array bound tested here,
	 * where the arrays are indexed, though lines <= GIC_MAX_IRQS too */
	if (id >= GIC_MAX_IRQS || id >= vgic_dist.lines || gic_monitor_owned(id)) {
		if (!write)
			*b = 0;
		return;
	}
	uint8_t *shadow = id < GIC_NR_PRIVATE ? &v->prio_private[id] : &vgic_dist.prio_shared[id];

	if (write) {
		uint8_t old = *shadow, prio = *b & 0xf8u;

		if (id < GIC_NR_PRIVATE)
			vgic_set_prio(v, id, prio);   /* with its list-register template */
		else
			*shadow = prio;
		vgic_hw_gicd_write8(GICD_IPRIORITYR + id, prio);
		if (prio != old)
			vgic_prio_changed(v, id);
	} else {
		*b = *shadow;
	}
}

static bool priority(struct vgic_cpu *v, uint32_t off, unsigned size, bool write, uint32_t *val)
{
	uint32_t id = off - GICD_IPRIORITYR, out = 0;

	for (unsigned i = 0; i < size; i++) {
		uint8_t b = (uint8_t)(*val >> (8 * i));

		prio_byte(v, id + i, write, &b);
		out |= (uint32_t)b << (8 * i);
	}
	if (!write)
		*val = out;
	return true;
}

/* ITARGETSR: SGIs and PPIs read-only (the GIC answers this CPU's bit); an
 * SPI's targets are the guest's to choose. One held by a CPU that is no
 * longer a target, pending, goes back to the distributor (vgic_held.c). */
static bool targets(struct vgic_cpu *v, uint32_t off, unsigned size, bool write, uint32_t *val)
{
	uint32_t id = off - GICD_ITARGETSR;

	if (!write) {
		*val = size == 1 ? vgic_hw_gicd_read8(off) : vgic_hw_gicd_read32(off);
		return true;
	}
	if (id < GIC_NR_PRIVATE)
		return true;
	uint32_t old = size == 1 ? vgic_hw_gicd_read8(off) : vgic_hw_gicd_read32(off), moved = 0;

	if (size == 1)
		vgic_hw_gicd_write8(off, (uint8_t)*val);
	else
		vgic_hw_gicd_write32(off, *val);
	for (unsigned i = 0; i < size; i++)
		if (((old ^ *val) >> (8 * i)) & 0xffu)
			moved |= 1u << ((id + i) % 32);
	if (moved)
		vgic_held_write(v, id & ~31u, moved, VGIC_GIVE_BACK);
	return true;
}

static bool config(uint32_t off, bool write, uint32_t *val)
{
	uint32_t first = 16 * ((off - GICD_ICFGR) / 4), mask = guest_bits(first, 2);

	if (write) {
		uint32_t cur = vgic_hw_gicd_read32(off);

		if (first >= GIC_NR_SGIS)   /* SGIs' configuration is fixed */
			vgic_hw_gicd_write32(off, (cur & ~mask) | (*val & mask));
	} else {
		*val = vgic_hw_gicd_read32(off) & mask;
	}
	return true;
}

static bool ctlr(struct vgic_cpu *v, bool write, uint32_t *val)
{
	if (!write) {
		*val = vgic_dist.ctlr;
		return true;
	}
	bool was = vgic_dist.ctlr & GICD_CTLR_ENABLE;

	vgic_dist.ctlr = *val & GICD_CTLR_ENABLE;
	/* on: what waited may go in now; off: nothing stays pending in a list
	 * register - on every CPU */
	if (was == (bool)(vgic_dist.ctlr & GICD_CTLR_ENABLE))
		return true;
	if (was)
		vgic_dist_off(v);
	else
		vgic_refill(v);
	vgic_hw_kick_others();
	return true;
}

/* CPENDSGIR, SPENDSGIR: this CPU's SGIs, a byte each, a bit per source;
 * both read what is pending, a one written clears or sets it (vgic_sgi.c).
 * Bytes or words; the monitor's SGI reads not pending and is not written. */
static bool sgi_pending(struct vgic_cpu *v, uint32_t off, unsigned size, bool write, uint32_t *val)
{
	uint32_t first = (off - GICD_CPENDSGIR) % 16 & ~3u, shift = size == 1 ? 8 * (off % 4) : 0;
	uint32_t mask = guest_bits(first, 8) & (size == 1 ? 0xffu << shift : ~0u);

	if (!write)
		*val = (vgic_sgi_pending(v, first) & mask) >> shift;
	else if ((*val << shift) & mask)
		vgic_sgi_write(v, first, (*val << shift) & mask, off >= GICD_SPENDSGIR);
	return true;
}

void vgic_dist_sgir(uint32_t val)
{
	if (GICD_SGIR_ID(val) != IRQ_MONITOR_SGI && GICD_SGIR_FILTER(val) != 3)
		vgic_hw_send_sgi(val & (GICD_SGIR_VALUE(3, 0xff, 0xf)));
}

#define IN(off, reg, n) ((off) >= (reg) && (off) < (reg) + (n))

bool vgic_dist_access(struct vgic_cpu *v, uint32_t off, unsigned size, bool write, uint32_t *val)
{
	bool bytes_ok = IN(off, GICD_IPRIORITYR, 0x400) || IN(off, GICD_ITARGETSR, 0x400) ||
			IN(off, GICD_CPENDSGIR, 0x20);

	if ((size != 4 && !(size == 1 && bytes_ok)) || off >= GICD_SIZE)
		return false;
	if (off == GICD_CTLR)
		return ctlr(v, write, val);
	if (off == GICD_TYPER || off == GICD_IIDR || off >= GICD_ID_FIRST) {
		if (!write)
			*val = vgic_hw_gicd_read32(off);
		return true;
	}
	if (IN(off, GICD_ISENABLER, BIT_BANKS * BIT_BANK))
		return bit_reg(v, off, write, val);
	if (IN(off, GICD_IPRIORITYR, 0x400))
		return priority(v, off, size, write, val);
	if (IN(off, GICD_ITARGETSR, 0x400))
		return targets(v, off, size, write, val);
	if (IN(off, GICD_ICFGR, 0x100))
		return config(off, write, val);
	if (off == GICD_SGIR)
		return write ? (vgic_dist_sgir(*val), true) : (*val = 0, true);
	/* (not IN(): GCC would then compute off - GICD_CPENDSGIR, which the
	 * byte test above needs too, before SGIR's test - an instruction
	 * more on every guest SGI, docs/performance.md) */
	if (off >> 4 == GICD_CPENDSGIR >> 4 || off >> 4 == GICD_SPENDSGIR >> 4)
		return sgi_pending(v, off, size, write, val);
	/* IGROUPR and reserved space: RAZ/WI */
	if (!write)
		*val = 0;
	return true;
}
