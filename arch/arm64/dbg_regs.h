/*
 * The debug context's register list (arch/arm32/dbg_regs.h has Table 20's
 * CP14 one). The AArch64 debug context (MDSCR_EL1, DBGBVR<n>_EL1 ...) is
 * a later step of issue #27: until then the monitor keeps MDCR_EL2.TDA
 * and TDOSA set and a guest's debug register access is an undefined
 * instruction (arch/arm64/trap.c). The list holds nothing; struct dbg_ctx
 * keeps its shape.
 */
#ifndef HYP_DBG_REGS_H
#define HYP_DBG_REGS_H

#define DBG_REGS(X)

enum dbg_kind { DBG_HW, DBG_SHADOW };
enum dbg_reg { DBG_NREGS = 1 };

#endif
