/* perf_open [-a] N: count user-mode cycles and instructions of the fixed
 * loop of spin_loop.h run N times, through perf_event_open(2) directly (no
 * perf tool), and print one line
 *     N <cycles> <instructions> <time_enabled> <time_running>
 * The two events are one group (cycles leads), so they are scheduled
 * together; exclude_kernel/exclude_hv keep the counts to the user-mode
 * instructions between the return of the ENABLE ioctl and the DISABLE
 * ioctl, which are the same instructions on every run.
 *   default  the events follow this task: the kernel saves and restores
 *            them whenever it schedules another task (e.g. the kworker
 *            that asks the monitor for a cluster switch);
 *   -a       the events count on CPU 0 whatever runs there: they stay live
 *            in the hardware counters while the monitor switches clusters,
 *            so the monitor alone carries them across. No other user code
 *            runs meanwhile (the shell waits in the kernel).
 * The shell test (tests/30-perf.sh) compares runs of two lengths and with
 * and without cluster switches. Exit status 1 when a call fails. */
#include <linux/perf_event.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/syscall.h>
#include <unistd.h>

#include "spin_loop.h"

static int open_counter(uint64_t config, int group_fd, int cpu_wide)
{
	struct perf_event_attr attr;

	memset(&attr, 0, sizeof(attr));
	attr.size = sizeof(attr);
	attr.type = PERF_TYPE_HARDWARE;
	attr.config = config;
	attr.disabled = group_fd == -1; /* the leader starts the group */
	attr.exclude_kernel = 1;
	attr.exclude_hv = 1;
	attr.read_format = PERF_FORMAT_GROUP | PERF_FORMAT_TOTAL_TIME_ENABLED |
			   PERF_FORMAT_TOTAL_TIME_RUNNING;
	return (int)syscall(SYS_perf_event_open, &attr, cpu_wide ? -1 : 0,
			    cpu_wide ? 0 : -1, group_fd, 0);
}

int main(int argc, char **argv)
{
	/* read_format GROUP: nr, time_enabled, time_running, values[nr] */
	struct {
		uint64_t nr, enabled, running, value[2];
	} r;
	int cpu_wide = argc == 3 && strcmp(argv[1], "-a") == 0;
	unsigned long n = argc == 2 + cpu_wide ? strtoul(argv[argc - 1], NULL, 0) : 0;
	int leader, member;

	if (n == 0) {
		fputs("usage: perf_open [-a] N (N >= 1 iterations)\n", stderr);
		return 2;
	}
	leader = open_counter(PERF_COUNT_HW_CPU_CYCLES, -1, cpu_wide);
	member = leader < 0 ? -1 :
		 open_counter(PERF_COUNT_HW_INSTRUCTIONS, leader, cpu_wide);
	if (member < 0) {
		perror("perf_event_open");
		return 1;
	}
	if (ioctl(leader, PERF_EVENT_IOC_RESET, PERF_IOC_FLAG_GROUP) != 0 ||
	    ioctl(leader, PERF_EVENT_IOC_ENABLE, PERF_IOC_FLAG_GROUP) != 0) {
		perror("enable");
		return 1;
	}
	spin(n);
	if (ioctl(leader, PERF_EVENT_IOC_DISABLE, PERF_IOC_FLAG_GROUP) != 0) {
		perror("disable");
		return 1;
	}
	if (read(leader, &r, sizeof(r)) != (ssize_t)sizeof(r) || r.nr != 2) {
		perror("read");
		return 1;
	}
	printf("%lu %llu %llu %llu %llu\n", n, (unsigned long long)r.value[0],
	       (unsigned long long)r.value[1], (unsigned long long)r.enabled,
	       (unsigned long long)r.running);
	return 0;
}
