/*
 * The AArch64 self-hosted debug context (issue #27 point 6; spec section
 * 4, Table 20 in its AArch64 form): X(NAME, kind, writable mask, reset),
 * as arch/arm32/dbg_regs.h, so hyp/debug/dbg_context.c serves both. Each
 * row is named after the register's AArch32 twin, whose key (arch/cpregs.h)
 * the trap map gives it (dbg_sysregs.h): MDSCR_EL1 is DBGDSCRext,
 * DBGBVR<n>_EL1 is DBGBVR<n>, MDCCINT_EL1 DBGDCCINT, OSDTRRX/TX_EL1
 * DBGDTRRX/TXext ... The AArch64 register each DBG_HW row is in the
 * hardware: dbg_hw_sysreg.c. Order = restore order: comparator values
 * before their controls, MDSCR_EL1 (MDE, KDE) last.
 *
 * kind, as on AArch32:
 *   DBG_HW     in the hardware, saved, reset and restored at a switch;
 *   DBG_SHADOW kept by the monitor only: DBGPRCR_EL1 (CORENPDRQ asks the
 *              core to stay powered), the claim tags (a software
 *              protocol), the DCC's save/restore view (OSDTRRX/TX_EL1,
 *              OSECCR_EL1) and MDCCINT_EL1, which serve an external
 *              debugger the spec does not support - and QEMU 7.2's A57
 *              and A53 implement none of them but MDCCINT_EL1 (measured:
 *              an EL2 access is an undefined instruction), so the monitor
 *              never touches them in the hardware. And DBGVCR, AArch32's
 *              vector catch: AArch64 has none, so only an AArch32 EL1
 *              guest's MCR/MRC p14 reaches the row (trap32.c; an AArch64
 *              MSR/MRS of its twin's encoding is refused, dbg_sysregs.h).
 *              Its hardware, DBGVCR32_EL2, is written by the AArch32-only
 *              paths alone - the trapped write (trap32.c), a virtual CPU's
 *              entry (guest32.c) and a migration's CPU_CTX_A32 (cpu_ctx.h)
 *              - so an AArch64 guest's debug switch does not pay for it;
 *              and it is read from here, not the hardware: QEMU 7.2's
 *              DBGVCR32_EL2 is RAZ/WI (ARM_CP_NOP in its source).
 */
#ifndef HYP_DBG_REGS_H
#define HYP_DBG_REGS_H

#include <stdint.h>

/* A debug register's value: 64 bits (a breakpoint's address is a VA) */
typedef uint64_t dbg_reg_t;

#define DBG_POISON(n) (0xDEB00000u | ((uint32_t)(n) << 4))   /* UNKNOWN at reset */
#define DBG_VA_MASK   0xFFFFFFFFFFFFFFFCull   /* DBGBVR/DBGWVR: [1:0] RES0 */
#define DBGVCR_MASK   0xDE0000DEu             /* with EL3; without, 0xDE (trap32.c) */
#define DBGVCR_RESET  0u                      /* also DBGVCR32_EL2's at entry (guest32.c) */

/* AArch32 twins ARMv7's list does not name (arch/cpregs.h has ARMv7's
 * CP14): DBGOSECCR (ARMv8's AArch32 OSECCR_EL1) and DBGDRAR (MDRAR_EL1),
 * keys of the same layout */
#define CPK_DBGOSECCR CP_KEY(0, 0, 6, 2)
#define CPK_DBGDRAR   CP_KEY(0, 1, 0, 0)

