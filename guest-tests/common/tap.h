/* The test guests' checks, for both architectures: one line per check,
 * "ok N - name" / "not ok N - name ...", and the "N passed, N failed"
 * summary that tools/test-all.sh counts. Each architecture's guest library
 * supplies the console: guest_vprintf(). */
#ifndef GUEST_TAP_H
#define GUEST_TAP_H

#include <stdarg.h>
#include <stdbool.h>
#include <stdint.h>

void guest_vprintf(const char *fmt, va_list ap);   /* the architecture's console */

void gprintf(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
bool check(bool cond, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
bool check_eq(const char *name, uint64_t got, uint64_t want);
/* "N passed, N failed"; how many failed so far */
void tap_summary(void);
unsigned tap_failed(void);

#endif
