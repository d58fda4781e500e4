/* Host model of hyp/vgic/vgic_hw.h (tests/support/fake_gic.h says what it models). */
#include <string.h>
#include "fake_gic.h"

struct fake_gic fake_gic;

void fake_gic_reset(unsigned nr_lrs, unsigned lines, unsigned ncpus)
{
	memset(&fake_gic, 0, sizeof(fake_gic));
	fake_gic.nr_lrs = nr_lrs < 1 ? 1 : nr_lrs > FAKE_GIC_MAX_LRS ? FAKE_GIC_MAX_LRS : nr_lrs;
	fake_gic.lines = lines > FAKE_GIC_IDS ? FAKE_GIC_IDS : lines & ~31u;
	fake_gic.ncpus = ncpus < 1 ? 1 : ncpus > FAKE_GIC_CPUS ? FAKE_GIC_CPUS : ncpus;
}

void fake_gic_set_cpu(unsigned cpu)
{
	struct fake_gich *out = &fake_gic.gich[fake_gic.cpu], *in = &fake_gic.gich[cpu % FAKE_GIC_CPUS];

	memcpy(out->lr, fake_gic.lr, sizeof(out->lr));
	out->uie = fake_gic.uie;
	out->apr = fake_gic.apr;
	memcpy(fake_gic.lr, in->lr, sizeof(fake_gic.lr));
	fake_gic.uie = in->uie;
	fake_gic.apr = in->apr;
	fake_gic.cpu = cpu % FAKE_GIC_CPUS;
}

/* ---- list registers ---------------------------------------------------------- */

static uint32_t lr_state(uint32_t lr) { return lr & GICH_LR_STATE_MASK; }
static bool lr_eoi_maint(uint32_t lr) { return !(lr & GICH_LR_HW) && (lr & GICH_LR_EOI); }

uint64_t fake_gic_elsr(void)
{
	uint64_t e = 0;

	for (unsigned i = 0; i < fake_gic.nr_lrs; i++)
		if (lr_state(fake_gic.lr[i]) == 0 && !lr_eoi_maint(fake_gic.lr[i]))
			e |= 1ull << i;
	return e;
}

uint64_t fake_gic_eisr(void)
{
	uint64_t e = 0;

	for (unsigned i = 0; i < fake_gic.nr_lrs; i++)
		if (lr_state(fake_gic.lr[i]) == 0 && lr_eoi_maint(fake_gic.lr[i]))
			e |= 1ull << i;
	return e;
}

unsigned fake_gic_valid_lrs(void)
{
	unsigned n = 0;

	for (unsigned i = 0; i < fake_gic.nr_lrs; i++)
		n += lr_state(fake_gic.lr[i]) != 0;
	return n;
}

bool fake_gic_maintenance(void)
{
	return fake_gic_eisr() != 0 || (fake_gic.uie && fake_gic_valid_lrs() <= 1);
}

unsigned vgic_hw_nr_lrs(void) { return fake_gic.nr_lrs; }

uint32_t vgic_hw_lr_read(unsigned i)
{
	if (i >= fake_gic.nr_lrs) {
		fake_gic.bad_lr++;
		return 0;
	}
	return fake_gic.lr[i];
}

/* What the architecture forbids of the list registers as a whole. */
static void check_lr(unsigned i)
{
	uint32_t v = fake_gic.lr[i];

	if (lr_state(v) == 0)
		return;
	if ((v & GICH_LR_HW) && lr_state(v) == (GICH_LR_ACTIVE | GICH_LR_PENDING))
		fake_gic.hw_active_pending++;
	for (unsigned j = 0; j < fake_gic.nr_lrs; j++)
		if (j != i && lr_state(fake_gic.lr[j]) != 0 &&
		    GICH_LR_GET_VID(fake_gic.lr[j]) == GICH_LR_GET_VID(v))
			fake_gic.dup_vid++;
}

void vgic_hw_lr_write(unsigned i, uint32_t v)
{
	if (i >= fake_gic.nr_lrs) {
		fake_gic.bad_lr++;
		return;
	}
	fake_gic.lr[i] = v;
	check_lr(i);
}

uint64_t vgic_hw_elsr(unsigned nr_lrs) { (void)nr_lrs; return fake_gic_elsr(); }

