/* hyp/vgic/vgic_hw.h on the hardware, out of line: the physical distributor
 * (hyp/vgic/gic.c), the monitor's SGI to kick other CPUs (the list registers:
 * hyp/vgic/vgic_hw_gich.h).
 *
 * With migration (hyp/switch/migrate.h) the guest's distributor has N CPU
 * interfaces, numbered as its virtual CPUs, while the GIC has 2N: this is
 * where the two numberings meet. The guest's SPI targets are kept here
 * (what it reads back) and written to the GIC as the active cluster's
 * cores; its SGI target lists are sent to those cores; GICD_TYPER shows N
 * CPUs; and its priorities reach the GIC no higher than
 * GIC_PRIO_GUEST_MIN, so a parked core can mask them all (gic_park). */
#include "gic.h"
#include "io.h"
#include "vgic.h"
#include "vgic_hw.h"
#include "vgic_topo.h"

/* The guest's SPI targets (bit v: virtual CPU v), with migration, and
 * which of their words are not all zero: only those need retargeting at
 * a switch (a word of zeros targets no core on either cluster). */
static uint8_t spi_targets[GIC_MAX_IRQS] __attribute__((aligned(4)));
static uint32_t targeted[GIC_MAX_IRQS / 4 / 32 + 1];
static uint32_t targeted_words;   /* bit w: targeted[w] is not 0 */
_Static_assert(sizeof(targeted) / sizeof(targeted[0]) <= 32, "one bit per word of targeted[]");

/* A soft-linked interrupt the guest ended. An SPI through the
 * distributor: its active state is the GIC's, not a core's, but QEMU 7.2
 * keeps one per core and GICC_DIR clears only the writer's - with
 * migration the core that ends an SPI is not always the one that took it
 * (guest-tests/migirq.c; fixed in QEMU 9.1). */
static void deactivate_mig(uint32_t id)
{
	if (id < GIC_NR_PRIVATE)
		gic_deactivate(id);
	else
		gicd_write32(GICD_ICACTIVER + 4 * (id / 32), 1u << (id % 32));
}

void (*vgic_hw_deactivate_fn)(uint32_t id) = gic_deactivate;

/* With migration: the guest's CPUs (N; 0 without migration) and the
 * cluster whose cores run them, as the switch tells it (vgic_hw_retarget). */
static unsigned topo_n, topo_cluster;

void vgic_hw_mig_init(unsigned n, unsigned cluster)
{
	topo_n = n;
	topo_cluster = cluster;
	vgic_hw_deactivate_fn = deactivate_mig;
}

#define IN(off, reg, n) ((off) >= (reg) && (off) < (reg) + (n))

uint32_t vgic_hw_gicd_read32(uint32_t off) { return gicd_read32(off); }
void vgic_hw_gicd_write32(uint32_t off, uint32_t v) { gicd_write32(off, v); }
uint8_t vgic_hw_gicd_read8(uint32_t off) { return gicd_read8(off); }
void vgic_hw_gicd_write8(uint32_t off, uint8_t v) { gicd_write8(off, v); }
void vgic_hw_send_sgi(uint32_t sgir) { gic_send_sgi(sgir); }

/* With migration an SGI's source is a core, which stands for a virtual CPU
 * whichever cluster it is in: one the guest sent from its CPU s before a
 * switch comes from s's core on the other cluster. */
uint32_t vgic_hw_sgi_pending(uint32_t first)
{
	uint32_t w = gicd_read32(GICD_SPENDSGIR + first);

	return topo_n ? vgic_topo_sgi_sources(w, topo_n) : w;
}

void vgic_hw_sgi_unpend(uint32_t first, uint32_t sources)
{
	if (topo_n)
		sources = vgic_topo_targets(sources, topo_n, 0) | vgic_topo_targets(sources, topo_n, 1);
	gicd_write32(GICD_CPENDSGIR + first, sources);
}

/* ---- with migration: the guest's distributor has N CPU interfaces -------- */

static uint8_t prio_write(uint8_t b) { return b < GIC_PRIO_GUEST_MIN ? GIC_PRIO_GUEST_MIN : b; }

/* Physical targets of the guest's ITARGETSR write (byte i: id first + i),
 * whose own it keeps; ids below 32 are read-only (vgic_dist.c ignores
 * them). */
