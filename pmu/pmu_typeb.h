/*
 * Table 4's handlers, the part the reads (pmu_typeb_read.c) and the writes
 * (pmu_typeb.c) share: the arguments as the SMC32 convention has them, the
 * results, and the out-of-line halves of a handler.
 */
#ifndef PMU_TYPEB_H
#define PMU_TYPEB_H

#include "pmu_creg.h"
#include "arch_caps.h"

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

/*
 * Per register: the cluster compare, then a tail call to one of two
 * functions of that register, both taking (r, p) as they came. With the
 * active case inline, GCC gave the handler a frame and moved r and p to
 * other registers (the tail call out keeps them live in r0/r1): 3 more on
 * the active path, 2 more on the inactive one. The cycle counter's active
 * case calls ccnt_observe() and has a frame anyway: inline, it saves the
 * branch.
 */
/* fn, the active or inactive half of a read or write, for one register,
 * out of line */
#define TB_OUT(fn, reg)                                                        \
	static __attribute__((noinline)) void fn##_##reg(guest_reg_t r[4], struct pmu_cpu *p) \
	{                                                                      \
		fn(p, r, TB_##reg);                                            \
	}

/* The table's padding past Table 4 (pmu_typeb_table): what an unknown id
 * answers - pmu_typeb_read.c, an even slot like a read's */
void pmu_typeb_read_none(guest_reg_t r[4], struct pmu_cpu *p);

#endif
