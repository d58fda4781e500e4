/*
 * hyp/debug/dbg_context.c built a second time, with the AArch64 register
 * list (arch/arm64/dbg_regs.h: dbg_reg_t 64 bits), on a fake AArch64
 * debug register file (tests/support64/fake_dbg_hw64.c), reached as a
 * trapped MSR/MRS is: its syndrome key mapped to the AArch32 twin's by
 * arch/arm64/dbg_sysregs.h. Lazy save/restore and the switch as
 * hyp/switch/cluster.h runs it, with exact values - breakpoint and
 * watchpoint addresses above 2^32 included.
 * tests/debug/test_dbg_context.c is the AArch32 list's.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <string.h>
#include <cmocka.h>
#include "dbg_context.h"
#include "dbg_hw.h"
#include "dbg_sysregs.h"
#include "fake_dbg_hw64.h"

_Static_assert(sizeof(dbg_reg_t) == 8, "the AArch64 list (arch/arm64/dbg_regs.h)");

/* A trapped MSR (write) / MRS (read) of the register with this key */
static int msr(struct dbg_ctx *d, unsigned cl, uint32_t srk, uint64_t v)
{
	uint32_t twin = 0;

	assert_true(dbg_sysreg_twin(srk, &twin));
	return dbg_trap(d, cl, twin, false, &v);
}

static uint64_t mrs(struct dbg_ctx *d, unsigned cl, uint32_t srk)
{
	uint32_t twin = 0;
	uint64_t v = 0xabababababababab;

	assert_true(dbg_sysreg_twin(srk, &twin));
	assert_int_equal(dbg_trap(d, cl, twin, true, &v), 0);
	return v;
}

/* The switch of hyp/switch/cluster.h (cluster_switch_cpu), debug part:
 * lazy, and the reset the in-place switch does; restore false stops
 * after the reset, to look at the hardware in between. */
static void do_switch(struct dbg_ctx *d, unsigned to, bool restore)
{
	bool used = dbg_ctx_in_use(d);

	if (used)
		dbg_switch_out(d);
	if (!restore) {
		dbg_hw_reset(to);
		return;
	}
	if (used) {
		dbg_hw_reset_unrestored(to);
		dbg_switch_in(d, to);
	}
}

/* Every context register by its AArch64 name: the key, and a value of
 * all 64 bits the row keeps (the comparator values above 2^32) */
static const struct {
	uint32_t srk;
	enum dbg_reg row;
	uint64_t val, want;   /* written, read back (what the row keeps) */
} all[] = {
	{ SRK_DBGBVR0_EL1, DBG_DBGBVR0, 0xFFFF800012345679ull, 0xFFFF800012345678ull },
	{ SRK_DBGBVR1_EL1, DBG_DBGBVR1, 0x0000000100000004ull, 0x0000000100000004ull },
	{ SRK_DBGBVR2_EL1, DBG_DBGBVR2, 0x00007FFFFFFFF000ull, 0x00007FFFFFFFF000ull },
	{ SRK_DBGBVR3_EL1, DBG_DBGBVR3, 0xFFFFFFFFFFFFFFFFull, 0xFFFFFFFFFFFFFFFCull },
	{ SRK_DBGBVR4_EL1, DBG_DBGBVR4, 0x00FE000000000003ull, 0x00FE000000000003ull },   /* context ID: all 64 */
	{ SRK_DBGBVR5_EL1, DBG_DBGBVR5, 0x8000000000000001ull, 0x8000000000000001ull },
	{ SRK_DBGBCR0_EL1, DBG_DBGBCR0, 0x1e7, 0x1e7 },
	{ SRK_DBGBCR1_EL1, DBG_DBGBCR1, 0xFFFFFFFFFFFFFFFFull, 0x00FFE1E7u },
	{ SRK_DBGBCR2_EL1, DBG_DBGBCR2, 0x1e5, 0x1e5 },
	{ SRK_DBGBCR3_EL1, DBG_DBGBCR3, 0x0000000100000007ull, 0x7 },
	{ SRK_DBGBCR4_EL1, DBG_DBGBCR4, 0x003001e1, 0x003001e1 },
	{ SRK_DBGBCR5_EL1, DBG_DBGBCR5, 0x1e3, 0x1e3 },
	{ SRK_DBGWVR0_EL1, DBG_DBGWVR0, 0x0000004000001008ull, 0x0000004000001008ull },
	{ SRK_DBGWVR1_EL1, DBG_DBGWVR1, 0xFFFF00000000000Full, 0xFFFF00000000000Cull },
	{ SRK_DBGWVR2_EL1, DBG_DBGWVR2, 0x0000000200000010ull, 0x0000000200000010ull },
	{ SRK_DBGWVR3_EL1, DBG_DBGWVR3, 0x123456789ABCDEF0ull, 0x123456789ABCDEF0ull },
	{ SRK_DBGWCR0_EL1, DBG_DBGWCR0, 0x1ff7, 0x1ff7 },
	{ SRK_DBGWCR1_EL1, DBG_DBGWCR1, 0xFFFFFFFFFFFFFFFFull, 0x1F1FFFFFu },
	{ SRK_DBGWCR2_EL1, DBG_DBGWCR2, 0x0000000F00000ff7ull, 0xff7 },
	{ SRK_DBGWCR3_EL1, DBG_DBGWCR3, 0x1f000017, 0x1f000017 },
	{ SRK_MDSCR_EL1, DBG_DBGDSCREXT, 0xFFFFFFFFFFFFFFFFull, 0xB001 },   /* MDE, KDE, TDCC, SS */
	{ SRK_DBGPRCR_EL1, DBG_DBGPRCR, 0xFFFFFFFFull, 0x1 },
	{ SRK_MDCCINT_EL1, DBG_DBGDCCINT, 0xFFFFFFFFFFFFFFFFull, 0x60000000u },
	{ SRK_OSDTRRX_EL1, DBG_DBGDTRRXEXT, 0x1122334455667788ull, 0x55667788u },
	{ SRK_OSDTRTX_EL1, DBG_DBGDTRTXEXT, 0x8765432187654321ull, 0x87654321u },
	{ SRK_OSECCR_EL1, DBG_DBGOSECCR, 0xCAFEF00Du, 0xCAFEF00Du },
};
#define NALL (sizeof(all) / sizeof(all[0]))

