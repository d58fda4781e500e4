/* Console output: formatted by hyp/core/fmt.c into a bounded buffer, written
 * through the board's console one line at a time under a lock, so lines
 * from different CPUs do not interleave. */
#include <stdarg.h>
#include <stdbool.h>
#include "arch_cpu.h"
#include "blmon.h"
#include "fmt.h"
#include "blmon_log.h"
#include "spinlock.h"

static spinlock_t console_lock;

/* Exclusives need the HYP MMU on (spinlock.h); before that the boot CPU
 * prints alone - also on a board that did not start the monitor in HYP,
 * reporting it (blmon_fatal). */
static bool may_lock(void)
{
	return cpu_hyp_mmu_on();
}

void log_puts(const char *s)
{
	bool lock = may_lock();

	if (lock)
		spin_lock(&console_lock);
	while (*s) {
		if (*s == '\n')
			board_console_putc('\r');
		board_console_putc(*s++);
	}
	if (lock)
		spin_unlock(&console_lock);
}

void log_vprintf(const char *fmt, va_list ap)
{
	char buf[192];

	(void)fmt_vsnprintf(buf, sizeof(buf), fmt, ap);   /* truncation is acceptable for a log line */
	log_puts(buf);
}

void log_printf(const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	log_vprintf(fmt, ap);
	va_end(ap);
}

void blmon_print(const char *fmt, ...)
{
	char buf[192];
	va_list ap;

	va_start(ap, fmt);
	(void)fmt_vsnprintf(buf, sizeof(buf), fmt, ap);
	va_end(ap);
	log_printf("blmon: %s\n", buf);
}

bool log_guest_budget(void)
{
	static uint32_t n;
	uint32_t k = __atomic_fetch_add(&n, 1u, __ATOMIC_RELAXED);

	if (k == LOG_GUEST_BURST)
		log_puts("[hyp] warn: more warnings caused by the guest are not printed\n");
	return k < LOG_GUEST_BURST;
}
