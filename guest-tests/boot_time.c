/*
 * Not a test: the monitor's start-up in virtual time, for
 * tools/linux-measure.sh (docs/linux.md). The first thing this guest does is
 * read the virtual counter, which runs from QEMU's reset (the monitor leaves
 * CNTVOFF at 0), so under -icount shift=0 the value is how long the monitor
 * took from reset to entering its guest, plus QEMU's boot stub.
 */
#include "pmu_guest.h"

void guest_start(uint32_t r0, uint32_t r1, uint32_t r2, uint32_t cpsr);
void guest_start(uint32_t r0, uint32_t r1, uint32_t r2, uint32_t cpsr)
{
	uint64_t ticks;

	__asm__ volatile("isb");
	ticks = read_CNTVCT();
	(void)r0; (void)r1; (void)r2; (void)cpsr;
	/* the value fits 32 bits: a few ms at 62.5 MHz (gprintf has no %llu) */
	gprintf("# measure entry_ns %lu\n",
		(unsigned long)(ticks * 1000000000u / read_CNTFRQ()));
	psci_system_off();
}
