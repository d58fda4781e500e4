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

/* A word store of x0-x3 (esr.h ESR_DABT_STR_WORD) at the one emulated
 * register with a store path of its own (mmio.c mmio_register_hot(): an
 * OS's GICD_SGIR, every IPI), as arch/arm32/trap.c guest_dabt_entry() takes
 * it on AArch32: the value from the frame, ELR_EL2 past the store (which
 * the store function cannot refuse), and the call - general C - by
 * vectors.S's guest_store_hot, which saves what that may change. Any other
 * address: the general way (mmio_trap(): the region's checks, the decode),
 * nothing touched. The 0x400 slot is the guest's AArch64 only: the store
 * is an A64 instruction of 4 bytes. */
static __attribute__((noinline)) void dabt_store(struct guest_frame *f, uint64_t esr)
{
	const uint64_t *x = &f->r[esr_dabt_srt(esr)];   /* Xt's slot: esr dies here */
	const struct mmio_hot *h = &mmio_hot;

	__asm__("" : "+r"(h));   /* not kept for the call below: four registers */
	if (dabt_ipa() != h->ipa) {
		guest_sync_slow(f);   /* a tail call */
		return;
	}
	write_ELR_EL2(read_ELR_EL2() + 4);
	guest_store_hot((uint32_t)*x, mmio_hot.fn);   /* Wt: the low half; a tail call */
}

/* Not a hot MRS/MSR: a hot store, or the general way */
static __attribute__((noinline)) void other_trap(struct guest_frame *f, uint64_t esr)
{
	if ((esr & ESR_DABT_STR_WORD_MASK) == ESR_DABT_STR_WORD)
		dabt_store(f, esr);
	else
		guest_sync_slow(f);   /* a tail call */
}

void trap_sys64_hot(struct guest_frame *f, uint64_t esr)
{
	uint64_t form = esr_sys64_form(esr);

	if (form == ESR_SYS64_FORM(SRK_PMCCNTR_EL0, true))
		ccnt_access(f, esr);
	else if (form == ESR_SYS64_FORM(SRK_PMSELR_EL0, false))
		selr_access(f, esr);
	else
		other_trap(f, esr);   /* a tail call */
}
