/*
 * How make bench's main guests measure (guest-tests/bench.c on AArch32,
 * guest-tests/arm64/bench64.c on AArch64), run with -icount shift=0: one
 * instruction = 1 ns of virtual time, the generic timer at 62.5 MHz, so a
 * tick is 16 instructions, guest and monitor alike. The guest reads the
 * virtual counter (never trapped) around N operations and reports
 * instructions per operation, the loop's own subtracted.
 *
 * The includer defines now() (the virtual counter, after an ISB) and
 * freq_hz() (the counter's frequency) before including this.
 */
#ifndef GUEST_BENCH_MEASURE_H
#define GUEST_BENCH_MEASURE_H

#include <stdint.h>
#include "tap.h"

#define N 16384u

/*
 * Whole instructions per operation, rounded: N ops span N * cost / 16
 * ticks, so where the timer ticks fall (which can move by one tick between
 * runs) changes the result by 1/1024 of an instruction, far from a
 * rounding boundary.
 */
static uint32_t ipo(uint64_t ticks, uint64_t base_ticks)
{
	uint64_t insn_per_tick = 1000000000ull / freq_hz();
	uint64_t d = ticks > base_ticks ? ticks - base_ticks : 0;

	return (uint32_t)((d * insn_per_tick + N / 2) / N);
}

static void report(const char *name, uint32_t n)
{
	gprintf("bench %-50s %6lu instructions/op\n", name, (unsigned long)n);
}

/* var = the ticks N runs of body take */
#define MEASURE(var, body)                                   \
	do {                                                 \
		uint64_t _t0 = now();                        \
		for (uint32_t _i = 0; _i < N; _i++) { body; } \
		(var) = now() - _t0;                         \
	} while (0)

#endif
