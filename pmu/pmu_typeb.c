/*
 * Table 4: the per-register calls, r0 = 0x90001000 + 2 * register + write,
 * r1 = cluster id, r2 = value (PMCCNTR: r2 low, r3 high). Reads return the
 * value in r0 (PMCCNTR: r0 low, r1 high). The spec gives reads no status,
 * so every call also returns one in r3 (0 or -3), a register the spec
 * leaves unused; writes return it in r0 too. Accepted in every state and
 * no state change (docs/pmu-core.md: the spec leaves mixing undefined).
 *
 * One handler per call, generated from PMU_TYPEB_REGS: each folds the
 * per-cluster layer (pmu_creg.h) for its one register, so a call costs
 * the cluster check plus that register's access (docs/performance.md).
 * All work in place on the guest's r0-r3 (the trap path passes its frame).
 * The frame comes first, (r, p): the HVC dispatch has it in r0 already,
 * and the out-of-line inactive case is a tail call with the same two
 * arguments, so the active case needs no frame of its own. This file has
 * the writes and the id table; the reads are pmu_typeb_read.c's.
 */
#include "pmu_typeb.h"

bool pmu_is_typeb_fid(uint32_t fid)
{
	return fid >= HVC_PMCR_READ && fid <= HVC_PMINTENCLR_WRITE;
}

static inline __attribute__((always_inline)) void
write_active(struct pmu_cpu *p, guest_reg_t r[4], enum tb_reg reg)
{
	int32_t rc = BL_HVC_SUCCESS;

	if (reg == TB_PMCCNTR)
		ccnt_load(p, arg64(r));
	else
		rc = creg_write_active(p, p->active, reg, arg32(r[2]));
	result(r, (uint32_t)rc, 0, (uint32_t)rc);
}

static inline __attribute__((always_inline)) void
write_other(struct pmu_cpu *p, guest_reg_t r[4], enum tb_reg reg)
{
	uint32_t c = arg32(r[1]);
	int32_t rc = BL_HVC_INVALID_PARAMETER;

	if (c < PMU_NCLUSTERS) {
		if (reg == TB_PMCCNTR) {
			creg_set_ccnt(p, c, arg64(r));
			rc = BL_HVC_SUCCESS;
		} else {
			rc = creg_write_inactive(p, c, reg, arg32(r[2]));
		}
	}
	result(r, (uint32_t)rc, 0, (uint32_t)rc);
}

#define TB_WRITES(reg)                                                         \
	TB_OUT(write_other, reg)                                               \
	TB_OUT(write_active, reg)                                              \
	void pmu_typeb_write_##reg(guest_reg_t r[4], struct pmu_cpu *p)          \
	{                                                                      \
		if (arg32(r[1]) != p->active)                                         \
			write_other_##reg(r, p);                               \
		else if (TB_##reg == TB_PMCCNTR)                               \
			write_active(p, r, TB_##reg);                          \
		else                                                           \
			write_active_##reg(r, p);                              \
	}
PMU_TYPEB_REGS(TB_WRITES)
#undef TB_WRITES

/*
 * HVC_PMU_SWINC (extension, ABI 1.2): a PMSWINC on the active cluster's
 * own counters without the Type A access that would leave state 3 (spec
 * 3.1.1), so a Type B profiler can use SW_INCR. As a PMSWINC write from
 * PL1 on that cluster: enabled counters with event 0x00 whose filter lets
 * PL1 count; bits of counters it lacks and bit 31 ignored. Only counters
 * that count can count SW_INCR: kept ones never do, and in state 2 those
 * past HDCR.HPMN = 4 are frozen (HPME = 0, pmu.h). No state change.
 */
unsigned pmu_typeb_swinc(struct pmu_cpu *p, uint32_t mask)
{
	unsigned n = p->active_backed;

	if (p->state == 2 && n > PMU_TYPEA_COUNTERS)
		n = PMU_TYPEA_COUNTERS;
	software_increment(mask, n, false);
	return p->active;
}

#define TB_CALLS(reg) pmu_typeb_read_##reg, pmu_typeb_write_##reg,
const pmu_typeb_fn pmu_typeb_table[PMU_TYPEB_SLOTS] = {
	PMU_TYPEB_REGS(TB_CALLS)
	[PMU_TYPEB_IDS ... PMU_TYPEB_SLOTS - 1] = pmu_typeb_read_none,
};
#undef TB_CALLS
_Static_assert(PMU_TYPEB_IDS == 2 * TB_NREGS && PMU_TYPEB_SLOTS >= PMU_TYPEB_IDS &&
		       (PMU_TYPEB_SLOTS & (PMU_TYPEB_SLOTS - 1)) == 0,
	       "Table 4: a read and a write per register, in a power of two");

void pmu_typeb_regs(struct pmu_cpu *p, guest_reg_t r[4])
{
	uint32_t k = arg32(r[0]) - HVC_PMCR_READ;   /* wraps below the first id */

	if (k >= PMU_TYPEB_IDS) {
		r[0] = r[3] = (uint32_t)BL_HVC_NOT_SUPPORTED;
		r[1] = r[2] = 0;
		return;
	}
	pmu_typeb_table[k](r, p);
}

struct pmu_hvc_out pmu_typeb_call(struct pmu_cpu *p, uint32_t fid, uint32_t cluster,
				  uint32_t a2, uint32_t a3)
{
	struct pmu_hvc_out o = { { fid, cluster, a2, a3 } };

	pmu_typeb_regs(p, o.r);
	return o;
}
