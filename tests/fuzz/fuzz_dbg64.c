/*
 * libFuzzer target: the AArch64 debug context - hyp/debug/dbg_context.c
 * with arch/arm64/dbg_regs.h, on the fake AArch64 debug registers
 * (tests/support64/), reached through arch/arm64/dbg_sysregs.h as a
 * trapped MSR/MRS is. The input is a program of 10-byte steps: an MSR or
 * MRS of any op0 2 encoding (or MDCCSR_EL0) with a 64-bit value, or a
 * cluster switch as hyp/switch/cluster.h does it. Oracle, a model of the
 * context written here: every MRS of a context register reads the last
 * value written masked to what the row keeps (or, before any write, what
 * the hardware held at the first access), the claim tags as SET/CLR
 * compose, an unknown encoding is an undefined instruction that changes
 * nothing; after every switch the hardware holds the model's DBG_HW
 * values and the guest's OS Lock, and no shadow row ever reaches it.
 * Built by its own rule (Makefile, DBG64_FUZZ_*): the AArch64 list.
 */
#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include "dbg_context.h"
#include "dbg_hw.h"
#include "dbg_sysregs.h"
#include "fake_dbg_hw64.h"

static const struct { dbg_reg_t mask; enum dbg_kind kind; uint32_t key; } row[DBG_NREGS] = {
#define ROW(name, kind, mask, reset) [DBG_##name] = { mask, kind, CPK_##name },
	DBG_REGS(ROW)
#undef ROW
};

static struct dbg_ctx ctx;
static dbg_reg_t model[DBG_NREGS];
static bool used, oslk;
static unsigned cluster;

static int row_of(uint32_t twin)
{
	for (unsigned r = 0; r < DBG_NREGS; r++)
		if (row[r].key == twin)
			return (int)r;
	return -1;
}

static void first_use(void)
{
	if (used)
		return;
	used = true;
	for (unsigned r = 0; r < DBG_NREGS; r++)
		if (row[r].kind == DBG_HW)
			model[r] = fake64_reg[r] & row[r].mask;
}

static void sysreg_access(uint32_t key, bool read, uint64_t v)
{
	uint32_t twin;
	uint64_t rt = v;

	if (!dbg_sysreg_twin(key, &twin))
		return;   /* not a debug register: trap.c's business */
	first_use();   /* the context takes the hardware as it is now */
	bool lock_before = fake64_oslock;
	int rc = dbg_trap(&ctx, cluster, twin, read, &rt);
	int r = row_of(twin);

	if (r < 0) {   /* pass-through or undefined: the core's, not the context's */
		if (rc == 1 && (rt != v || fake64_oslock != lock_before))
			abort();
		if (twin == CPK_DBGOSLAR && !read)
			oslk = v & 1u;
		return;
	}
	if (rc != 0)
		abort();
	dbg_reg_t m = row[r].mask, w = v & m;

	dbg_reg_t want = model[r];

	if (r == DBG_DBGCLAIMSET) {   /* reads the tags there are, sets tags */
		want = 0xFF;
		if (!read)
			model[DBG_DBGCLAIMCLR] |= w;
	} else if (r == DBG_DBGCLAIMCLR) {   /* reads the tags set, clears tags */
		if (!read)
			model[r] &= ~w;
	} else if (!read) {
		model[r] = w;
	}
	if (read && rt != want)
		abort();
}

static void do_switch(unsigned to)
{
	if (dbg_ctx_in_use(&ctx)) {
		dbg_switch_out(&ctx);
		dbg_hw_reset_unrestored(to);
		dbg_switch_in(&ctx, to);
		for (unsigned r = 0; r < DBG_NREGS; r++)
			if (row[r].kind == DBG_HW && fake64_reg[r] != model[r])
				abort();
		if (fake64_oslock != oslk)
			abort();
	}
	cluster = to;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	fake64_power_on();
	dbg_ctx_init(&ctx);
	memset(model, 0, sizeof(model));
	used = false;
	oslk = true;   /* the power-on OS Lock */
	cluster = 0;
	for (size_t i = 0; i + 10 <= size; i += 10) {
		const uint8_t *s = data + i;
		uint64_t v;

		memcpy(&v, s + 2, sizeof(v));
		switch (s[0] % 3) {
		case 0:
		case 1: {
			/* op0 2: op1 (0 mostly, 3 for MDCCSR_EL0), CRn, CRm, op2 */
			static const unsigned crns[4] = { 0, 1, 7, 2 };
			unsigned op1 = (s[1] & 0x80) ? 3 : 0, crn = crns[(s[1] >> 3) & 3u], crm = s[0] >> 4,
				 op2 = s[1] & 7u;

			sysreg_access(SR_KEY(2, op1, crn, crm, op2), s[0] % 3 == 1, v);
			break;
		}
		default:
			do_switch((s[1] & 1u) ^ cluster ? 1u - cluster : cluster);
			break;
		}
	}
	if (fake64_faults)
		abort();
	return 0;
}
