/*
 * Table 4: the per-register calls, r0 = 0x90001000 + 2 * register + write,
 * r1 = cluster id, r2 = value (PMCCNTR: r2 low, r3 high). Reads return the
 * value in r0 (PMCCNTR: r0 low, r1 high). The spec gives reads no status,
 * so every call also returns one in r3 (0 or -3), a register the spec
 * leaves unused; writes return it in r0 too. Accepted in every state and
 * no state change (docs/pmu-core.md: the spec leaves mixing undefined).
 */
#include "pmu_internal.h"

bool pmu_is_typeb_fid(uint32_t fid)
{
	return fid >= HVC_PMCR_READ && fid <= HVC_PMINTENCLR_WRITE;
}

/* In place on the guest's r0-r3: the trap path passes its frame, so
 * nothing is copied (docs/performance.md). */
void pmu_typeb_regs(struct pmu_cpu *p, uint32_t r[4])
{
	uint32_t fid = r[0], cluster = r[1], a2 = r[2], a3 = r[3];
	enum tb_reg reg = (enum tb_reg)((fid - HVC_PMCR_READ) / 2);
	bool write = (fid - HVC_PMCR_READ) & 1u;

	r[1] = r[2] = r[3] = 0;
	if (!pmu_is_typeb_fid(fid)) {
		r[0] = r[3] = (uint32_t)BL_HVC_NOT_SUPPORTED;
		return;
	}
	if (cluster >= PMU_NCLUSTERS) {   /* nothing changes; the caller learns from r3 */
		r[0] = write ? (uint32_t)BL_HVC_INVALID_PARAMETER : 0;
		r[3] = (uint32_t)BL_HVC_INVALID_PARAMETER;
		return;
	}
	if (reg == TB_PMCCNTR) {
		if (write) {
			creg_set_ccnt(p, cluster, ((uint64_t)a3 << 32) | a2);
			r[0] = 0;
		} else {
			uint64_t v = creg_ccnt(p, cluster);

			r[0] = (uint32_t)v;
			r[1] = (uint32_t)(v >> 32);
		}
		return;
	}
	if (write)
		r[0] = r[3] = (uint32_t)creg_write(p, cluster, reg, a2);
	else
		r[0] = creg_read(p, cluster, reg);
}

struct pmu_hvc_out pmu_typeb_call(struct pmu_cpu *p, uint32_t fid, uint32_t cluster,
				  uint32_t a2, uint32_t a3)
{
	struct pmu_hvc_out o = { { fid, cluster, a2, a3 } };

	pmu_typeb_regs(p, o.r);
	return o;
}
