#include "pmu_guest.h"
static struct descriptor a[16];
void guest_start(uint32_t r0, uint32_t r1, uint32_t r2, uint32_t cpsr);
void guest_start(uint32_t r0, uint32_t r1, uint32_t r2, uint32_t cpsr)
{
	(void)r0;(void)r1;(void)r2;(void)cpsr;
	pmu_switch(1);
	a[0].header.entries = 2;
	a[1].counter.cluster_id = 0; a[1].counter.selected_counter = 3; a[1].counter.request_code = PMU_READ_COUNTER;
	a[2].counter.cluster_id = 0; a[2].counter.selected_counter = 4; a[2].counter.request_code = PMU_READ_COUNTER;
	hvc(HVC_SYNC_PMU_COUNTERS, a);
	__asm__ volatile("mov r0, r0" ::: "memory");
	hvc(HVC_SYNC_PMU_COUNTERS, a);
	__asm__ volatile("mov r3, r3" ::: "memory");
	psci_system_off();
}
