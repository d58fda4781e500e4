#ifndef HYP_TRAP_H
#define HYP_TRAP_H

#include <stdint.h>
#include "frame.h"

struct vcpu;

/*
 * Handlers by exception class (hyp/trap.c dispatches). The two hot classes
 * take the frame and the syndrome and load the rest of the guest context
 * only if they need it; the others get the whole context (struct vcpu).
 */
void trap_hvc(struct guest_frame *f, uint32_t hsr);      /* hyp/hvc.c */
void trap_cp15_32(struct guest_frame *f, uint32_t hsr);  /* hyp/cp_trap.c */
void trap_cp14_32(struct guest_frame *f, uint32_t hsr);  /* hyp/cp_trap.c */
void trap_cp14_other(struct vcpu *v);/* hyp/cp_trap.c */
void trap_smc(struct vcpu *v);       /* hyp/psci.c */

#endif
