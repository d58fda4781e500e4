/*
 * The one encoding table for every AArch64 system register the monitor
 * names, as (op0, op1, CRn, CRm, op2). From it come:
 *   - typed accessors read_NAME()/write_NAME() (sysregs_access.h, target
 *     only), each one MRS/MSR of the generic S<op0>_<op1>_C<n>_C<m>_<op2>
 *     name, so no call site spells an encoding and no assembler needs to
 *     know the register;
 *   - SRK_NAME, the register's key in a trapped MSR/MRS syndrome (ESR_EL2
 *     EC 0x18: ISS Op0[21:20] Op2[19:17] Op1[16:14] CRn[13:10] CRm[4:1],
 *     Rt and the direction cleared), so a lookup reads `case SRK_PMCR_EL0:`.
 * Portable: host tests build syndromes from the keys (tests/arch/).
 *
 * References: ARM ARM (DDI 0487) D12/D13 (PMU, system registers by
 * encoding), D17.2.37 (ESR_ELx ISS for EC 0x18).
 */
#ifndef ARM64_SYSREGS_H
#define ARM64_SYSREGS_H

#include <stdint.h>

/* X(NAME, op0, op1, CRn, CRm, op2) */
#define A64_SYSREGS(X)                                                    \
	/* identification */                                              \
	X(MIDR_EL1,        3, 0,  0,  0, 0)                               \
	X(MPIDR_EL1,       3, 0,  0,  0, 5)                               \
	X(ID_AA64PFR0_EL1, 3, 0,  0,  4, 0)   /* EL3 (AArch32 DBGDIDR) */   \
	X(ID_AA64DFR0_EL1, 3, 0,  0,  5, 0)                               \
	X(CTR_EL0,         3, 3,  0,  0, 1)   /* cache line sizes (mmu.c) */ \
	/* the guest's EL1 exception state (undefined-instruction injection) */ \
	X(SPSR_EL1,        3, 0,  4,  0, 0)                               \
	X(ELR_EL1,         3, 0,  4,  0, 1)                               \
	X(ESR_EL1,         3, 0,  5,  2, 0)                               \
	X(FAR_EL1,         3, 0,  6,  0, 0)                               \
	X(VBAR_EL1,        3, 0, 12,  0, 0)                               \
	/* the rest of what an EL1 OS owns on a core, which a migration moves \
	 * (cpu_ctx.h) */                                                 \
	X(SCTLR_EL1,       3, 0,  1,  0, 0)                               \
	X(ACTLR_EL1,       3, 0,  1,  0, 1)                               \
	X(CPACR_EL1,       3, 0,  1,  0, 2)                               \
	X(TTBR0_EL1,       3, 0,  2,  0, 0)                               \
	X(TTBR1_EL1,       3, 0,  2,  0, 1)                               \
	X(TCR_EL1,         3, 0,  2,  0, 2)                               \
	X(SP_EL0,          3, 0,  4,  1, 0)                               \
	X(FPCR,            3, 3,  4,  4, 0)                               \
	X(FPSR,            3, 3,  4,  4, 1)                               \
	X(SP_EL1,          3, 4,  4,  1, 0)                               \
	X(AFSR0_EL1,       3, 0,  5,  1, 0)                               \
	X(AFSR1_EL1,       3, 0,  5,  1, 1)                               \
	X(PAR_EL1,         3, 0,  7,  4, 0)                               \
	X(MAIR_EL1,        3, 0, 10,  2, 0)                               \
	X(AMAIR_EL1,       3, 0, 10,  3, 0)                               \
	X(CONTEXTIDR_EL1,  3, 0, 13,  0, 1)                               \
	X(TPIDR_EL1,       3, 0, 13,  0, 4)                               \
	X(TPIDR_EL0,       3, 3, 13,  0, 2)                               \
	X(TPIDRRO_EL0,     3, 3, 13,  0, 3)                               \
	X(CSSELR_EL1,      3, 2,  0,  0, 0)                               \
	X(CNTKCTL_EL1,     3, 0, 14,  1, 0)                               \
	X(CNTP_CTL_EL0,    3, 3, 14,  2, 1)                               \
	X(CNTP_CVAL_EL0,   3, 3, 14,  2, 2)                               \
	X(CNTV_CTL_EL0,    3, 3, 14,  3, 1)                               \
	X(CNTV_CVAL_EL0,   3, 3, 14,  3, 2)                               \
	/* self-hosted debug (D13.3): op0 2, the AArch32 p14 encoding's op1, \
	 * CRn, CRm, op2 (arch/arm64/dbg_sysregs.h) */                      \
	X(MDSCR_EL1,       2, 0,  0,  2, 2)                                  \
	X(DBGBVR0_EL1,     2, 0,  0,  0, 4)                                  \
	X(DBGBCR0_EL1,     2, 0,  0,  0, 5)                                  \
	X(DBGBVR1_EL1,     2, 0,  0,  1, 4)                                  \
	X(DBGBCR1_EL1,     2, 0,  0,  1, 5)                                  \
	X(DBGBVR2_EL1,     2, 0,  0,  2, 4)                                  \
	X(DBGBCR2_EL1,     2, 0,  0,  2, 5)                                  \
	X(DBGBVR3_EL1,     2, 0,  0,  3, 4)                                  \
	X(DBGBCR3_EL1,     2, 0,  0,  3, 5)                                  \
	X(DBGBVR4_EL1,     2, 0,  0,  4, 4)                                  \
	X(DBGBCR4_EL1,     2, 0,  0,  4, 5)                                  \
	X(DBGBVR5_EL1,     2, 0,  0,  5, 4)                                  \
	X(DBGBCR5_EL1,     2, 0,  0,  5, 5)                                  \
	X(DBGWVR0_EL1,     2, 0,  0,  0, 6)                                  \
	X(DBGWCR0_EL1,     2, 0,  0,  0, 7)                                  \
	X(DBGWVR1_EL1,     2, 0,  0,  1, 6)                                  \
	X(DBGWCR1_EL1,     2, 0,  0,  1, 7)                                  \
	X(DBGWVR2_EL1,     2, 0,  0,  2, 6)                                  \
	X(DBGWCR2_EL1,     2, 0,  0,  2, 7)                                  \
	X(DBGWVR3_EL1,     2, 0,  0,  3, 6)                                  \
	X(DBGWCR3_EL1,     2, 0,  0,  3, 7)                                  \
	X(MDCCINT_EL1,     2, 0,  0,  2, 0)                                  \
	X(OSDTRRX_EL1,     2, 0,  0,  0, 2)                                  \
	X(OSDTRTX_EL1,     2, 0,  0,  3, 2)                                  \
	X(OSECCR_EL1,      2, 0,  0,  6, 2)                                  \
	X(MDRAR_EL1,       2, 0,  1,  0, 0)                                  \
	X(OSLAR_EL1,       2, 0,  1,  0, 4)                                  \
	X(OSLSR_EL1,       2, 0,  1,  1, 4)                                  \
	X(OSDLR_EL1,       2, 0,  1,  3, 4)                                  \
	X(DBGPRCR_EL1,     2, 0,  1,  4, 4)                                  \
	X(DBGCLAIMSET_EL1, 2, 0,  7,  8, 6)                                  \
	X(DBGCLAIMCLR_EL1, 2, 0,  7,  9, 6)                                  \
	X(MDCCSR_EL0,      2, 3,  0,  1, 0)                                  \
	/* PMUv3 (D13.4), in the AArch32 PMUv2 order of arch/cpregs.h */   \
	X(PMCR_EL0,        3, 3,  9, 12, 0)                               \
	X(PMCNTENSET_EL0,  3, 3,  9, 12, 1)                               \
	X(PMCNTENCLR_EL0,  3, 3,  9, 12, 2)                               \
	X(PMOVSCLR_EL0,    3, 3,  9, 12, 3)   /* PMOVSR's W1C view */       \
	X(PMSWINC_EL0,     3, 3,  9, 12, 4)                               \
	X(PMSELR_EL0,      3, 3,  9, 12, 5)                               \
	X(PMCEID0_EL0,     3, 3,  9, 12, 6)                               \
	X(PMCEID1_EL0,     3, 3,  9, 12, 7)                               \
	X(PMCCNTR_EL0,     3, 3,  9, 13, 0)   /* 64 bits */                 \
	X(PMXEVTYPER_EL0,  3, 3,  9, 13, 1)                               \
	X(PMXEVCNTR_EL0,   3, 3,  9, 13, 2)                               \
	X(PMUSERENR_EL0,   3, 3,  9, 14, 0)                               \
	X(PMINTENSET_EL1,  3, 0,  9, 14, 1)                               \
	X(PMINTENCLR_EL1,  3, 0,  9, 14, 2)                               \
	X(PMOVSSET_EL0,    3, 3,  9, 14, 3)                               \
	X(PMCCFILTR_EL0,   3, 3, 14, 15, 7)                               \
	/* counters 0-5's own registers (A64_PMEVCNTR/A64_PMEVTYPER below; \
	 * 6 = PMU_HW_COUNTERS_MAX), which a context switch reaches without \
	 * PMSELR (pmu_hw_regs.h) */                                      \
	X(PMEVCNTR0_EL0,   3, 3, 14,  8, 0) X(PMEVCNTR1_EL0,  3, 3, 14,  8, 1) \
	X(PMEVCNTR2_EL0,   3, 3, 14,  8, 2) X(PMEVCNTR3_EL0,  3, 3, 14,  8, 3) \
	X(PMEVCNTR4_EL0,   3, 3, 14,  8, 4) X(PMEVCNTR5_EL0,  3, 3, 14,  8, 5) \
	X(PMEVTYPER0_EL0,  3, 3, 14, 12, 0) X(PMEVTYPER1_EL0, 3, 3, 14, 12, 1) \
	X(PMEVTYPER2_EL0,  3, 3, 14, 12, 2) X(PMEVTYPER3_EL0, 3, 3, 14, 12, 3) \
	X(PMEVTYPER4_EL0,  3, 3, 14, 12, 4) X(PMEVTYPER5_EL0, 3, 3, 14, 12, 5) \
	/* generic timer */                                               \
	X(CNTFRQ_EL0,      3, 3, 14,  0, 0)                               \
	X(CNTPCT_EL0,      3, 3, 14,  0, 1)                               \
	/* EL2 */                                                         \
	X(VPIDR_EL2,       3, 4,  0,  0, 0)                               \
	X(VMPIDR_EL2,      3, 4,  0,  0, 5)                               \
	X(SCTLR_EL2,       3, 4,  1,  0, 0)                               \
	X(HCR_EL2,         3, 4,  1,  1, 0)                               \
	X(MDCR_EL2,        3, 4,  1,  1, 1)                               \
	X(CPTR_EL2,        3, 4,  1,  1, 2)                               \
	X(HSTR_EL2,        3, 4,  1,  1, 3)                               \
	X(TTBR0_EL2,       3, 4,  2,  0, 0)   /* EL2's stage 1 (mmu.c) */    \
	X(TCR_EL2,         3, 4,  2,  0, 2)                               \
	X(VTTBR_EL2,       3, 4,  2,  1, 0)   /* stage 2 (mmu.c) */          \
	X(VTCR_EL2,        3, 4,  2,  1, 2)                               \
	X(SPSR_EL2,        3, 4,  4,  0, 0)                               \
	X(ELR_EL2,         3, 4,  4,  0, 1)                               \
	X(ESR_EL2,         3, 4,  5,  2, 0)                               \
	X(FAR_EL2,         3, 4,  6,  0, 0)                               \
	X(HPFAR_EL2,       3, 4,  6,  0, 4)   /* a stage-2 fault's IPA */   \
	X(MAIR_EL2,        3, 4, 10,  2, 0)                               \
	X(VBAR_EL2,        3, 4, 12,  0, 0)                               \
	X(TPIDR_EL2,       3, 4, 13,  0, 2)   /* this CPU's struct hyp_cpu * */ \
	X(CNTVOFF_EL2,     3, 4, 14,  0, 3)                               \
	X(CNTHCTL_EL2,     3, 4, 14,  1, 0)                               \
	X(CNTHP_CTL_EL2,   3, 4, 14,  2, 1)                               \
	X(CNTHP_CVAL_EL2,  3, 4, 14,  2, 2)                               \
	/* an AArch32 EL1's own state: its modes' SPSRs (SPSR_abt/und also \
	 * for exceptions injected into it), DACR, IFSR, FPEXC, DBGVCR - a \
	 * migration moves them for such a guest (cpu_ctx.h CPU_CTX_A32) */ \
	X(SPSR_IRQ,        3, 4,  4,  3, 0)                               \
	X(SPSR_ABT,        3, 4,  4,  3, 1)                               \
	X(SPSR_UND,        3, 4,  4,  3, 2)                               \
	X(SPSR_FIQ,        3, 4,  4,  3, 3)                               \
	X(DACR32_EL2,      3, 4,  3,  0, 0)                               \
	X(IFSR32_EL2,      3, 4,  5,  0, 1)                               \
	X(FPEXC32_EL2,     3, 4,  5,  3, 0)                               \
	X(DBGVCR32_EL2,    2, 4,  0,  7, 0)   /* AArch32 DBGVCR (dbg_regs.h) */ \
	/* PSTATE fields */                                               \
	X(CURRENTEL,       3, 0,  4,  2, 2)                               \
	X(DAIF,            3, 3,  4,  2, 1)

