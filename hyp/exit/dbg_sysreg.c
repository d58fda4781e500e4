/*
 * AArch64's trapped debug registers (EC 0x18, op0 2), as the portable
 * monitor emulates them: the same debug context as an AArch32 MCR/MRC p14
 * (reg_trap.c), reached by the key of the register's AArch32 twin
 * (arch/arm64/dbg_sysregs.h). Built for both back ends, called by
 * AArch64's only.
 */
#include "exit.h"
#include "percpu.h"

int trap_dbg_sysreg(uint32_t key, bool read, dbg_reg_t *val)
{
	struct hyp_cpu *c = this_cpu();

	return dbg_trap(&c->dbg, pmu_active_cluster(&c->pmu), key, read, val);
}
