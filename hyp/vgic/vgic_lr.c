/*
 * List registers and the interrupts waiting for one (hyp/vgic/vgic.h).
 *
 * GICv2 allows one valid list register per virtual id (IHI 0048B 5.3.11:
 * each valid interrupt in the list registers has a unique VirtualID), so
 * an SGI whose id is in a list register already - from another source, or
 * from the same one while the guest handles it - waits, blocked, and that
 * list register carries the EOI bit: the guest's EOI of it brings a
 * maintenance interrupt, and the next one goes in. (Same id, same
 * priority: the guest could not take the blocked one before anyway.) The
 * guest may read its next interrupt between that EOI and the maintenance
 * interrupt, so while an SGI is blocked (or about to be: two sources
 * waiting) no list register holds a merely pending interrupt of lower
 * priority: those wait too, held back, until the maintenance interrupt
 * (they could not preempt the blocking one).
 *
 * Invariant, kept by settle(): while the guest's distributor is enabled,
 * no list register holds a merely pending interrupt of lower priority
 * than a blocked SGI, and either nothing but blocked SGIs and what they
 * hold back waits, or every list register is in use, no waiting interrupt
 * has a higher priority than any merely pending list register, and the
 * underflow maintenance interrupt is on (off otherwise). So the guest's
 * virtual CPU interface, which picks the highest-priority pending list
 * register, always shows the highest-priority pending interrupt the guest
 * could take - with one delay the hardware leaves no way around: when
 * every list register is active, an interrupt that waits goes in only at
 * the underflow interrupt (at most one valid list register), not as soon
 * as the guest ends one of them (a hardware-linked one ends without a
 * maintenance interrupt).
 *
 * Physical interrupts go in hardware-linked (HW bit, physical id): the
 * guest's EOI deactivates them. Where the GIC model gets that wrong
 * (vgic_dist.soft_eoi: QEMU 7.2, docs/vgic.md) they go in as software
 * entries with the EOI bit instead, still active physically, and the
 * monitor deactivates them (GICC_DIR) at the EOI maintenance interrupt,
 * which makes the GIC look at what became pending meanwhile. Either way a
 * list register holds a physical interrupt exactly when its id is 16 or
 * more (phys_id()); SGIs are the only software interrupts otherwise.
 *
 * The guest's distributor writes reach what is held here as the GIC would
 * treat a pending or active interrupt (vgic_held_write(), docs/vgic.md):
 * physically a held interrupt is active - acknowledged in HYP - so a write
 * that would change its physical state under the monitor (ICACTIVER,
 * ISPENDR, ISACTIVER of a merely pending one) is applied here instead, and
 * one that makes it no longer signalled here (disabled, retargeted,
 * pending cleared) takes a merely pending one out of the list registers
 * and gives it back to the physical distributor. With the guest's
 * distributor off nothing is pending in a list register, and an SGI the
 * guest disabled waits. A list register never holds an id another one
 * holds: a physical interrupt acknowledged again while it is in one (a
 * race with another CPU's write) merges with a pending one, or is made
 * pending behind an active one.
 */
#include <string.h>
#include "vgic.h"
#include "vgic_hw.h"

struct vgic_dist vgic_dist;

void vgic_cpu_init(struct vgic_cpu *v, unsigned cpu, unsigned nr_lrs)
{
	memset(v, 0, sizeof(*v));
	v->cpu = cpu;
	v->nr_lrs = nr_lrs > VGIC_MAX_LRS ? VGIC_MAX_LRS : nr_lrs;
	/* cppcheck-suppress knownConditionTrueFalse ; false positive, as above */
	v->lr_mask = v->nr_lrs >= 64 ? ~0ull : (1ull << v->nr_lrs) - 1;
	if (cpu < VGIC_MAX_CPUS)
		vgic_dist.cpu[cpu] = v;
	/* cppcheck-suppress knownConditionTrueFalse ; false positive: nr_lrs is GICH_VTR's count, 1-64 (tests/vgic/test_vgic_lr.c) */
	for (unsigned i = 0; i < v->nr_lrs; i++)
		vgic_hw_lr_write(i, 0);
	vgic_hw_set_underflow(false);
}