static int setup(void **state)
{
	(void)state;
	fake64_power_on();
	return 0;
}

/* Nothing is touched until the guest's first access; then the context
 * takes the hardware's registers, exactly, 64 bits each. */
static void lazy_until_first_access(void **state)
{
	(void)state;
	struct dbg_ctx d;

	dbg_ctx_init(&d);
	fake64_reg[DBG_DBGBVR2] = 0x0000FFFF00001234ull & DBG_VA_MASK;
	assert_false(dbg_ctx_in_use(&d));
	do_switch(&d, 1, true);            /* unused: a switch costs nothing ... */
	do_switch(&d, 0, true);
	assert_int_equal(fake64_nwrites, 0);
	assert_int_equal(fake64_reg[DBG_DBGBVR2], 0x0000FFFF00001234ull);   /* ... and touches nothing */
	assert_true(mrs(&d, 0, SRK_DBGBVR2_EL1) == 0x0000FFFF00001234ull);
	assert_true(dbg_ctx_in_use(&d));
	assert_true(d.reg[DBG_DBGBVR2] == 0x0000FFFF00001234ull);           /* taken from the hardware */
	assert_true(d.reg[DBG_DBGBCR5] == fake64_reg[DBG_DBGBCR5]);
	assert_int_equal(fake64_nwrites, 0);   /* a read writes nothing */
	assert_int_equal(fake64_faults, 0);
}

/* Every register written through its AArch64 name, read back as the row
 * keeps it, after one switch and after 1000 (both clusters), and the
 * hardware holding the DBG_HW ones; the shadows never reach it. */
static void roundtrip_every_register(void **state)
{
	(void)state;
	struct dbg_ctx d;

	dbg_ctx_init(&d);
	for (unsigned k = 0; k < NALL; k++)
		assert_int_equal(msr(&d, 0, all[k].srk, all[k].val), 0);
	for (unsigned k = 0; k < NALL; k++)
		assert_true(mrs(&d, 0, all[k].srk) == all[k].want);
	for (unsigned i = 0; i < 1000; i++)
		do_switch(&d, (i + 1) & 1, true);
	for (unsigned k = 0; k < NALL; k++) {
		assert_true(mrs(&d, 0, all[k].srk) == all[k].want);
		if (all[k].row != DBG_DBGPRCR && all[k].row != DBG_DBGDCCINT && all[k].row != DBG_DBGDTRRXEXT &&
		    all[k].row != DBG_DBGDTRTXEXT && all[k].row != DBG_DBGOSECCR)
			assert_true(fake64_reg[all[k].row] == all[k].want);
		else
			assert_true(fake64_reg[all[k].row] == 0);   /* no such hardware register */
	}
	assert_int_equal(fake64_faults, 0);
}

/* Between save and restore the hardware is at reset: the comparator
 * values poison (UNKNOWN at reset), the controls and MDSCR_EL1 0, the OS
 * Lock set; the restore brings back every 64-bit value and the guest's
 * lock state. */
