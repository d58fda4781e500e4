/* hwbp [N]: count, through perf_event_open(2) directly (no perf tool, no
 * fork), how often a hardware breakpoint and a hardware watchpoint of this
 * task fire while the loop below calls target() N times and writes the
 * volatile global `watched` N times (N default 20000), and print one line
 *     hwbp N <exec count> <write count> <elapsed ms>
 * Both events are PERF_TYPE_BREAKPOINT and follow this task (pid 0, cpu -1):
 * Linux programs them into the debug registers (DBGBVR/DBGBCR and
 * DBGWVR/DBGWCR) and each hit is a debug exception the kernel counts. The
 * run spans many of the monitor's cluster switches, so an exact N for both
 * says every switch carried the breakpoint and the watchpoint across
 * (spec section 4): one lost register is a count short, a stray one a count
 * over. <elapsed ms> is CLOCK_MONOTONIC (the guest's time) from the enable
 * to the disable, for the shell test to check the run spanned the switch
 * period many times over (tests/switch/40-hwbp.sh).
 * Exit status 1 when a call fails (why on stderr), 2 on a bad argument. */
#include <errno.h>
#include <linux/hw_breakpoint.h>
#include <linux/perf_event.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>

/* written N times under the watchpoint; aligned so its 4 bytes are one
 * doubleword-aligned watchpoint range of its own */
static volatile uint32_t watched __attribute__((aligned(8)));
/* what target() writes: not watched, only keeps the call from being empty */
static volatile unsigned long sink;

/* The breakpoint's address. noinline: every call executes its first
 * instruction. On ARMv7 the program is Thumb-2 by default; an ARM-state
 * function has a word-aligned address and 4-byte instructions, which is
 * what a bp_len-4 execute breakpoint needs (Linux's arch_build_bp_info /
 * hw_breakpoint_arch_parse: a Thumb address has bit 0 set and a 2-byte
 * first instruction would let the 4-byte range match the next one too). */
#if defined(__arm__)
__attribute__((target("arm")))
#endif
__attribute__((noinline, aligned(8))) static void target(unsigned long i)
{
	sink = i;
}

static int open_bp(uint32_t type, uintptr_t addr, uint64_t len)
{
	struct perf_event_attr attr;

	memset(&attr, 0, sizeof(attr));
	attr.size = sizeof(attr);
	attr.type = PERF_TYPE_BREAKPOINT;
	attr.bp_type = type;
	attr.bp_addr = addr;
	attr.bp_len = len;
	attr.disabled = 1;       /* counted from the ENABLE ioctl on */
	attr.exclude_kernel = 1; /* user-mode hits only: the kernel never runs target() */
	attr.exclude_hv = 1;
	return (int)syscall(SYS_perf_event_open, &attr, 0, -1, -1, 0);
}

static int64_t now_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (int64_t)ts.tv_sec * 1000000000 + ts.tv_nsec;
}

int main(int argc, char **argv)
{
	unsigned long n = argc >= 2 ? strtoul(argv[1], NULL, 0) : 20000;
	uint64_t exec_count, write_count;
	int64_t t0, t1;
	int bp, wp;

	if (argc > 2 || n == 0) {
		fputs("usage: hwbp [N] (N >= 1 calls and writes, default 20000)\n", stderr);
		return 2;
	}
	/* sizeof(long): what the task asks and perf uses; Linux makes an
	 * AArch64 execute breakpoint 4 bytes whatever the length (its
	 * arch_build_bp_info), and on ARMv7 sizeof(long) is 4 */
	bp = open_bp(HW_BREAKPOINT_X, (uintptr_t)&target, sizeof(long));
	if (bp < 0) {
		perror("perf_event_open(HW_BREAKPOINT_X)");
		return 1;
	}
	wp = open_bp(HW_BREAKPOINT_W, (uintptr_t)&watched, HW_BREAKPOINT_LEN_4);
	if (wp < 0 && errno == EINVAL) {
		/* 32-bit ARM Linux takes a load-only or store-only watchpoint
		 * only when the debug exception reports the access type (debug
		 * architecture v8: its hw_breakpoint_arch_parse); before that
		 * (the A15's v7.1) only read/write ones. The loop only ever
		 * stores to `watched` (a volatile store, no load), so a
		 * read/write watchpoint counts its writes all the same. */
		fputs("hwbp: HW_BREAKPOINT_W refused (EINVAL), counting HW_BREAKPOINT_RW of the write-only variable\n",
		      stderr);
		wp = open_bp(HW_BREAKPOINT_RW, (uintptr_t)&watched, HW_BREAKPOINT_LEN_4);
	}
	if (wp < 0) {
		perror("perf_event_open(HW_BREAKPOINT_W)");
		return 1;
	}
	if (ioctl(bp, PERF_EVENT_IOC_RESET, 0) != 0 || ioctl(wp, PERF_EVENT_IOC_RESET, 0) != 0 ||
	    ioctl(bp, PERF_EVENT_IOC_ENABLE, 0) != 0 || ioctl(wp, PERF_EVENT_IOC_ENABLE, 0) != 0) {
		perror("enable");
		return 1;
	}
	t0 = now_ns();
	for (unsigned long i = 0; i < n; i++) {
		target(i);
		watched = (uint32_t)i;
	}
	t1 = now_ns();
	if (ioctl(bp, PERF_EVENT_IOC_DISABLE, 0) != 0 || ioctl(wp, PERF_EVENT_IOC_DISABLE, 0) != 0) {
		perror("disable");
		return 1;
	}
	if (read(bp, &exec_count, sizeof(exec_count)) != (ssize_t)sizeof(exec_count) ||
	    read(wp, &write_count, sizeof(write_count)) != (ssize_t)sizeof(write_count)) {
		perror("read");
		return 1;
	}
	printf("hwbp %lu %llu %llu %lld\n", n, (unsigned long long)exec_count,
	       (unsigned long long)write_count, (long long)((t1 - t0) / 1000000));
	return 0;
}
