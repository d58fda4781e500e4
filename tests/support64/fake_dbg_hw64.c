/* The fake AArch64 debug registers (fake_dbg_hw64.h says what is modelled). */
#include <string.h>
#include "fake_dbg_hw64.h"
#include "dbg_hw.h"
#include "cpregs.h"

dbg_reg_t fake64_reg[DBG_NREGS];
bool fake64_oslock;
uint64_t fake64_osdlr, fake64_mdccsr, fake64_mdrar;
unsigned fake64_faults, fake64_nwrites;
int fake64_write_log[256];
bool fake64_write_locked[256];

static const dbg_reg_t keep[DBG_NREGS] = {
#define FAKE_KEEP(name, kind, mask, reset) [DBG_##name] = (mask),
	DBG_REGS(FAKE_KEEP)
#undef FAKE_KEEP
};
static const enum dbg_kind kind[DBG_NREGS] = {
#define FAKE_KIND(name, k, mask, reset) [DBG_##name] = (k),
	DBG_REGS(FAKE_KIND)
#undef FAKE_KIND
};

void fake64_reset_log(void) { fake64_nwrites = 0; fake64_faults = 0; }

void fake64_power_on(void)
{
	for (unsigned r = 0; r < DBG_NREGS; r++)
		fake64_reg[r] = kind[r] == DBG_HW ? (0xBAD0000100000000ull | r) & keep[r] : 0;
	fake64_oslock = true;
	fake64_osdlr = 0;
	fake64_mdccsr = 0x20000000u;   /* TXfull clear, RXfull set: any value, passed through */
	fake64_mdrar = 0x0000000080030003ull;
	fake64_reset_log();
}

static bool hw_row(enum dbg_reg r)
{
	if ((unsigned)r < DBG_NREGS && kind[r] == DBG_HW)
		return true;
	fake64_faults++;
	return false;
}

bool dbg_hw_present(enum dbg_reg r) { return (unsigned)r < DBG_NREGS && kind[r] == DBG_HW; }

dbg_reg_t dbg_hw_read(enum dbg_reg r) { return hw_row(r) ? fake64_reg[r] : 0; }

void dbg_hw_write(enum dbg_reg r, dbg_reg_t v)
{
	if (!hw_row(r))
		return;
	if (fake64_nwrites < 256) {
		fake64_write_log[fake64_nwrites] = (int)r;
		fake64_write_locked[fake64_nwrites] = fake64_oslock;
	}
	fake64_nwrites++;
	fake64_reg[r] = v & keep[r];
}

void dbg_hw_save(dbg_reg_t reg[DBG_NREGS])
{
	for (unsigned r = 0; r < DBG_NREGS; r++)
		if (kind[r] == DBG_HW)
			reg[r] = fake64_reg[r] & keep[r];
}

/* DBG_HW_LIVE is empty on AArch64: nothing the core changes by itself */
void dbg_hw_save_live(dbg_reg_t reg[DBG_NREGS]) { (void)reg; }

void dbg_hw_load(const dbg_reg_t reg[DBG_NREGS])
{
	for (unsigned r = 0; r < DBG_NREGS; r++)
		if (kind[r] == DBG_HW)
			dbg_hw_write((enum dbg_reg)r, reg[r]);
}

bool dbg_hw_oslock(bool *locked) { *locked = fake64_oslock; return true; }
void dbg_hw_set_oslock(bool locked) { fake64_oslock = locked; }

/* As arch/arm64/dbg_hw_sysreg.c: MDCCSR_EL0, OSLSR_EL1 (OSLM 0b10, OSLK),
 * OSLAR_EL1, OSDLR_EL1, MDRAR_EL1 */
bool dbg_hw_passthrough(uint32_t key, bool read, dbg_reg_t *v)
{
	switch (key) {
	case CPK_DBGDSCRINT:
		if (!read)
			return false;
		*v = fake64_mdccsr;
		return true;
	case CPK_DBGOSLSR:
		if (!read)
			return false;
		*v = 0x8u | (fake64_oslock ? 0x2u : 0);
		return true;
	case CPK_DBGOSLAR:
		if (read)
			return false;
		fake64_oslock = *v & 1u;
		return true;
	case CPK_DBGOSDLR:
		if (read)
			*v = fake64_osdlr;
		else
			fake64_osdlr = *v & 1u;
		return true;
	case CPK_DBGDRAR:
		if (!read)
			return false;
		*v = fake64_mdrar;
		return true;
	default:
		return false;
	}
}
