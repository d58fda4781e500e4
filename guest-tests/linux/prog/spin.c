/* spin N: run the fixed loop of spin_loop.h N times and exit. The workload
 * `perf stat` and `perf record` measure in the Linux guest's tests. */
#include <stdio.h>
#include <stdlib.h>

#include "spin_loop.h"

int main(int argc, char **argv)
{
	unsigned long n = argc == 2 ? strtoul(argv[1], NULL, 0) : 0;

	if (n == 0) {
		fputs("usage: spin N (N >= 1 iterations)\n", stderr);
		return 2;
	}
	spin(n);
	return 0;
}
