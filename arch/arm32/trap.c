/*
 * Every guest exception that reaches HYP arrives here (vector +0x14). The
 * syndrome is read once and dispatched by exception class through a table;
 * a class the monitor does not expect from the guest becomes an undefined
 * instruction exception inside the guest, never a monitor hang.
 *
 * HVC and trapped MCR/MRC are the hot classes (every PMU access in states
 * 1 and 3, every Type B call, debug accesses): their handlers take the
 * frame and the syndrome only. Every other class goes through a wrapper that loads
 * the whole guest context (PC, CPSR, per-CPU pointer) and puts it back.
 */
#include "exit.h"
#include "cpregs_access.h"
#include "hsr.h"
#include "blmon_log.h"
#include "vcpu.h"
#include "cp_trap.h"   /* cp_guest_spsr, cp_step_arm */

typedef void (*ec_handler)(struct guest_frame *f, uint32_t hsr);

static void unexpected(struct vcpu *v)
{
	log_guest("unexpected trap EC=0x%02lx HSR=%08lx at pc=%08lx: UNDEF to guest\n",
		 (unsigned long)HSR_EC(v->hsr), (unsigned long)v->hsr, (unsigned long)v->elr);
	vcpu_inject_undef(v);
}

/* Stage 2 fault: an emulated device (hyp/exit/mmio.c), or the guest touched
 * memory it does not own (the monitor's RAM, the GIC's hypervisor pages,
 * or nothing at all). It gets the abort a bus error would have given it. */
static void guest_dabt(struct vcpu *v)
{
	struct dabt d = hsr_decode_dabt(v->hsr);
	/* HPFAR[31:4] = IPA[39:12]: emulated regions all lie below 4 GiB */
	uint64_t ipa = ((uint64_t)read_HPFAR() << 8) | (read_HDFAR() & 0xfffu);

	if (!d.s1ptw && ipa < (1ull << 32) && mmio_trap(v, (uint32_t)ipa, &d))
		return;

	log_debug("stage-2 data abort va=%08lx ipa=%08lx%s: abort to guest\n",
		  (unsigned long)read_HDFAR(), (unsigned long)(read_HPFAR() << 8),
		  d.wnr ? " (write)" : "");
	vcpu_inject_dabt(v, read_HDFAR(), d.wnr);
}

static void guest_pabt(struct vcpu *v)
{
	vcpu_inject_pabt(v, read_HIFAR());
}

/* A word store of r0-r7 in ARM state that the syndrome describes, to the
 * emulated register with a store path of its own (an OS's GICD_SGIR, every
 * IPI): the value goes straight from the frame, without the context load
 * and the general decode; anything else, and Thumb (its IT state is the
 * general path's to advance), takes guest_dabt(). The IPA below 4 GiB as
 * guest_dabt() requires: HPFAR[31:24] (IPA[39:32]) zero. */
static void guest_dabt_vcpu(struct guest_frame *f, uint32_t hsr);
static void guest_dabt_entry(struct guest_frame *f, uint32_t hsr)
{
	if ((hsr & HSR_DABT_STR_WORD_MASK) == HSR_DABT_STR_WORD) {
		uint32_t hpfar = read_HPFAR();

		if (hpfar >> 24 == 0 && !(cp_guest_spsr() & PSR_T) &&
		    ((hpfar << 8) | (read_HDFAR() & 0xfffu)) == mmio_hot.ipa) {
			cp_step_arm();
			mmio_hot.fn(f->r[hsr_dabt_srt(hsr)]);
			return;
		}
	}
	guest_dabt_vcpu(f, hsr);
}

/* The classes that take the whole guest context. */
#define WITH_VCPU(fn)                                                        \
	static void __attribute__((noinline)) fn##_vcpu(struct guest_frame *f, uint32_t hsr) \
	{                                                                    \
		struct vcpu v;                                               \
		vcpu_load(&v, f, hsr);                                       \
		fn(&v);                                                      \
		vcpu_put(&v);                                                \
	}
WITH_VCPU(unexpected)
WITH_VCPU(guest_dabt)
WITH_VCPU(guest_pabt)
WITH_VCPU(trap_cp14_other)
WITH_VCPU(trap_smc)
#undef WITH_VCPU

static const ec_handler ec_handlers[64] = {
	[EC_CP15_32]  = trap_cp15_32,         /* HDCR.TPM/TPMCR: the PMU (Type A) */
	[EC_CP14_32]  = trap_cp14_32,         /* HDCR.TDA/TDOSA: the debug context */
	[EC_CP14_LS]  = trap_cp14_other_vcpu,
	[EC_CP14_64]  = trap_cp14_other_vcpu,
	[EC_HVC]      = trap_hvc,             /* the HVC ABI (Type B and extensions) */
	[EC_SMC]      = trap_smc_vcpu,        /* HCR.TSC: PSCI */
	[EC_DABT_LOW] = guest_dabt_entry,     /* HCR.VM: stage 2 */
	[EC_PABT_LOW] = guest_pabt_vcpu,
};

/* From boot/vectors.S with HSR read, for every trap but HVC #0, which the
 * vector gives trap_hvc_abi() itself (one compare with HSR_HVC_ABI); an
 * HVC with another immediate comes here, to trap_hvc() through the table. */
_Static_assert(HSR_HVC_ABI == 0x4a000000u, "boot/vectors.S compares HSR with this");
void hyp_trap(struct guest_frame *f, uint32_t hsr);
void hyp_trap(struct guest_frame *f, uint32_t hsr)
{
	uint32_t ec = HSR_EC(hsr);
	ec_handler h;

	/* the hot classes without the table's load and default */
	if (ec == EC_CP15_32) {
		trap_cp15_32(f, hsr);
		return;
	}
	if (ec == EC_DABT_LOW) {   /* an OS's GICD_SGIR stores, every IPI */
		guest_dabt_entry(f, hsr);
		return;
	}
	h = ec_handlers[ec];
	(h ? h : unexpected_vcpu)(f, hsr);
}
