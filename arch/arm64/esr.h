/*
 * ESR_EL2, decoded once (ARM ARM D17.2.37): the exception class, and for
 * the classes the monitor emulates the ISS as a struct, so a handler
 * reads fields, never shifts. Portable: host-tested (tests/arch/) and
 * fuzzed (tests/fuzz/fuzz_esr64.c).
 */
#ifndef ARM64_ESR_H
#define ARM64_ESR_H

#include <stdbool.h>
#include <stdint.h>
#include "sysregs.h"

/* The exception classes the back end's table names (trap.c) */
enum esr_ec {
	EC_UNKNOWN = 0x00,   /* also what an injected undefined instruction says */
	EC_WFX     = 0x01,
	EC_CP15_32 = 0x03,   /* AArch32's MCR/MRC p15 (trap32.c) */
	EC_CP15_64 = 0x04,   /* ... MCRR/MRRC p15 */
	EC_CP14_32 = 0x05,   /* ... MCR/MRC p14 */
	EC_CP14_LS = 0x06,   /* ... LDC/STC p14 */
	EC_CP14_64 = 0x0c,   /* ... MRRC p14 */
	EC_HVC32   = 0x12,
	EC_SMC32   = 0x13,
	EC_HVC64   = 0x16,
	EC_SMC64   = 0x17,
	EC_SYS64   = 0x18,   /* MSR, MRS, or a system instruction */
	EC_IABT_LOW = 0x20,  /* stage 2 (HCR_EL2.VM) on an instruction fetch */
	EC_IABT_CUR = 0x21,  /* ... as EL1 takes one from itself (injected) */
	EC_DABT_LOW = 0x24,  /* stage 2 on a data access */
	EC_DABT_CUR = 0x25,
	EC_NR      = 0x40
};

#define ESR_EC_SHIFT  26
#define ESR_IL        (1u << 25)   /* a 32-bit instruction */
#define ESR_ISS_MASK  0x01ffffffu

struct esr {
	unsigned ec;     /* [31:26] */
	bool il;         /* [25] */
	uint32_t iss;    /* [24:0] */
};

static inline struct esr esr_decode(uint64_t esr)
{
	struct esr e = {
		.ec = (unsigned)(esr >> ESR_EC_SHIFT) & 0x3fu,
		.il = (esr & ESR_IL) != 0,
		.iss = (uint32_t)esr & ESR_ISS_MASK,
	};
	return e;
}

/* EC 0x20: a stage-2 instruction abort (D17.2.37). A data abort's ISS
 * (EC 0x24) is AArch32's: arch/dabt.h decodes both. */
struct esr_abort {
	bool wnr;        /* [6] a write (data aborts) */
	bool s1ptw;      /* [7] on the guest's own stage-1 table walk */
	unsigned fsc;    /* [5:0] the fault status: 0x04-0x07 translation */
};

static inline struct esr_abort esr_abort_decode(uint32_t iss)
{
	struct esr_abort a = {
		.wnr = (iss >> 6) & 1u,
		.s1ptw = (iss >> 7) & 1u,
		.fsc = iss & 0x3fu,
	};
	return a;
}

/* EC 0x16: the HVC's immediate */
static inline uint32_t esr_hvc_imm(uint32_t iss) { return iss & 0xffffu; }

/* EC 0x18: a trapped MSR/MRS. key is the register (SRK_*, sysregs.h), the
 * fields are there for logs and for the registers numbered by field
 * (PMEVCNTR<n>_EL0). rt 31 is XZR: reads as 0, writes are dropped. */
struct esr_sysreg {
	uint32_t key;
	unsigned op0, op1, crn, crm, op2;
	unsigned rt;
	bool read;        /* MRS (direction 1) */
};

#define ESR_SYS_READ  1u
#define ESR_SYS_RT(iss) (((iss) >> 5) & 31u)

static inline struct esr_sysreg esr_sysreg_decode(uint32_t iss)
{
	uint32_t k = iss & SR_KEY_MASK;
	struct esr_sysreg s = {
		.key = k,
		.op0 = SR_KEY_OP0(k), .op1 = SR_KEY_OP1(k), .crn = SR_KEY_CRN(k),
		.crm = SR_KEY_CRM(k), .op2 = SR_KEY_OP2(k),
		.rt = ESR_SYS_RT(iss),
		.read = (iss & ESR_SYS_READ) != 0,
	};
	return s;
}

/* The hot forms (issue #29 on AArch64, arch/arm64/trap_hot.c; AArch32's
 * are hsr.h's HSR_CP32_AL()): the whole ESR_EL2 of a trapped MRS (read) or
 * MSR of the register key, Rt aside - EC 0x18, IL, the key, the direction,
 * bits [63:32] zero. esr_sys64_form() takes Rt out, so one AND and one
 * compare tell a form, whatever the Rt. */
#define ESR_SYS_RT_MASK (31u << 5)
#define ESR_SYS64_FORM(key, read)                                              \
	(((uint64_t)EC_SYS64 << ESR_EC_SHIFT) | ESR_IL | ((uint64_t)(key) & SR_KEY_MASK) | \
	 ((read) ? ESR_SYS_READ : 0u))
static inline uint64_t esr_sys64_form(uint64_t esr) { return esr & ~(uint64_t)ESR_SYS_RT_MASK; }

/* A data abort's syndrome (EC 0x24) for a word store of x0-x3 that the
 * syndrome describes (ISV, SAS = word, WnR), not on a stage-1 walk, ESR_EL2
 * bits [63:32] (ISS2) zero: what ESR_DABT_STR_WORD_MASK keeps of it equals
 * ESR_DABT_STR_WORD - one AND and one compare. The store of an emulated
 * register's fast path (hyp/exit/sys_trap.c; AArch32's twin is hsr.h's
 * HSR_DABT_STR_WORD, which takes r0-r7). */
#define ESR_DABT_STR_WORD_MASK                                                      \
	(0xffffffff00000000ull | (0x3fu << ESR_EC_SHIFT) | (1u << 24) | (3u << 22) | \
	 (0x1cu << 16) | (1u << 7) | (1u << 6))
#define ESR_DABT_STR_WORD \
	(((uint64_t)EC_DABT_LOW << ESR_EC_SHIFT) | (1u << 24) | (2u << 22) | (1u << 6))
static inline unsigned esr_dabt_srt(uint64_t esr) { return (unsigned)(esr >> 16) & 31u; }

/* The ISS a trapped access to key with Rt = rt has (host tests, fuzzing) */
static inline uint32_t esr_sysreg_iss(uint32_t key, unsigned rt, bool read)
{
	return (key & SR_KEY_MASK) | ((uint32_t)(rt & 31u) << 5) | (read ? ESR_SYS_READ : 0u);
}

#endif
