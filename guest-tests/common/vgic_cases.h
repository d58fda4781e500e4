/* The one-CPU virtual GIC checks, both architectures (vgic_cases.c). */
#ifndef GUEST_VGIC_CASES_H
#define GUEST_VGIC_CASES_H

#include <stdbool.h>
#include <stdint.h>
#include "gic.h"

/* What the checks need of the architecture's guest library */
struct vgic_case_ops {
	uint32_t (*call)(uint32_t fid, uint32_t a1);   /* an HVC of the monitor: r0 / x0 back */
};

/* *n reaches want within 10 s of virtual time */
bool vgic_wait_for(const volatile unsigned *n, unsigned want);
/* ... within ms of virtual time: a check that an interrupt does NOT come
 * waits VGIC_QUIET_MS, not vgic_wait_for()'s 10 s (two such checks made
 * vgic64 and migrate64-vgic 20 s runs each). What the monitor would wrongly
 * deliver is in a list register when the trapped access returns, or, for a
 * device's line, after its IRQ handling on this same CPU: microseconds. The
 * spin count these waits had before they were time-bounded was 20-60 ms
 * idle; 100 ms is more. */
bool vgic_arrives_within(const volatile unsigned *n, unsigned want, uint32_t ms);
#define VGIC_QUIET_MS 100u
void vgic_log_reset(struct gic_log *l);
void vgic_sgi_to_self(void);
/* ten SGIs and the SPIs spi_a, spi_b pending at once: more than the list registers */
void vgic_more_than_lrs(uint32_t spi_a, uint32_t spi_b);
void vgic_sgi_coalesces(void);
void vgic_distributor_off_holds(void);
/* the monitor's interrupts stay its own; its switch timer still runs */
void vgic_attack_distributor(const struct vgic_case_ops *ops);

#endif