static void reset_then_restore(void **state)
{
	(void)state;
	struct dbg_ctx d;

	dbg_ctx_init(&d);
	assert_int_equal(msr(&d, 0, SRK_OSLAR_EL1, 0), 0);   /* the guest unlocks */
	assert_false(fake64_oslock);
	msr(&d, 0, SRK_DBGBVR0_EL1, 0x0000FFFF40001000ull);
	msr(&d, 0, SRK_DBGBCR0_EL1, 0x1e7);
	msr(&d, 0, SRK_DBGWVR3_EL1, 0x0000000500000008ull);
	msr(&d, 0, SRK_DBGWCR3_EL1, 0x1ff7);
	msr(&d, 0, SRK_MDSCR_EL1, 0xA000);                   /* MDE + KDE */
	do_switch(&d, 1, false);
	assert_true(fake64_reg[DBG_DBGBVR0] == DBG_POISON(0));
	assert_true(fake64_reg[DBG_DBGWVR3] == DBG_POISON(11));
	assert_true(fake64_reg[DBG_DBGBCR0] == 0);
	assert_true(fake64_reg[DBG_DBGWCR3] == 0);
	assert_true(fake64_reg[DBG_DBGDSCREXT] == 0);
	assert_true(fake64_oslock);
	dbg_switch_in(&d, 1);
	assert_true(fake64_reg[DBG_DBGBVR0] == 0x0000FFFF40001000ull);
	assert_true(fake64_reg[DBG_DBGWVR3] == 0x0000000500000008ull);
	assert_true(fake64_reg[DBG_DBGBCR0] == 0x1e7);
	assert_true(fake64_reg[DBG_DBGWCR3] == 0x1ff7);
	assert_true(fake64_reg[DBG_DBGDSCREXT] == 0xA000);
	assert_false(fake64_oslock);                         /* the guest's, after the load */
	/* a guest that holds the lock keeps holding it across a switch */
	msr(&d, 1, SRK_OSLAR_EL1, 1);
	do_switch(&d, 0, true);
	assert_true(fake64_oslock);
	assert_true((mrs(&d, 0, SRK_OSLSR_EL1) & 0x2) != 0);
	assert_int_equal(fake64_faults, 0);
}

/* The restore writes every comparator before MDSCR_EL1 (MDE, KDE: nothing
 * fires on a half-restored context) and all of it with the OS Lock held;
 * the in-place switch writes each hardware row once. */
static void restore_order_and_lock(void **state)
{
	(void)state;
	struct dbg_ctx d;
	unsigned hw_rows = 0;

	for (unsigned r = 0; r < DBG_NREGS; r++)
		hw_rows += dbg_hw_present((enum dbg_reg)r);
	assert_int_equal(hw_rows, 21);   /* 6 + 6 + 4 + 4 comparator registers, MDSCR_EL1 */
	dbg_ctx_init(&d);
	msr(&d, 0, SRK_OSLAR_EL1, 0);
	msr(&d, 0, SRK_MDSCR_EL1, 0x8000);
	fake64_reset_log();
	do_switch(&d, 1, true);
	assert_int_equal(fake64_nwrites, hw_rows);
	assert_int_equal(fake64_write_log[hw_rows - 1], DBG_DBGDSCREXT);
	for (unsigned i = 0; i < hw_rows; i++) {
		assert_true(fake64_write_locked[i]);
		for (unsigned j = 0; j < i; j++)
			assert_int_not_equal(fake64_write_log[i], fake64_write_log[j]);
	}
	assert_false(fake64_oslock);
	assert_true(fake64_reg[DBG_DBGDSCREXT] == 0x8000);
}

/* The claim tags (a software protocol, kept by the monitor): SET reads
 * the tags there are, CLR the ones set; both survive switches. */
static void claim_tags(void **state)
{
	(void)state;
	struct dbg_ctx d;

	dbg_ctx_init(&d);
	assert_true(mrs(&d, 0, SRK_DBGCLAIMSET_EL1) == 0xFF);
	msr(&d, 0, SRK_DBGCLAIMSET_EL1, 0x0000000100000015ull);
	msr(&d, 0, SRK_DBGCLAIMCLR_EL1, 0x4);
	do_switch(&d, 1, true);
	assert_true(mrs(&d, 1, SRK_DBGCLAIMCLR_EL1) == 0x11);
	assert_true(mrs(&d, 1, SRK_DBGCLAIMSET_EL1) == 0xFF);
	assert_int_equal(fake64_faults, 0);
}

/* Outside the context: MDCCSR_EL0, OSLSR_EL1, OSDLR_EL1 and MDRAR_EL1 are
 * the core's, passed through; read-only ones refuse a write, OSLAR_EL1 a
 * read; what neither the context nor the core has is an undefined
 * instruction (1), and changes nothing. */
