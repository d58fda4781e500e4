/*
 * arch/dbg_hw.h on an AArch64 core: each DBG_HW row of dbg_regs.h is the
 * AArch64 register below, read and written with the typed accessors of
 * sysregs.h. Nothing is probed: every DBG_HW register is one ARMv8-A
 * requires (6 breakpoints and 4 watchpoints on both the Cortex-A57 and
 * the Cortex-A53, ID_AA64DFR0_EL1), and what QEMU 7.2 lacks is a shadow
 * (dbg_regs.h), which the monitor never accesses in the hardware.
 */
#include "dbg_hw.h"
#include "cpregs.h"
#include "sysregs_access.h"
#include "blmon_log.h"

/* X(row of dbg_regs.h, its AArch64 register) for every DBG_HW row */
#define DBG_A64_HW(X)                                                          \
	X(DBGBVR0, DBGBVR0_EL1) X(DBGBVR1, DBGBVR1_EL1) X(DBGBVR2, DBGBVR2_EL1) \
	X(DBGBVR3, DBGBVR3_EL1) X(DBGBVR4, DBGBVR4_EL1) X(DBGBVR5, DBGBVR5_EL1) \
	X(DBGBCR0, DBGBCR0_EL1) X(DBGBCR1, DBGBCR1_EL1) X(DBGBCR2, DBGBCR2_EL1) \
	X(DBGBCR3, DBGBCR3_EL1) X(DBGBCR4, DBGBCR4_EL1) X(DBGBCR5, DBGBCR5_EL1) \
	X(DBGWVR0, DBGWVR0_EL1) X(DBGWVR1, DBGWVR1_EL1) X(DBGWVR2, DBGWVR2_EL1) \
	X(DBGWVR3, DBGWVR3_EL1) X(DBGWCR0, DBGWCR0_EL1) X(DBGWCR1, DBGWCR1_EL1) \
	X(DBGWCR2, DBGWCR2_EL1) X(DBGWCR3, DBGWCR3_EL1)                          \
	X(DBGDSCREXT, MDSCR_EL1)

static const dbg_reg_t masks[DBG_NREGS] = {
#define DBG_MASK(name, kind, mask, reset) [DBG_##name] = (mask),
	DBG_REGS(DBG_MASK)
#undef DBG_MASK
};

static const enum dbg_kind kinds[DBG_NREGS] = {
#define DBG_KIND(name, kind, mask, reset) [DBG_##name] = (kind),
	DBG_REGS(DBG_KIND)
#undef DBG_KIND
};
static const bool in_hw[DBG_NREGS] = {
#define DBG_IN_HW(name, reg) [DBG_##name] = true,
	DBG_A64_HW(DBG_IN_HW)
#undef DBG_IN_HW
};

bool dbg_hw_present(enum dbg_reg r) { return r < DBG_NREGS && in_hw[r]; }

dbg_reg_t dbg_hw_read(enum dbg_reg r)
{
	switch (r) {
#define DBG_RD(name, reg) case DBG_##name: return read_##reg();
	DBG_A64_HW(DBG_RD)
#undef DBG_RD
	default: return 0;
	}
}

void dbg_hw_write(enum dbg_reg r, dbg_reg_t v)
{
	switch (r) {
#define DBG_WR(name, reg) case DBG_##name: write_##reg(v); break;
	DBG_A64_HW(DBG_WR)
#undef DBG_WR
	default: break;
	}
	isb();
}

/* Straight-line code, one MRS/MSR per register (the switch path) */
void dbg_hw_save(dbg_reg_t reg[DBG_NREGS])
{
#define DBG_SAVE1(name, reg_) reg[DBG_##name] = read_##reg_() & masks[DBG_##name];
	DBG_A64_HW(DBG_SAVE1)
#undef DBG_SAVE1
}

/* DBG_HW_LIVE is empty on AArch64 (dbg_regs.h): nothing to read */
void dbg_hw_save_live(dbg_reg_t reg[DBG_NREGS]) /* NOLINT(readability-non-const-parameter): dbg_hw.h's */
{
	(void)reg;
}

void dbg_hw_load(const dbg_reg_t reg[DBG_NREGS])
{
#define DBG_LOAD1(name, reg_) write_##reg_(reg[DBG_##name]);
	DBG_A64_HW(DBG_LOAD1)
#undef DBG_LOAD1
	isb();
}

#define OSLSR_OSLK (1u << 1)
#define OSLAR_LOCK 1u

bool dbg_hw_oslock(bool *locked)
{
	*locked = (read_OSLSR_EL1() & OSLSR_OSLK) != 0;
	return true;
}

void dbg_hw_set_oslock(bool locked)
{
	write_OSLAR_EL1(locked ? OSLAR_LOCK : 0);
	isb();
}

/* Nothing to probe (above); what is checked instead, once at boot: every
 * DBG_HW row of dbg_regs.h has its AArch64 register in DBG_A64_HW and no
 * shadow has one, so the two lists cannot drift apart. */
void dbg_hw_probe(void)
{
	unsigned n = 0;

	for (unsigned r = 0; r < DBG_NREGS; r++) {
		HYP_ASSERT(in_hw[r] == (kinds[r] == DBG_HW));
		n += in_hw[r];
	}
	log_info("debug: AArch64 context, %u registers, %u in hardware\n", (unsigned)DBG_NREGS, n);
}

/* Outside the context, passed through: the DCC status (MDCCSR_EL0), the
 * OS Lock and OS Double Lock, which belong to the physical core, and the
 * ROM table address (MDRAR_EL1, MDCR_EL2.TDRA) as the core gives it. */
bool dbg_hw_passthrough(uint32_t key, bool read, dbg_reg_t *v)
{
	switch (key) {
	case CPK_DBGDSCRINT:
		if (!read)
			return false;
		*v = read_MDCCSR_EL0();
		return true;
	case CPK_DBGOSLSR:
		if (!read)
			return false;
		*v = read_OSLSR_EL1();
		return true;
	case CPK_DBGOSLAR:
		if (read)
			return false;
		write_OSLAR_EL1(*v & OSLAR_LOCK);
		return true;
	case CPK_DBGOSDLR:
		if (read)
			*v = read_OSDLR_EL1();
		else
			write_OSDLR_EL1(*v & 1u);
		return true;
	case CPK_DBGDRAR:
		if (!read)
			return false;
		*v = read_MDRAR_EL1();
		return true;
	default:
		return false;
	}
}
