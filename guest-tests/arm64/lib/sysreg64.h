/*
 * System registers in the AArch64 test guests, by name, from the monitor's
 * one encoding table (arch/arm64/sysregs.h) through its typed accessors
 * (sysregs_access.h): MRS(PMCR_EL0), MSR(PMSELR_EL0, 0). No guest spells
 * an encoding of its own. Beside the table:
 *   - the registers the monitor never names (the virtual counter and
 *     the timer's TVAL; the timers' CTL/CVAL are the table's since a
 *     migration moves them), in GUEST_SYSREGS below, through the same
 *     generator;
 *   - PMEVCNTR<n>_EL0 / PMEVTYPER<n>_EL0 by the table's formula, n a
 *     constant: MRS_AT(A64_PMEVCNTR(2)), MSR_AT(A64_PMEVTYPER(1), v).
 */
#ifndef GUEST_SYSREG64_H
#define GUEST_SYSREG64_H

#include <stdint.h>
#include "sysregs_access.h"

/* X(NAME, op0, op1, CRn, CRm, op2), as sysregs.h's A64_SYSREGS */
#define GUEST_SYSREGS(X)                                                  \
	X(CNTVCT_EL0,      3, 3, 14,  0, 2)                               \
	X(CNTV_TVAL_EL0,   3, 3, 14,  3, 0)
GUEST_SYSREGS(SR_ACCESSORS)

/* By name; the argument expands first, so a name may come from a macro
 * (switch64.c's DBGBVR(n) -> DBGBVR0_EL1 ...) */
#define MRS(name) MRS_(name)
#define MSR(name, v) MSR_(name, v)
#define MRS_(name) read_##name()
#define MSR_(name, v) write_##name(v)

/* By the five fields, constant expressions ("i": the assembler sees the
 * numbers they fold to) */
#define MRS_AT(...) MRS_AT_(__VA_ARGS__)
#define MSR_AT(...) MSR_AT_(__VA_ARGS__)
#define MRS_AT_(o0, o1, n, m, o2)                                                      \
	({                                                                             \
		uint64_t v_;                                                           \
		__asm__ volatile("mrs %0, S%c1_%c2_C%c3_C%c4_%c5"                       \
				 : "=r"(v_) : "i"(o0), "i"(o1), "i"(n), "i"(m), "i"(o2)); \
		v_;                                                                    \
	})
#define MSR_AT_(o0, o1, n, m, o2, v)                                                  \
	__asm__ volatile("msr S%c0_%c1_C%c2_C%c3_%c4, %5"                              \
			 : : "i"(o0), "i"(o1), "i"(n), "i"(m), "i"(o2), "r"((uint64_t)(v)) \
			 : "memory")

/* The virtual counter, ordered after what came before it (ISB), and its
 * frequency */
static inline uint64_t cntvct(void)
{
	isb();
	return read_CNTVCT_EL0();
}
static inline uint64_t cntfrq(void) { return read_CNTFRQ_EL0(); }

#endif