static bool dist_enabled(void) { return vgic_dist.ctlr & GICD_CTLR_ENABLE; }
static void settle(struct vgic_cpu *v);

static inline uint64_t lr_mask(const struct vgic_cpu *v) { return v->lr_mask; }

static inline uint32_t lr_hw(const struct vgic_cpu *v, uint32_t id)
{
	uint32_t link = vgic_dist.soft_eoi ? GICH_LR_EOI : GICH_LR_HW | GICH_LR_PID(id);

	return link | GICH_LR_VID(id) | GICH_LR_PRIO(vgic_prio(v, id)) | GICH_LR_PENDING;
}

/* A list register of a physical interrupt (PPI or SPI), however linked. */
static bool phys_lr(uint32_t lr)
{
	return GICH_LR_GET_VID(lr) >= GIC_NR_SGIS;
}

static uint32_t lr_sgi(const struct vgic_cpu *v, uint32_t id, uint32_t src)
{
	return GICH_LR_CPUID(src) | GICH_LR_VID(id) | GICH_LR_PRIO(vgic_prio(v, id)) | GICH_LR_PENDING;
}

/* The first list register in `empty` (ELSR masked to ours), or -1
 * (32-bit halves: no libgcc call). */
static inline int first_free(uint64_t empty)
{
	uint32_t lo = (uint32_t)empty, hi = (uint32_t)(empty >> 32);

	if (lo)
		return __builtin_ctz(lo);
	return hi ? 32 + __builtin_ctz(hi) : -1;
}

/* A free list register, or -1. */
static inline int free_lr(const struct vgic_cpu *v)
{
	return first_free(vgic_hw_elsr(v->nr_lrs) & lr_mask(v));
}

/* The SGI ids in valid list registers (bit id), after emptying those whose
 * EOI maintenance is done: invalid with the EOI bit, a list register is
 * not empty in ELSR, and keeps the maintenance interrupt up, until
 * rewritten. A soft-linked physical interrupt the guest has ended is
 * deactivated here. */
static uint32_t sgis_in_lrs(const struct vgic_cpu *v)
{
	uint64_t used = ~vgic_hw_elsr(v->nr_lrs) & lr_mask(v);
	uint32_t ids = 0;

	for (; used; used &= used - 1) {
		unsigned i = (unsigned)__builtin_ctzll(used);
		uint32_t lr = vgic_hw_lr_read(i);

		if (!(lr & GICH_LR_STATE_MASK)) {
			vgic_hw_lr_write(i, 0);
			if (phys_lr(lr))
				vgic_hw_deactivate(GICH_LR_GET_VID(lr));
		} else if (!phys_lr(lr)) {
			ids |= 1u << GICH_LR_GET_VID(lr);
		}
	}
	return ids;
}

/* ---- the waiting set ------------------------------------------------------ */

static void queue_lr(struct vgic_cpu *v, uint32_t lr)
{
	uint32_t id = GICH_LR_GET_VID(lr);

	if (phys_lr(lr)) {
		if (!(v->queued_hw[id / 32] & (1u << (id % 32)))) {
			v->queued_hw[id / 32] |= 1u << (id % 32);
			v->nqueued++;
		}
	} else if (id < GIC_NR_SGIS && !(v->queued_sgi[id] & (1u << GICH_LR_GET_CPUID(lr)))) {
		v->queued_sgi[id] |= (uint8_t)(1u << GICH_LR_GET_CPUID(lr));
		v->nqueued++;
	}
}

/* The highest-priority waiting interrupt as a list register value (lowest
 * priority value; among equals the lowest id, SGIs by source), dequeued;
 * SGIs whose id is in `blocked` left waiting. 0: none, or none of at least
 * priority `hold`. */
