#include <string.h>
#include "fake_dbg_hw.h"
#include "dbg_hw.h"
#include "cpregs.h"

uint32_t fake_dbg_reg[DBG_NREGS];
bool fake_dbg_present[DBG_NREGS];
unsigned fake_dbg_writes;
static uint32_t oslsr = 0x8, dscrint;

void fake_dbg_reset_all_present(void)
{
	memset(fake_dbg_reg, 0, sizeof(fake_dbg_reg));
	for (unsigned i = 0; i < DBG_NREGS; i++)
		fake_dbg_present[i] = true;
	fake_dbg_writes = 0;
}

void fake_dbg_like_qemu(void)
{
	fake_dbg_reset_all_present();
	fake_dbg_present[DBG_DBGWFAR] = false;
	fake_dbg_present[DBG_DBGVCR] = false;
	fake_dbg_present[DBG_DBGDTRRXEXT] = false;
	fake_dbg_present[DBG_DBGDTRTXEXT] = false;
	fake_dbg_present[DBG_DBGBXVR4] = false;
	fake_dbg_present[DBG_DBGBXVR5] = false;
}

bool dbg_hw_present(enum dbg_reg r) { return fake_dbg_present[r]; }
dbg_reg_t dbg_hw_read(enum dbg_reg r) { return fake_dbg_reg[r]; }
void dbg_hw_write(enum dbg_reg r, dbg_reg_t v) { fake_dbg_reg[r] = v; fake_dbg_writes++; }

static const uint32_t fake_masks[DBG_NREGS] = {
#define FAKE_MASK(name, kind, mask, reset) [DBG_##name] = (mask),
	DBG_REGS(FAKE_MASK)
#undef FAKE_MASK
};
static const enum dbg_kind fake_kinds[DBG_NREGS] = {
#define FAKE_KIND(name, kind, mask, reset) [DBG_##name] = (kind),
	DBG_REGS(FAKE_KIND)
#undef FAKE_KIND
};

/* As on the target: only registers the core has (and only DBG_HW kinds
 * are ever probed present). */
static bool fake_in_hw(unsigned r) { return fake_dbg_present[r] && fake_kinds[r] == DBG_HW; }

void dbg_hw_save(dbg_reg_t reg[DBG_NREGS])
{
	for (unsigned r = 0; r < DBG_NREGS; r++)
		if (fake_in_hw(r))
			reg[r] = fake_dbg_reg[r] & fake_masks[r];
}

void dbg_hw_save_live(dbg_reg_t reg[DBG_NREGS])
{
#define FAKE_SAVE_LIVE(name) \
	if (fake_in_hw(DBG_##name)) reg[DBG_##name] = fake_dbg_reg[DBG_##name] & fake_masks[DBG_##name];
	DBG_HW_LIVE(FAKE_SAVE_LIVE)
#undef FAKE_SAVE_LIVE
}

void dbg_hw_load(const dbg_reg_t reg[DBG_NREGS])
{
	for (unsigned r = 0; r < DBG_NREGS; r++)
		if (fake_in_hw(r))
			dbg_hw_write((enum dbg_reg)r, reg[r]);
}

bool fake_dbg_oslock = false;

bool dbg_hw_oslock(bool *locked) { *locked = fake_dbg_oslock; return true; }
void dbg_hw_set_oslock(bool locked) { fake_dbg_oslock = locked; }

bool dbg_hw_passthrough(uint32_t key, bool read, dbg_reg_t *v)
{
	if (key == CPK_DBGOSLSR && read) { *v = oslsr; return true; }
	if (key == CPK_DBGDSCRINT && read) { *v = dscrint; return true; }
	return false;
}
