/*
 * HVC dispatch, SMCCC style (DEN0020 / DEN0028): r0 = function id,
 * r1..r3 = arguments, results in r0..r3. Unknown id -> -1. HVC with a
 * non-zero immediate is not this ABI -> UNDEF in the guest.
 *
 * The id's offset from 0x9000_1000 indexes a table of per-call handlers
 * straight away: no search, no second decode (HVC_CALLS below is the one
 * list; docs/performance.md has the cost). Handlers work in place
 * on the guest's r0-r3 in the trap frame and never need its PC or CPSR.
 * The ids are SMCCC's 32-bit ones: on AArch64 r0-r3 are x0-x3 and the
 * arguments their low halves (w0-w3; a 64-bit value as two of them, as on
 * AArch32), the results zero-extended.
 *
 * A back end that has no cluster switches, SMP or PSCI yet (arch_caps.h:
 * AArch64 at issue #27's first step) leaves their ids out of the table:
 * they answer -1, as an unknown id does.
 *
 * SMCCC's 64-bit convention (id bit 30, BL_HVC_SMC64): on a back end with
 * 64-bit registers (ARCH_HAS_SMC64) the table has a second half for those
 * ids, indexed the same way, where the calls that want 64 bits - the
 * cycle counter in one register, SYNC's array at a 64-bit address - have
 * their 64-bit forms (X64 below) and every other slot is a hole (-1). On
 * AArch32 there is no second half: those ids are outside the table, -1.
 */
#include <stddef.h>
#include "exit.h"
#include "arch_caps.h"
#include "psci.h"
#include "cluster.h"
#include "smp.h"
#include "switch.h"
#include "guest_mem.h"
#include "arch_cpu.h"
#include "vcpu.h"
#include "blmon_log.h"
#include "percpu.h"
#include "pmu_hvc.h"
#include "platform.h"

typedef void (*hvc_fn)(guest_reg_t r[4], struct hyp_cpu *c);

/* Table 4: one handler per call, generated from the register list. */
#define HVC_TYPEB(reg)                                                         \
	static void hvc_read_##reg(guest_reg_t r[4], struct hyp_cpu *c)           \
	{                                                                      \
		pmu_typeb_read_##reg(r, &c->pmu);                              \
	}                                                                      \
	static void hvc_write_##reg(guest_reg_t r[4], struct hyp_cpu *c)          \
	{                                                                      \
		pmu_typeb_write_##reg(r, &c->pmu);                             \
	}
PMU_TYPEB_REGS(HVC_TYPEB)
#undef HVC_TYPEB

/* Table 3: the trap bits follow the state. Going to state 1 (or a bad
 * value) calls out of line (pmu_hvc_pmu_switch_to_1): a function of its
 * own, entered by a tail call, so the way to state 3 keeps no frame. */
static void __attribute__((noinline)) hvc_pmu_switch_other(guest_reg_t r[4], struct hyp_cpu *c)
{
	r[0] = (uint32_t)pmu_hvc_pmu_switch_to_1(&c->pmu, r[1]);
	hyp_update_traps(c);
}

static void hvc_pmu_switch(guest_reg_t r[4], struct hyp_cpu *c)
{
	if ((uint32_t)r[1] != 1) {
		hvc_pmu_switch_other(r, c);
		return;
	}
	r[0] = (uint32_t)pmu_hvc_pmu_switch(&c->pmu, 1);
	hyp_update_traps(c);
}

static void hvc_pmu_get_state(guest_reg_t r[4], struct hyp_cpu *c)
{
	r[0] = pmu_state(&c->pmu);
}

/*
 * HVC_SYNC_PMU_COUNTERS: the array must lie in guest RAM - the header
 * first, then (entries + 1) elements once entries is known to be in range.
 * pmu_sync_entries() copies each entry's inputs once into monitor memory and
 * checks them all before anything is applied or written back, so a guest
 * changing the array meanwhile (another CPU) cannot race the checks.
 */
static int32_t sync_counters(struct hyp_cpu *c, uint32_t addr)
{
	const struct guest_ram *m = &hyp_guest_ram;
	const uint32_t esz = sizeof(struct descriptor);

	if ((addr & 3) || !guest_range_ok(m, addr, esz) || addr == 0)   /* pmu_sync_entries(): not null */
		return BL_HVC_INVALID_PARAMETER;
	uint32_t entries = *(const volatile uint32_t *)(uintptr_t)addr;   /* header.entries */

	/* the exact limit (pmu_sync_entries() does not check it again),
	 * before the size is computed, so it cannot overflow */
	if (entries > PMU_SYNC_ENTRIES || !guest_range_ok(m, addr, (entries + 1) * esz))
		return BL_HVC_INVALID_PARAMETER;
	return pmu_sync_entries(&c->pmu, (struct descriptor *)(uintptr_t)addr, entries);   /* header read once */
}