static uint32_t dequeue_best(struct vgic_cpu *v, uint32_t blocked, uint32_t hold)
{
	uint32_t best = 0, best_prio = 0x100;

	blocked |= v->sgi_disabled;   /* they wait until enabled */
	for (uint32_t id = 0; id < GIC_NR_SGIS; id++)
		for (uint32_t s = 0; s < 8 && !(blocked & (1u << id)); s++)
			if ((v->queued_sgi[id] & (1u << s)) && vgic_prio(v, id) < best_prio) {
				best = lr_sgi(v, id, s);
				best_prio = vgic_prio(v, id);
			}
	for (uint32_t w = 0; w < GIC_MAX_IRQS / 32 + 1; w++) {
		for (uint32_t bits = v->queued_hw[w]; bits; bits &= bits - 1) {
			uint32_t id = w * 32 + (uint32_t)__builtin_ctz(bits);

			if (vgic_prio(v, id) < best_prio) {
				best = lr_hw(v, id);
				best_prio = vgic_prio(v, id);
			}
		}
	}
	uint32_t id = GICH_LR_GET_VID(best);

	if (best_prio == 0x100 || best_prio > hold)
		return 0;
	if (phys_lr(best))
		v->queued_hw[id / 32] &= ~(1u << (id % 32));
	else
		v->queued_sgi[id] &= (uint8_t)~(1u << GICH_LR_GET_CPUID(best));
	v->nqueued--;
	return best;
}

/* The merely pending list register of the lowest priority, or -1. */
static int worst_pending_lr(const struct vgic_cpu *v, uint32_t *prio)
{
	uint64_t used = ~vgic_hw_elsr(v->nr_lrs) & lr_mask(v);
	int worst = -1;

	*prio = 0;
	for (; used; used &= used - 1) {
		unsigned i = (unsigned)__builtin_ctzll(used);
		uint32_t lr = vgic_hw_lr_read(i);

		if ((lr & GICH_LR_STATE_MASK) == GICH_LR_PENDING && GICH_LR_GET_PRIO(lr) >= *prio) {
			*prio = GICH_LR_GET_PRIO(lr);
			worst = (int)i;
		}
	}
	return worst;
}

/* The highest priority of an SGI blocked, or to be once one of its
 * waiting sources goes in (0x100: none). */
static uint32_t blocked_prio(const struct vgic_cpu *v, uint32_t sgis)
{
	uint32_t p = 0x100;

	for (uint32_t id = 0; id < GIC_NR_SGIS; id++) {
		uint32_t q = (v->sgi_disabled & (1u << id)) ? 0 : v->queued_sgi[id];

		if (((sgis & (1u << id)) ? q : q & (q - 1)) && vgic_prio(v, id) < p)
			p = vgic_prio(v, id);
	}
	return p;
}

/* Back to waiting: the merely pending list registers of lower priority
 * than hold (file comment; -1: all of them), and those of the SGIs the
 * guest disabled. */
static void hold_back(struct vgic_cpu *v, int hold, uint32_t *sgis)
{
	uint64_t used = ~vgic_hw_elsr(v->nr_lrs) & lr_mask(v);

	for (; used; used &= used - 1) {
		unsigned i = (unsigned)__builtin_ctzll(used);
		uint32_t lr = vgic_hw_lr_read(i);

		bool off = !phys_lr(lr) && (v->sgi_disabled & (1u << GICH_LR_GET_VID(lr)));

		if ((lr & GICH_LR_STATE_MASK) == GICH_LR_PENDING && ((int)GICH_LR_GET_PRIO(lr) > hold || off)) {
			queue_lr(v, lr);
			vgic_hw_lr_write(i, 0);
			if (!phys_lr(lr))
				*sgis &= ~(1u << GICH_LR_GET_VID(lr));
		}
	}
}

/* Into list register i; an SGI with more sources waiting asks for a
 * maintenance interrupt at its EOI. */
static void place(struct vgic_cpu *v, unsigned i, uint32_t lr, uint32_t *sgis)
{
	if (!phys_lr(lr)) {
		uint32_t id = GICH_LR_GET_VID(lr);

		*sgis |= 1u << id;
		if (v->queued_sgi[id])
			lr |= GICH_LR_EOI;
	}
	vgic_hw_lr_write(i, lr);
}

/* Restore the invariant (file comment). Each round either fills a free
 * list register or swaps in a waiting interrupt of strictly higher priority
 * than the one it displaces, so it ends. */
