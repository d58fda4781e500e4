/* hyp/debug/dbg_context.c on a fake CP14 (tests/support/fake_dbg_hw.c). */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <string.h>
#include <cmocka.h>
#include "dbg_context.h"
#include "fake_dbg_hw.h"
#include "cpregs.h"

static uint32_t key_of(enum dbg_reg r)
{
	static const uint32_t keys[DBG_NREGS] = {
#define K(name, kind, mask, reset) [DBG_##name] = CPK_##name,
		DBG_REGS(K)
#undef K
	};
	return keys[r];
}

static int wr(struct dbg_ctx *d, unsigned cl, enum dbg_reg r, uint32_t v)
{
	return dbg_trap(d, cl, key_of(r), false, &v);
}

static uint32_t rd(struct dbg_ctx *d, unsigned cl, enum dbg_reg r)
{
	uint32_t v = 0xabababab;

	assert_int_equal(dbg_trap(d, cl, key_of(r), true, &v), 0);
	return v;
}

static void do_switch(struct dbg_ctx *d, unsigned to, bool restore)
{
	dbg_switch_out(d);
	dbg_hw_reset(to);
	if (restore)
		dbg_switch_in(d, to);
}

/* distinct, mask-respecting values for every register */
static uint32_t pattern(enum dbg_reg r)
{
	return 0x13572460u + 0x01010104u * r;
}

static void roundtrip_all_after_1000_switches(void **state)
{
	(void)state;
	struct dbg_ctx d;
	uint32_t want[DBG_NREGS];

	fake_dbg_like_qemu();
	dbg_ctx_init(&d);
	for (unsigned r = 0; r < DBG_NREGS; r++)
		wr(&d, 0, (enum dbg_reg)r, pattern((enum dbg_reg)r));
	for (unsigned r = 0; r < DBG_NREGS; r++)
		want[r] = rd(&d, 0, (enum dbg_reg)r);
	for (unsigned i = 0; i < 1000; i++)
		do_switch(&d, (i + 1) & 1, true);
	for (unsigned r = 0; r < DBG_NREGS; r++)
		assert_int_equal(rd(&d, 0, (enum dbg_reg)r), want[r]);
	/* and the hardware itself holds the values of what it implements */
	assert_int_equal(fake_dbg_reg[DBG_DBGBVR3], pattern(DBG_DBGBVR3) & 0xFFFFFFFCu);
	assert_int_equal(fake_dbg_reg[DBG_DBGBCR3], pattern(DBG_DBGBCR3) & 0x00FFE1E7u);
}

/* Between save and restore the hardware is at reset: a missing restore
 * leaves poison in the value registers and disabled controls. */
static void missing_restore_is_visible(void **state)
{
	(void)state;
	struct dbg_ctx d;

	fake_dbg_reset_all_present();
	dbg_ctx_init(&d);
	wr(&d, 0, DBG_DBGBVR0, 0x40001000u);
	wr(&d, 0, DBG_DBGBCR0, 0x1e7u);
	wr(&d, 0, DBG_DBGDSCREXT, 1u << 15);
	do_switch(&d, 1, false);
	assert_int_equal(fake_dbg_reg[DBG_DBGBVR0], DBG_POISON(0));
	assert_int_equal(fake_dbg_reg[DBG_DBGBCR0], 0);
	assert_int_equal(fake_dbg_reg[DBG_DBGDSCREXT], 0);
	dbg_switch_in(&d, 1);
	assert_int_equal(fake_dbg_reg[DBG_DBGBVR0], 0x40001000u);
	assert_int_equal(fake_dbg_reg[DBG_DBGBCR0], 0x1e7u);
	assert_int_equal(fake_dbg_reg[DBG_DBGDSCREXT], 1u << 15);
}

/* Restore order: DBGDSCRext (MDBGen) is written after every comparator. */
static void restore_order_enables_last(void **state)
{
	(void)state;
	assert_true(DBG_DBGDSCREXT == DBG_NREGS - 1);
	assert_true(DBG_DBGBVR0 < DBG_DBGBCR0 && DBG_DBGWVR0 < DBG_DBGWCR0);
}

