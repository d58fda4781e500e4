/*
 * The physical GICv2 as the monitor drives it (addresses from the
 * platform): the distributor, this CPU's interface and its virtual
 * interface control (GICH). Every physical interrupt is taken in HYP
 * (HCR.IMO); the CPU interface runs with EOImode = 1, so an EOI only
 * drops the running priority and a separate deactivation (DIR, or the
 * guest's EOI of a hardware-linked virtual interrupt) ends it.
 *
 * The interrupts the monitor keeps for itself; the guest cannot reach
 * them through the emulated distributor (hyp/vgic/vgic_dist.c).
 */
#ifndef HYP_GIC_H
#define HYP_GIC_H

#include <stdbool.h>
#include <stdint.h>
#include "gicv2.h"

#define IRQ_MONITOR_SGI  15u          /* gathers CPUs for a switch; kicks */
#define IRQ_MAINTENANCE  GIC_PPI(9)   /* GICH maintenance (underflow) */
#define IRQ_HYP_TIMER    GIC_PPI(10)  /* CNTHP: monitor-driven switches */
#define GIC_PRIO_MONITOR 0x00u
/* With migration the guest's interrupts reach the GIC no higher than this
 * (hyp/vgic/vgic_hw_gich.c), so a parked core's priority mask lets only the
 * monitor's own through (gic_park). */
#define GIC_PRIO_GUEST_MIN 0x08u

static inline bool gic_monitor_owned(uint32_t id)
{
	return id == IRQ_MONITOR_SGI || id == IRQ_MAINTENANCE || id == IRQ_HYP_TIMER;
}
/* The same, as a mask of ids 0-31 (bit id): all of them are there. */
#define GIC_MONITOR_PRIVATE ((1u << IRQ_MONITOR_SGI) | (1u << IRQ_MAINTENANCE) | (1u << IRQ_HYP_TIMER))
_Static_assert(IRQ_MONITOR_SGI < 32 && IRQ_MAINTENANCE < 32 && IRQ_HYP_TIMER < 32,
	       "the monitor's own interrupts are SGIs and PPIs");

/* Where the GIC is (the board's blmon_platform: gicd, gicc, gich), set
 * once at boot before anything else here is used. The vGIC keeps its own
 * copy, so it needs nothing of the monitor's platform (docs/architecture.md). */
struct gic_base { uint32_t gicd, gicc, gich; };
extern struct gic_base gic_base;
void gic_set_base(uint32_t gicd, uint32_t gicc, uint32_t gich);
void gic_init(void);                  /* boot CPU, once: distributor */
void gic_cpu_init(void);              /* every CPU: interface, GICH, own interrupts */
#ifndef HOST_BUILD
#include "io.h"
/* Inline: every physical interrupt is acknowledged and ended here. */
static inline uint32_t gic_ack(void) { return mmio_read32(gic_base.gicc + GICC_IAR); }         /* GICC_IAR */
static inline void gic_eoi(uint32_t iar) { mmio_write32(gic_base.gicc + GICC_EOIR, iar); }     /* priority drop */
/* GICC_DIR inline: gic_deactivate()'s, for AArch64's hot SGI path (hyp/switch/irq_hot.c) */
static inline void gic_dir(uint32_t iar) { mmio_write32(gic_base.gicc + GICC_DIR, iar); }
#endif
/* This core parks (true: only the monitor's interrupts are signalled) or
 * runs a virtual CPU again (false). */
void gic_park(bool parked);
void gic_deactivate(uint32_t iar);    /* GICC_DIR */
/* GICD_SGIR as the monitor writes it (arch/gicv2.h GICD_SGIR_VALUE) */
void gic_send_sgi(uint32_t sgir);
uint32_t gic_lines(void);             /* interrupt ids the distributor implements */

/* Distributor registers for the emulation (offsets < GICD_SIZE) */
uint32_t gicd_read32(uint32_t off);
void gicd_write32(uint32_t off, uint32_t v);
uint8_t gicd_read8(uint32_t off);
void gicd_write8(uint32_t off, uint8_t v);

#endif
