/* What guest-tests/common/gic.h needs of the AArch32 guest library: CPSR.I,
 * the IRQ hook (exc.c calls it in IRQ mode), this CPU's number. */
#ifndef GUEST_IRQ_H
#define GUEST_IRQ_H

#include "guest.h"

static inline void irq_enable(void) { __asm__ volatile("cpsie i" ::: "memory"); }
static inline void irq_disable(void) { __asm__ volatile("cpsid i" ::: "memory"); }
static inline unsigned guest_cpu(void) { return read_MPIDR() & 7; }   /* MPIDR.Aff0 */

#endif