static void lazy_until_first_access(void **state)
{
	(void)state;
	struct dbg_ctx d;

	fake_dbg_reset_all_present();
	dbg_ctx_init(&d);
	assert_false(dbg_ctx_in_use(&d));
	(void)rd(&d, 0, DBG_DBGBVR1);
	assert_true(dbg_ctx_in_use(&d));
}

static void shadow_semantics(void **state)
{
	(void)state;
	struct dbg_ctx d;

	fake_dbg_like_qemu();
	dbg_ctx_init(&d);
	/* claim tags: SET reads the implemented tags, CLR reads the set ones */
	wr(&d, 0, DBG_DBGCLAIMSET, 0x0f);
	wr(&d, 0, DBG_DBGCLAIMCLR, 0x03);
	assert_int_equal(rd(&d, 0, DBG_DBGCLAIMSET), 0xff);
	assert_int_equal(rd(&d, 0, DBG_DBGCLAIMCLR), 0x0c);
	/* DBGPRCR keeps only CORENPDRQ: a guest cannot request a core reset */
	wr(&d, 0, DBG_DBGPRCR, 0xffffffffu);
	assert_int_equal(rd(&d, 0, DBG_DBGPRCR), 1);
	assert_int_equal(fake_dbg_reg[DBG_DBGPRCR], 0);   /* never reached the hardware */
	/* integration mode: RAZ/WI */
	wr(&d, 0, DBG_DBGITCTRL, 1);
	assert_int_equal(rd(&d, 0, DBG_DBGITCTRL), 0);
	/* a register the core lacks is kept by the monitor and migrates */
	wr(&d, 0, DBG_DBGVCR, 0xde);
	do_switch(&d, 1, true);
	assert_int_equal(rd(&d, 1, DBG_DBGVCR), 0xde);
	assert_int_equal(rd(&d, 1, DBG_DBGCLAIMCLR), 0x0c);
}

static void identity_and_undef(void **state)
{
	(void)state;
	struct dbg_ctx d;
	uint32_t v = 0;

	fake_dbg_reset_all_present();
	dbg_ctx_init(&d);
	assert_int_equal(dbg_trap(&d, 0, CPK_DBGDIDR, true, &v), 0);
	assert_int_equal(v, 0x3515F021u);
	assert_int_equal(dbg_trap(&d, 1, CPK_DBGDIDR, true, &v), 0);
	assert_int_equal(v, 0x3515F005u);
	assert_int_equal(dbg_trap(&d, 1, CPK_DBGDIDR, false, &v), 1);   /* read-only */
	assert_int_equal(dbg_trap(&d, 0, CP_KEY(0, 7, 14, 6), true, &v), 1); /* not emulated */
	assert_int_equal(dbg_trap(&d, 0, CPK_DBGOSLSR, true, &v), 0);   /* pass-through */
	assert_int_equal(v, 0x8);
	assert_int_equal(dbg_trap(&d, 0, CPK_DBGOSLSR, false, &v), 1);
}

/* The OS Lock moves with the context; it is held while restoring. */
static void os_lock_migrates(void **state)
{
	(void)state;
	struct dbg_ctx d;

	fake_dbg_reset_all_present();
	dbg_ctx_init(&d);
	(void)rd(&d, 0, DBG_DBGBVR0);
	fake_dbg_oslock = true;           /* the guest locked it on A15 */
	dbg_switch_out(&d);
	dbg_hw_reset(1);
	assert_true(fake_dbg_oslock);      /* reset: locked */
	fake_dbg_oslock = false;
	dbg_hw_reset(1);
	assert_true(fake_dbg_oslock);
	dbg_switch_in(&d, 1);
	assert_true(fake_dbg_oslock);      /* the guest's state: locked */
	fake_dbg_oslock = false;           /* guest unlocks on A7 */
	do_switch(&d, 0, true);
	assert_false(fake_dbg_oslock);
}

