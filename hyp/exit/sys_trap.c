/*
 * AArch64's hot trapped MRS/MSR (issue #29; reg_trap.c's trap_cp15_32() is
 * AArch32's): what a kernel's perf driver does most - MRS PMCCNTR_EL0 and
 * MSR PMSELR_EL0 from EL1 - told by its whole syndrome, Rt aside (one AND
 * and one compare a register: esr.h's ESR_SYS64_FORM()), and done by a
 * function for that register alone, ahead of the decode, the register map
 * and the Type A table (arch/arm64/trap.c, pmu_sysreg.c). Exactly what
 * those would do: the access, the move to state 2, and MDCR_EL2 (with
 * PMUSERENR_EL0) only when the state changed them. Built for AArch64 only.
 */
#include "exit.h"
#include "sys_trap.h"
#include "percpu.h"

/* These registers trap from EL1 only through MDCR_EL2.TPM, which the
 * monitor sets exactly when c->hdcr has it (hyp_update_traps() writes
 * both), so c->hdcr has it here: told to GCC, which then drops
 * pmu_userenr_traps()'s test of it */
static inline __attribute__((always_inline)) void trapped_by_tpm(const struct hyp_cpu *c)
{
	if (!(c->hdcr & PMU_HDCR_TPM))
		__builtin_unreachable();
}

static inline __attribute__((always_inline)) void ccnt_hot(uint64_t *val)
{
	struct hyp_cpu *c = this_cpu();

	*val = pmu_trap_read_ccnt64(&c->pmu);
	trapped_by_tpm(c);   /* here: c->hdcr's load after the value's registers free */
	hyp_update_traps(c);
}

static inline __attribute__((always_inline)) void selr_hot(uint64_t *val) /* NOLINT(readability-non-const-parameter): a sys_hot_fn */
{
	struct hyp_cpu *c = this_cpu();

	pmu_trap_write_selr(&c->pmu, (uint32_t)*val);
	trapped_by_tpm(c);
	hyp_update_traps(c);
}

/* One function a register, entered by a tail call: each starts with the
 * four registers the file has (arch.mk SYS_HOT_FLAGS) free of the forms'
 * constants */
static __attribute__((noinline)) void ccnt_access(struct guest_frame *f, uint64_t esr)
{
	sys_hot_access(f, esr, ccnt_hot);
}

static __attribute__((noinline)) void selr_access(struct guest_frame *f, uint64_t esr)
{
	sys_hot_access(f, esr, selr_hot);
}

void trap_sys64_hot(struct guest_frame *f, uint64_t esr)
{
	uint64_t form = esr_sys64_form(esr);

	if (form == ESR_SYS64_FORM(SRK_PMCCNTR_EL0, true))
		ccnt_access(f, esr);
	else if (form == ESR_SYS64_FORM(SRK_PMSELR_EL0, false))
		selr_access(f, esr);
	else
		guest_sync_slow(f);   /* a tail call */
}
