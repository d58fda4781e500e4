/* The debug context's window on the hardware (target: arch/arm32/dbg_hw_cp14.c,
 * arch/arm64/dbg_hw_sysreg.c;
 * host tests: tests/support/fake_dbg_hw.c), by index into DBG_REGS. */
#ifndef HYP_DBG_HW_H
#define HYP_DBG_HW_H

#include <stdbool.h>
#include <stdint.h>
#include "dbg_regs.h"

/* Does this core implement the register? (probed once at boot) */
bool dbg_hw_present(enum dbg_reg r);
dbg_reg_t dbg_hw_read(enum dbg_reg r);
void dbg_hw_write(enum dbg_reg r, dbg_reg_t v);
/* The whole context at once (switch path): every register the core
 * implements is read into reg[] masked to its writable bits / written from
 * reg[] (indexed by enum dbg_reg), in table order; the others are left
 * alone. The target generates straight-line code for these. */
void dbg_hw_save(dbg_reg_t reg[DBG_NREGS]);
void dbg_hw_load(const dbg_reg_t reg[DBG_NREGS]);
/* dbg_hw_save() of the DBG_HW_LIVE registers only (dbg_regs.h). */
void dbg_hw_save_live(dbg_reg_t reg[DBG_NREGS]);

/* Registers outside the context the guest may use through the monitor
 * (DBGDSCRint, the OS lock): pass-through by key. false: not present. */
bool dbg_hw_passthrough(uint32_t key, bool read, dbg_reg_t *v);
/* The OS Lock (DBGOSLSR.OSLK / DBGOSLAR): it moves with the context and
 * is held while the context is restored (ARM ARM C7.3.2, OS restore).
 * false from dbg_hw_oslock(): the core has no OS Lock. */
bool dbg_hw_oslock(bool *locked);
void dbg_hw_set_oslock(bool locked);
/* Target only: find out which registers this core has (boot CPU, once). */
void dbg_hw_probe(void);

#endif
