/* A fake CP14 debug register file for host tests of hyp/debug/dbg_context.c. */
#ifndef FAKE_DBG_HW_H
#define FAKE_DBG_HW_H

#include <stdbool.h>
#include <stdint.h>
#include "dbg_regs.h"

extern uint32_t fake_dbg_reg[DBG_NREGS];
extern bool fake_dbg_present[DBG_NREGS];
extern unsigned fake_dbg_writes;
extern bool fake_dbg_oslock;
/* Every register present and zero (a core that has all of Table 20). */
void fake_dbg_reset_all_present(void);
/* QEMU 7.2's Cortex-A15 as probed (docs/debug.md). */
void fake_dbg_like_qemu(void);

#endif
