#ifndef HYP_TRAP_H
#define HYP_TRAP_H

struct vcpu;

/* Handlers by exception class (hyp/trap.c dispatches). */
void trap_cp15_32(struct vcpu *v);   /* hyp/cp_trap.c */
void trap_cp14_32(struct vcpu *v);   /* hyp/cp_trap.c */
void trap_cp14_other(struct vcpu *v);/* hyp/cp_trap.c */
void trap_hvc(struct vcpu *v);       /* hyp/hvc.c */
void trap_smc(struct vcpu *v);       /* hyp/psci.c */

#endif