static uint32_t targets_in(uint32_t first, unsigned size, uint32_t v)
{
	uint32_t p = 0;

	for (unsigned i = 0; i < size && first + i < GIC_MAX_IRQS; i++) {
		uint32_t id = first + i;
		uint8_t b = (uint8_t)((v >> (8 * i)) & ((1u << topo_n) - 1u));

		if (id < GIC_NR_PRIVATE)
			continue;
		spi_targets[id] = b;
		if (b) {
			targeted[id / 128] |= 1u << (id / 4 % 32);
			targeted_words |= 1u << (id / 128);
		}
		p |= vgic_topo_cores(b, topo_n, topo_cluster) << (8 * i);
	}
	return p;
}

/* ... and what it reads: its own, or for ids 0-31 the reader's bit, as
 * the GIC answers. */
static uint32_t targets_out(const struct vgic_cpu *v, uint32_t first, unsigned size)
{
	uint32_t r = 0;

	for (unsigned i = 0; i < size; i++) {
		uint32_t id = first + i;
		uint32_t b = id < GIC_NR_PRIVATE ? 1u << v->cpu : id < GIC_MAX_IRQS ? spi_targets[id] : 0;

		r |= b << (8 * i);
	}
	return r;
}

/* What the guest wrote to IPRIORITYR reaches the GIC no higher than
 * GIC_PRIO_GUEST_MIN (the emulation keeps the guest's own value, for what
 * it reads back and the list registers). */
static void prio_floor(uint32_t off, unsigned size)
{
	for (unsigned i = 0; i < size; i++) {
		uint32_t id = off - GICD_IPRIORITYR + i;
		uint8_t b;

		if (id < GIC_MAX_IRQS && !gic_monitor_owned(id) && (b = gicd_read8(off + i)) < GIC_PRIO_GUEST_MIN)
			gicd_write8(off + i, prio_write(b));
	}
}

void vgic_hw_mig_sgir(struct vgic_cpu *v, uint32_t val)
{
	uint32_t sgir = vgic_topo_sgir(val, v->cpu, topo_n, topo_cluster);

	if (sgir)
		vgic_dist_sgir(sgir);
}

bool vgic_hw_mig_access(struct vgic_cpu *v, uint32_t off, unsigned size, bool write, uint32_t *val)
{
	bool targets = IN(off, GICD_ITARGETSR, 0x400) && (size == 1 || size == 4), ok;

	if (write && off == GICD_SGIR && size == 4) {
		vgic_hw_mig_sgir(v, *val);
		return true;
	}
	if (targets && !write) {
		*val = targets_out(v, off - GICD_ITARGETSR, size);
		return true;
	}
	if (targets) {
		uint32_t phys = targets_in(off - GICD_ITARGETSR, size, *val);

		return vgic_dist_access(v, off, size, write, &phys);
	}
	ok = vgic_dist_access(v, off, size, write, val);
	if (ok && !write && off == GICD_TYPER)
		*val = vgic_topo_typer(*val, topo_n);
	if (ok && write && IN(off, GICD_IPRIORITYR, 0x400))
		prio_floor(off, size);
	return ok;
}

/* SPIs id..id+3 pending: pending again, so they are pending for their new
 * targets. A GIC forwards a pending SPI to whatever its targets are when
 * it can be signalled; QEMU 7.2 records it pending for the targets it had
 * when it became pending, and retargeting does not move it. */
static void repend(uint32_t id)
{
	uint32_t off = 4 * (id / 32), bits = gicd_read32(GICD_ISPENDR + off) & (0xfu << (id % 32));

	if (bits) {
		gicd_write32(GICD_ICPENDR + off, bits);
		gicd_write32(GICD_ISPENDR + off, bits);
	}
}

void vgic_hw_retarget(unsigned cluster)
{
	const unsigned n = topo_n;

	topo_cluster = cluster;
	for (uint32_t words = targeted_words; words; words &= words - 1) {
		unsigned w = (unsigned)__builtin_ctz(words);

		for (uint32_t m = targeted[w]; m; m &= m - 1) {
			uint32_t id = 4 * (32 * w + (uint32_t)__builtin_ctz(m)), v;

			__builtin_memcpy(&v, &spi_targets[id], 4);
			gicd_write32(GICD_ITARGETSR + id, vgic_topo_targets(v, n, cluster));
			repend(id);
		}
	}
}

/* The guest's interrupts among ids 0-31 (bit id): the GIC banks these per
 * core, so they move with the virtual CPU; and their ICFGR1 fields. */
