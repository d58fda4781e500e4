/*
 * `make run ARCH=arm64`: what the AArch64 monitor does, told by a guest at
 * EL1. It reads the PMU as a program would (MRS, trapped and emulated:
 * Type A), then asks the monitor for the clusters' registers (HVC: Type
 * B), then powers off. Every line starting with '#' explains.
 */
#include "guest64.h"

void guest_main(uint64_t dtb);
void guest_main(uint64_t dtb)
{
	struct hvc64 r;

	gprintf("# demo: an AArch64 guest at EL1 under blmon at EL2 (DTB at %llx)\n",
		(unsigned long long)dtb);
	gprintf("# MIDR_EL1 = %08llx: the big cluster's Cortex-A57 as the monitor presents it\n",
		(unsigned long long)MRS(MIDR_EL1));
	gprintf("# PMU state %llu (1: nothing used the PMU yet)\n",
		(unsigned long long)hvc64(HVC_PMU_GET_STATE, 0, 0, 0).x0);
	gprintf("# MRS PMCR_EL0 traps to EL2 (MDCR_EL2.TPM): the monitor answers %08llx -\n",
		(unsigned long long)MRS(PMCR_EL0));
	gprintf("#   IDCODE 0x01 (Cortex-A57), N = 4: the counters both clusters share (Type A)\n");
	gprintf("# PMU state now %llu: the guest uses the PMU itself (spec 3.1.1)\n",
		(unsigned long long)hvc64(HVC_PMU_GET_STATE, 0, 0, 0).x0);
	r = hvc64(HVC_PMU_SWITCH, 1, 0, 0);
	gprintf("# HVC_PMU_SWITCH(1) = %lld: state 3, the guest asks the monitor instead (Type B)\n",
		(long long)(int32_t)r.x0);
	(void)hvc64(HVC_PMCCNTR_WRITE, 0, 1000, 0);
	(void)hvc64(HVC_PMCR_WRITE, 0, 1, 0);
	(void)hvc64(HVC_PMCNTENSET_WRITE, 0, 0x80000000u, 0);
	for (volatile int i = 0; i < 1000; i++)
		;
	r = hvc64(HVC_PMCCNTR_READ, 0, 0, 0);
	gprintf("# the A57's cycle counter, started at 1000: x0 = %llu, x1 = %llu (low, high)\n",
		(unsigned long long)r.x0, (unsigned long long)r.x1);
	r = hvc64(HVC_PMCR_READ, 1, 0, 0);
	gprintf("# the A53's PMCR, a cluster never active: %llx (spec: zero)\n", (unsigned long long)r.x0);
	r = hvc64(HVC_PMCR_READ, 9, 0, 0);
	gprintf("# cluster 9 does not exist: status x3 = %lld\n", (long long)(int32_t)r.x3);
	gprintf("# unknown function id: %lld\n", (long long)(int32_t)hvc64(0x90001fffu, 0, 0, 0).x0);
	check(MRS(PMCCNTR_EL0) >= 1000, "the cycle counter counts");
	/* a cluster switch (spec section 4): stop the A57's cycle counter, move
	 * to the A53, and the A57's count is kept while it is inactive */
	(void)hvc64(HVC_PMU_SWITCH, 1, 0, 0);
	(void)hvc64(HVC_PMCR_WRITE, 0, 0, 0);
	uint64_t kept = hvc64(HVC_PMCCNTR_READ, 0, 0, 0).x0;
	r = hvc64(HVC_CLUSTER_SWITCH, 1, 0, 0);
	gprintf("# HVC_CLUSTER_SWITCH(1) = %lld: MIDR_EL1 = %llx, the LITTLE cluster's Cortex-A53\n",
		(long long)(int32_t)r.x0, (unsigned long long)MRS(MIDR_EL1));
	r = hvc64(HVC_PMCCNTR_READ, 0, 0, 0);
	gprintf("# the A57's stopped cycle counter, kept while it is inactive: %llu\n",
		(unsigned long long)r.x0);
	check(r.x0 == kept, "the inactive cluster's counter is what it was at the switch");
	(void)hvc64(HVC_CLUSTER_SWITCH, 0, 0, 0);
	gprintf("# not yet on AArch64 (docs/arm64.md): SMP, the virtual GIC, whole-system switches\n");
	test_finish();
}
