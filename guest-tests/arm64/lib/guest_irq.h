/* What guest-tests/common/gic.h needs of the AArch64 guest library:
 * PSTATE.I, the IRQ hook (start.S's EL1 IRQ vector calls it), this CPU's
 * number. */
#ifndef GUEST_IRQ_H
#define GUEST_IRQ_H

#include <stdint.h>
#include "sysreg64.h"

static inline void irq_enable(void) { __asm__ volatile("msr daifclr, #2" ::: "memory"); }
static inline void irq_disable(void) { __asm__ volatile("msr daifset, #2" ::: "memory"); }
static inline unsigned guest_cpu(void)   /* MPIDR_EL1.Aff0 */
{
	return (unsigned)MRS(MPIDR_EL1) & 7u;
}
/* Called from the IRQ vector (EL1h, IRQs masked), if set */
extern void (*irq_hook)(void);

#endif
