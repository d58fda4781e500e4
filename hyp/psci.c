/*
 * SMC from the guest (HCR.TSC): the DTB's PSCI conduit is SMC, so the
 * guest's PSCI calls come here. They are forwarded to the firmware (QEMU's
 * built-in PSCI), except CPU_ON: a secondary must start in the monitor
 * (HYP set-up, then the guest's entry in SVC), not in the guest's code at
 * HYP privilege. Other SMCs answer SMCCC "not supported".
 */
#include "trap.h"
#include "hsr.h"
#include "log.h"
#include "percpu.h"
#include "vcpu.h"

#define PSCI_FN_MASK      0xbfffffe0u   /* 0x84000000-1f and 0xc4000000-1f */
#define PSCI_FN_BASE      0x84000000u
#define PSCI_CPU_ON       0x03u
#define PSCI_INVALID_PARAMS (-2)

extern char _start[];

static uint32_t firmware_smc(uint32_t a0, uint32_t a1, uint32_t a2, uint32_t a3)
{
	register uint32_t r0 __asm__("r0") = a0;
	register uint32_t r1 __asm__("r1") = a1;
	register uint32_t r2 __asm__("r2") = a2;
	register uint32_t r3 __asm__("r3") = a3;

	__asm__ volatile(".arch_extension sec\n\tsmc #0"
			 : "+r"(r0), "+r"(r1), "+r"(r2), "+r"(r3) : : "memory");
	return r0;
}

static uint32_t cpu_on(uint32_t fid, uint32_t mpidr, uint32_t entry, uint32_t context)
{
	int idx = board_cpu_index(mpidr);

	if (idx < 0)
		return (uint32_t)PSCI_INVALID_PARAMS;
	struct hyp_cpu *t = &hyp_cpus[idx];

	t->boot.entry = entry;
	t->boot.context = context;
	t->boot.valid = true;
	__asm__ volatile("dsb" ::: "memory");
	uint32_t rc = firmware_smc(fid, mpidr, (uint32_t)_start, 0);

	if (rc != 0)
		t->boot.valid = false;
	return rc;
}

void trap_smc(struct vcpu *v)
{
	uint32_t *r = v->f->r;
	uint32_t fid = r[0];

	/* The trapped SMC's return address is the SMC itself: step over it. */
	vcpu_skip_insn(v);
	if ((fid & PSCI_FN_MASK) != PSCI_FN_BASE) {
		r[0] = (uint32_t)BL_HVC_NOT_SUPPORTED;
		return;
	}
	if ((fid & 0x1f) == PSCI_CPU_ON)
		r[0] = cpu_on(fid, r[1], r[2], r[3]);
	else
		r[0] = firmware_smc(fid, r[1], r[2], r[3]);
}
