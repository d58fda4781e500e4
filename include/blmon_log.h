/*
 * The monitor's console log and panic (hyp/core/log.c, panic.c), for every
 * layer: the portable monitor, the architecture back end (arch/) and the
 * boards. Compile-time levels (LOG_LEVEL, default LOG_INFO): a call below
 * the level compiles to nothing but still type-checks its format string,
 * so a disabled log call cannot rot.
 */
#ifndef BLMON_LOG_H
#define BLMON_LOG_H

#define LOG_NONE    0
#define LOG_ERROR   1
#define LOG_WARN    2
#define LOG_INFO    3
#define LOG_DEBUG   4

#ifndef LOG_LEVEL
#define LOG_LEVEL LOG_INFO
#endif

#include <stdarg.h>
#include <stdbool.h>

void log_printf(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
void log_vprintf(const char *fmt, va_list ap);
void log_puts(const char *s);

#define LOG_AT(level, ...)                                \
	do {                                              \
		if (LOG_LEVEL >= (level))                 \
			log_printf(__VA_ARGS__);          \
	} while (0)

#define log_error(...) LOG_AT(LOG_ERROR, "[hyp] error: " __VA_ARGS__)
#define log_warn(...)  LOG_AT(LOG_WARN, "[hyp] warn: " __VA_ARGS__)
#define log_info(...)  LOG_AT(LOG_INFO, "[hyp] " __VA_ARGS__)
#define log_debug(...) LOG_AT(LOG_DEBUG, "[hyp] debug: " __VA_ARGS__)

/* A warning the guest's own action causes (an access the monitor refuses,
 * a PSCI argument it rejects): the first LOG_GUEST_BURST are printed, then
 * one line says that no more are. A guest could otherwise keep the monitor
 * printing - under its console lock, at the UART's pace - as fast as it can
 * trap (the hostile SMP guest cut the switch rate to a tenth that way). */
#define LOG_GUEST_BURST 32u
bool log_guest_budget(void);
#define log_guest(...)                                                 \
	do {                                                           \
		if (LOG_LEVEL >= LOG_WARN && log_guest_budget())       \
			log_printf("[hyp] warn: " __VA_ARGS__);        \
	} while (0)

/* Monitor invariants only: never on a value a guest controls. */
void hyp_panic(const char *what) __attribute__((noreturn));
#define HYP_ASSERT(c) do { if (!(c)) hyp_panic("assertion failed: " #c); } while (0)

#endif
