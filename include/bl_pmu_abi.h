/*
 * Guest-facing ABI of the big.LITTLE PMU/debug virtualizer (HYP monitor).
 *
 * Names follow ARM-EPM-018236 ("big.LITTLE Cluster Migration Model: ARM
 * Virtualizer Software Support for Debug and the PMU"), so the spec's own
 * examples (armv7_pmnc_* helpers, the Gator sequence of Appendix B) compile
 * as written. Include it from a bare-metal guest or a Linux kernel module.
 * Every call, its registers and its errors: docs/abi.md.
 *
 * Calling convention (SMCCC style, HVC #0): r0 = function id, r1..r3 =
 * arguments; results in r0 (and r1 for 64-bit values). Status of the
 * per-register calls is also returned in r3 (see bl_hvc_regs()).
 */
#ifndef BL_PMU_ABI_H
#define BL_PMU_ABI_H

#ifdef __KERNEL__
#include <linux/types.h>
typedef u32 bl_u32;
typedef u64 bl_u64;
typedef s32 bl_s32;
typedef unsigned long bl_uptr;
#else
#include <stdint.h>
typedef uint32_t bl_u32;
typedef uint64_t bl_u64;
typedef int32_t bl_s32;
typedef uintptr_t bl_uptr;
#endif

/* ---- Errors (SMCCC) --------------------------------------------------- */
#define BL_HVC_SUCCESS            0
#define BL_HVC_NOT_SUPPORTED      (-1)  /* unknown function id */
#define BL_HVC_INVALID_PARAMETER  (-3)  /* bad cluster, pointer, value ... */

/* ---- SMCCC's 64-bit convention (AArch64 only) ----------------------------
 * The ids above are SMCCC's 32-bit ones (bit 30 clear): w0-w3, a 64-bit
 * value as two halves. Three calls have a 64-bit form too, id | bit 30, with
 * their values whole in x0-x3 (docs/abi.md); every other id with bit 30 set
 * answers -1, and on AArch32 all of them do. */
#define BL_HVC_SMC64              0x40000000u
#define HVC_PMCCNTR_READ64        0xD000100Au  /* x1 = cluster; x0 <- the 64 bits, x3 <- status */
#define HVC_PMCCNTR_WRITE64       0xD000100Bu  /* x1 = cluster, x2 = the 64 bits; x0, x3 <- status */
#define HVC_SYNC_PMU_COUNTERS64   0xD0001201u  /* x1 = the array's 64-bit address */

/* ---- Table 3: enable Type B / return to state 1 ------------------------ */
#define HVC_PMU_SWITCH            0x90001100u  /* r1: 1 -> state 3, 0 -> state 1 */

/* ---- Table 4: per-register calls, r1 = cluster id ---------------------- */
#define HVC_PMCR_READ             0x90001000u
#define HVC_PMCR_WRITE            0x90001001u
#define HVC_PMSELR_READ           0x90001002u
#define HVC_PMSELR_WRITE          0x90001003u
#define HVC_PMXEVTYPER_READ       0x90001004u
#define HVC_PMXEVTYPER_WRITE      0x90001005u
#define HVC_PMCNTENSET_READ       0x90001006u
#define HVC_PMCNTENSET_WRITE      0x90001007u
#define HVC_PMCNTENCLR_READ       0x90001008u
#define HVC_PMCNTENCLR_WRITE      0x90001009u
#define HVC_PMCCNTR_READ          0x9000100Au  /* 64-bit: r0 low, r1 high */
#define HVC_PMCCNTR_WRITE         0x9000100Bu  /* 64-bit: r2 low, r3 high */
#define HVC_PMOVSR_READ           0x9000100Cu
#define HVC_PMOVSR_WRITE          0x9000100Du
#define HVC_PMXEVCNTR_READ        0x9000100Eu
#define HVC_PMXEVCNTR_WRITE       0x9000100Fu
#define HVC_PMINTENSET_READ       0x90001010u
#define HVC_PMINTENSET_WRITE      0x90001011u
#define HVC_PMINTENCLR_READ       0x90001012u
#define HVC_PMINTENCLR_WRITE      0x90001013u
/* The spec's examples spell the cycle counter calls HVC_CCNT_*. */
#define HVC_CCNT_READ             HVC_PMCCNTR_READ
#define HVC_CCNT_WRITE            HVC_PMCCNTR_WRITE

