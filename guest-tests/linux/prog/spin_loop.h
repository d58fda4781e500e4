/* The fixed workload of the Linux guest's perf tests: a countdown loop of
 * exactly two instructions per iteration (subs, bne), written in assembly so
 * that no compiler choice changes the count; tests/30-perf.sh expects 2 x N.
 * n must be at least 1. */
#ifndef SPIN_LOOP_H
#define SPIN_LOOP_H

static inline void spin(unsigned long n)
{
	__asm__ volatile("1:	subs	%0, %0, #1\n"
			 "	bne	1b\n"
			 : "+r"(n) : : "cc");
}

#endif
