/*
 * Every guest exception that reaches HYP arrives here (vector +0x14). The
 * syndrome is read once and dispatched by exception class through a table;
 * a class the monitor does not expect from the guest becomes an undefined
 * instruction exception inside the guest, never a monitor hang.
 */
#include "trap.h"
#include "percpu.h"
#include "cpregs_access.h"
#include "hsr.h"
#include "log.h"
#include "vcpu.h"

typedef void (*ec_handler)(struct vcpu *v);

static void unexpected(struct vcpu *v)
{
	log_warn("unexpected trap EC=0x%02lx HSR=%08lx at pc=%08lx: UNDEF to guest\n",
		 (unsigned long)HSR_EC(v->hsr), (unsigned long)v->hsr, (unsigned long)v->elr);
	vcpu_inject_undef(v);
}

/* Stage 2 fault: the guest touched memory it does not own (the monitor's
 * RAM, the GICH/GICV hole, or nothing at all). It gets the abort a bus
 * error would have given it. */
static void guest_dabt(struct vcpu *v)
{
	struct hsr_dabt d = hsr_decode_dabt(v->hsr);

	log_debug("stage-2 data abort va=%08lx ipa=%08lx%s: abort to guest\n",
		  (unsigned long)read_HDFAR(), (unsigned long)(read_HPFAR() << 8),
		  d.wnr ? " (write)" : "");
	vcpu_inject_dabt(v, read_HDFAR(), d.wnr);
}

static void guest_pabt(struct vcpu *v)
{
	vcpu_inject_pabt(v, read_HIFAR());
}

static const ec_handler ec_handlers[64] = {
	[EC_CP15_32]  = trap_cp15_32,   /* HDCR.TPM/TPMCR: the PMU (Type A) */
	[EC_CP14_32]  = trap_cp14_32,   /* HDCR.TDA/TDOSA: the debug context */
	[EC_CP14_LS]  = trap_cp14_other,
	[EC_CP14_64]  = trap_cp14_other,
	[EC_HVC]      = trap_hvc,       /* the HVC ABI (Type B and extensions) */
	[EC_SMC]      = trap_smc,       /* HCR.TSC: PSCI */
	[EC_DABT_LOW] = guest_dabt,     /* HCR.VM: stage 2 */
	[EC_PABT_LOW] = guest_pabt,
};

void hyp_trap(struct guest_frame *f);
void hyp_trap(struct guest_frame *f)
{
	struct vcpu v;

	v.f = f;
	v.hsr = read_HSR();
	__asm__ volatile("mrs %0, elr_hyp" : "=r"(v.elr));
	__asm__ volatile("mrs %0, spsr" : "=r"(v.spsr));
	v.cpu = this_cpu();

	ec_handler h = ec_handlers[HSR_EC(v.hsr)];

	(h ? h : unexpected)(&v);

	__asm__ volatile("msr elr_hyp, %0" : : "r"(v.elr));
	__asm__ volatile("msr spsr_cxsf, %0" : : "r"(v.spsr));
}