/* ---- 3.5: all counters ------------------------------------------------ */
#define HVC_GET_COUNTERS_SIZE     0x90001200u
#define HVC_SYNC_PMU_COUNTERS     0x90001201u

/* ---- Extensions of this monitor (not in the spec) ---------------------- */
#define HVC_PMU_GET_STATE         0x90001101u  /* r0 <- 1, 2 or 3 */
#define HVC_CLUSTER_SWITCH        0x90001300u  /* r1 = target cluster; every online CPU
                                                  moves; r0 <- active cluster or -3 */
#define HVC_AUTO_SWITCH           0x90001301u  /* r1 = period in timer ticks (0 = off,
                                                  else >= 500), whole-system switches
                                                  driven from this CPU's HYP timer;
                                                  r0 <- 0 or -3, r1 <- this CPU's
                                                  switches so far */
#define BL_SWITCH_PERIOD_MIN      500u         /* HVC_AUTO_SWITCH's shortest period */
#define HVC_MONITOR_INFO          0x90001302u  /* r0 <- ABI version, r1 <- active cluster,
                                                  r2 <- monitor CPSR, r3 <- CPU index */
#define HVC_MONITOR_CHECKSUM      0x90001303u  /* r0 <- checksum of monitor code + rodata */
#define HVC_SYSTEM_INFO           0x90001304u  /* r0 <- whole-system switches done,
                                                  r1 <- the system's cluster, r2 <- online
                                                  CPUs (bit n = CPU n), r3 <- this CPU's
                                                  switches */
#define HVC_SWITCH_PERIOD         0x90001305u  /* r0 <- the monitor-driven switch period in
                                                  timer ticks (blmon.switch_us or
                                                  HVC_AUTO_SWITCH), 0 = off (ABI 1.1) */
#define HVC_PMU_SWINC             0x90001306u  /* r1 = counter mask, as PMSWINC takes:
                                                  SW_INCR on the active cluster's own
                                                  counters, no state change (Type A's
                                                  PMSWINC leaves state 3); r0 <- 0,
                                                  r1 <- active cluster (ABI 1.2) */

#define BL_ABI_VERSION            0x00010002u  /* 1.2: HVC_PMU_SWINC (1.1: HVC_SWITCH_PERIOD) */

/* ---- Table 17: clusters ----------------------------------------------- */
#define A15_CLUSTER               0
#define A7_CLUSTER                1

/* ---- Table 18: selected_counter --------------------------------------- */
#define PMU_CYCLE_COUNTER         0x00
#define PMU_OVERFLOW_FLAG         0x01
#define PMU_EVENT_COUNTER_0       0x02
#define PMU_EVENT_COUNTER_N(n)    (0x02 + (n))

/* ---- Table 19: request_code ------------------------------------------- */
#define PMU_DISABLE_COUNTER       0x01
#define PMU_CONF_COUNTER          0x02
#define PMU_CONF_RESET_COUNTER    0x03
#define PMU_READ_COUNTER          0x04
#define PMU_READ_RESET_COUNTER    0x05

/* ---- 3.5.2: the descriptor array (header, then `entries` counters) ---- */
struct descriptor {
	union {
		struct header_ {
			unsigned int entries;           /* INPUT */
			unsigned int active_cluster_id; /* OUTPUT */
		} header;
		struct counter_ {
			unsigned int cluster_id;        /* INPUT/OUTPUT */
			unsigned int selected_counter;  /* INPUT/OUTPUT */
			unsigned int event_type;        /* INPUT/OUTPUT */
			unsigned int counter_value;     /* INPUT/OUTPUT */
			unsigned int reset_value;       /* INPUT */
			unsigned int request_code;      /* INPUT */
		} counter;
	};
};
/* 24 bytes per element: the header occupies a whole element. */
typedef char bl_descriptor_size_check[sizeof(struct descriptor) == 24 ? 1 : -1];

