/*
 * The one encoding table for every coprocessor register the monitor names.
 *
 * Each register is written once, as (cp, opc1, CRn, CRm, opc2). From this
 * table come:
 *   - typed accessors read_NAME()/write_NAME() (cpregs_access.h, target only),
 *   - CPK_NAME, the register's key in a trapped MCR/MRC syndrome (HSR ISS
 *     bits Opc2[19:17] Opc1[16:14] CRn[13:10] CRm[4:1]), so a trap handler
 *     reads as `case CPK_PMCR:`.
 * This header is portable: host unit tests use the keys to build syndromes.
 * It sits in arch/, not in a back end, because both back ends see these
 * encodings: ARMv7's HYP mode for its own registers, and an AArch64 EL2
 * for an AArch32 EL1's trapped MCR/MRC (EC 0x03, the same ISS) - and the
 * AArch64 back end maps PMUv3's *_EL0 registers onto these keys
 * (arch/arm64/pmu_sysregs.h), so Type A has one register table.
 *
 * References: ARM ARM v7-A/R (DDI 0406C) B4.1 (CP15), C11 (CP14 debug),
 * B3.13.6 (HSR ISS for EC 0x03/0x05).
 */
#ifndef HYP_CPREGS_H
#define HYP_CPREGS_H

#include <stdint.h>

