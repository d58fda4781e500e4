/*
 * The guest's distributor writes and the interrupts the monitor holds for
 * it - in a list register or waiting for one - and the writes other CPUs
 * post for what this one holds (hyp/vgic/vgic.h: vgic_held_write() and
 * the calls after it).
 *
 * They reach what is held as the GIC would treat a pending or active
 * interrupt (docs/vgic.md): physically a held interrupt is active -
 * acknowledged in HYP - so a write that would change its physical state
 * under the monitor (ICACTIVER, ISPENDR, ISACTIVER of a merely pending
 * one) is applied here instead, and one that makes it no longer signalled
 * here (disabled, retargeted, pending cleared) takes a merely pending one
 * out of the list registers and gives it back to the physical
 * distributor. With the guest's distributor off nothing is pending in a
 * list register, and an SGI the guest disabled waits (vgic_queue.c).
 */
#include "vgic.h"
#include "vgic_hw.h"
#include "vgic_lr.h"

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
	int i = vgic_lr_of(v, id);
	uint32_t lr = i >= 0 ? vgic_hw_lr_read((unsigned)i) : 0, st = lr & GICH_LR_STATE_MASK;

	if (id < GIC_NR_SGIS) {   /* ended in HYP: nothing physical is held */
		if (kind == VGIC_UNACTIVE && (st & GICH_LR_ACTIVE))
			lr_drop_state((unsigned)i, lr, GICH_LR_ACTIVE);
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
	uint32_t sgis = 0;   /* which SGIs stay in: vgic_settle() finds out after */

	vgic_hold_back(v, all ? -1 : 0x100, &sgis);
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
	vgic_settle(v);
	return pass;
}

void vgic_sgi_disabled(struct vgic_cpu *v, uint32_t off)
{
	if (off == v->sgi_disabled)
		return;
	v->sgi_disabled = off;
	if (off)
		withdraw(v, false);   /* they wait; nothing puts them in again */
	vgic_settle(v);
}

void vgic_dist_off(struct vgic_cpu *v)
{
	for (unsigned c = 0; c < VGIC_MAX_CPUS; c++)
		if (c != v->cpu)
			flag(c, VGIC_REQ_DIST_OFF);
	withdraw(v, true);   /* nothing goes in while it is off (settle) */
	vgic_settle(v);
}

void vgic_prio_changed(struct vgic_cpu *v, uint32_t id)
{
	unsigned h = id >= GIC_NR_PRIVATE && id < GIC_MAX_IRQS ? vgic_dist.holder[id] : 0;

	if (h && h - 1 != v->cpu) {   /* held elsewhere: given back, signalled anew */
		vgic_held_write(v, id & ~31u, 1u << (id % 32), VGIC_GIVE_BACK);
		return;
	}
	int i = vgic_lr_of(v, id);

	if (i >= 0) {
		uint32_t lr = vgic_hw_lr_read((unsigned)i);

		/* a pending one is signalled at its new priority; an active one
		 * keeps the priority it was taken at (GICH_APR) */
		if ((lr & GICH_LR_STATE_MASK) == GICH_LR_PENDING)
			vgic_hw_lr_write((unsigned)i, (lr & ~GICH_LR_PRIO(0xff)) | GICH_LR_PRIO(vgic_prio(v, id)));
	}
	vgic_settle(v);   /* the order of what waits changed */
}

void vgic_kicked(struct vgic_cpu *v)
{
	take_requests(v);
	vgic_settle(v);
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
