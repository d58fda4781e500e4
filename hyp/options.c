#include <stdbool.h>
#include <string.h>
#include "log.h"
#include "options.h"

#define SWITCH_US_MAX 10000000u   /* 10 s: longer periods are not a stress test */

struct hyp_options hyp_options;

void options_reset(void)
{
	hyp_options.switch_us = 0;
	hyp_options.boot_cluster = 0;
	hyp_options.vgic_hw = OPTION_UNSET;
}

/* A decimal number in [s, e) no larger than max. */
static bool parse_u32(const char *s, const char *e, uint32_t max, uint32_t *out)
{
	uint64_t v = 0;

	if (s == e)
		return false;
	for (; s < e; s++) {
		if (*s < '0' || *s > '9')
			return false;
		v = v * 10 + (uint64_t)(*s - '0');
		if (v > max)
			return false;
	}
	*out = (uint32_t)v;
	return true;
}

/* One word [s, e): an option of ours, or not our business. */
static bool parse_word(const char *s, const char *e)
{
	static const char prefix[] = "blmon.";
	const size_t np = sizeof(prefix) - 1;
	const char *eq = memchr(s, '=', (size_t)(e - s));
	uint32_t v;

	if ((size_t)(e - s) < np || memcmp(s, prefix, np) != 0)
		return true;
	s += np;
	if (eq && (size_t)(eq - s) == 9 && memcmp(s, "switch_us", 9) == 0 &&
	    parse_u32(eq + 1, e, SWITCH_US_MAX, &v)) {
		hyp_options.switch_us = v;
		return true;
	}
	if (eq && (size_t)(eq - s) == 12 && memcmp(s, "boot_cluster", 12) == 0 &&
	    parse_u32(eq + 1, e, 1, &v)) {
		hyp_options.boot_cluster = v;
		return true;
	}
	if (eq && (size_t)(eq - s) == 7 && memcmp(s, "vgic_hw", 7) == 0 && parse_u32(eq + 1, e, 1, &v)) {
		hyp_options.vgic_hw = v;
		return true;
	}
	log_warn("ignoring option 'blmon.%.*s'\n", (int)(e - s), s);
	return false;
}

unsigned options_parse(const char *cmdline)
{
	unsigned bad = 0;

	options_reset();
	if (!cmdline)
		return 0;
	for (const char *p = cmdline; *p;) {
		while (*p == ' ' || *p == '\t' || *p == '\n')
			p++;
		const char *s = p;

		while (*p && *p != ' ' && *p != '\t' && *p != '\n')
			p++;
		if (p > s && !parse_word(s, p))
			bad++;
	}
	return bad;
}
