/*
 * User-space side of the module's user_access knob (docs/linux-module.md):
 * reads the cycle counter with MRC at PL0, as the classic "enable user-mode
 * PMU access from a kernel module" recipes do, and prints one verdict line
 * that guest-tests/linux/tests/20-module.sh compares.  Usage: pmccnt COUNT
 *   pmuserenr <EN bit>                  (PMUSERENR is readable at PL0 always)
 *   pmccntr advances                    COUNT reads (argv[1]) never went
 *                                       backwards (the 32-bit counter may
 *                                       wrap) and it moved on
 *   pmccntr sigill                      the first read raised UNDEF (SIGILL)
 *   pmccntr backwards|stuck ...         a failure, with the values
 */
#include <setjmp.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

static sigjmp_buf undef_jump;

static void on_sigill(int sig)
{
	(void)sig;
	siglongjmp(undef_jump, 1);
}

static inline uint32_t read_pmccntr(void)
{
#ifdef __aarch64__
	uint64_t v;

	__asm__ volatile("mrs %0, pmccntr_el0" : "=r"(v));
	return (uint32_t)v;
#else
	uint32_t v;

	__asm__ volatile("mrc p15, 0, %0, c9, c13, 0" : "=r"(v));
	return v;
#endif
}

static inline uint32_t read_pmuserenr(void)
{
#ifdef __aarch64__
	uint64_t v;

	__asm__ volatile("mrs %0, pmuserenr_el0" : "=r"(v));
	return (uint32_t)v;
#else
	uint32_t v;

	__asm__ volatile("mrc p15, 0, %0, c9, c14, 0" : "=r"(v));
	return v;
#endif
}

int main(int argc, char **argv)
{
	struct sigaction sa = { .sa_handler = on_sigill };
	long reads = argc > 1 ? strtol(argv[1], NULL, 0) : 0;
	uint32_t first, prev;
	long i;

	if (reads < 2)
		return 2;
	printf("pmuserenr %u\n", (unsigned)(read_pmuserenr() & 1));
	sigemptyset(&sa.sa_mask);
	if (sigaction(SIGILL, &sa, NULL) != 0)
		return 2;
	if (sigsetjmp(undef_jump, 1)) {
		printf("pmccntr sigill\n");
		return 0;
	}
	first = prev = read_pmccntr();
	for (i = 1; i < reads; i++) {
		uint32_t now = read_pmccntr();

		/* Modulo 2^32: a step of 2^31 or more is a step back. */
		if ((uint32_t)(now - prev) >= 0x80000000u) {
			printf("pmccntr backwards at read %ld: 0x%08x -> 0x%08x\n", i,
			       (unsigned)prev, (unsigned)now);
			return 1;
		}
		prev = now;
	}
	if (prev == first) {
		printf("pmccntr stuck at 0x%08x\n", (unsigned)first);
		return 1;
	}
	printf("pmccntr advances\n");
	return 0;
}
