/*
 * What the virtual GIC needs of the hardware: the list registers and the
 * virtual interface control of the running CPU (GICH), the physical
 * distributor, and the monitor's own signals. Target: hyp/vgic/vgic_hw_gich.c;
 * host tests: tests/support/fake_gic.c.
 */
#ifndef HYP_VGIC_HW_H
#define HYP_VGIC_HW_H

#include <stdbool.h>
#include <stdint.h>

unsigned vgic_hw_nr_lrs(void);            /* list registers this CPU has */
#ifdef HOST_BUILD
/* Deactivate physical interrupt id: a soft-linked one the guest has
 * ended (target: hyp/vgic/vgic_hw_gich.h). */
void vgic_hw_deactivate(uint32_t id);
uint32_t vgic_hw_lr_read(unsigned i);
void vgic_hw_lr_write(unsigned i, uint32_t v);
/* bit i: list register i is empty (of nr_lrs: the second word is read
 * only when there are more than 32) */
uint64_t vgic_hw_elsr(unsigned nr_lrs);
void vgic_hw_set_underflow(bool on);       /* GICH_HCR.UIE */
#else
#include "vgic_hw_gich.h"                  /* inline: the injection path */
#endif

uint32_t vgic_hw_gicd_read32(uint32_t off);
void vgic_hw_gicd_write32(uint32_t off, uint32_t v);
uint8_t vgic_hw_gicd_read8(uint32_t off);
void vgic_hw_gicd_write8(uint32_t off, uint8_t v);
/* The guest's SGI, as the distributor would send it from this CPU. */
void vgic_hw_send_sgi(uint32_t sgir);
/* This CPU's SGIs the physical distributor has pending, sent but not yet
 * taken in HYP: GICD_SPENDSGIR's word of SGIs first..first+3 (a byte per
 * SGI, bit s: from CPU s), with sources as the guest numbers its CPUs;
 * and those in `sources` (the same layout) no longer pending there. */
uint32_t vgic_hw_sgi_pending(uint32_t first);
void vgic_hw_sgi_unpend(uint32_t first, uint32_t sources);
/* With migration (hyp/switch/migrate.h, target only): what of the guest's
 * interrupt state lives in the running core's GIC - its virtual CPU
 * interface and its banked distributor registers - taken off the outbound
 * core (left with none of the guest's interrupts enabled or active) and
 * put on the inbound one; and every SPI retargeted to a cluster's cores. */
struct vgic_hw_state {
	uint32_t hcr, vmcr, apr;
	uint32_t enable0, cfg1, active0;    /* guest bits of ids 0-31 */
	uint32_t lr[64];
};
void vgic_hw_save(struct vgic_hw_state *s, unsigned nr_lrs);
/* prio: the guest's priorities of ids 0-31; here: what the running core's
 * banked priorities hold of them (updated) */
void vgic_hw_load(const struct vgic_hw_state *s, unsigned nr_lrs, const uint8_t *prio, uint8_t *here);
void vgic_hw_retarget(unsigned cluster);
/* Once, at boot, with migration: the guest's n CPUs run on the cores of
 * cluster (then of the cluster vgic_hw_retarget names). */
void vgic_hw_mig_init(unsigned n, unsigned cluster);
/* The guest's distributor access with migration: vgic_dist_access() with
 * virtual CPU numbers translated (SGI targets, SPI targets, GICD_TYPER)
 * and its priorities floored in the GIC. */
struct vgic_cpu;
bool vgic_hw_mig_access(struct vgic_cpu *v, uint32_t off, unsigned size, bool write, uint32_t *val);
/* ... its GICD_SGIR word write alone (the hot store path). */
void vgic_hw_mig_sgir(struct vgic_cpu *v, uint32_t val);

/* Ask every other online CPU to refill its list registers (the guest
 * enabled its distributor again, or turned it off). The vGIC asks, the
 * SMP layer sends the monitor's SGI (hyp/switch/smp.c): the vGIC knows
 * nothing of CPUs coming and going. */
void vgic_hw_kick_others(void);
/* Ask these CPUs (bit n: CPU n; the online ones) to refill: a write for an
 * interrupt one of them holds waits in its requests (vgic.h). */
void vgic_hw_kick(uint32_t cpus);

#endif