static void hvc_get_counters_size(guest_reg_t r[4], struct hyp_cpu *c)
{
	(void)c;
	r[0] = pmu_counters_size();
}

static void hvc_sync_pmu_counters(guest_reg_t r[4], struct hyp_cpu *c)
{
	r[0] = (uint32_t)sync_counters(c, r[1]);
}

#if ARCH_HAS_SMC64
/* The 64-bit forms (SMC64): the same calls, their values whole. SYNC's
 * address is all of x1: one at or above 4 GiB is outside the guest's RAM
 * (guest_range_ok64: its low half alone must not pass for a pointer into
 * it); below, the 32-bit form's checks. */
static void hvc_sync_pmu_counters64(guest_reg_t r[4], struct hyp_cpu *c)
{
	r[0] = guest_range_ok64(&hyp_guest_ram, r[1], sizeof(struct descriptor))
		       ? (uint32_t)sync_counters(c, (uint32_t)r[1])
		       : (uint32_t)BL_HVC_INVALID_PARAMETER;
}

/* x0 = the 64 bits (x1 = 0), x3 = the status, as the 32-bit form's r3 */
static void hvc_read_PMCCNTR64(guest_reg_t r[4], struct hyp_cpu *c)
{
	pmu_typeb_read_PMCCNTR(r, &c->pmu);
	r[0] = (uint32_t)r[0] | (uint64_t)r[1] << 32;
	r[1] = 0;
}

/* x2 = the 64 bits: the 32-bit form's r2 (low) and r3 (high) */
static void hvc_write_PMCCNTR64(guest_reg_t r[4], struct hyp_cpu *c)
{
	uint64_t v = r[2];

	r[2] = (uint32_t)v;
	r[3] = v >> 32;
	pmu_typeb_write_PMCCNTR(r, &c->pmu);
}
#endif

/* Code and read-only data never change at run time: tests compare this
 * before and after hostile input to show the guest could not write them. */
static uint32_t image_checksum(void)
{
	extern const uint32_t __image_start[], __ro_end[];
	/* linker symbols: compare addresses, not pointers to distinct objects */
	uintptr_t end = (uintptr_t)__ro_end;
	uint32_t a = 1, b = 0;

	for (uintptr_t p = (uintptr_t)__image_start; p < end; p += 4) {
		a = (a + *(const uint32_t *)p) % 65521u;
		b = (b + a) % 65521u;
	}
	return (b << 16) | a;
}

/* Extensions: cluster switch trigger, automatic switching, identity. */
#if ARCH_HAS_CLUSTER_SWITCH
static void hvc_cluster_switch(guest_reg_t r[4], struct hyp_cpu *c)
{
	r[0] = (uint32_t)system_switch(c, r[1]);
}
#endif

#if ARCH_HAS_SWITCHING
static void hvc_auto_switch(guest_reg_t r[4], struct hyp_cpu *c)
{
	r[0] = (uint32_t)switch_set_period(c, r[1]);
	r[1] = c->switches;   /* lets a caller see switches happen */
}
#endif

static void hvc_monitor_info(guest_reg_t r[4], struct hyp_cpu *c)
{
	uint32_t cpsr = cpu_psr();

	r[0] = BL_ABI_VERSION;
	r[1] = pmu_active_cluster(&c->pmu);
	r[2] = cpsr;   /* lets a test see the monitor runs in HYP */
	r[3] = c->index;
}

#if ARCH_HAS_CLUSTER_SWITCH
static void hvc_system_info(guest_reg_t r[4], struct hyp_cpu *c)
{
	r[0] = switch_count();
	r[1] = switch_cluster();
	r[2] = smp_online();
	r[3] = c->switches;
}
#endif

#if ARCH_HAS_SWITCHING
static void hvc_switch_period(guest_reg_t r[4], struct hyp_cpu *c)
{
	(void)c;
	r[0] = switch_period();
}
#endif

/* Type B's software increment (ABI 1.2): no state change. */
static void hvc_pmu_swinc(guest_reg_t r[4], struct hyp_cpu *c)
{
	r[1] = pmu_typeb_swinc(&c->pmu, r[1]);
	r[0] = BL_HVC_SUCCESS;
}

