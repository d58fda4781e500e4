/*
 * A fake AArch64 self-hosted debug register file behind arch/dbg_hw.h,
 * for host tests of hyp/debug/dbg_context.c built with the AArch64 list
 * (arch/arm64/dbg_regs.h): what arch/arm64/dbg_hw_sysreg.c reaches on a
 * Cortex-A57/A53 as QEMU 7.2 models it - the DBG_HW rows (DBGBVR/BCR0-5,
 * DBGWVR/WCR0-3, MDSCR_EL1) hold 64 bits each, keeping the bits the
 * hardware keeps; OSLSR_EL1/OSLAR_EL1 (the OS Lock), OSDLR_EL1,
 * MDCCSR_EL0 and MDRAR_EL1 passed through; nothing else exists, so a
 * shadow row's write or read here is recorded as a fault.
 */
#ifndef FAKE_DBG_HW64_H
#define FAKE_DBG_HW64_H

#include <stdbool.h>
#include <stdint.h>
#include "dbg_regs.h"

extern dbg_reg_t fake64_reg[DBG_NREGS];
extern bool fake64_oslock;
extern uint64_t fake64_osdlr, fake64_mdccsr, fake64_mdrar;
/* what went wrong, counted: a shadow row touched in the hardware, a
 * comparator or MDSCR written while the OS Lock was clear during a load */
extern unsigned fake64_faults;
/* the order of the hardware writes (row numbers), since the last reset */
extern unsigned fake64_nwrites;
extern int fake64_write_log[256];
extern bool fake64_write_locked[256];   /* the OS Lock at each of them */

/* Power-on: junk in every register (values above 2^32 in the 64-bit
 * ones), the OS Lock set (as a cold reset leaves it), counts zeroed. */
void fake64_power_on(void);
void fake64_reset_log(void);

#endif