#define DBG_REGS(X)                                                           \
	X(DBGDTRRXEXT, DBG_SHADOW, 0xFFFFFFFFu, 0)   /* OSDTRRX_EL1 */        \
	X(DBGDTRTXEXT, DBG_SHADOW, 0xFFFFFFFFu, 0)   /* OSDTRTX_EL1 */        \
	X(DBGOSECCR,   DBG_SHADOW, 0xFFFFFFFFu, 0)   /* OSECCR_EL1 */         \
	X(DBGDCCINT,   DBG_SHADOW, 0x60000000u, 0)   /* MDCCINT_EL1: RX, TX */ \
	X(DBGBVR0, DBG_HW, DBG_VA_MASK, DBG_POISON(0))                        \
	X(DBGBVR1, DBG_HW, DBG_VA_MASK, DBG_POISON(1))                        \
	X(DBGBVR2, DBG_HW, DBG_VA_MASK, DBG_POISON(2))                        \
	X(DBGBVR3, DBG_HW, DBG_VA_MASK, DBG_POISON(3))                        \
	/* BRPs 4 and 5 can match a context ID: all 64 bits */                 \
	X(DBGBVR4, DBG_HW, ~0ull, DBG_POISON(4))                              \
	X(DBGBVR5, DBG_HW, ~0ull, DBG_POISON(5))                              \
	X(DBGBCR0, DBG_HW, 0x00FFE1E7u, 0)                                    \
	X(DBGBCR1, DBG_HW, 0x00FFE1E7u, 0)                                    \
	X(DBGBCR2, DBG_HW, 0x00FFE1E7u, 0)                                    \
	X(DBGBCR3, DBG_HW, 0x00FFE1E7u, 0)                                    \
	X(DBGBCR4, DBG_HW, 0x00FFE1E7u, 0)                                    \
	X(DBGBCR5, DBG_HW, 0x00FFE1E7u, 0)                                    \
	X(DBGWVR0, DBG_HW, DBG_VA_MASK, DBG_POISON(8))                        \
	X(DBGWVR1, DBG_HW, DBG_VA_MASK, DBG_POISON(9))                        \
	X(DBGWVR2, DBG_HW, DBG_VA_MASK, DBG_POISON(10))                       \
	X(DBGWVR3, DBG_HW, DBG_VA_MASK, DBG_POISON(11))                       \
	X(DBGWCR0, DBG_HW, 0x1F1FFFFFu, 0)                                    \
	X(DBGWCR1, DBG_HW, 0x1F1FFFFFu, 0)                                    \
	X(DBGWCR2, DBG_HW, 0x1F1FFFFFu, 0)                                    \
	X(DBGWCR3, DBG_HW, 0x1F1FFFFFu, 0)                                    \
	X(DBGPRCR,     DBG_SHADOW, 0x00000001u, 0)   /* DBGPRCR_EL1 */        \
	X(DBGCLAIMSET, DBG_SHADOW, 0x000000FFu, 0)                            \
	X(DBGCLAIMCLR, DBG_SHADOW, 0x000000FFu, 0)                            \
	/* DBGVCR: NSF NSI NSD NSP NSS NSU [31:25] (with EL3), F I D P S U \
	 * [7:1]; the Monitor-mode ones [15:10] only when EL3 is AArch32, \
	 * never under an AArch64 EL2. Reset UNKNOWN (a Warm reset): 0, no \
	 * catch, as ARMv7's row */                                            \
	X(DBGVCR, DBG_SHADOW, DBGVCR_MASK, DBGVCR_RESET)                          \
	/* MDSCR_EL1: MDE(15), KDE(13), TDCC(12), SS(0): the self-hosted part */ \
	X(DBGDSCREXT,  DBG_HW,     0x0000B001u, 0)

enum dbg_kind { DBG_HW, DBG_SHADOW };

/* The context registers the core changes by itself: none here. AArch64
 * has no DBGWFAR (a watchpoint writes FAR_EL1) and no MOE in MDSCR_EL1
 * (ESR_EL1 says why), and the DCC's registers are shadows. */
#define DBG_HW_LIVE(X)

enum dbg_reg {
#define DBG_ENUM(name, kind, mask, reset) DBG_##name,
	DBG_REGS(DBG_ENUM)
#undef DBG_ENUM
	DBG_NREGS
};

#endif
