/*
 * The CP14 debug context of spec section 4 (Table 20), one line per
 * register: X(NAME, kind, writable mask, reset value). Encodings are in
 * cpregs.h (CP14_DEBUG_REGS). The order is the restore order: comparator
 * values before their controls, DBGDSCRext (MDBGen) last, so no debug
 * event can fire from a half-restored comparator.
 *
 * kind:
 *   DBG_HW     kept in the hardware when the core has it (probed at boot),
 *              saved at switch-out, reset, restored at switch-in;
 *   DBG_SHADOW kept by the monitor only: the register is not needed by a
 *              self-hosted debugger and passing it through would be unsafe
 *              (DBGPRCR.CWRR requests a core reset, DBGITCTRL enters
 *              integration mode, DBGECR/DBGEACR concern the external
 *              debugger the spec does not support) or it is a software
 *              protocol (claim tags), or the DCC, which serves an external
 *              debugger (DBGDCCINT). docs/debug.md has the full table.
 */
#ifndef HYP_DBG_REGS_H
#define HYP_DBG_REGS_H

#include <stdint.h>

#define DBG_POISON(n) (0xDEB00000u | ((uint32_t)(n) << 4))   /* UNKNOWN at reset */

#define DBG_REGS(X)                                                           \
	X(DBGWFAR,     DBG_HW,     0xFFFFFFFEu, 0)                            \
	X(DBGVCR,      DBG_HW,     0x000000DEu, 0)                            \
	X(DBGECR,      DBG_SHADOW, 0x00000001u, 0)                            \
	X(DBGDTRRXEXT, DBG_HW,     0xFFFFFFFFu, 0)                            \
	X(DBGDTRTXEXT, DBG_HW,     0xFFFFFFFFu, 0)                            \
	X(DBGEACR,     DBG_SHADOW, 0xFFFFFFFFu, 0)                            \
	X(DBGDCCINT,   DBG_SHADOW, 0x60000000u, 0)   /* DCC interrupts: RX, TX */ \
	X(DBGBVR0, DBG_HW, 0xFFFFFFFCu, DBG_POISON(0))                        \
	X(DBGBVR1, DBG_HW, 0xFFFFFFFCu, DBG_POISON(1))                        \
	X(DBGBVR2, DBG_HW, 0xFFFFFFFCu, DBG_POISON(2))                        \
	X(DBGBVR3, DBG_HW, 0xFFFFFFFCu, DBG_POISON(3))                        \
	/* BRPs 4 and 5 can match a context ID: all 32 bits */                 \
	X(DBGBVR4, DBG_HW, 0xFFFFFFFFu, DBG_POISON(4))                        \
	X(DBGBVR5, DBG_HW, 0xFFFFFFFFu, DBG_POISON(5))                        \
	X(DBGBXVR4, DBG_HW, 0x000000FFu, 0)                                   \
	X(DBGBXVR5, DBG_HW, 0x000000FFu, 0)                                   \
	X(DBGBCR0, DBG_HW, 0x00FFE1E7u, 0)                                    \
	X(DBGBCR1, DBG_HW, 0x00FFE1E7u, 0)                                    \
	X(DBGBCR2, DBG_HW, 0x00FFE1E7u, 0)                                    \
	X(DBGBCR3, DBG_HW, 0x00FFE1E7u, 0)                                    \
	X(DBGBCR4, DBG_HW, 0x00FFE1E7u, 0)                                    \
	X(DBGBCR5, DBG_HW, 0x00FFE1E7u, 0)                                    \
	X(DBGWVR0, DBG_HW, 0xFFFFFFFCu, DBG_POISON(8))                        \
	X(DBGWVR1, DBG_HW, 0xFFFFFFFCu, DBG_POISON(9))                        \
	X(DBGWVR2, DBG_HW, 0xFFFFFFFCu, DBG_POISON(10))                       \
	X(DBGWVR3, DBG_HW, 0xFFFFFFFCu, DBG_POISON(11))                       \
	X(DBGWCR0, DBG_HW, 0x1F1FFFFFu, 0)                                    \
	X(DBGWCR1, DBG_HW, 0x1F1FFFFFu, 0)                                    \
	X(DBGWCR2, DBG_HW, 0x1F1FFFFFu, 0)                                    \
	X(DBGWCR3, DBG_HW, 0x1F1FFFFFu, 0)                                    \
	X(DBGPRCR,     DBG_SHADOW, 0x00000001u, 0)                            \
	X(DBGITCTRL,   DBG_SHADOW, 0x00000000u, 0)                            \
	X(DBGCLAIMSET, DBG_SHADOW, 0x000000FFu, 0)                            \
	X(DBGCLAIMCLR, DBG_SHADOW, 0x000000FFu, 0)                            \
	/* MDBGen(15), UDCCdis(12), MOE(5:2): the self-hosted part */          \
	X(DBGDSCREXT,  DBG_HW,     0x0000903Cu, 0)

enum dbg_kind { DBG_HW, DBG_SHADOW };

/* A debug register's value: CP14 registers are 32 bits (arch/arm64: 64) */
typedef uint32_t dbg_reg_t;

/* The context registers the core itself changes: a watchpoint hit writes
 * DBGWFAR, a debug event DBGDSCRext.MOE, the guest's native (untrapped)
 * DBGDTRRX/TXint accesses the DCC's registers. Only these are read at a
 * switch-out (dbg_hw_save_live); every other context register changes
 * only by the guest's trapped writes, which dbg_trap() also makes to the
 * saved context. */
#define DBG_HW_LIVE(X) X(DBGWFAR) X(DBGDTRRXEXT) X(DBGDTRTXEXT) X(DBGDSCREXT)

enum dbg_reg {
#define DBG_ENUM(name, kind, mask, reset) DBG_##name,
	DBG_REGS(DBG_ENUM)
#undef DBG_ENUM
	DBG_NREGS
};

#endif