/* A physical deactivation, in the log the tests read (counted past its end). */
static void log_deactivation(uint32_t id)
{
	if (fake_gic.ndeactivated < FAKE_GIC_MAX_LOG)
		fake_gic.deactivated[fake_gic.ndeactivated] = id;
	fake_gic.ndeactivated++;
}

/* The monitor's GICC_DIR of a soft-linked physical interrupt: as the
 * hardware-linked EOI would have, it is logged and deactivated. */
void vgic_hw_deactivate(uint32_t id)
{
	log_deactivation(id);
	fake_gic.monitor_deactivations++;
	fake_gicd_poke32(GICD_ICACTIVER + 4 * (id / 32), 1u << (id % 32));
}
void vgic_hw_set_underflow(bool on) { fake_gic.uie = on; }

/* ---- the guest's virtual CPU interface -------------------------------------- */

unsigned fake_guest_running_prio(void)
{
	return fake_gic.apr ? (unsigned)__builtin_ctz(fake_gic.apr) << 3 : 0x100u;
}

uint32_t fake_guest_ack(void)
{
	int best = -1;
	unsigned best_prio = 0x100;

	for (unsigned i = 0; i < fake_gic.nr_lrs; i++) {
		uint32_t lr = fake_gic.lr[i];

		if (lr_state(lr) == GICH_LR_PENDING && GICH_LR_GET_PRIO(lr) < best_prio) {
			best = (int)i;
			best_prio = GICH_LR_GET_PRIO(lr);
		}
	}
	if (best < 0 || best_prio >= fake_guest_running_prio())
		return FAKE_GIC_SPURIOUS;
	uint32_t lr = fake_gic.lr[best];

	fake_gic.lr[best] = (lr & ~GICH_LR_STATE_MASK) | GICH_LR_ACTIVE;
	fake_gic.apr |= 1u << (best_prio >> 3);
	return GICH_LR_GET_VID(lr) | (lr & GICH_LR_HW ? 0 : GICH_LR_GET_CPUID(lr) << 10);
}

void fake_guest_eoi(uint32_t iar)
{
	uint32_t id = iar & 0x3ffu, src = (iar >> 10) & 7u;

	fake_gic.apr &= fake_gic.apr - 1;   /* drops the highest active priority */
	for (unsigned i = 0; i < fake_gic.nr_lrs; i++) {
		uint32_t lr = fake_gic.lr[i];

		if (!(lr & GICH_LR_ACTIVE) || GICH_LR_GET_VID(lr) != id ||
		    (!(lr & GICH_LR_HW) && GICH_LR_GET_CPUID(lr) != src))
			continue;
		fake_gic.lr[i] = lr & ~GICH_LR_ACTIVE;
		if (lr & GICH_LR_HW) {
			uint32_t pid = (lr >> 10) & 0x3ffu;

			log_deactivation(pid);
			fake_gicd_poke32(GICD_ICACTIVER + 4 * (pid / 32), 1u << (pid % 32));
		}
		return;
	}
	fake_gic.eoi_unmatched++;
}

/* ---- the distributor ---------------------------------------------------------- */

#define IN(off, reg, n) ((off) >= (reg) && (off) < (reg) + (n))

static const struct { uint32_t off, val; } id_regs[] = {
	{ 0xfd0, 0x04 }, { 0xfe0, 0x90 }, { 0xfe4, 0xb4 }, { 0xfe8, 0x2b },
	{ 0xff0, 0x0d }, { 0xff4, 0xf0 }, { 0xff8, 0x05 }, { 0xffc, 0xb1 },
};

/* Ids of bit-register word w implemented: all or none (lines % 32 == 0). */
static uint32_t implemented(uint32_t w) { return w < fake_gic.lines / 32 ? ~0u : 0; }

/* Word w of a one-bit-per-id state, the banked copy for word 0. */
static uint32_t *bit_word(uint32_t *shared, uint32_t *banked, uint32_t w)
{
	return w == 0 ? &banked[fake_gic.cpu] : &shared[w];
}

static uint32_t *bit_state(uint32_t off, uint32_t base, uint32_t *shared, uint32_t *banked)
{
	return bit_word(shared, banked, (off - base) / 4 % 32);
}