#define GUEST_PRIVATE   (~GIC_MONITOR_PRIVATE)
#define CFG1(id)        (3u << (2 * ((id) - GIC_NR_SGIS)))
#define GUEST_CFG1      (~(CFG1(IRQ_MAINTENANCE) | CFG1(IRQ_HYP_TIMER)))
_Static_assert(IRQ_MAINTENANCE >= GIC_NR_SGIS && IRQ_HYP_TIMER >= GIC_NR_SGIS && IRQ_MONITOR_SGI < GIC_NR_SGIS,
	       "the monitor's own: one SGI, PPIs otherwise");

void vgic_hw_save(struct vgic_hw_state *s, unsigned nr_lrs)
{
	const uint32_t mine = GUEST_PRIVATE;
	/* the bases in registers: each MMIO access is volatile, and GCC
	 * reloaded gic_base after every one (a migration's path, issue #29) */
	const uint32_t gich = gic_base.gich, gicd = gic_base.gicd;

	s->hcr = mmio_read32(gich + GICH_HCR);
	s->vmcr = mmio_read32(gich + GICH_VMCR);
	s->apr = mmio_read32(gich + GICH_APR);
	for (unsigned i = 0; i < nr_lrs; i++) {
		s->lr[i] = mmio_read32(gich + GICH_LR(i));
		mmio_write32(gich + GICH_LR(i), 0);
	}
	mmio_write32(gich + GICH_APR, 0);
	mmio_write32(gich + GICH_HCR, 0);   /* no maintenance interrupt here */
	s->enable0 = mmio_read32(gicd + GICD_ISENABLER) & mine;
	s->cfg1 = mmio_read32(gicd + GICD_ICFGR + 4) & GUEST_CFG1;
	/* held (acknowledged, soft-linked) PPIs are active on this core: the
	 * inbound one makes them active there, where the guest's EOI ends them */
	s->active0 = mmio_read32(gicd + GICD_ISACTIVER) & mine;
	mmio_write32(gicd + GICD_ICENABLER, mine);
	mmio_write32(gicd + GICD_ICACTIVER, s->active0);
}

/* Both 4-byte aligned (hyp/vgic/vgic.h, hyp/switch/migrate.c): a word at a time. */
static bool prio_same(const uint8_t *a, const uint8_t *b)
{
	const uint32_t *x = (const uint32_t *)(const void *)a, *y = (const uint32_t *)(const void *)b;
	uint32_t d = 0;

	/* unrolled: every migration compares (the loop cost 6 a word) */
#pragma GCC unroll 8
	for (unsigned i = 0; i < GIC_NR_PRIVATE / 4; i++)
		d |= x[i] ^ y[i];
	return d == 0;
}

void vgic_hw_load(const struct vgic_hw_state *s, unsigned nr_lrs, const uint8_t *prio, uint8_t *here)
{
	const uint32_t mine = GUEST_PRIVATE;
	const uint32_t gich = gic_base.gich, gicd = gic_base.gicd;   /* as in vgic_hw_save() */

	/* the banked priorities: this core keeps what the virtual CPU left
	 * on it last time (no other virtual CPU runs here), so only what the
	 * guest changed since is written, a byte at a time */
	if (!prio_same(here, prio))
		for (uint32_t id = 0; id < GIC_NR_PRIVATE; id++)
			if ((mine & (1u << id)) && here[id] != prio[id]) {
				gicd_write8(GICD_IPRIORITYR + id, prio_write(prio[id]));
				here[id] = prio[id];
			}
	mmio_write32(gicd + GICD_ICFGR + 4, (mmio_read32(gicd + GICD_ICFGR + 4) & ~GUEST_CFG1) | s->cfg1);
	mmio_write32(gicd + GICD_ISACTIVER, s->active0);
	mmio_write32(gicd + GICD_ICENABLER, mine & ~s->enable0);
	mmio_write32(gicd + GICD_ISENABLER, s->enable0);
	for (unsigned i = 0; i < nr_lrs; i++)
		mmio_write32(gich + GICH_LR(i), s->lr[i]);
	mmio_write32(gich + GICH_APR, s->apr);
	mmio_write32(gich + GICH_VMCR, s->vmcr);
	mmio_write32(gich + GICH_HCR, s->hcr);
}

/* GICH_VTR.ListRegs + 1 */
unsigned vgic_hw_nr_lrs(void)
{
	return GICH_VTR_LRS(mmio_read32(vgic_hw_gich(GICH_VTR)));
}
