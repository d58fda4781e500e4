#include "pmu_guest.h"
static volatile uint32_t sink;
void guest_start(uint32_t r0, uint32_t r1, uint32_t r2, uint32_t cpsr);
void guest_start(uint32_t r0, uint32_t r1, uint32_t r2, uint32_t cpsr)
{
	(void)r0;(void)r1;(void)r2;(void)cpsr;
	sink = read_PMCR();           /* state 2 */
	write_DBGBVR0(0);             /* debug in use */
	switch_to(A7_CLUSTER);
	__asm__ volatile("mov r0, r0" ::: "memory");
	switch_to(A15_CLUSTER);
	__asm__ volatile("mov r3, r3" ::: "memory");
	psci_system_off();
}
