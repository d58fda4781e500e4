/*
 * The monitor's own printf-style formatter: the monitor is relocated at
 * boot and linked into board firmware, so it does not use newlib's stdio
 * (whose reentrancy data it would have to carry). Portable, host-tested
 * (tests/core/test_fmt.c) against the C library's snprintf.
 *
 * Conversions: %d %i %u %x %X %c %s %p %%, flags '-' and '0', a field
 * width, a precision for %s (.N or .*), length l (32-bit long) and ll
 * (64-bit). Anything else is copied
 * as it is. The output is always NUL-terminated; the return value is the
 * length it would have had (like snprintf).
 */
#ifndef HYP_FMT_H
#define HYP_FMT_H

#include <stdarg.h>
#include <stddef.h>

int fmt_vsnprintf(char *buf, size_t size, const char *fmt, va_list ap);
int fmt_snprintf(char *buf, size_t size, const char *fmt, ...) __attribute__((format(printf, 3, 4)));

#endif