static void passthrough_and_undefined(void **state)
{
	(void)state;
	struct dbg_ctx d;
	uint32_t twin;
	uint64_t v = 5;

	dbg_ctx_init(&d);
	assert_true(mrs(&d, 0, SRK_MDCCSR_EL0) == 0x20000000u);
	assert_true(mrs(&d, 0, SRK_MDRAR_EL1) == 0x0000000080030003ull);
	assert_true(mrs(&d, 0, SRK_OSLSR_EL1) == 0xA);       /* OSLM 0b10, OSLK: cold reset */
	assert_int_equal(msr(&d, 0, SRK_OSDLR_EL1, 0xFFFFFFFFFFFFFFFFull), 0);
	assert_true(fake64_osdlr == 1);
	assert_true(mrs(&d, 0, SRK_OSDLR_EL1) == 1);
	assert_int_equal(msr(&d, 0, SRK_MDCCSR_EL0, 0), 1);
	assert_int_equal(msr(&d, 0, SRK_OSLSR_EL1, 0), 1);
	assert_int_equal(msr(&d, 0, SRK_MDRAR_EL1, 0), 1);
	assert_true(dbg_sysreg_twin(SRK_OSLAR_EL1, &twin));
	assert_int_equal(dbg_trap(&d, 0, twin, true, &v), 1);
	/* DBGVCR's twin encoding (p14 0 c0 c7 0) is no AArch64 register:
	 * the map refuses it (dbg_sysregs.h), so the AArch32 row cannot be
	 * reached by MSR/MRS; c1 c2 4, which no row or pass-through has */
	assert_false(dbg_sysreg_twin(SR_KEY(2, 0, 0, 7, 0), &twin));
	assert_int_equal(dbg_trap(&d, 0, SR_KEY(2, 0, 1, 2, 4) & ~SR_KEY(3, 0, 0, 0, 0), true, &v), 1);
	assert_true(v == 5);
	assert_true(fake64_oslock);
	assert_int_equal(fake64_nwrites, 0);
	assert_int_equal(fake64_faults, 0);
}

/* An AArch32 MCR/MRC p14 DBGVCR (trap32.c, by its key): an AArch32 EL1
 * guest's vector catch, kept by the context - reset value 0 on a fresh
 * context, the row's writable bits alone (NS and S catches, RES0 bits 0),
 * its value exactly over 1000 switches, reset again by a fresh
 * context (CPU_ON) - and never in the fake's hardware: the switch's
 * save/restore is the 21 AArch64 rows' alone (DBGVCR32_EL2 is written by
 * trap32.c, not here), so an AArch64 guest's switch is unchanged. */
static uint64_t a32_rw(struct dbg_ctx *d, unsigned cl, bool read, uint64_t v)
{
	assert_int_equal(dbg_trap(d, cl, CPK_DBGVCR, read, &v), 0);
	return v;
}

static void dbgvcr_aarch32_row(void **state)
{
	(void)state;
	struct dbg_ctx d;

	dbg_ctx_init(&d);
	assert_true(a32_rw(&d, 0, true, 0xabab) == 0);              /* reset value */
	a32_rw(&d, 0, false, 0xFFFFFFFFFFFFFFFFull);
	assert_true(a32_rw(&d, 0, true, 0) == 0xDE0000DEull);        /* [31:30] [28:25] [7:6] [4:1] */
	a32_rw(&d, 0, false, 0x8400005Aull);
	assert_true(a32_rw(&d, 0, true, 0) == 0x8400005Aull);
	msr(&d, 0, SRK_DBGBCR0_EL1, 0x1e7);                           /* an AArch64 row beside it */
	fake64_reset_log();
	for (unsigned i = 0; i < 1000; i++)
		do_switch(&d, (i + 1) & 1, true);
	assert_int_equal(fake64_nwrites, 1000 * 21);                 /* the AArch64 rows, no more */
	assert_true(a32_rw(&d, 1, true, 0) == 0x8400005Aull);
	assert_true(mrs(&d, 0, SRK_DBGBCR0_EL1) == 0x1e7);
	assert_true(fake64_reg[DBG_DBGVCR] == 0);                    /* never in the hardware */
	assert_int_equal(fake64_faults, 0);
	dbg_ctx_init(&d);                                             /* a fresh core (CPU_ON) */
	assert_true(a32_rw(&d, 0, true, 0) == 0);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup(lazy_until_first_access, setup),
		cmocka_unit_test_setup(roundtrip_every_register, setup),
		cmocka_unit_test_setup(reset_then_restore, setup),
		cmocka_unit_test_setup(restore_order_and_lock, setup),
		cmocka_unit_test_setup(claim_tags, setup),
		cmocka_unit_test_setup(passthrough_and_undefined, setup),
		cmocka_unit_test_setup(dbgvcr_aarch32_row, setup),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
