/*
 * Table 4's reads (pmu_typeb.c has the calls' description and the
 * writes): one handler per register, the cluster compare, then the active
 * cluster's register or the inactive one's snapshot.
 *
 * A file of their own: AArch64's exception vector calls them with only x0-x3
 * and x30 of the guest saved (ARCH_TYPEB_LEAF_READS, arch/arm64/vectors.S),
 * so arch/arm64/arch.mk builds this file not to touch the other registers
 * and checks that nothing in it calls out - the writes, which may, are
 * built as any C. So a read here calls nothing on such a back end: the
 * cycle counter's observation inline (elsewhere ccnt_observe()).
 */
#include "pmu_typeb.h"

/* The active cluster: the hardware (or, for a counter the physical PMU
 * lacks, the register the monitor keeps), inline in the handler. */
static inline __attribute__((always_inline)) void
read_active(struct pmu_cpu *p, guest_reg_t r[4], enum tb_reg reg)
{
	if (reg == TB_PMCCNTR) {
		/* ccnt_observe(), inline where a read may call nothing */
		uint64_t v = ARCH_TYPEB_LEAF_READS ? pmu_ccnt_observe64(p) : ccnt_observe(p);

		result(r, (uint32_t)v, (uint32_t)(v >> 32), 0);
	} else {
		result(r, creg_read_active(p, p->active, reg), 0, 0);
	}
}

/* A bad cluster id: nothing changes; the caller learns from r3. Out of
 * line, so that the reads' valid way does not hold the status's value in
 * a register for a shared store (AArch64 spilled one). */
static __attribute__((noinline)) void bad_cluster(guest_reg_t r[4])
{
	result(r, 0, 0, (uint32_t)BL_HVC_INVALID_PARAMETER);
}

/* The inactive cluster: its snapshot, with the deferred writes. */
static inline __attribute__((always_inline)) void
read_other(struct pmu_cpu *p, guest_reg_t r[4], enum tb_reg reg)
{
	uint32_t c = arg32(r[1]);
	const struct pmu_regs *s;

	if (c >= PMU_NCLUSTERS) {
		bad_cluster(r);
		return;
	}
	/* the snapshot's address once, in a register: GCC folded it into
	 * each field's address, c * 88 computed twice */
	s = saved(p, c);
	__asm__("" : "+r"(s));
	if (reg == TB_PMCCNTR) {
		uint64_t v = s->ccnt;   /* creg_ccnt() of a cluster not active */

		result(r, (uint32_t)v, (uint32_t)(v >> 32), 0);
	} else {
		result(r, creg_read_snapshot(p, c, s, reg), 0, 0);
	}
}

#define TB_READS(reg)                                                          \
	TB_OUT(read_other, reg)                                                \
	TB_OUT(read_active, reg)                                               \
	void pmu_typeb_read_##reg(guest_reg_t r[4], struct pmu_cpu *p)           \
	{                                                                      \
		if (arg32(r[1]) != p->active)                                         \
			read_other_##reg(r, p);                                \
		else if (TB_##reg == TB_PMCCNTR)                               \
			read_active(p, r, TB_##reg);                           \
		else                                                           \
			read_active_##reg(r, p);                               \
	}
PMU_TYPEB_REGS(TB_READS)
#undef TB_READS

/* The table's padding past Table 4: what an unknown id answers (hyp/exit/
 * hvc.c hvc_other(): r0 = -1, the rest unchanged). The vector takes its
 * even slots for reads: it calls nothing either. */
void pmu_typeb_read_none(guest_reg_t r[4], struct pmu_cpu *p)
{
	(void)p;
	r[0] = (uint32_t)BL_HVC_NOT_SUPPORTED;
}