static void hvc_monitor_checksum(guest_reg_t r[4], struct hyp_cpu *c)
{
	(void)c;
	r[0] = image_checksum();
}

/* Every call of the ABI: X(function id, handler); XC for the cluster
 * switch, XS for the rest of the switching subsystem, which a back end may
 * not have yet (arch_caps.h); X64 for the 64-bit forms (SMCCC64: id |
 * BL_HVC_SMC64), which only a back end with 64-bit registers has. */
#if ARCH_HAS_CLUSTER_SWITCH
#define XC(fid, fn) X(fid, fn)
#else
#define XC(fid, fn)
#endif
#if ARCH_HAS_SWITCHING
#define XS(fid, fn) X(fid, fn)
#else
#define XS(fid, fn)
#endif
#if ARCH_HAS_SMC64
#define X64(fid, fn) X((fid) | BL_HVC_SMC64, fn)
#else
#define X64(fid, fn)
#endif
#define HVC_TYPEB_CALLS(reg) X(HVC_##reg##_READ, hvc_read_##reg) X(HVC_##reg##_WRITE, hvc_write_##reg)
#define HVC_CALLS                                                              \
	PMU_TYPEB_REGS(HVC_TYPEB_CALLS)                   /* Table 4 */        \
	X64(HVC_PMCCNTR_READ, hvc_read_PMCCNTR64)                              \
	X64(HVC_PMCCNTR_WRITE, hvc_write_PMCCNTR64)                            \
	X(HVC_PMU_SWITCH, hvc_pmu_switch)                 /* Table 3 */        \
	X(HVC_PMU_GET_STATE, hvc_pmu_get_state)                                \
	X(HVC_GET_COUNTERS_SIZE, hvc_get_counters_size)   /* 3.5 */            \
	X(HVC_SYNC_PMU_COUNTERS, hvc_sync_pmu_counters)                        \
	X64(HVC_SYNC_PMU_COUNTERS, hvc_sync_pmu_counters64)                    \
	XC(HVC_CLUSTER_SWITCH, hvc_cluster_switch)        /* extensions */     \
	XS(HVC_AUTO_SWITCH, hvc_auto_switch)                                   \
	X(HVC_MONITOR_INFO, hvc_monitor_info)                                  \
	X(HVC_MONITOR_CHECKSUM, hvc_monitor_checksum)                          \
	XC(HVC_SYSTEM_INFO, hvc_system_info)                                   \
	XS(HVC_SWITCH_PERIOD, hvc_switch_period)                               \
	X(HVC_PMU_SWINC, hvc_pmu_swinc)

#define HVC_BASE  0x90001000u
/* The table covers every id up to the highest; most of it is holes (3 KiB
 * of pointers), which buys a dispatch of one compare and one load. */
#define HVC_SPAN  (HVC_PMU_SWINC - HVC_BASE + 1u)
/* An id's slot. Without SMC64 (no such id is listed then): its offset
 * from the base. With it (issue #29 on AArch64): the offset rotated left
 * by 2, so that bit 30 (SMC64) lands in bit 0 and bit 31 in bit 1 - the
 * two forms of a call side by side at 4n and 4n + 1, slots 4n + 2 and
 * 4n + 3 holes, and every id whose offset's bits [29:0] are not a call's
 * past the end: one rotation and one compare, for a table twice as big
 * (24 KiB of pointers) */
#if ARCH_HAS_SMC64
#define HVC_ROL2(x) (((uint32_t)(x) << 2) | ((uint32_t)(x) >> 30))
#define HVC_SLOT(fid) HVC_ROL2((fid) - HVC_BASE)
#define HVC_SLOTS (4u * HVC_SPAN)
#else
#define HVC_SLOT(fid) \
	(((fid) & ~BL_HVC_SMC64) - HVC_BASE + ((fid) & BL_HVC_SMC64 ? HVC_SPAN : 0u))
#define HVC_SLOTS HVC_SPAN
#endif

#define X(fid, fn) _Static_assert(((fid) & ~BL_HVC_SMC64) >= HVC_BASE &&             \
				  ((fid) & ~BL_HVC_SMC64) - HVC_BASE < HVC_SPAN &&   \
				  (ARCH_HAS_SMC64 || !((fid) & BL_HVC_SMC64)),       \
				  #fid " outside the table");
HVC_CALLS
#undef X

/* A back end that indexes the table in its exception vector (arch_caps.h
 * ARCH_HVC_VECTOR_*: AArch64's vectors.S) reads it by name, with its own
 * copy of the base and the size - these two must be ours - and sends an
 * id past it to hvc_other() by name (AArch64's sends PSCI's ids only and
 * answers any other -1 itself: psci_fid()'s test in assembly). */
