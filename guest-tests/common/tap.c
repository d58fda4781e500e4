/* The checks' lines and counts (tap.h), shared by the AArch32 and AArch64
 * test guests. */
#include "tap.h"

static unsigned n_pass, n_fail;

void gprintf(const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	guest_vprintf(fmt, ap);
	va_end(ap);
}

bool check(bool cond, const char *fmt, ...)
{
	va_list ap;

	if (cond)
		n_pass++;
	else
		n_fail++;
	gprintf("%s %u - ", cond ? "ok" : "not ok", n_pass + n_fail);
	va_start(ap, fmt);
	guest_vprintf(fmt, ap);
	va_end(ap);
	gprintf("\n");
	return cond;
}

bool check_eq(const char *name, uint64_t got, uint64_t want)
{
	if (got == want)
		return check(true, "%s", name);
	/* newlib-nano's printf (the AArch32 guests') has no %ll: 64-bit values
	 * as two words */
	return check(false, "%s: got 0x%08lx_%08lx, want 0x%08lx_%08lx", name,
		     (unsigned long)(got >> 32), (unsigned long)(uint32_t)got,
		     (unsigned long)(want >> 32), (unsigned long)(uint32_t)want);
}

void tap_summary(void) { gprintf("%u passed, %u failed\n", n_pass, n_fail); }

unsigned tap_failed(void) { return n_fail; }
