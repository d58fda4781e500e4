/*
 * Typed accessors generated from the encoding table in cpregs.h:
 *   read_PMCR(), write_PMCR(v), read_VTTBR() (64-bit), read_DBGBVR0() ...
 * Target only (inline MRC/MCR). No call site spells an encoding by hand.
 */
#ifndef HYP_CPREGS_ACCESS_H
#define HYP_CPREGS_ACCESS_H

#include <stdbool.h>
#include "cpregs.h"

#define CPREG_STR(x) #x

#define CPREG_ACCESSORS(cp, name, o1, n, m, o2)                               \
	static inline uint32_t read_##name(void)                              \
	{                                                                     \
		uint32_t v;                                                   \
		__asm__ volatile("mrc p" CPREG_STR(cp) ", " CPREG_STR(o1)    \
				 ", %0, c" CPREG_STR(n) ", c" CPREG_STR(m)   \
				 ", " CPREG_STR(o2) : "=r"(v));              \
		return v;                                                     \
	}                                                                     \
	static inline void write_##name(uint32_t v)                           \
	{                                                                     \
		__asm__ volatile("mcr p" CPREG_STR(cp) ", " CPREG_STR(o1)    \
				 ", %0, c" CPREG_STR(n) ", c" CPREG_STR(m)   \
				 ", " CPREG_STR(o2) : : "r"(v) : "memory");  \
	}

/* probe_read_NAME(preset): an MRC whose Rt starts as `preset`, so a
 * register that accepts the MRC without writing Rt (QEMU's no-op debug
 * registers) reads back the preset, not leftovers (arch/arm32/dbg_hw_cp14.c). */
#define CP14_PROBE_READ(name, o1, n, m, o2)                                   \
	static inline uint32_t probe_read_##name(uint32_t v)                  \
	{                                                                     \
		__asm__ volatile("mrc p14, " CPREG_STR(o1) ", %0, c" CPREG_STR(n) \
				 ", c" CPREG_STR(m) ", " CPREG_STR(o2) : "+r"(v)); \
		return v;                                                     \
	}

#define CP15_ACCESSORS(name, o1, n, m, o2) CPREG_ACCESSORS(15, name, o1, n, m, o2)
#define CP14_ACCESSORS(name, o1, n, m, o2) CPREG_ACCESSORS(14, name, o1, n, m, o2)
CP15_REGS(CP15_ACCESSORS)
CP14_DEBUG_REGS(CP14_ACCESSORS)
CP14_DEBUG_REGS(CP14_PROBE_READ)
#undef CP15_ACCESSORS
#undef CP14_ACCESSORS

#define CP15_ACCESSORS64(name, o1, m)                                         \
	static inline uint64_t read_##name(void)                              \
	{                                                                     \
		uint32_t lo, hi;                                              \
		__asm__ volatile("mrrc p15, " CPREG_STR(o1)                  \
				 ", %0, %1, c" CPREG_STR(m)                  \
				 : "=r"(lo), "=r"(hi));                      \
		return ((uint64_t)hi << 32) | lo;                             \
	}                                                                     \
	static inline void write_##name(uint64_t v)                           \
	{                                                                     \
		__asm__ volatile("mcrr p15, " CPREG_STR(o1)                  \
				 ", %0, %1, c" CPREG_STR(m)                  \
				 : : "r"((uint32_t)v), "r"((uint32_t)(v >> 32)) \
				 : "memory");                                 \
	}
CP15_REGS64(CP15_ACCESSORS64)
#undef CP15_ACCESSORS64

/* CPSR.M is HYP (0x1a). Start-up and the fatal path may run in SVC, on a
 * machine that did not start the monitor in HYP. */
static inline bool in_hyp_mode(void)
{
	uint32_t cpsr;

	__asm__ volatile("mrs %0, cpsr" : "=r"(cpsr));
	return (cpsr & 0x1fu) == 0x1au;
}

static inline void isb(void) { __asm__ volatile("isb" ::: "memory"); }
static inline void dsb(void) { __asm__ volatile("dsb" ::: "memory"); }
static inline void dmb(void) { __asm__ volatile("dmb" ::: "memory"); }

#endif
