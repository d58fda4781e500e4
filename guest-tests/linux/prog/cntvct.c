/* cntvct: print the generic timer's virtual count (CNTVCT) as nanoseconds
 * since QEMU started the board: "cntvct_ns N"; `cntvct hz` prints the
 * timer's frequency instead: "cntfrq_hz F". Neither the monitor nor
 * Linux's HYP stub gives CNTVOFF anything but 0, so the virtual count runs
 * from reset in both set-ups tools/linux-measure.sh compares; unlike the
 * kernel's printk clock, it includes the monitor's boot and the kernel's
 * decompression. Linux lets PL0 read CNTVCT and CNTFRQ (for its vDSO;
 * CNTVCT_EL0 and CNTFRQ_EL0 on AArch64). */
#include <stdint.h>
#include <stdio.h>
#include <string.h>

int main(int argc, char **argv)
{
	uint32_t freq;
	uint64_t ticks;

#ifdef __aarch64__
	uint64_t f;

	__asm__ volatile("isb\n\tmrs %0, cntvct_el0" : "=r"(ticks));
	__asm__ volatile("mrs %0, cntfrq_el0" : "=r"(f));
	freq = (uint32_t)f;
#else
	uint32_t lo, hi;

	__asm__ volatile("isb\n\tmrrc p15, 1, %0, %1, c14" : "=r"(lo), "=r"(hi));
	__asm__ volatile("mrc p15, 0, %0, c14, c0, 0" : "=r"(freq));
	ticks = (uint64_t)hi << 32 | lo;
#endif
	if (freq == 0) {
		fputs("cntvct: CNTFRQ is 0\n", stderr);
		return 1;
	}
	if (argc == 2 && strcmp(argv[1], "hz") == 0)
		printf("cntfrq_hz %u\n", (unsigned)freq);
	else
		/* whole seconds apart: ticks * 10^9 would overflow after 295 s */
		printf("cntvct_ns %llu\n", (unsigned long long)(ticks / freq * 1000000000ull +
								 ticks % freq * 1000000000ull / freq));
	return 0;
}
