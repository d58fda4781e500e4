/*
 * The AArch64 debug registers as the portable debug context knows them
 * (hyp/debug/dbg_context.c), as pmu_sysregs.h maps PMUv3 onto PMUv2: an
 * AArch64 debug register is its AArch32 p14 twin's encoding with op0 = 2
 * (ARM ARM D13.3: MDSCR_EL1 = p14 0 c0 c2 2 = DBGDSCRext, DBGBVR<n>_EL1 =
 * p14 0 c0 c<n> 4 ...), so its trap key less op0 is the twin's CPK_ key
 * (arch/cpregs.h). The one exception is MDCCSR_EL0 (op1 3), DBGDSCRint's
 * twin. Whether the key is one the context serves is dbg_trap()'s
 * business. Portable: host-tested (tests/arch/test_dbg64.c).
 */
#ifndef ARM64_DBG_SYSREGS_H
#define ARM64_DBG_SYSREGS_H

#include <stdbool.h>
#include <stdint.h>
#include "cpregs.h"
#include "sysregs.h"

/* key: a trapped MSR/MRS's key (struct esr_sysreg.key). true and *twin
 * = the AArch32 twin's key for a debug register (op0 2, op1 0, or
 * MDCCSR_EL0); false for anything else - and for op0 2 op1 0 c0 c7 0,
 * DBGVCR's twin encoding: AArch64 has no vector catch and no register
 * there, and that row of the context is an AArch32 EL1 guest's alone
 * (dbg_regs.h), whose hardware only the AArch32 paths keep. */
static inline bool dbg_sysreg_twin(uint32_t key, uint32_t *twin)
{
	if (SR_KEY_OP0(key) != 2)
		return false;
	if (key == SRK_MDCCSR_EL0) {
		*twin = CPK_DBGDSCRINT;
		return true;
	}
	if (SR_KEY_OP1(key) != 0 || key == SR_KEY(2, 0, 0, 7, 0))
		return false;
	*twin = key & ~SR_KEY(3, 0, 0, 0, 0);
	return true;
}

#endif
