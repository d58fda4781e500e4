/* duty BUSY_US PERIOD_US MS: a load of a fixed duty cycle - in every period of
 * PERIOD_US, spin BUSY_US, sleep the rest - for MS milliseconds, by
 * CLOCK_MONOTONIC. The cpufreq suite's load near the boundary between the
 * clusters (docs/linux-module.md). */
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

static long long now_us(void)
{
	struct timespec t;

	clock_gettime(CLOCK_MONOTONIC, &t);
	return (long long)t.tv_sec * 1000000 + t.tv_nsec / 1000;
}

int main(int argc, char **argv)
{
	long busy = argc == 4 ? strtol(argv[1], NULL, 0) : -1;
	long period = argc == 4 ? strtol(argv[2], NULL, 0) : 0;
	long ms = argc == 4 ? strtol(argv[3], NULL, 0) : 0;

	if (busy < 0 || period <= 0 || busy > period || ms <= 0) {
		fputs("usage: duty BUSY_US PERIOD_US MS (0 <= BUSY_US <= PERIOD_US)\n", stderr);
		return 2;
	}
	long long end = now_us() + ms * 1000LL;
	for (long long start = now_us(); start < end; start += period) {
		while (now_us() < start + busy)
			;
		long long rest = start + period - now_us();
		if (rest > 0) {
			struct timespec d = { (time_t)(rest / 1000000), (long)(rest % 1000000) * 1000 };
			nanosleep(&d, NULL);
		}
	}
	return 0;
}
