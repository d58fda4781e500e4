/*
 * AArch64's trapped PMU registers (EC 0x18), as the portable monitor
 * emulates them: the same Type A view and state machine as an AArch32
 * MCR/MRC (reg_trap.c), reached by the AArch32 key of the register's twin
 * or, for what PMUv2 lacks, by number (pmu/pmu.h). The back end decoded
 * the instruction (arch/arm64/trap.c) and carries the result back.
 */
#include "exit.h"
#include "percpu.h"

/* The PMU traps follow the state when the access moved it (1->2, 3->2). */
static int done(struct hyp_cpu *c, unsigned before, enum pmu_trap_rc rc)
{
	if (pmu_state(&c->pmu) != before)
		hyp_update_traps(c);
	return rc == PMU_TRAP_DONE ? 0 : 1;
}

int trap_pmu_typea(uint32_t key, bool read, uint32_t *val, bool pl0)
{
	struct hyp_cpu *c = this_cpu();
	unsigned before = pmu_state(&c->pmu);

	return done(c, before, pmu_trap(&c->pmu, key, read, val, pl0));
}

int trap_pmu_ccnt64(bool read, uint64_t *val, bool pl0)
{
	struct hyp_cpu *c = this_cpu();
	unsigned before = pmu_state(&c->pmu);

	return done(c, before, pmu_trap_ccnt64(&c->pmu, read, val, pl0));
}

int trap_pmu_evreg(bool type, unsigned n, bool read, uint32_t *val, bool pl0)
{
	struct hyp_cpu *c = this_cpu();
	unsigned before = pmu_state(&c->pmu);

	return done(c, before, pmu_trap_evreg(&c->pmu, type, n, read, val, pl0));
}
