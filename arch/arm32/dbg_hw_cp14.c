/*
 * arch/dbg_hw.h on the hardware: typed CP14 accessors from the encoding
 * table, and a boot-time probe of which Table 20 registers this core has
 * (QEMU 7.2's Cortex-A15 lacks several: docs/debug.md).
 */
#include "dbg_hw.h"
#include "cpregs_access.h"
#include "blmon_log.h"
#include "probe.h"

static const uint32_t masks[DBG_NREGS] = {
#define DBG_MASK(name, kind, mask, reset) [DBG_##name] = (mask),
	DBG_REGS(DBG_MASK)
#undef DBG_MASK
};
/* Bit r: the core has register r (probed at boot). Bits, for the switch
 * path: a TST per register instead of a byte load and a compare (an array
 * of bools cost 1 more a register a pass); only DBG_HW rows can be set,
 * and the others are not even tested (their kind is a constant). */
static uint64_t present_bits;
#define HAVE(have, name, kind) ((kind) == DBG_HW && ((have) >> DBG_##name & 1u))
static bool pass_present[4];   /* DBGDSCRint, DBGOSLSR, DBGOSDLR, DBGPRSR readable */

dbg_reg_t dbg_hw_read(enum dbg_reg r)
{
	switch (r) {
#define DBG_RD(name, kind, mask, reset) case DBG_##name: return read_##name();
	DBG_REGS(DBG_RD)
#undef DBG_RD
	default: return 0;
	}
}

void dbg_hw_write(enum dbg_reg r, dbg_reg_t v)
{
	switch (r) {
#define DBG_WR(name, kind, mask, reset) case DBG_##name: write_##name(v); break;
	DBG_REGS(DBG_WR)
#undef DBG_WR
	default: break;
	}
	isb();
}

bool dbg_hw_present(enum dbg_reg r) { return r < DBG_NREGS && (present_bits >> r & 1u); }

/* Straight-line code, one test and one MRC/MCR per register: the switch
 * path's cost (docs/performance.md). Only DBG_HW registers can be present. */
void dbg_hw_save(dbg_reg_t reg[DBG_NREGS])
{
	const uint64_t have = present_bits;

#define DBG_SAVE1(name, kind, mask, reset) \
	if (HAVE(have, name, kind)) reg[DBG_##name] = read_##name() & (mask);
	DBG_REGS(DBG_SAVE1)
#undef DBG_SAVE1
}

void dbg_hw_save_live(dbg_reg_t reg[DBG_NREGS])
{
	const uint64_t have = present_bits;

#define DBG_SAVE_LIVE(name) \
	if (HAVE(have, name, DBG_HW)) reg[DBG_##name] = read_##name() & masks[DBG_##name];
	DBG_HW_LIVE(DBG_SAVE_LIVE)
#undef DBG_SAVE_LIVE
}

void dbg_hw_load(const dbg_reg_t reg[DBG_NREGS])
{
	const uint64_t have = present_bits;

#define DBG_LOAD1(name, kind, mask, reset) \
	if (HAVE(have, name, kind)) write_##name(reg[DBG_##name]);
	DBG_REGS(DBG_LOAD1)
#undef DBG_LOAD1
	isb();
}

static uint32_t probe_read(enum dbg_reg r, uint32_t preset)
{
	switch (r) {
#define DBG_PRD(name, kind, mask, reset) case DBG_##name: return probe_read_##name(preset);
	DBG_REGS(DBG_PRD)
#undef DBG_PRD
	default: return preset;
	}
}

/* Present means: reads and writes do not fault, and the writable bits
 * hold what is written. Each read starts with Rt preset to the opposite
 * of what it should return, so a register that accepts MRC/MCR and stores
 * nothing (QEMU's DBGVCR) cannot pass by leftover luck. The pattern keeps
 * enable bits (E, MDBGen) clear so nothing can fire. */
static bool probe_one(enum dbg_reg r)
{
	uint32_t pattern = masks[r] & ~1u & ~(1u << 15), old, a, b;

	if (!pattern)
		return false;
	probe_arm();
	old = dbg_hw_read(r);
	if (probe_disarm())
		return false;
	probe_arm();
	dbg_hw_write(r, pattern);
	a = probe_read(r, ~pattern);
	dbg_hw_write(r, 0);
	b = probe_read(r, pattern);
	dbg_hw_write(r, old);
	if (probe_disarm())
		return false;
	return (a & pattern) == pattern && (b & pattern) == 0;
}

bool dbg_hw_oslock(bool *locked)
{
	if (!pass_present[1])
		return false;
	*locked = (read_DBGOSLSR() >> 1) & 1u;
	return true;
}

void dbg_hw_set_oslock(bool locked)
{
	write_DBGOSLAR(locked ? 0xC5ACCE55u : 0);
	isb();
}

void dbg_hw_probe(void)
{
	static const char *const names[DBG_NREGS] = {
#define DBG_NAME(name, kind, mask, reset) [DBG_##name] = #name,
		DBG_REGS(DBG_NAME)
#undef DBG_NAME
	};
	static const enum dbg_kind kinds[DBG_NREGS] = {
#define DBG_KIND(name, kind, mask, reset) [DBG_##name] = (kind),
		DBG_REGS(DBG_KIND)
#undef DBG_KIND
	};
	unsigned n = 0;

	for (unsigned r = 0; r < DBG_NREGS; r++) {
		bool have = kinds[r] == DBG_HW && probe_one((enum dbg_reg)r);

		present_bits |= (uint64_t)have << r;
		n += have;
		if (kinds[r] == DBG_HW && !have)
			log_info("debug: %s not implemented by this core: kept by the monitor\n", names[r]);
	}
	probe_arm(); (void)read_DBGDSCRINT(); pass_present[0] = !probe_disarm();
	probe_arm(); (void)read_DBGOSLSR(); pass_present[1] = !probe_disarm();
	probe_arm(); (void)read_DBGOSDLR(); pass_present[2] = !probe_disarm();
	probe_arm(); (void)read_DBGPRSR(); pass_present[3] = !probe_disarm();
	log_info("debug: %u of %u context registers in hardware\n", n, (unsigned)DBG_NREGS);
}

/* Debug registers outside the context, passed through as they are:
 * status (DBGDSCRint, DBGPRSR) and the OS lock, which belongs to the
 * physical core rather than to a cluster's context. */
bool dbg_hw_passthrough(uint32_t key, bool read, dbg_reg_t *v)
{
	switch (key) {
	case CPK_DBGDSCRINT:
		if (!read || !pass_present[0])
			return false;
		*v = read_DBGDSCRINT();
		return true;
	case CPK_DBGOSLSR:
		if (!read || !pass_present[1])
			return false;
		*v = read_DBGOSLSR();
		return true;
	case CPK_DBGOSLAR:
		if (read || !pass_present[1])
			return false;
		write_DBGOSLAR(*v);
		return true;
	case CPK_DBGOSDLR:
		if (!pass_present[2])
			return false;
		if (read)
			*v = read_DBGOSDLR();
		else
			write_DBGOSDLR(*v & 1u);
		return true;
	case CPK_DBGPRSR:
		if (!read || !pass_present[3])
			return false;
		*v = read_DBGPRSR();
		return true;
	default:
		return false;
	}
}
