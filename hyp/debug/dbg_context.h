/*
 * The CP14 self-hosted debug context (spec section 4): one per physical
 * CPU, carried across every cluster switch in every PMU state. Every guest
 * debug-register access traps (HDCR.TDA/TDOSA) and comes through
 * dbg_trap(); a context the guest never touched costs nothing at a switch
 * (lazy switching). Portable: tests/debug/test_dbg_context.c.
 */
#ifndef HYP_DBG_CONTEXT_H
#define HYP_DBG_CONTEXT_H

#include <stdbool.h>
#include <stdint.h>
#include "dbg_regs.h"

struct dbg_ctx {
	bool used;                   /* the guest has accessed a debug register */
	bool oslk;                   /* the guest's OS Lock, carried across switches */
	dbg_reg_t reg[DBG_NREGS];    /* saved values (DBG_HW) or the register (DBG_SHADOW) */
};

void dbg_ctx_init(struct dbg_ctx *d);
bool dbg_ctx_in_use(const struct dbg_ctx *d);
void dbg_ctx_mark_used(struct dbg_ctx *d);
void dbg_switch_out(struct dbg_ctx *d);
void dbg_hw_reset(unsigned inbound_cluster);
/* dbg_hw_reset() but for what the dbg_switch_in() that follows on this
 * core overwrites: the OS Lock only. */
void dbg_hw_reset_unrestored(unsigned inbound_cluster);
void dbg_switch_in(struct dbg_ctx *d, unsigned inbound_cluster);
/* What the guest reads as DBGDIDR on a cluster. */
uint32_t dbg_didr(unsigned cluster);
/* A trapped MCR/MRC p14, or an AArch64 MSR/MRS by its AArch32 twin's key
 * (cpregs.h; arch/arm64/dbg_sysregs.h): 0 done, 1 UNDEF. */
int dbg_trap(struct dbg_ctx *d, unsigned active_cluster, uint32_t key, bool read, dbg_reg_t *rt);

#endif
