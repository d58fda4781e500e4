/*
 * CP14 debug context migration (spec section 4, docs/debug.md).
 * Saved at switch-out, the hardware reset to the inbound core's reset
 * state, restored at switch-in - only once the guest has touched a debug
 * register (before that the hardware still holds its reset values and
 * there is nothing to carry).
 */
#include "dbg_context.h"
#include "dbg_hw.h"
#include "cpregs.h"

static const struct {
	uint32_t key;
	enum dbg_kind kind;
	dbg_reg_t mask, reset;
} regs[DBG_NREGS] = {
#define DBG_ROW(name, kind, mask, reset) [DBG_##name] = { CPK_##name, kind, mask, reset },
	DBG_REGS(DBG_ROW)
#undef DBG_ROW
};

#define CLAIM_TAGS 0xFFu   /* eight claim tags, kept in the DBGCLAIMCLR slot */

/* DBGDIDR as each core reports it: 6 breakpoints, 4 watchpoints, 2
 * context comparators, debug v7.1 (spec 4.1: "Both ... support six
 * hardware breakpoints and four watchpoints"); variant/revision of the
 * A15 r2p1 and A7 r0p5 whose MIDRs the monitor shows. */
uint32_t dbg_didr(unsigned cluster)
{
	return cluster == 0 ? 0x3515F021u : 0x3515F005u;
}

static bool in_hw(enum dbg_reg r)
{
	return regs[r].kind == DBG_HW && dbg_hw_present(r);
}

void dbg_ctx_init(struct dbg_ctx *d)
{
	d->used = false;
	d->oslk = false;
	for (unsigned r = 0; r < DBG_NREGS; r++)
		d->reg[r] = regs[r].reset;
}

bool dbg_ctx_in_use(const struct dbg_ctx *d) { return d->used; }

/* From its first use on, the context is kept up to date: it takes the
 * hardware's registers once here, then every trapped write goes to both
 * (dbg_trap), so a switch-out reads only what the core changes itself
 * (DBG_HW_LIVE). Registers the core lacks keep the monitor's value. */
void dbg_ctx_mark_used(struct dbg_ctx *d)
{
	if (d->used)
		return;
	d->used = true;
	dbg_hw_save(d->reg);
}

/* The registers the core changes by itself, and the OS Lock: the rest is
 * in d->reg already (dbg_ctx_mark_used). Reading all 22 of QEMU's A15
 * here cost about 130 per switch. */
void dbg_switch_out(struct dbg_ctx *d)
{
	bool locked;

	if (dbg_hw_oslock(&locked))
		d->oslk = locked;
	dbg_hw_save_live(d->reg);
}

static const dbg_reg_t reset_values[DBG_NREGS] = {
#define DBG_RESET(name, kind, mask, reset) [DBG_##name] = (reset),
	DBG_REGS(DBG_RESET)
#undef DBG_RESET
};

/* The reset phase when dbg_switch_in() follows at once on the same core
 * (the in-place switch, hyp/switch/cluster.h): its load writes every
 * context register the core has, so their reset values could never be
 * seen (about 110 per switch); the OS Lock, which the load does not
 * write, takes its reset value, so the context loads with it held. */
void dbg_hw_reset_unrestored(unsigned inbound_cluster)
{
	bool locked;

	(void)inbound_cluster;   /* A15 and A7 debug logic reset alike */
	if (dbg_hw_oslock(&locked))
		dbg_hw_set_oslock(true);   /* v7.1: a debug cold reset sets the OS Lock */
}

void dbg_hw_reset(unsigned inbound_cluster)
{
	dbg_hw_load(reset_values);
	dbg_hw_reset_unrestored(inbound_cluster);
}

void dbg_switch_in(struct dbg_ctx *d, unsigned inbound_cluster)
{
	bool locked;

	(void)inbound_cluster;
	dbg_hw_load(d->reg);                        /* table order = safe restore order */
	if (dbg_hw_oslock(&locked))                /* restore done: the guest's lock state */
		dbg_hw_set_oslock(d->oslk);
}

static int find(uint32_t key)
{
	switch (key) {
#define DBG_CASE(name, kind, mask, reset) case CPK_##name: return DBG_##name;
	DBG_REGS(DBG_CASE)
#undef DBG_CASE
	default: return -1;
	}
}

int dbg_trap(struct dbg_ctx *d, unsigned active_cluster, uint32_t key, bool read, dbg_reg_t *rt)
{
	dbg_ctx_mark_used(d);
	if (key == CPK_DBGDIDR) {
		if (!read)
			return 1;
		*rt = dbg_didr(active_cluster);
		return 0;
	}
	int i = find(key);

	if (i < 0)
		return dbg_hw_passthrough(key, read, rt) ? 0 : 1;
	enum dbg_reg r = (enum dbg_reg)i;
	dbg_reg_t v = *rt & regs[r].mask;

	if (in_hw(r)) {
		if (read) {
			*rt = dbg_hw_read(r);
		} else {
			dbg_hw_write(r, v);
			d->reg[r] = v;   /* the context, kept up to date */
		}
		return 0;
	}
	switch (r) {
	case DBG_DBGCLAIMSET:   /* reads: which tags exist; writes set tags */
		if (read)
			*rt = CLAIM_TAGS;
		else
			d->reg[DBG_DBGCLAIMCLR] |= v;
		break;
	case DBG_DBGCLAIMCLR:   /* reads: tags set; writes clear tags */
		if (read)
			*rt = d->reg[DBG_DBGCLAIMCLR];
		else
			d->reg[DBG_DBGCLAIMCLR] &= ~v;
		break;
	default:
		if (read)
			*rt = d->reg[r];
		else
			d->reg[r] = v;
		break;
	}
	return 0;
}