/* The state behind ISENABLER .. ICACTIVER at off; *set: a set register. */
static uint32_t *bit_reg(uint32_t off, bool *set)
{
	struct fake_gicd *d = &fake_gic.d;

	*set = (off & 0x80u) == 0;   /* each pair: set register, then clear register */
	if (IN(off, GICD_ISENABLER, 0x100))
		return bit_state(off & ~0x80u, GICD_ISENABLER, d->enable, d->enable0);
	if (IN(off, GICD_ISPENDR, 0x100))
		return bit_state(off & ~0x80u, GICD_ISPENDR, d->pending, d->pending0);
	return bit_state(off & ~0x80u, GICD_ISACTIVER, d->active, d->active0);
}

static uint8_t *prio_byte(uint32_t id)
{
	return id < GIC_NR_PRIVATE ? &fake_gic.d.prio0[fake_gic.cpu][id] : &fake_gic.d.prio[id];
}

static uint8_t byte_read(uint32_t off)
{
	if (IN(off, GICD_IPRIORITYR, 0x400)) {
		uint32_t id = off - GICD_IPRIORITYR;

		return id < fake_gic.lines ? *prio_byte(id) : 0;
	}
	if (IN(off, GICD_ITARGETSR, 0x400)) {
		uint32_t id = off - GICD_ITARGETSR;

		if (id < GIC_NR_PRIVATE)
			return (uint8_t)(1u << fake_gic.cpu);
		return id < fake_gic.lines ? fake_gic.d.targets[id] : 0;
	}
	if (IN(off, GICD_CPENDSGIR, 0x20))
		return fake_gic.d.sgi_src[fake_gic.cpu][(off - GICD_CPENDSGIR) % GIC_NR_SGIS];
	return 0;
}

static void byte_write(uint32_t off, uint8_t v)
{
	if (IN(off, GICD_IPRIORITYR, 0x400)) {
		uint32_t id = off - GICD_IPRIORITYR;

		if (id < fake_gic.lines)
			*prio_byte(id) = v;
	} else if (IN(off, GICD_ITARGETSR, 0x400)) {
		uint32_t id = off - GICD_ITARGETSR;

		if (id >= GIC_NR_PRIVATE && id < fake_gic.lines)
			fake_gic.d.targets[id] = v;
	} else if (IN(off, GICD_CPENDSGIR, 0x20)) {
		uint32_t id = (off - GICD_CPENDSGIR) % GIC_NR_SGIS;
		uint8_t *src = &fake_gic.d.sgi_src[fake_gic.cpu][id];

		*src = off >= GICD_SPENDSGIR ? *src | v : *src & (uint8_t)~v;
		fake_gic.d.pending0[fake_gic.cpu] &= ~(1u << id);
		fake_gic.d.pending0[fake_gic.cpu] |= (uint32_t)(*src != 0) << id;
	}
}

static bool bytes_allowed(uint32_t off)
{
	return IN(off, GICD_IPRIORITYR, 0x400) || IN(off, GICD_ITARGETSR, 0x400) ||
	       IN(off, GICD_CPENDSGIR, 0x20);
}

static uint32_t cfg_read(uint32_t w)
{
	if (w == 0)
		return 0xaaaaaaaau;   /* SGIs: edge-triggered, fixed */
	if (w == 1)
		return fake_gic.d.cfg1[fake_gic.cpu];
	return 16 * w < fake_gic.lines ? fake_gic.d.cfg[w] : 0;
}

static void cfg_write(uint32_t w, uint32_t v)
{
	if (w == 1)
		fake_gic.d.cfg1[fake_gic.cpu] = v & 0xaaaaaaaau;
	else if (w > 1 && 16 * w < fake_gic.lines)
		fake_gic.d.cfg[w] = v & 0xaaaaaaaau;
}

