/*
 * pingpong A B ROUNDS: a byte goes back and forth ROUNDS times between a
 * process pinned to CPU A and one pinned to CPU B, through two pipes. Each
 * hop wakes a task on the other CPU, which is a rescheduling IPI whenever
 * that CPU is idle: the smp suite's load that makes IPIs flow between CPUs
 * (guest-tests/linux/tests/smp/). Prints "pingpong ROUNDS" when done.
 */
#define _GNU_SOURCE
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/wait.h>
#include <unistd.h>

static int pin(int cpu)
{
	cpu_set_t set;

	CPU_ZERO(&set);
	CPU_SET(cpu, &set);
	return sched_setaffinity(0, sizeof(set), &set);
}

/* ROUNDS times: write a byte to out, read one back from in. */
static int hop(int in, int out, long rounds, int first)
{
	char b = 'x';

	for (long i = 0; i < rounds; i++) {
		if (first && write(out, &b, 1) != 1)
			return 1;
		if (read(in, &b, 1) != 1)
			return 1;
		if (!first && write(out, &b, 1) != 1)
			return 1;
	}
	return 0;
}

/* A CPU number, or -1. */
static int cpu_arg(const char *s)
{
	char *end;
	long v = strtol(s, &end, 10);

	return *s && !*end && v >= 0 && v < CPU_SETSIZE ? (int)v : -1;
}

int main(int argc, char **argv)
{
	int ab[2], ba[2], status = 0;
	long rounds = argc == 4 ? strtol(argv[3], NULL, 0) : 0;
	int a = argc == 4 ? cpu_arg(argv[1]) : -1, b = argc == 4 ? cpu_arg(argv[2]) : -1;
	pid_t child;

	if (rounds < 1 || a < 0 || b < 0) {
		fputs("usage: pingpong CPU_A CPU_B ROUNDS\n", stderr);
		return 2;
	}
	if (pipe(ab) != 0 || pipe(ba) != 0)
		return 1;
	child = fork();
	if (child < 0)
		return 1;
	if (child == 0)
		_exit(pin(b) != 0 || hop(ab[0], ba[1], rounds, 0));
	if (pin(a) != 0 || hop(ba[0], ab[1], rounds, 1))
		return 1;
	if (waitpid(child, &status, 0) != child || status != 0)
		return 1;
	printf("pingpong %ld\n", rounds);
	return 0;
}
