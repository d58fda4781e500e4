/* PSCI for the guest (hyp/exit/psci.c), through SMC (trap_smc, arch/exit.h)
 * or the HVC conduit (hyp/exit/hvc.c). */
#ifndef HYP_PSCI_H
#define HYP_PSCI_H

#include <stdbool.h>
#include <stdint.h>
#include "psci_range.h"

struct hyp_cpu;
/* Is fid one of its ids (SMC32 0x84000000-1F, SMC64 0xC4000000-1F), and
 * the call on r[0..3]. */
static inline bool psci_fid(uint32_t fid)
{
	return (fid & ~((uint32_t)PSCI_RANGE_SMC64 | ((1u << PSCI_RANGE_SHIFT) - 1))) == (uint32_t)PSCI_RANGE_BASE;
}
void psci_call(struct hyp_cpu *c, guest_reg_t r[4]);

#endif