uint32_t fake_gicd_peek32(uint32_t off)
{
	if (off == GICD_CTLR)
		return fake_gic.d.ctlr;
	if (off == GICD_TYPER)
		return (fake_gic.lines / 32 - 1) | ((fake_gic.ncpus - 1) << 5);
	if (off == GICD_IIDR)
		return FAKE_GIC_IIDR;
	if (IN(off, GICD_ISENABLER, 0x300)) {
		bool set;

		return *bit_reg(off, &set) & implemented((off & 0x7fu) / 4);
	}
	if (IN(off, GICD_IPRIORITYR, 0x800) || IN(off, GICD_CPENDSGIR, 0x20)) {   /* byte registers */
		uint32_t v = 0;

		for (unsigned i = 0; i < 4; i++)
			v |= (uint32_t)byte_read(off + i) << (8 * i);
		return v;
	}
	if (IN(off, GICD_ICFGR, 0x100))
		return cfg_read((off - GICD_ICFGR) / 4);
	for (unsigned i = 0; i < sizeof(id_regs) / sizeof(id_regs[0]); i++)
		if (id_regs[i].off == off)
			return id_regs[i].val;
	return 0;   /* IGROUPR, SGIR (write-only), reserved: RAZ */
}

uint8_t fake_gicd_peek8(uint32_t off) { return byte_read(off); }
void fake_gicd_poke8(uint32_t off, uint8_t v) { byte_write(off, v); }

void fake_gicd_poke32(uint32_t off, uint32_t v)
{
	if (off == GICD_CTLR) {
		fake_gic.d.ctlr = v & GICD_CTLR_ENABLE;
	} else if (IN(off, GICD_ISENABLER, 0x300)) {
		bool set;
		uint32_t *s = bit_reg(off, &set), w = (off & 0x7fu) / 4, m = v & implemented(w);

		if (w == 0 && IN(off, GICD_ISPENDR, 0x100))
			m &= ~0xffffu;   /* SGIs: through SPENDSGIR/CPENDSGIR */
		*s = set ? *s | m : *s & ~m;
	} else if (IN(off, GICD_IPRIORITYR, 0x800) || IN(off, GICD_CPENDSGIR, 0x20)) {
		for (unsigned i = 0; i < 4; i++)
			byte_write(off + i, (uint8_t)(v >> (8 * i)));
	} else if (IN(off, GICD_ICFGR, 0x100)) {
		cfg_write((off - GICD_ICFGR) / 4, v);
	} else if (off == GICD_SGIR) {
		if (fake_gic.nsgi < FAKE_GIC_MAX_LOG)
			fake_gic.sgi[fake_gic.nsgi] = v;
		fake_gic.nsgi++;
	}
}

uint32_t vgic_hw_gicd_read32(uint32_t off)
{
	fake_gic.reads++;
	if (off & 3u) {
		fake_gic.bad_access++;
		return 0;
	}
	return fake_gicd_peek32(off);
}

void vgic_hw_gicd_write32(uint32_t off, uint32_t v)
{
	fake_gic.writes++;
	if (off & 3u)
		fake_gic.bad_access++;
	else
		fake_gicd_poke32(off, v);
}

uint8_t vgic_hw_gicd_read8(uint32_t off)
{
	fake_gic.reads++;
	if (!bytes_allowed(off)) {
		fake_gic.bad_access++;
		return 0;
	}
	return byte_read(off);
}

void vgic_hw_gicd_write8(uint32_t off, uint8_t v)
{
	fake_gic.writes++;
	if (!bytes_allowed(off))
		fake_gic.bad_access++;
	else
		byte_write(off, v);
}

void vgic_hw_send_sgi(uint32_t sgir) { vgic_hw_gicd_write32(GICD_SGIR, sgir); }
uint32_t vgic_hw_sgi_pending(uint32_t first) { return vgic_hw_gicd_read32(GICD_SPENDSGIR + first); }
void vgic_hw_sgi_unpend(uint32_t first, uint32_t sources) { vgic_hw_gicd_write32(GICD_CPENDSGIR + first, sources); }
void vgic_hw_kick_others(void)
{
	fake_gic.kicks++;
	fake_gic.kicked |= ((1u << fake_gic.ncpus) - 1) & ~(1u << fake_gic.cpu);
}
void vgic_hw_kick(uint32_t cpus) { fake_gic.kicked |= cpus & ~(1u << fake_gic.cpu); }

void fake_gic_phys_ack(uint32_t id) { fake_gicd_poke32(GICD_ISACTIVER + 4 * (id / 32), 1u << (id % 32)); }

bool fake_gic_phys_active(uint32_t id)
{
	return fake_gicd_peek32(GICD_ISACTIVER + 4 * (id / 32)) & (1u << (id % 32));
}
