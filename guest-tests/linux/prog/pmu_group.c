/* pmu_group PMU CONFIG...: open one group of events of the perf PMU named
 * PMU (its type from /sys/bus/event_source/devices/PMU/type), CONFIG being
 * each event's config (the first leads), counting this task in user mode;
 * print
 *     opened K errno E
 * (K events opened, E the errno of the first refusal, 0 if none). When
 * every event opened: run the fixed loop of spin_loop.h 1,000,000 times
 * between ENABLE and DISABLE, read the whole group in one read(2) and print
 *     values V1 V2 ... enabled T running R
 * The perf-per-cluster checks (tests/default/40-perfpmu.sh) use it for the
 * refusals perf(1) reports only as "<not supported>" and for group reads.
 * Exit status 1 when a call other than an open fails. */
#include <errno.h>
#include <linux/perf_event.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/syscall.h>
#include <unistd.h>

#include "spin_loop.h"

#define MAX_EVENTS 16

static int pmu_type(const char *pmu)
{
	char path[256], line[32], *end;
	FILE *f;
	long type = -1;

	snprintf(path, sizeof(path), "/sys/bus/event_source/devices/%s/type", pmu);
	f = fopen(path, "r");
	if (f && fgets(line, sizeof(line), f)) {
		type = strtol(line, &end, 10);
		if (end == line || type < 0 || type > 0x7fffffff)
			type = -1;
	}
	if (f)
		fclose(f);
	return (int)type;
}

int main(int argc, char **argv)
{
	struct {
		uint64_t nr, enabled, running, value[MAX_EVENTS];
	} r;
	int fd[MAX_EVENTS], n = argc - 2, opened = 0, err = 0, type;

	if (argc < 3 || n > MAX_EVENTS) {
		fputs("usage: pmu_group PMU CONFIG... (at most 16)\n", stderr);
		return 2;
	}
	type = pmu_type(argv[1]);
	if (type < 0) {
		fprintf(stderr, "pmu_group: no PMU %s\n", argv[1]);
		return 2;
	}
	for (int i = 0; i < n; i++) {
		struct perf_event_attr attr;

		memset(&attr, 0, sizeof(attr));
		attr.size = sizeof(attr);
		attr.type = (uint32_t)type;
		attr.config = strtoull(argv[2 + i], NULL, 0);
		attr.disabled = i == 0;
		attr.exclude_kernel = 1;
		attr.exclude_hv = 1;
		attr.read_format = PERF_FORMAT_GROUP | PERF_FORMAT_TOTAL_TIME_ENABLED |
				   PERF_FORMAT_TOTAL_TIME_RUNNING;
		fd[i] = (int)syscall(SYS_perf_event_open, &attr, 0, -1, i ? fd[0] : -1, 0);
		if (fd[i] < 0) {
			err = errno;
			break;
		}
		opened++;
	}
	printf("opened %d errno %d\n", opened, err);
	if (opened < n)
		return 0;
	if (ioctl(fd[0], PERF_EVENT_IOC_RESET, PERF_IOC_FLAG_GROUP) != 0 ||
	    ioctl(fd[0], PERF_EVENT_IOC_ENABLE, PERF_IOC_FLAG_GROUP) != 0) {
		perror("enable");
		return 1;
	}
	spin(1000000);
	if (ioctl(fd[0], PERF_EVENT_IOC_DISABLE, PERF_IOC_FLAG_GROUP) != 0 ||
	    read(fd[0], &r, sizeof(r)) < (ssize_t)(3 * sizeof(uint64_t)) || r.nr != (uint64_t)n) {
		perror("read");
		return 1;
	}
	printf("values");
	for (int i = 0; i < n; i++)
		printf(" %llu", (unsigned long long)r.value[i]);
	printf(" enabled %llu running %llu\n", (unsigned long long)r.enabled,
	       (unsigned long long)r.running);
	return 0;
}