/* 32-bit CP15 registers: X(NAME, opc1, CRn, CRm, opc2) */
#define CP15_REGS(X)                                                     \
	X(MIDR,        0,  0,  0, 0)   /* Main ID */                        \
	X(MPIDR,       0,  0,  0, 5)   /* Multiprocessor affinity */        \
	X(ID_PFR1,     0,  0,  1, 1)   /* Processor feature register 1 */   \
	X(ID_DFR0,     0,  0,  1, 2)   /* Debug feature register 0 */       \
	X(CSSELR,      2,  0,  0, 0)                                        \
	X(SCTLR,       0,  1,  0, 0)                                        \
	X(ACTLR,       0,  1,  0, 1)                                        \
	X(CPACR,       0,  1,  0, 2)                                        \
	X(TTBCR,       0,  2,  0, 2)                                        \
	X(DACR,        0,  3,  0, 0)                                        \
	X(DFSR,        0,  5,  0, 0)                                        \
	X(IFSR,        0,  5,  0, 1)                                        \
	X(ADFSR,       0,  5,  1, 0)                                        \
	X(AIFSR,       0,  5,  1, 1)                                        \
	X(DFAR,        0,  6,  0, 0)                                        \
	X(IFAR,        0,  6,  0, 2)                                        \
	X(MAIR0,       0, 10,  2, 0)   /* PRRR without LPAE */              \
	X(MAIR1,       0, 10,  2, 1)   /* NMRR without LPAE */              \
	X(AMAIR0,      0, 10,  3, 0)                                        \
	X(AMAIR1,      0, 10,  3, 1)                                        \
	X(VBAR,        0, 12,  0, 0)                                        \
	X(CONTEXTIDR,  0, 13,  0, 1)                                        \
	X(TPIDRURW,    0, 13,  0, 2)                                        \
	X(TPIDRURO,    0, 13,  0, 3)                                        \
	X(TPIDRPRW,    0, 13,  0, 4)                                        \
	/* PMUv2 (ARM ARM C12.8; spec ARM-EPM-018236 3.4) */                 \
	X(PMCR,        0,  9, 12, 0)                                        \
	X(PMCNTENSET,  0,  9, 12, 1)                                        \
	X(PMCNTENCLR,  0,  9, 12, 2)                                        \
	X(PMOVSR,      0,  9, 12, 3)                                        \
	X(PMSWINC,     0,  9, 12, 4)                                        \
	X(PMSELR,      0,  9, 12, 5)                                        \
	X(PMCEID0,     0,  9, 12, 6)                                        \
	X(PMCEID1,     0,  9, 12, 7)                                        \
	X(PMCCNTR,     0,  9, 13, 0)                                        \
	X(PMXEVTYPER,  0,  9, 13, 1)                                        \
	X(PMXEVCNTR,   0,  9, 13, 2)                                        \
	X(PMUSERENR,   0,  9, 14, 0)                                        \
	X(PMINTENSET,  0,  9, 14, 1)                                        \
	X(PMINTENCLR,  0,  9, 14, 2)                                        \
	X(PMOVSSET,    0,  9, 14, 3)                                        \
	/* Generic timer */                                                 \
	X(CNTFRQ,      0, 14,  0, 0)                                        \
	X(CNTKCTL,     0, 14,  1, 0)                                        \
	X(CNTP_CTL,    0, 14,  2, 1)                                        \
	X(CNTV_CTL,    0, 14,  3, 1)                                        \
	/* Hyp-mode registers (ARM ARM B4.1, PL2 only) */                    \
	X(VPIDR,       4,  0,  0, 0)   /* what PL1 reads as MIDR */         \
	X(VMPIDR,      4,  0,  0, 5)   /* what PL1 reads as MPIDR */        \
	X(HSCTLR,      4,  1,  0, 0)                                        \
	X(HCR,         4,  1,  1, 0)                                        \
	X(HDCR,        4,  1,  1, 1)                                        \
	X(HCPTR,       4,  1,  1, 2)                                        \
	X(HSTR,        4,  1,  1, 3)                                        \
	X(HTCR,        4,  2,  0, 2)                                        \
	X(VTCR,        4,  2,  1, 2)                                        \
	X(HSR,         4,  5,  2, 0)                                        \
	X(HDFAR,       4,  6,  0, 0)                                        \
	X(HIFAR,       4,  6,  0, 2)                                        \
	X(HPFAR,       4,  6,  0, 4)                                        \
	X(HMAIR0,      4, 10,  2, 0)                                        \
	X(HVBAR,       4, 12,  0, 0)                                        \
	X(HTPIDR,      4, 13,  0, 2)   /* this CPU's struct hyp_cpu * */     \
	/* Maintenance operations (write-only) */                           \
	X(ICIALLU,     0,  7,  5, 0)                                        \
	X(BPIALL,      0,  7,  5, 6)                                        \
	X(TLBIALL,     0,  8,  7, 0)                                        \
	X(TLBIALLH,    4,  8,  7, 0)                                        \
	X(TLBIALLNSNH, 4,  8,  7, 4)                                        \
	X(CNTHCTL,     4, 14,  1, 0)                                        \
	X(CNTHP_TVAL,  4, 14,  2, 0)                                        \
	X(CNTHP_CTL,   4, 14,  2, 1)

/* 64-bit CP15 registers (MCRR/MRRC): X(NAME, opc1, CRm) */
#define CP15_REGS64(X)                                                   \
	X(TTBR0,       0,  2)                                               \
	X(TTBR1,       1,  2)                                               \
	X(PAR64,       0,  7)                                               \
	X(CNTP_CVAL,   2, 14)                                               \
	X(CNTV_CVAL,   3, 14)                                               \
	X(CNTVOFF,     4, 14)                                               \
	X(VTTBR,       6,  2)                                               \
	X(HTTBR,       4,  2)                                               \
	X(CNTPCT,      0, 14)                                               \
	X(CNTVCT,      1, 14)                                               \
	X(CNTHP_CVAL,  6, 14)

/*
 * CP14 debug registers (ARM ARM C11.11; spec Table 20). The encoding of the
 * register at memory-mapped offset OFF is reg = OFF/4,
 * CRn = reg[9:7], opc2 = reg[6:4], CRm = reg[3:0], opc1 = 0.
 * X(NAME, opc1, CRn, CRm, opc2)
 */
