/*
 * Typed accessors generated from the encoding table in sysregs.h:
 *   read_PMCR_EL0(), write_HCR_EL2(v) ... - 64 bits, as MRS/MSR move them.
 * Target only (inline MRS/MSR). No call site spells an encoding by hand.
 * The AArch64 test guests use them too (guest-tests/arm64/lib/sysreg64.h),
 * and SR_ACCESSORS stays defined for the few registers only they name.
 */
#ifndef ARM64_SYSREGS_ACCESS_H
#define ARM64_SYSREGS_ACCESS_H

#include <stdbool.h>
#include "sysregs.h"

#define SR_STR(x) #x
#define SR_NAME(o0, o1, n, m, o2) \
	"S" SR_STR(o0) "_" SR_STR(o1) "_C" SR_STR(n) "_C" SR_STR(m) "_" SR_STR(o2)

#define SR_ACCESSORS(name, o0, o1, n, m, o2)                                  \
	static inline uint64_t read_##name(void)                              \
	{                                                                     \
		uint64_t v;                                                   \
		__asm__ volatile("mrs %0, " SR_NAME(o0, o1, n, m, o2) : "=r"(v)); \
		return v;                                                     \
	}                                                                     \
	static inline void write_##name(uint64_t v)                           \
	{                                                                     \
		__asm__ volatile("msr " SR_NAME(o0, o1, n, m, o2) ", %0"       \
				 : : "r"(v) : "memory");                      \
	}
A64_SYSREGS(SR_ACCESSORS)

static inline void isb(void) { __asm__ volatile("isb" ::: "memory"); }
static inline void dsb(void) { __asm__ volatile("dsb sy" ::: "memory"); }
static inline void dmb(void) { __asm__ volatile("dmb sy" ::: "memory"); }

/* CurrentEL.EL is 2: the monitor runs where it must. */
static inline bool in_hyp_mode(void) { return ((read_CURRENTEL() >> 2) & 3u) == 2u; }

#endif
