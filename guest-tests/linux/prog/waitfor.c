/* waitfor MS VALUE FILE [MORE...]: read FILE every 20 ms until its
 * first line is VALUE on every CPU this program may run on (it moves itself
 * from CPU to CPU to read it), and still is after the first line of each
 * MORE file was read; then print on one line: the nanoseconds that took
 * (CLOCK_MONOTONIC), FILE's first line as read on each of those CPUs, and
 * the MORE files' lines; or "none" after MS milliseconds (exit status 1).
 * The cpufreq suite's observer (guest-tests/linux/tests/cpufreq): a shell
 * loop, or a check made with a program per CPU, forks and execs, and every
 * new task is a burst of load that the governors under test react to within
 * milliseconds; this looks without being seen. Not more often than every
 * 20 ms: measured under -icount, a poll every millisecond alone kept
 * schedutil from leaving the A15 for 2 s, one every 20 ms let it go down in
 * 60-120 ms, as after a plain sleep. */
#define _GNU_SOURCE
#include <fcntl.h>
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

static long long now_ns(void)
{
	struct timespec t;

	clock_gettime(CLOCK_MONOTONIC, &t);
	return (long long)t.tv_sec * 1000000000LL + t.tv_nsec;
}

/* FILE's first line into buf ("?" if it cannot be read). */
static const char *first_line(const char *path, char *buf, size_t size)
{
	int fd = open(path, O_RDONLY);
	ssize_t n = fd < 0 ? -1 : read(fd, buf, size - 1);

	if (fd >= 0)
		close(fd);
	if (n <= 0)
		return "?";
	buf[n] = '\0';
	buf[strcspn(buf, "\n")] = '\0';
	return buf;
}

/* FILE read on every CPU of `allowed`, moving there, into out; whether each
 * read was VALUE. Ends back on every CPU of `allowed`. */
static int read_everywhere(const char *path, const char *value, const cpu_set_t *allowed,
			   char *out, size_t size)
{
	char buf[64];
	int all = 1;
	size_t used = 0;
	cpu_set_t one;

	out[0] = '\0';
	for (int cpu = 0; cpu < CPU_SETSIZE; cpu++) {
		if (!CPU_ISSET(cpu, allowed))
			continue;
		CPU_ZERO(&one);
		CPU_SET(cpu, &one);
		if (sched_setaffinity(0, sizeof(one), &one) != 0)
			continue;     /* went off line meanwhile: not a CPU to ask */
		const char *v = first_line(path, buf, sizeof(buf));
		all &= strcmp(v, value) == 0;
		used += (size_t)snprintf(out + used, used < size ? size - used : 0, " %s", v);
	}
	sched_setaffinity(0, sizeof(*allowed), allowed);
	return all;
}

int main(int argc, char **argv)
{
	long ms = argc >= 4 ? strtol(argv[1], NULL, 0) : 0;
	char buf[128], seen[256], again[256], more[256];
	cpu_set_t allowed;

	if (ms <= 0 || sched_getaffinity(0, sizeof(allowed), &allowed) != 0) {
		fputs("usage: waitfor MS VALUE FILE [MORE...]\n", stderr);
		return 2;
	}
	long long t0 = now_ns(), end = t0 + ms * 1000000LL, took;
	const struct timespec tick = { 0, 20000000 };   /* see above */
	for (;;) {
		long long t = now_ns();
		/* VALUE here, then on every CPU, then the MORE files, then VALUE
		 * on every CPU again: the first look after a fork may see the
		 * system just before the fork's load moves it, and what MORE
		 * says is kept only if nothing moved while it was read */
		if (strcmp(first_line(argv[3], buf, sizeof(buf)), argv[2]) == 0 &&
		    read_everywhere(argv[3], argv[2], &allowed, seen, sizeof(seen))) {
			size_t used = 0;

			more[0] = '\0';
			for (int i = 4; i < argc; i++)
				used += (size_t)snprintf(more + used, used < sizeof(more) ? sizeof(more) - used : 0,
							 " %s", first_line(argv[i], buf, sizeof(buf)));
			if (read_everywhere(argv[3], argv[2], &allowed, again, sizeof(again))) {
				took = t - t0;
				break;
			}
		}
		if (t > end) {
			puts("none");
			return 1;
		}
		nanosleep(&tick, NULL);
	}
	printf("%lld%s%s\n", took, seen, more);
	return 0;
}
