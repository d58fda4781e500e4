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
 * arguments, so the active case needs no frame of its own.
 */
#include "pmu_creg.h"

bool pmu_is_typeb_fid(uint32_t fid)
{
	return fid >= HVC_PMCR_READ && fid <= HVC_PMINTENCLR_WRITE;
}

/* The SMC32 convention (SMCCC): arguments are the W registers, the low
 * halves, whatever a 64-bit caller left above them; a 64-bit value comes
 * as two of them (r2 low, r3 high). On AArch32 the casts change nothing. */
static inline uint32_t arg32(guest_reg_t x) { return (uint32_t)x; }
static inline uint64_t arg64(const guest_reg_t r[4])
{
	return ((uint64_t)arg32(r[3]) << 32) | arg32(r[2]);
}

static inline __attribute__((always_inline)) void
result(guest_reg_t r[4], uint32_t r0, uint32_t r1, uint32_t r3)
{
	r[0] = r0;
	r[1] = r1;
	r[2] = 0;
	r[3] = r3;
}

/* The active cluster: the hardware (or, for a counter the physical PMU
 * lacks, the register the monitor keeps), inline in the handler. */
static inline __attribute__((always_inline)) void
read_active(struct pmu_cpu *p, guest_reg_t r[4], enum tb_reg reg)
{
	if (reg == TB_PMCCNTR) {
		uint64_t v = ccnt_observe(p);

		result(r, (uint32_t)v, (uint32_t)(v >> 32), 0);
	} else {
		result(r, creg_read_active(p, p->active, reg), 0, 0);
	}
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

/* A bad cluster id (nothing changes; the caller learns from r3) or the
 * inactive cluster (snapshot, deferred write). */
static inline __attribute__((always_inline)) void
read_other(struct pmu_cpu *p, guest_reg_t r[4], enum tb_reg reg)
{
	uint32_t c = arg32(r[1]);

	if (c >= PMU_NCLUSTERS) {
		result(r, 0, 0, (uint32_t)BL_HVC_INVALID_PARAMETER);
	} else if (reg == TB_PMCCNTR) {
		uint64_t v = creg_ccnt(p, c);

		result(r, (uint32_t)v, (uint32_t)(v >> 32), 0);
	} else {
		result(r, creg_read_inactive(p, c, reg), 0, 0);
	}
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

/*
 * Per register: the cluster compare, then a tail call to one of two
 * functions of that register, both taking (r, p) as they came. With the
 * active case inline, GCC gave the handler a frame and moved r and p to
 * other registers (the tail call out keeps them live in r0/r1): 3 more on
 * the active path, 2 more on the inactive one. The cycle counter's active
 * case calls ccnt_observe() and has a frame anyway: inline, it saves the
 * branch.
 */
/* fn (one of the four above) for one register, out of line */
#define TB_OUT(fn, reg)                                                        \
	static __attribute__((noinline)) void fn##_##reg(guest_reg_t r[4], struct pmu_cpu *p) \
	{                                                                      \
		fn(p, r, TB_##reg);                                            \
	}
#define TB_HANDLERS(reg)                                                       \
	TB_OUT(read_other, reg)                                                \
	TB_OUT(write_other, reg)                                               \
	TB_OUT(read_active, reg)                                               \
	TB_OUT(write_active, reg)                                              \
	void pmu_typeb_read_##reg(guest_reg_t r[4], struct pmu_cpu *p)           \
	{                                                                      \
		if (arg32(r[1]) != p->active)                                         \
			read_other_##reg(r, p);                                \
		else if (TB_##reg == TB_PMCCNTR)                               \
			read_active(p, r, TB_##reg);                           \
		else                                                           \
			read_active_##reg(r, p);                               \
	}                                                                      \
	void pmu_typeb_write_##reg(guest_reg_t r[4], struct pmu_cpu *p)          \
	{                                                                      \
		if (arg32(r[1]) != p->active)                                         \
			write_other_##reg(r, p);                               \
		else if (TB_##reg == TB_PMCCNTR)                               \
			write_active(p, r, TB_##reg);                          \
		else                                                           \
			write_active_##reg(r, p);                              \
	}
PMU_TYPEB_REGS(TB_HANDLERS)
#undef TB_HANDLERS
#undef TB_OUT

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

typedef void (*typeb_fn)(guest_reg_t r[4], struct pmu_cpu *p);
#define TB_CALLS(reg) pmu_typeb_read_##reg, pmu_typeb_write_##reg,
static const typeb_fn typeb_calls[2 * TB_NREGS] = { PMU_TYPEB_REGS(TB_CALLS) };
#undef TB_CALLS

void pmu_typeb_regs(struct pmu_cpu *p, guest_reg_t r[4])
{
	uint32_t k = arg32(r[0]) - HVC_PMCR_READ;   /* wraps below the first id */

	if (k >= 2 * TB_NREGS) {
		r[0] = r[3] = (uint32_t)BL_HVC_NOT_SUPPORTED;
		r[1] = r[2] = 0;
		return;
	}
	typeb_calls[k](r, p);
}

struct pmu_hvc_out pmu_typeb_call(struct pmu_cpu *p, uint32_t fid, uint32_t cluster,
				  uint32_t a2, uint32_t a3)
{
	struct pmu_hvc_out o = { { fid, cluster, a2, a3 } };

	pmu_typeb_regs(p, o.r);
	return o;
}
