#include "pmu_guest.h"
static volatile uint32_t sink;
void guest_start(uint32_t r0, uint32_t r1, uint32_t r2, uint32_t cpsr);
void guest_start(uint32_t r0, uint32_t r1, uint32_t r2, uint32_t cpsr)
{
	(void)r0;(void)r1;(void)r2;(void)cpsr;
	pmu_switch(1);
	__asm__ volatile("mov r0, r0" ::: "memory");
	sink = read_PMCCNTR();
	__asm__ volatile("mov r3, r3" ::: "memory");
	sink = (uint32_t)hvc(HVC_PMXEVCNTR_READ, 0);
	__asm__ volatile("mov r3, r3" ::: "memory");
	psci_system_off();
}
