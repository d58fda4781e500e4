/* Console output: formatted by newlib-nano's vsnprintf into a bounded
 * buffer, written through the board's console. */
#include <stdarg.h>
#include <stdio.h>
#include "log.h"
#include "board.h"

void log_puts(const char *s)
{
	while (*s) {
		if (*s == '\n')
			board_console_putc('\r');
		board_console_putc(*s++);
	}
}

void log_printf(const char *fmt, ...)
{
	char buf[192];
	va_list ap;

	va_start(ap, fmt);
	(void)vsnprintf(buf, sizeof(buf), fmt, ap);   /* truncation is acceptable for a log line */
	va_end(ap);
	log_puts(buf);
}
