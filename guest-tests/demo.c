/*
 * The guest `make run` boots: shows what the monitor does, step by step,
 * in words a newcomer can follow. (The tests live in the other scenarios.)
 */
#include "pmu_guest.h"

static const char *cluster_name(uint32_t c) { return c == A15_CLUSTER ? "Cortex-A15" : "Cortex-A7"; }

void guest_start(uint32_t r0, uint32_t r1, uint32_t r2, uint32_t cpsr);
void guest_start(uint32_t r0, uint32_t r1, uint32_t r2, uint32_t cpsr)
{
	struct bl_hvc_regs info = bl_hvc_regs(HVC_MONITOR_INFO, 0, 0, 0);
	uint64_t base = 0, size = 0;

	(void)r0; (void)r1;
	gprintf("\n== demo guest: entered in mode 0x%02lx (SVC), DTB at 0x%08lx\n",
		(unsigned long)(cpsr & 0x1f), (unsigned long)r2);
	if (fdt_memory((const void *)r2, &base, &size))
		gprintf("   DTB /memory: 0x%08lx + 0x%08lx (the monitor keeps the rest)\n",
			(unsigned long)base, (unsigned long)size);
	gprintf("   monitor ABI %lu.%lu, running in mode 0x%02lx (HYP), active cluster %s\n",
		(unsigned long)(info.r0 >> 16), (unsigned long)(info.r0 & 0xffff),
		(unsigned long)(info.r2 & 0x1f), cluster_name(info.r1));
	gprintf("   PMU state %lu (boot)\n", (unsigned long)pmu_state_now());

	uint32_t pmcr = read_PMCR();
	gprintf("== Type A: first PMU access traps -> state %lu; PMCR=0x%08lx (IDCODE 0x%02lx, N=%lu)\n",
		(unsigned long)pmu_state_now(), (unsigned long)pmcr, (unsigned long)PMCR_IDCODE(pmcr),
		(unsigned long)PMCR_N(pmcr));
	write_PMCR(PMCR_P | PMCR_C);
	pmn_set_type(0, 0x00);
	write_PMCNTENSET(0x1 | CCNT_BIT);
	write_PMCR(PMCR_E);
	for (int i = 0; i < 1000; i++)
		write_PMSWINC(1);
	gprintf("   1000 software increments on %s: counter 0 = %lu\n", cluster_name(cluster_now()),
		(unsigned long)pmn_read(0));
	switch_to(A7_CLUSTER);
	pmu_switch(1);                 /* so the next PMU access is trapped (-> state 2) */
	pmcr = read_PMCR();
	gprintf("== cluster switch -> %s: MIDR=0x%08lx, trapped PMCR IDCODE 0x%02lx, N=%lu\n",
		cluster_name(cluster_now()), (unsigned long)read_MIDR(),
		(unsigned long)PMCR_IDCODE(pmcr), (unsigned long)PMCR_N(pmcr));
	gprintf("   (a native state-2 read would show QEMU's 0x0f: QEMU 7.2 lacks HDCR.TPMCR)\n");
	for (int i = 0; i < 500; i++)
		write_PMSWINC(1);
	gprintf("   500 more increments: counter 0 = %lu (state 2 migrates the count)\n",
		(unsigned long)pmn_read(0));
	switch_to(A15_CLUSTER);

	gprintf("== Type B: HVC_PMU_SWITCH(1) -> state ");
	pmu_switch(1);
	gprintf("%lu\n", (unsigned long)pmu_state_now());
	hvc(HVC_PMSELR_WRITE, A7_CLUSTER, 1);
	hvc(HVC_PMXEVCNTR_WRITE, A7_CLUSTER, 777);
	gprintf("   wrote A7 counter 1 = 777 while A7 is inactive; A7 reads %lu until it is active\n",
		(unsigned long)(uint32_t)hvc(HVC_PMXEVCNTR_READ, A7_CLUSTER));
	switch_to(A7_CLUSTER);
	hvc(HVC_PMSELR_WRITE, A7_CLUSTER, 1);
	gprintf("   after the switch A7 counter 1 = %lu\n",
		(unsigned long)(uint32_t)hvc(HVC_PMXEVCNTR_READ, A7_CLUSTER));
	gprintf("   counters array size for SYNC: %lu bytes\n",
		(unsigned long)(uint32_t)hvc(HVC_GET_COUNTERS_SIZE));
	gprintf("== done: powering off through PSCI SYSTEM_OFF (the monitor's, through %s)\n",
		GUEST_PSCI_HVC ? "HVC" : "SMC");
	psci_system_off();
}