/* ---- Calling helpers (ARM and AArch64 only: the monitor's own host build and unit
 * tests include this header for the constants and struct descriptor) -- */
struct bl_hvc_regs { bl_u32 r0, r1, r2, r3; };
#if defined(__arm__) || defined(__aarch64__)

#if defined(__aarch64__)
/* AArch64 (issue #27): the same 32-bit ids through `hvc #0`, arguments in
 * x1-x3 (32-bit values in the low halves), results in x0-x3, whose low
 * halves are the AArch32 call's r0-r3 (docs/abi.md). */
static inline struct bl_hvc_regs bl_hvc_regs(bl_u32 fid, bl_u32 a1, bl_u32 a2,
					     bl_u32 a3)
{
	register unsigned long x0 __asm__("x0") = fid;
	register unsigned long x1 __asm__("x1") = a1;
	register unsigned long x2 __asm__("x2") = a2;
	register unsigned long x3 __asm__("x3") = a3;
	struct bl_hvc_regs out;

	__asm__ volatile("hvc #0"
			 : "+r"(x0), "+r"(x1), "+r"(x2), "+r"(x3)
			 :
			 : "memory");
	out.r0 = (bl_u32)x0;
	out.r1 = (bl_u32)x1;
	out.r2 = (bl_u32)x2;
	out.r3 = (bl_u32)x3;
	return out;
}
#else

/* Full form: all four result registers (status of per-register calls is r3). */
static inline struct bl_hvc_regs bl_hvc_regs(bl_u32 fid, bl_u32 a1, bl_u32 a2,
					     bl_u32 a3)
{
	register bl_u32 r0 __asm__("r0") = fid;
	register bl_u32 r1 __asm__("r1") = a1;
	register bl_u32 r2 __asm__("r2") = a2;
	register bl_u32 r3 __asm__("r3") = a3;
	struct bl_hvc_regs out;

	__asm__ volatile(".arch_extension virt\n\thvc #0"
			 : "+r"(r0), "+r"(r1), "+r"(r2), "+r"(r3)
			 :
			 : "memory");
	out.r0 = r0;
	out.r1 = r1;
	out.r2 = r2;
	out.r3 = r3;
	return out;
}
#endif /* __aarch64__ */

/* r0 | r1 << 32: callers of 32-bit results simply take the low word. */
static inline bl_u64 bl_hvc_call(bl_u32 fid, bl_u32 a1, bl_u64 a2)
{
	struct bl_hvc_regs r = bl_hvc_regs(fid, a1, (bl_u32)a2, (bl_u32)(a2 >> 32));

	return ((bl_u64)r.r1 << 32) | r.r0;
}

/* A 64-bit value is passed whole (r2 low, r3 high, as AAPCS places a u64
 * third argument); anything else (int, pointer) is zero-extended. */
#define BL_HVC_ARG64(x)                                                   \
	_Generic((x), unsigned long long: (x), long long: (x),            \
		 default: (bl_u64)(bl_uptr)(x))

#define BL_HVC_1(fid)         bl_hvc_call((bl_u32)(fid), 0, 0)
#define BL_HVC_2(fid, a)      bl_hvc_call((bl_u32)(fid), (bl_u32)(bl_uptr)(a), 0)
#define BL_HVC_3(fid, a, b)   bl_hvc_call((bl_u32)(fid), (bl_u32)(bl_uptr)(a), \
					  BL_HVC_ARG64(b))
#define BL_HVC_PICK(_1, _2, _3, name, ...) name

/* hvc(id), hvc(id, cluster_or_pointer), hvc(id, cluster, value): the
 * spec's illustrative prototype. */
#define hvc(...) BL_HVC_PICK(__VA_ARGS__, BL_HVC_3, BL_HVC_2, BL_HVC_1, none)(__VA_ARGS__)
#endif /* __arm__ || __aarch64__ */

#endif