#define CP14_DEBUG_REGS(X)                                               \
	X(DBGDIDR,     0, 0,  0, 0)                                         \
	X(DBGDSCRINT,  0, 0,  1, 0)                                         \
	X(DBGDCCINT,   0, 0,  2, 0)                                         \
	X(DBGDTRRXEXT, 0, 0,  0, 2)   /* 0x080 */                           \
	X(DBGDSCREXT,  0, 0,  2, 2)   /* 0x088 */                           \
	X(DBGDTRTXEXT, 0, 0,  3, 2)   /* 0x08C */                           \
	X(DBGEACR,     0, 0,  5, 2)   /* 0x094 */                           \
	X(DBGWFAR,     0, 0,  6, 0)   /* 0x018 */                           \
	X(DBGVCR,      0, 0,  7, 0)   /* 0x01C */                           \
	X(DBGECR,      0, 0,  9, 0)   /* 0x024 */                           \
	X(DBGBVR0,     0, 0,  0, 4) X(DBGBVR1, 0, 0, 1, 4)                  \
	X(DBGBVR2,     0, 0,  2, 4) X(DBGBVR3, 0, 0, 3, 4)                  \
	X(DBGBVR4,     0, 0,  4, 4) X(DBGBVR5, 0, 0, 5, 4)                  \
	X(DBGBCR0,     0, 0,  0, 5) X(DBGBCR1, 0, 0, 1, 5)                  \
	X(DBGBCR2,     0, 0,  2, 5) X(DBGBCR3, 0, 0, 3, 5)                  \
	X(DBGBCR4,     0, 0,  4, 5) X(DBGBCR5, 0, 0, 5, 5)                  \
	X(DBGWVR0,     0, 0,  0, 6) X(DBGWVR1, 0, 0, 1, 6)                  \
	X(DBGWVR2,     0, 0,  2, 6) X(DBGWVR3, 0, 0, 3, 6)                  \
	X(DBGWCR0,     0, 0,  0, 7) X(DBGWCR1, 0, 0, 1, 7)                  \
	X(DBGWCR2,     0, 0,  2, 7) X(DBGWCR3, 0, 0, 3, 7)                  \
	X(DBGBXVR4,    0, 1,  4, 1) X(DBGBXVR5, 0, 1, 5, 1)                 \
	X(DBGPRCR,     0, 1,  4, 4)   /* 0x310 */                           \
	X(DBGPRSR,     0, 1,  5, 4)   /* 0x314 */                           \
	X(DBGOSLAR,    0, 1,  0, 4)                                         \
	X(DBGOSLSR,    0, 1,  1, 4)                                         \
	X(DBGOSDLR,    0, 1,  3, 4)                                         \
	X(DBGITCTRL,   0, 7,  0, 4)   /* 0xF00 */                           \
	X(DBGCLAIMSET, 0, 7,  8, 6)   /* 0xFA0 */                           \
	X(DBGCLAIMCLR, 0, 7,  9, 6)   /* 0xFA4 */

/* Key of a 32-bit register in a trapped MCR/MRC ISS (EC 0x03 / 0x05). */
#define CP_KEY(opc1, crn, crm, opc2)                                     \
	(((uint32_t)(opc2) << 17) | ((uint32_t)(opc1) << 14) |            \
	 ((uint32_t)(crn) << 10) | ((uint32_t)(crm) << 1))
#define CP_KEY_MASK CP_KEY(7, 15, 15, 7)
/* Fields of a key, for handlers indexed by them. */
#define CP_KEY_CRM(key)  (((key) >> 1) & 15u)
#define CP_KEY_OPC2(key) (((key) >> 17) & 7u)

#define CPREG_KEY_ENUM(name, o1, n, m, o2) CPK_##name = CP_KEY(o1, n, m, o2),
enum cp15_key { CP15_REGS(CPREG_KEY_ENUM) };
enum cp14_key { CP14_DEBUG_REGS(CPREG_KEY_ENUM) };
#undef CPREG_KEY_ENUM

#endif