static void masks_respected(void **state)
{
	(void)state;
	struct dbg_ctx d;

	fake_dbg_reset_all_present();
	dbg_ctx_init(&d);
	wr(&d, 0, DBG_DBGBVR2, 0xffffffffu);
	assert_int_equal(fake_dbg_reg[DBG_DBGBVR2], 0xfffffffcu);
	wr(&d, 0, DBG_DBGBVR4, 0xffffffffu);   /* context-ID capable: all bits */
	assert_int_equal(fake_dbg_reg[DBG_DBGBVR4], 0xffffffffu);
	wr(&d, 0, DBG_DBGDSCREXT, 0xffffffffu);   /* only the self-hosted bits */
	assert_int_equal(fake_dbg_reg[DBG_DBGDSCREXT], 0x0000903Cu);
}

/* The in-place switch's reset phase (dbg_hw_reset_unrestored) leaves out
 * what dbg_switch_in() overwrites: the same switches with the full reset
 * and with it leave the same registers and OS Lock, on a core with every
 * register and on QEMU's, the lock held or not. */
static void reset_unrestored_is_unseen(void **state)
{
	(void)state;

	for (unsigned like_qemu = 0; like_qemu < 2; like_qemu++)
		for (unsigned lock = 0; lock < 2; lock++) {
			uint32_t reg[2][DBG_NREGS];
			bool oslk[2];

			for (unsigned lean = 0; lean < 2; lean++) {
				struct dbg_ctx d;

				if (like_qemu)
					fake_dbg_like_qemu();
				else
					fake_dbg_reset_all_present();
				dbg_ctx_init(&d);
				for (unsigned r = 0; r < DBG_NREGS; r++)
					wr(&d, 0, (enum dbg_reg)r, pattern((enum dbg_reg)r));
				fake_dbg_oslock = lock;
				for (unsigned k = 0; k < 3; k++) {
					dbg_switch_out(&d);
					if (lean)
						dbg_hw_reset_unrestored(k & 1);
					else
						dbg_hw_reset(k & 1);
					dbg_switch_in(&d, k & 1);
				}
				memcpy(reg[lean], fake_dbg_reg, sizeof(reg[lean]));
				oslk[lean] = fake_dbg_oslock;
			}
			assert_memory_equal(reg[0], reg[1], sizeof(reg[0]));
			assert_int_equal(oslk[0], oslk[1]);
			assert_int_equal(oslk[0], lock);
		}
}

/* Only the registers the core changes itself are read at a switch-out;
 * the rest come from the guest's trapped writes, kept in the context
 * (first use takes the hardware's values once). */
static void live_registers_saved(void **state)
{
	(void)state;
	struct dbg_ctx d;

	fake_dbg_reset_all_present();
	fake_dbg_reg[DBG_DBGBVR3] = 0x1230u;     /* before first use: taken once */
	dbg_ctx_init(&d);
	wr(&d, 0, DBG_DBGBVR0, 0x4000u);
	fake_dbg_reg[DBG_DBGWFAR] = 0x8000u;     /* a watchpoint hit */
	fake_dbg_reg[DBG_DBGDSCREXT] = 0x8008u;  /* MDBGen, MOE of the event */
	fake_dbg_reg[DBG_DBGDTRTXEXT] = 0x55u;   /* the guest's native DTRTXint */
	do_switch(&d, 1, true);
	assert_int_equal(fake_dbg_reg[DBG_DBGWFAR], 0x8000u);
	assert_int_equal(fake_dbg_reg[DBG_DBGDSCREXT], 0x8008u);
	assert_int_equal(fake_dbg_reg[DBG_DBGDTRTXEXT], 0x55u);
	assert_int_equal(fake_dbg_reg[DBG_DBGBVR0], 0x4000u);
	assert_int_equal(fake_dbg_reg[DBG_DBGBVR3], 0x1230u);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(roundtrip_all_after_1000_switches),
		cmocka_unit_test(missing_restore_is_visible),
		cmocka_unit_test(restore_order_enables_last),
		cmocka_unit_test(lazy_until_first_access),
		cmocka_unit_test(shadow_semantics),
		cmocka_unit_test(identity_and_undef),
		cmocka_unit_test(os_lock_migrates),
		cmocka_unit_test(masks_respected),
		cmocka_unit_test(reset_unrestored_is_unseen),
		cmocka_unit_test(live_registers_saved),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
