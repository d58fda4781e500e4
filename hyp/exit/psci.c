/*
 * PSCI for the guest (DEN0022, v1.0), through SMC (HCR.TSC traps it): the
 * monitor is the guest's power firmware on every board. It tracks which
 * CPUs are on (hyp/switch/smp.c) and starts a CPU in the monitor first (HYP
 * set-up, then the guest's entry in SVC), never in the guest's code at HYP
 * privilege; the board's callbacks do the powering (include/blmon.h).
 * The same calls come through HVC (the conduit on boards without EL3).
 * Other SMCs answer SMCCC "not supported". docs/launch.md lists the calls.
 */
#include "exit.h"
#include "psci.h"
#include "blmon.h"
#include "blmon_log.h"
#include "percpu.h"
#include "platform.h"
#include "smp.h"
#include "switch.h"
#include "vcpu.h"

#define PSCI_VERSION_1_0        0x00010000u
#define PSCI_NOT_SUPPORTED      (-1)
#define PSCI_INVALID_PARAMETERS (-2)
#define PSCI_INVALID_ADDRESS    (-9)
#define PSCI_TOS_NOT_PRESENT    2u      /* MIGRATE_INFO_TYPE: no Trusted OS */

/* function ids: SMC32 0x840000nn; the calls that take an MPIDR also have
 * an SMC64 form 0xC40000nn (same meaning for a 32-bit caller) */
#define PSCI_FN(n)              (0x84000000u + (n))
#define PSCI_FN64(n)            (0xc4000000u + (n))
#define PSCI_VERSION            0x00u
#define PSCI_CPU_OFF            0x02u
#define PSCI_CPU_ON             0x03u
#define PSCI_AFFINITY_INFO      0x04u
#define PSCI_MIGRATE_INFO_TYPE  0x06u
#define PSCI_SYSTEM_OFF         0x08u
#define PSCI_SYSTEM_RESET       0x09u
#define PSCI_FEATURES           0x0au

static bool is_fn(uint32_t fid, uint32_t n, bool has64)
{
	return fid == PSCI_FN(n) || (has64 && fid == PSCI_FN64(n));
}

/* An SMC64 id (bit 30) passes 64-bit arguments; an SMC32 one (and every
 * id on AArch32, whose registers are 32 bits) the low halves: w1-w3. */
#define PSCI_SMC64              0x40000000u
static inline guest_reg_t arg(uint32_t fid, guest_reg_t x)
{
	return fid & PSCI_SMC64 ? x : (uint32_t)x;
}

/* A guest's MPIDR argument: Aff3 (bits 39:32) is 0 on every CPU the
 * monitor serves, so a 64-bit one with upper bits names none (-1), not
 * the CPU of its low half. */
static inline int cpu_index(guest_reg_t mpidr)
{
	if ((uint64_t)mpidr >> 32)
		return -1;
	return board_cpu_index((uint32_t)mpidr);
}

static int cpu_of(guest_reg_t mpidr)
{
	int i = cpu_index(mpidr);

	return i >= 0 && (unsigned)i < hyp_nvcpus ? i : -1;
}

/* entry and context: 64 bits on AArch64 (SMC64 CPU_ON, x2/x3) */
static uint32_t cpu_on(guest_reg_t mpidr, guest_reg_t entry, guest_reg_t context)
{
	int cpu = cpu_index(mpidr);

	if (cpu < 0) {
		log_guest("CPU_ON: MPIDR %08lx is not a CPU of this board\n", (unsigned long)mpidr);
		return (uint32_t)PSCI_INVALID_PARAMETERS;
	}
	/* the CPU starts in the guest's RAM or not at all (bit 0: Thumb;
	 * an AArch64 entry above 4 GiB is outside it) */
	if ((uint64_t)entry >> 32 || !guest_range_ok(&hyp_guest_ram, (uint32_t)entry & ~1u, 2))
		return (uint32_t)PSCI_INVALID_ADDRESS;
	return (uint32_t)smp_cpu_on((unsigned)cpu, entry, context);
}

static uint32_t affinity_info(guest_reg_t mpidr, guest_reg_t level)
{
	int cpu = cpu_of(mpidr);

	if (level != 0 || cpu < 0)
		return (uint32_t)PSCI_INVALID_PARAMETERS;
	return smp_cpu_power((unsigned)cpu);
}

static bool implemented(uint32_t fid)
{
	return is_fn(fid, PSCI_VERSION, false) || is_fn(fid, PSCI_CPU_OFF, false) ||
	       is_fn(fid, PSCI_CPU_ON, true) || is_fn(fid, PSCI_AFFINITY_INFO, true) ||
	       is_fn(fid, PSCI_MIGRATE_INFO_TYPE, false) || is_fn(fid, PSCI_SYSTEM_OFF, false) ||
	       is_fn(fid, PSCI_SYSTEM_RESET, false) || is_fn(fid, PSCI_FEATURES, false);
}

/* What the machine does when the guest turns it off or resets it: the
 * monitor's one line, then the board. */
void blmon_system_off(void)
{
	blmon_print("switches=%lu", (unsigned long)switch_count());
	board_system_off();
}

void blmon_system_reset(void)
{
	blmon_print("switches=%lu", (unsigned long)switch_count());
	board_system_reset();
}

void psci_call(struct hyp_cpu *c, guest_reg_t r[4])
{
	uint32_t fid = r[0];

	if (is_fn(fid, PSCI_VERSION, false))
		r[0] = PSCI_VERSION_1_0;
	else if (is_fn(fid, PSCI_CPU_ON, true))
		r[0] = cpu_on(arg(fid, r[1]), arg(fid, r[2]), arg(fid, r[3]));
	else if (is_fn(fid, PSCI_CPU_OFF, false))
		smp_cpu_off(c);
	else if (is_fn(fid, PSCI_AFFINITY_INFO, true))
		r[0] = affinity_info(arg(fid, r[1]), arg(fid, r[2]));
	else if (is_fn(fid, PSCI_MIGRATE_INFO_TYPE, false))
		r[0] = PSCI_TOS_NOT_PRESENT;
	else if (is_fn(fid, PSCI_SYSTEM_OFF, false))
		blmon_system_off();
	else if (is_fn(fid, PSCI_SYSTEM_RESET, false))
		blmon_system_reset();
	else if (is_fn(fid, PSCI_FEATURES, false))
		r[0] = implemented(r[1]) ? 0u : (uint32_t)PSCI_NOT_SUPPORTED;
	else
		r[0] = (uint32_t)PSCI_NOT_SUPPORTED;
}

/* The guest's SMC (HCR.TSC): PSCI, or SMCCC "not supported". On boards
 * without EL3 SMC is UNDEFINED before it can trap; the guest uses HVC
 * there (hyp/exit/hvc.c routes PSCI ids here too). */
void trap_smc(struct vcpu *v)
{
	guest_reg_t *r = v->f->r;

	/* The trapped SMC's return address is the SMC itself: step over it. */
	vcpu_skip_insn(v);
	if (psci_fid(r[0]))
		psci_call(v->cpu, r);
	else
		r[0] = (uint32_t)PSCI_NOT_SUPPORTED;
}
