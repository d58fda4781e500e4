/* The monitor's log on the host: each line is kept (the last 4 KiB), so a
 * test can assert what the portable code reported. */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include "blmon_log.h"
#include "log_capture.h"

char log_captured[4096];

void log_capture_clear(void) { log_captured[0] = '\0'; }

void log_vprintf(const char *fmt, va_list ap)
{
	size_t n = strlen(log_captured);

	if (n + 256 > sizeof(log_captured))
		n = 0;
	vsnprintf(log_captured + n, sizeof(log_captured) - n, fmt, ap);
}

void log_printf(const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	log_vprintf(fmt, ap);
	va_end(ap);
}

void log_puts(const char *s) { log_printf("%s", s); }