static void settle(struct vgic_cpu *v)
{
	uint32_t sgis = sgis_in_lrs(v), hold = 0x100;
	bool waits = false;   /* something a list register could take waits */

	if (v->nqueued && dist_enabled()) {
		hold = blocked_prio(v, sgis);
		if (hold < 0x100)
			hold_back(v, (int)hold, &sgis);
	}
	while (v->nqueued && dist_enabled()) {
		uint32_t best = dequeue_best(v, sgis, hold), worst_prio;
		int i;

		if (!best)
			break;   /* only blocked SGIs, and what they hold back */
		i = free_lr(v);
		if (i < 0) {
			i = worst_pending_lr(v, &worst_prio);
			if (i < 0 || GICH_LR_GET_PRIO(best) >= worst_prio) {
				queue_lr(v, best);   /* no better than what the LRs hold */
				waits = true;
				break;
			}
			uint32_t old = vgic_hw_lr_read((unsigned)i);

			queue_lr(v, old);
			if (!phys_lr(old))
				sgis &= ~(1u << GICH_LR_GET_VID(old));
		}
		place(v, (unsigned)i, best, &sgis);
	}
	if (waits != v->underflow) {
		vgic_hw_set_underflow(waits);
		v->underflow = waits;
	}
}

/* ---- injection ------------------------------------------------------------ */

/* The valid list register holding id (an SGI: from any source; one at
 * most, file comment), or -1. */
static int lr_of(const struct vgic_cpu *v, uint32_t id)
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

static inline void set_bit_reg(uint32_t reg, uint32_t id)
{
	vgic_hw_gicd_write32(reg + 4 * (id / 32), 1u << (id % 32));
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
	if (v->nqueued == 0 && dist_enabled()) {   /* the common case: straight in */
		int i = free_lr(v);

		if (i >= 0) {
			vgic_hw_lr_write((unsigned)i, lr_hw(v, id));
			return;
		}
	}
	queue_lr(v, lr_hw(v, id));
	settle(v);
}

/* An SPI: this CPU is where another CPU's write for it must go now; and
 * if a list register here holds it already (acknowledged again after a
 * deactivation that raced the monitor - only another CPU's write can do
 * that: a PPI's state is this CPU's own), it is taken care of there. */