/* PMEVCNTR<n>_EL0 and PMEVTYPER<n>_EL0, n = 0..30 (D13.4.8, D13.4.9): CRn
 * 14, CRm 8 + n / 8 (counters) or 12 + n / 8 (types), op2 n % 8. */
#define A64_PMEVCNTR(n)  3, 3, 14, (8 + (n) / 8), ((n) % 8)
#define A64_PMEVTYPER(n) 3, 3, 14, (12 + (n) / 8), ((n) % 8)

/* Key of a register in a trapped MSR/MRS ISS (EC 0x18). */
#define SR_KEY(op0, op1, crn, crm, op2)                                   \
	(((uint32_t)(op0) << 20) | ((uint32_t)(op2) << 17) |             \
	 ((uint32_t)(op1) << 14) | ((uint32_t)(crn) << 10) |             \
	 ((uint32_t)(crm) << 1))
#define SR_KEY_OF(...) SR_KEY(__VA_ARGS__)   /* of A64_PMEVCNTR(n) ... */
#define SR_KEY_MASK SR_KEY(3, 7, 15, 15, 7)   /* 0x3ffc1e: no Rt, no direction */
#define SR_KEY_OP0(k) (((k) >> 20) & 3u)
#define SR_KEY_OP2(k) (((k) >> 17) & 7u)
#define SR_KEY_OP1(k) (((k) >> 14) & 7u)
#define SR_KEY_CRN(k) (((k) >> 10) & 15u)
#define SR_KEY_CRM(k) (((k) >> 1) & 15u)

#define SR_KEY_ENUM(name, o0, o1, n, m, o2) SRK_##name = SR_KEY(o0, o1, n, m, o2),
enum a64_sysreg_key { A64_SYSREGS(SR_KEY_ENUM) };
#undef SR_KEY_ENUM

#endif