#ifdef ARCH_HVC_VECTOR_SLOTS
_Static_assert(ARCH_HVC_VECTOR_BASE == HVC_BASE && ARCH_HVC_VECTOR_SLOTS == HVC_SLOTS,
	       "arch_caps.h's HVC table for the vector");
#define HVC_TABLE_LINKAGE
extern const hvc_fn hvc_table[HVC_SLOTS];
void hvc_other(guest_reg_t r[4]);
#else
#define HVC_TABLE_LINKAGE static
#endif
/* ... and one that calls Table 4's reads itself (ARCH_TYPEB_VECTOR_SLOTS:
 * AArch64's) indexes pmu_typeb_table by id - base and passes this CPU's
 * struct hyp_cpu as the struct pmu_cpu: the same address */
#ifdef ARCH_TYPEB_VECTOR_SLOTS
_Static_assert(ARCH_TYPEB_VECTOR_SLOTS == PMU_TYPEB_SLOTS && HVC_PMCR_READ == ARCH_HVC_VECTOR_BASE &&
		       offsetof(struct hyp_cpu, pmu) == 0,
	       "arch_caps.h's Type B table for the vector");
#endif

/* Not an id of the table: PSCI's HVC conduit (boards without EL3), else
 * SMCCC "not supported". Out of line: the table's calls pay nothing; the
 * per-CPU pointer only for PSCI, so an unknown id does not read it. */
HVC_TABLE_LINKAGE void __attribute__((noinline)) hvc_other(guest_reg_t r[4])
{
	if (ARCH_HAS_SWITCHING && psci_fid((uint32_t)r[0]))
		psci_call(this_cpu(), r);
	else
		r[0] = (uint32_t)BL_HVC_NOT_SUPPORTED;
}

/* Every slot of the table no call takes (no PSCI id falls there, but it
 * answers as any unknown id does), so the dispatch has no null test. */
static void hvc_hole(guest_reg_t r[4], struct hyp_cpu *c)
{
	(void)c;
	hvc_other(r);
}

/* Every slot hvc_hole, the calls over it: the overriding initializers are
 * the point here, so -Woverride-init (-Wextra) is off for this table only.
 * Two ids for one slot are caught by hvc_check_table() at boot instead. */
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Woverride-init"
HVC_TABLE_LINKAGE const hvc_fn hvc_table[HVC_SLOTS] = {
	[0 ... HVC_SLOTS - 1] = hvc_hole,
#define X(fid, fn) [HVC_SLOT(fid)] = (fn),
	HVC_CALLS
#undef X
};
#pragma GCC diagnostic pop

void hvc_check_table(void)
{
	unsigned used = 0, listed = 0;

	for (unsigned i = 0; i < HVC_SLOTS; i++)
		used += hvc_table[i] != hvc_hole;
#define X(fid, fn)                                                             \
	HYP_ASSERT(hvc_table[HVC_SLOT(fid)] == (fn));                          \
	listed++;
	HVC_CALLS
#undef X
	/* no slot outside the list, and no two ids for one slot (the later
	 * initializer would have replaced the earlier's handler above) */
	HYP_ASSERT(used == listed);
	log_debug("HVC: %u calls, ids %08lx-%08lx\n", listed, (unsigned long)HVC_BASE,
		  (unsigned long)(HVC_BASE + HVC_SPAN - 1));
}

/* The slot of the id in w0, or past the table (an id below the base
 * wraps to a huge value; with SMC64, HVC_SLOT()'s rotation) */
static inline uint32_t hvc_slot(uint32_t id)
{
#if ARCH_HAS_SMC64
	return HVC_SLOT(id);
#else
	return id - HVC_BASE;
#endif
}

void trap_hvc_abi(struct guest_frame *f)
{
	uint32_t off = hvc_slot((uint32_t)f->r[0]);

	if (off < HVC_SLOTS) {
		hvc_table[off](f->r, this_cpu());
		return;
	}
	hvc_other(f->r);
}

/* Any HVC: another immediate is not the ABI's (UNDEF at the HVC). The
 * architecture calls trap_hvc_abi() directly when the syndrome already
 * says HVC #0. */
void trap_hvc(struct guest_frame *f, uint32_t syndrome)
{
	if (!vcpu_hvc_is_abi(syndrome)) {
		vcpu_undef_at_hvc(f, syndrome);
		return;
	}
	trap_hvc_abi(f);
}