static void __attribute__((noinline)) inject_spi(struct vgic_cpu *v, uint32_t id)
{
	vgic_dist.holder[id] = (uint8_t)(v->cpu + 1);
	int i = lr_of(v, id);

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

void vgic_inject_sgi(struct vgic_cpu *v, uint32_t id, uint32_t src)
{
	if (id >= GIC_NR_SGIS || src >= 8 || (v->queued_sgi[id] & (1u << src)))
		return;   /* one pending state per SGI and source */
	/* ELSR read once: no list register is written before the free one is
	 * taken below */
	uint64_t empty = vgic_hw_elsr(v->nr_lrs) & lr_mask(v), used = ~empty & lr_mask(v);

	/* With its id in a list register, the SGI is pending there already,
	 * or waits for the guest's EOI of it (file comment). */
	for (; used; used &= used - 1) {
		unsigned i = (unsigned)__builtin_ctzll(used);
		uint32_t lr = vgic_hw_lr_read(i), st = lr & GICH_LR_STATE_MASK;

		if (phys_lr(lr) || GICH_LR_GET_VID(lr) != id || !st)
			continue;
		if (GICH_LR_GET_CPUID(lr) == src && st == GICH_LR_PENDING)
			return;
		queue_lr(v, lr_sgi(v, id, src));
		if (!(lr & GICH_LR_EOI))
			vgic_hw_lr_write(i, lr | GICH_LR_EOI);
		settle(v);   /* what it holds back */
		return;
	}
	/* (an SGI the GIC forwarded is enabled: a disabled one waits queued,
	 * so nothing is queued is all this needs) */
	if (v->nqueued == 0 && dist_enabled()) {
		int i = first_free(empty);

		if (i >= 0) {
			vgic_hw_lr_write((unsigned)i, lr_sgi(v, id, src));
			return;
		}
	}
	queue_lr(v, lr_sgi(v, id, src));
	settle(v);
}

void vgic_refill(struct vgic_cpu *v)
{
	settle(v);
}

/* ---- the guest's distributor writes and what is held here ------------------ */

static bool edge_triggered(uint32_t id)
{
	return vgic_hw_gicd_read32(GICD_ICFGR + 4 * (id / 16)) & (2u << (2 * (id % 16)));
}

/* A physical interrupt the guest has not taken, back to the distributor:
 * made pending there again if edge-triggered and `repend` (a level-
 * sensitive one is pending while its line is), then deactivated. The GIC
 * signals it again when and where the guest's settings let it. */
static void give_back(uint32_t id, bool repend)
{
	if (repend && edge_triggered(id))
		set_bit_reg(GICD_ISPENDR, id);
	vgic_hw_deactivate(id);
}

static bool unqueue_hw(struct vgic_cpu *v, uint32_t id)
{
	uint32_t bit = 1u << (id % 32);

	if (!(v->queued_hw[id / 32] & bit))
		return false;
	v->queued_hw[id / 32] &= ~bit;
	v->nqueued--;
	return true;
}

/* kind, for id, on what this CPU holds. Returns whether the physical
 * distributor must still get the guest's write of id: not when the
 * monitor holds id in a state the write would change under it. */
static bool held_apply(struct vgic_cpu *v, uint32_t id, enum vgic_req kind)
{
	int i = lr_of(v, id);
	uint32_t lr = i >= 0 ? vgic_hw_lr_read((unsigned)i) : 0, st = lr & GICH_LR_STATE_MASK;

	if (id < GIC_NR_SGIS) {   /* ended in HYP: nothing physical is held */
		if (kind == VGIC_UNACTIVE && (st & GICH_LR_ACTIVE)) {
			st &= ~GICH_LR_ACTIVE;
			vgic_hw_lr_write((unsigned)i, st ? (lr & ~GICH_LR_STATE_MASK) | st : 0);
		}
		return true;
	}
	bool pending_lr = st == GICH_LR_PENDING, queued = false;

	switch (kind) {
	case VGIC_GIVE_BACK:
	case VGIC_UNPEND:
		if (pending_lr)
			vgic_hw_lr_write((unsigned)i, 0);
		queued = unqueue_hw(v, id);
		if (pending_lr || queued)
			give_back(id, kind == VGIC_GIVE_BACK);
		return true;   /* written already (vgic_held_write) */
	case VGIC_UNACTIVE:
		if (st & GICH_LR_ACTIVE) {   /* the guest's to end: ended */
			vgic_hw_lr_write((unsigned)i, 0);
			return true;   /* the physical write deactivates it */
		}
		break;
	case VGIC_PEND:
		if (st & GICH_LR_ACTIVE)
			return true;   /* pending behind it, physically */
		break;
	case VGIC_ACTIVATE:
	case VGIC_NREQ:
		break;
	}
	/* held merely pending (or active, for ISACTIVER): the write would
	 * change the physical state the monitor keeps; pending once is all a
	 * pending interrupt can be */
	return !(st || (v->queued_hw[id / 32] & (1u << (id % 32))));
}

/* The register a kind's write goes to, where the physical write is left
 * to the CPU that holds the interrupt (0: the writer made it). */
static uint32_t req_reg(enum vgic_req kind)
{
	switch (kind) {
	case VGIC_UNACTIVE: return GICD_ICACTIVER;
	case VGIC_PEND: return GICD_ISPENDR;
	case VGIC_ACTIVATE: return GICD_ISACTIVER;
	default: return 0;
	}
}

static void flag(unsigned cpu, uint32_t req)
{
	struct vgic_cpu *c = vgic_dist.cpu[cpu];

	if (c)
		__atomic_fetch_or(&c->requests, req, __ATOMIC_RELEASE);
}

static void post(unsigned cpu, enum vgic_req kind, uint32_t id)
{
	__atomic_fetch_or(&vgic_dist.req[kind][cpu][id / 32], 1u << (id % 32), __ATOMIC_RELAXED);
	flag(cpu, VGIC_REQ_WRITES);
}

/* Back to waiting: every merely pending list register (the guest's
 * distributor is off), or those of SGIs the guest disabled. */
static void withdraw(struct vgic_cpu *v, bool all)
{
	uint32_t sgis = 0;   /* which SGIs stay in: settle() finds out after */

	hold_back(v, all ? -1 : 0x100, &sgis);
}

/* Writes other CPUs made for interrupts this one holds (vgic_held_write). */
static void take_requests(struct vgic_cpu *v)
{
	uint32_t req = __atomic_exchange_n(&v->requests, 0u, __ATOMIC_ACQUIRE);

	if ((req & VGIC_REQ_DIST_OFF) && !dist_enabled())
		withdraw(v, true);
	if (!(req & VGIC_REQ_WRITES) || v->cpu >= VGIC_MAX_CPUS)
		return;
	for (unsigned k = 0; k < VGIC_NREQ; k++) {
		for (uint32_t w = GIC_NR_PRIVATE / 32; w < VGIC_WORDS; w++) {
			uint32_t bits = __atomic_exchange_n(&vgic_dist.req[k][v->cpu][w], 0u, __ATOMIC_ACQUIRE);

			for (; bits; bits &= bits - 1) {
				uint32_t id = w * 32 + (uint32_t)__builtin_ctz(bits);

				if (held_apply(v, id, (enum vgic_req)k) && req_reg((enum vgic_req)k))
					set_bit_reg(req_reg((enum vgic_req)k), id);
			}
		}
	}
}

uint32_t vgic_held_write(struct vgic_cpu *v, uint32_t first, uint32_t bits, enum vgic_req kind)
{
	uint32_t pass = bits, kick = 0;

	for (uint32_t b = bits; b; b &= b - 1) {
		uint32_t n = (uint32_t)__builtin_ctz(b), id = first + n;
		unsigned h = id >= GIC_NR_PRIVATE && id < GIC_MAX_IRQS ? vgic_dist.holder[id] : 0;

		if (h && h - 1 != v->cpu && h - 1 < VGIC_MAX_CPUS) {
			post(h - 1, kind, id);   /* its CPU applies it, or writes it */
			kick |= 1u << (h - 1);
			pass &= ~(1u << n);
		} else if (!held_apply(v, id, kind)) {
			pass &= ~(1u << n);
		}
	}
	if (kick)
		vgic_hw_kick(kick);
	settle(v);
	return pass;
}

void vgic_sgi_disabled(struct vgic_cpu *v, uint32_t off)
{
	if (off == v->sgi_disabled)
		return;
	v->sgi_disabled = off;
	if (off)
		withdraw(v, false);   /* they wait; nothing puts them in again */
	settle(v);
}

void vgic_dist_off(struct vgic_cpu *v)
{
	for (unsigned c = 0; c < VGIC_MAX_CPUS; c++)
		if (c != v->cpu)
			flag(c, VGIC_REQ_DIST_OFF);
	withdraw(v, true);   /* nothing goes in while it is off (settle) */
	settle(v);
}

void vgic_prio_changed(struct vgic_cpu *v, uint32_t id)
{
	unsigned h = id >= GIC_NR_PRIVATE && id < GIC_MAX_IRQS ? vgic_dist.holder[id] : 0;

	if (h && h - 1 != v->cpu) {   /* held elsewhere: given back, signalled anew */
		vgic_held_write(v, id & ~31u, 1u << (id % 32), VGIC_GIVE_BACK);
		return;
	}
	int i = lr_of(v, id);

	if (i >= 0) {
		uint32_t lr = vgic_hw_lr_read((unsigned)i);

		/* a pending one is signalled at its new priority; an active one
		 * keeps the priority it was taken at (GICH_APR) */
		if ((lr & GICH_LR_STATE_MASK) == GICH_LR_PENDING)
			vgic_hw_lr_write((unsigned)i, (lr & ~GICH_LR_PRIO(0xff)) | GICH_LR_PRIO(vgic_prio(v, id)));
	}
	settle(v);   /* the order of what waits changed */
}

void vgic_kicked(struct vgic_cpu *v)
{
	take_requests(v);
	settle(v);
}

void vgic_cpu_off(struct vgic_cpu *v)
{
	take_requests(v);
	for (uint32_t id = GIC_NR_PRIVATE; id < GIC_MAX_IRQS; id++) {
		if (vgic_dist.holder[id] != v->cpu + 1)
			continue;
		vgic_dist.holder[id] = 0;
		held_apply(v, id, VGIC_GIVE_BACK);   /* merely pending: back to the GIC */
	}
}
