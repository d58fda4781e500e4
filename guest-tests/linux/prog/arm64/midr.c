/*
 * midr [MS]: read MIDR_EL1 from EL0 over and over for MS milliseconds
 * (default 0: once) and print each value seen and how often, in the order
 * first seen: "midr 0xV count C".
 *
 * EL0's MRS of MIDR_EL1 traps to Linux, which answers with a read of
 * MIDR_EL1 at EL1 on the CPU it runs on (its ID-register emulation for EL0,
 * Documentation/arm64/cpu-feature-registers.rst): under the monitor that is
 * VPIDR_EL2, the part of the cluster the CPU is on at that moment. This is
 * the live value the smp64 suite needs; /proc/cpuinfo and sysfs's
 * regs/identification/midr_el1 show the one Linux stored when the CPU came
 * up, which the monitor's switches have changed since.
 * The reads run for a time, not a number of times: without -icount how many
 * fit in a switch period depends on the host's load (a trap each), while the
 * monitor's switch timer runs on the host's time as the window does.
 * AArch64 only (an ARMv7 PL0 cannot read MIDR): guest-tests/linux/prog/arm64/.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#define MAX_VALUES 8    /* distinct values kept; a ninth is a failure */

static uint64_t now_ns(void)
{
	struct timespec t;

	clock_gettime(CLOCK_MONOTONIC, &t);
	return (uint64_t)t.tv_sec * 1000000000u + (uint64_t)t.tv_nsec;
}

int main(int argc, char **argv)
{
	uint64_t value[MAX_VALUES];
	unsigned long count[MAX_VALUES];
	uint64_t end = now_ns() + (argc > 1 ? strtoull(argv[1], NULL, 0) : 0) * 1000000u;
	int seen = 0;

	do {
		uint64_t v;
		int k;

		__asm__ volatile("mrs %0, midr_el1" : "=r"(v));
		for (k = 0; k < seen && value[k] != v; k++)
			;
		if (k == seen) {
			if (seen == MAX_VALUES) {
				fprintf(stderr, "midr: more than %d values\n", MAX_VALUES);
				return 1;
			}
			value[seen] = v;
			count[seen++] = 0;
		}
		count[k]++;
	} while (now_ns() < end);
	for (int k = 0; k < seen; k++)
		printf("midr 0x%llx count %lu\n", (unsigned long long)value[k], count[k]);
	return 0;
}
