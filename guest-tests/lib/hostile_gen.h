/* What the hostile guests throw at the monitor (hostile.c on one CPU,
 * hostile_smp.c on all of them): HVC ids in and around the monitor's
 * range, pointers it must refuse, trapped MCR/MRC encodings, and the rule
 * of what a documented answer is (docs/abi.md). Each draws from the rng it
 * is given, so every CPU has its own repeatable sequence. */
#ifndef GUEST_HOSTILE_GEN_H
#define GUEST_HOSTILE_GEN_H

#include <stdbool.h>
#include <stdint.h>
#include "bl_pmu_abi.h"
#include "guest.h"
#include "rng.h"

/* A descriptor pointer: one the monitor must refuse (its own memory, past
 * RAM, devices, unaligned), any value, or `own` (the caller's buffer),
 * sometimes misaligned. */
static inline uint32_t hostile_ptr(struct rng *r, uint32_t own)
{
	const uint32_t bad[] = {
		0x00000000u, GUEST_UART, GUEST_RAM_BASE - 16, guest_ram_end - 24,
		monitor_base, monitor_base + 4, monitor_base + 0x100000, monitor_base + 0x1ffff0,
		0xfffffff0u, 0xffffffffu, GUEST_RAM_BASE + 2,
	};
	switch (rng_next(r) % 4) {
	case 0: return bad[rng_next(r) % (sizeof(bad) / sizeof(bad[0]))];
	case 1: return rng_next(r);
	default: return own + (rng_next(r) % 4 == 0 ? rng_next(r) % 8 : 0);
	}
}

/* An HVC function id: anywhere in 0x9000xxxx, any value, or near a real one. */
static inline uint32_t hostile_fid(struct rng *r)
{
	static const uint32_t bases[] = { 0x90001000u, 0x90001100u, 0x90001200u, 0x90001300u };

	switch (rng_next(r) % 4) {
	case 0: return 0x90000000u | (rng_next(r) & 0xffff);
	case 1: return rng_next(r);
	default: return bases[rng_next(r) % 4] + (rng_next(r) % 0x18);
	}
}

/* Is r a documented answer for fid? */
static inline bool hvc_documented(uint32_t fid, struct bl_hvc_regs r)
{
	bool known = (fid >= HVC_PMCR_READ && fid <= HVC_PMINTENCLR_WRITE) ||
		     (fid >= HVC_PMU_SWITCH && fid <= HVC_PMU_GET_STATE) ||
		     (fid >= HVC_GET_COUNTERS_SIZE && fid <= HVC_SYNC_PMU_COUNTERS) ||
		     (fid >= HVC_CLUSTER_SWITCH && fid <= HVC_PMU_SWINC);

	if (!known)
		return r.r0 == (uint32_t)BL_HVC_NOT_SUPPORTED;
	if (fid >= HVC_PMCR_READ && fid <= HVC_PMINTENCLR_WRITE)
		return r.r3 == 0 || r.r3 == (uint32_t)BL_HVC_INVALID_PARAMETER;
	switch (fid) {
	case HVC_PMU_SWITCH:
	case HVC_SYNC_PMU_COUNTERS:
	case HVC_AUTO_SWITCH:
		return r.r0 == 0 || r.r0 == (uint32_t)BL_HVC_INVALID_PARAMETER;
	case HVC_PMU_GET_STATE:
		return r.r0 >= 1 && r.r0 <= 3;
	case HVC_CLUSTER_SWITCH:
		return r.r0 <= 1 || r.r0 == (uint32_t)BL_HVC_INVALID_PARAMETER;
	case HVC_SWITCH_PERIOD:         /* off, or a period HVC_AUTO_SWITCH takes */
		return r.r0 == 0 || r.r0 >= BL_SWITCH_PERIOD_MIN;
	case HVC_PMU_SWINC:             /* any mask: 0 and the active cluster */
		return r.r0 == 0 && r.r1 <= 1;
	default:
		return true;
	}
}

/* A random MRC/MCR on p15 c9 (the PMU's space) or p14 opc1 0 (debug),
 * Rt in r0-r3; 0 for the two the guests leave out: PMCR writes (legal,
 * random P/C/E bits) and DBGOSLAR (locks debug out for the tests after). */
static inline uint32_t hostile_cp_insn(struct rng *r)
{
	bool p14 = rng_next(r) % 3 == 0;
	uint32_t read = rng_next(r) % 2, rt = rng_next(r) % 4;
	uint32_t opc1 = p14 ? 0 : rng_next(r) % 8, crn = p14 ? rng_next(r) % 8 : 9;
	uint32_t crm = rng_next(r) % 16, opc2 = rng_next(r) % 8;

	if (!p14 && crn == 9 && crm == 12 && opc2 == 0 && !read)
		return 0;
	if (p14 && !read && crn == 1 && crm == 0 && opc2 == 4)
		return 0;
	return 0xee000010u | (opc1 << 21) | (read << 20) | (crn << 16) | (rt << 12) |
	       ((p14 ? 14u : 15u) << 8) | (opc2 << 5) | crm;
}

/* Run one instruction placed in buf (4 words, this CPU's) with r0-r3 = 0:
 * the exception it takes, if any, is the guest's to record (exc.c). */
static inline void run_insn_at(uint32_t *buf, uint32_t insn)
{
	buf[0] = insn;
	buf[1] = 0xe12fff1eu;   /* bx lr */
	__asm__ volatile("dsb\n\tmcr p15, 0, %0, c7, c5, 0\n\tisb" : : "r"(0) : "memory");
	__asm__ volatile("mov r0, #0\n\tmov r1, #0\n\tmov r2, #0\n\tmov r3, #0\n\tblx %0"
			 : : "r"(buf) : "r0", "r1", "r2", "r3", "r12", "lr", "memory");
}

#endif
