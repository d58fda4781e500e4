#ifndef HYP_TRAP_H
#define HYP_TRAP_H

#include <stdbool.h>
#include <stdint.h>
#include "frame.h"

struct vcpu;

/*
 * Handlers by exception class (hyp/exit/trap.c dispatches). The two hot classes
 * take the frame and the syndrome and load the rest of the guest context
 * only if they need it; the others get the whole context (struct vcpu).
 */
void trap_hvc(struct guest_frame *f, uint32_t hsr);      /* hyp/exit/hvc.c */
void trap_cp15_32(struct guest_frame *f, uint32_t hsr);  /* hyp/exit/cp_trap.c */
void trap_cp14_32(struct guest_frame *f, uint32_t hsr);  /* hyp/exit/cp_trap.c */
void trap_cp14_other(struct vcpu *v);/* hyp/exit/cp_trap.c */
void trap_smc(struct vcpu *v);       /* hyp/exit/psci.c */

struct hyp_cpu;
/* PSCI (hyp/exit/psci.c): is fid one of its ids (SMC32 0x84000000-1F, SMC64
 * 0xC4000000-1F), and the call on r[0..3]. */
static inline bool psci_fid(uint32_t fid) { return (fid & 0xbfffffe0u) == 0x84000000u; }
void psci_call(struct hyp_cpu *c, uint32_t r[4]);

#endif
