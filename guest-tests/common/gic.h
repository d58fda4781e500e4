/*
 * The guest's GIC as a GICv2 OS sees it: the distributor at GUEST_GICD
 * (emulated by the monitor) and the CPU interface at GUEST_GICC (the
 * virtual CPU interface, mapped by the monitor's stage 2), addresses from
 * the board (board.mk GUEST_GICD/GUEST_GICC). Both architectures' guests
 * (guest-tests/common/gic_guest.c); each guest library gives
 * guest_irq.h: irq_enable()/irq_disable(), irq_hook, guest_cpu().
 */
#ifndef GUEST_GIC_H
#define GUEST_GIC_H

#include <stdbool.h>
#include <stdint.h>
#include "gicv2.h"
#include "guest_irq.h"

static inline uint32_t gicd_r32(uint32_t off) { return *(volatile uint32_t *)(uintptr_t)(GUEST_GICD + off); }
static inline void gicd_w32(uint32_t off, uint32_t v) { *(volatile uint32_t *)(uintptr_t)(GUEST_GICD + off) = v; }
static inline uint8_t gicd_r8(uint32_t off) { return *(volatile uint8_t *)(uintptr_t)(GUEST_GICD + off); }
static inline void gicd_w8(uint32_t off, uint8_t v) { *(volatile uint8_t *)(uintptr_t)(GUEST_GICD + off) = v; }
static inline uint32_t gicc_r32(uint32_t off) { return *(volatile uint32_t *)(uintptr_t)(GUEST_GICC + off); }
static inline void gicc_w32(uint32_t off, uint32_t v) { *(volatile uint32_t *)(uintptr_t)(GUEST_GICC + off) = v; }

/* This CPU's interface on, every priority unmasked; the distributor on. */
void gic_guest_init(void);
/* id: priority, enabled, (SPIs) targeted at this CPU. */
void gic_guest_enable(uint32_t id, uint8_t prio);
/* GICD_SGIR: filter 0 = the CPUs in targets, 1 = all but this one, 2 = this one */
static inline void gic_guest_sgi(uint32_t filter, uint32_t targets, uint32_t id)
{
	gicd_w32(GICD_SGIR, GICD_SGIR_VALUE(filter, targets, id));
}
/* Bit of id in a one-bit-per-interrupt register at base (ISENABLER...). */
static inline bool gicd_bit(uint32_t base, uint32_t id)
{
	return (gicd_r32(base + 4 * (id / 32)) >> (id % 32)) & 1;
}

/* What this CPU's IRQ handler saw: each IAR acknowledged, in order. */
#define GIC_LOG_MAX 64
struct gic_log {
	volatile uint32_t iar[GIC_LOG_MAX];
	volatile uint32_t active_before_eoi[GIC_LOG_MAX];   /* GICD_ISACTIVER bit at ack */
	volatile unsigned n;
};
extern struct gic_log gic_log[8];
/* Installs the handler that acknowledges, logs and ends each interrupt. */
void gic_guest_log_irqs(void);

#endif
