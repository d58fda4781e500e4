#include <stdbool.h>
#include <string.h>
#include "blmon_log.h"
#include "options.h"

#define SWITCH_US_MAX 10000000u   /* 10 s: longer periods are not a stress test */

struct hyp_options hyp_options;

void options_reset(void)
{
	hyp_options.switch_us = 0;
	hyp_options.boot_cluster = 0;
	hyp_options.vgic_hw = OPTION_UNSET;
	hyp_options.cluster_cpus = 0;
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

/* The numeric options: name after "blmon.", largest value, where it goes. */
static const struct option {
	const char *name;
	uint32_t max;
	uint32_t *dst;
} options[] = {
	{ "switch_us", SWITCH_US_MAX, &hyp_options.switch_us },
	{ "boot_cluster", 1, &hyp_options.boot_cluster },
	{ "vgic_hw", 1, &hyp_options.vgic_hw },
	/* any count: one the board cannot serve stops the machine with the
	 * reason (hyp/switch/migrate.c), not a warning nobody reads */
	{ "cluster_cpus", 255, &hyp_options.cluster_cpus },
};

/* One word [s, e): an option of ours, or not our business. */
static bool parse_word(const char *s, const char *e)
{
	static const char prefix[] = "blmon.";
	const size_t np = sizeof(prefix) - 1;
	const char *eq = memchr(s, '=', (size_t)(e - s));

	if ((size_t)(e - s) < np || memcmp(s, prefix, np) != 0)
		return true;
	s += np;
	for (size_t i = 0; eq && i < sizeof(options) / sizeof(options[0]); i++) {
		const struct option *o = &options[i];

		if ((size_t)(eq - s) == strlen(o->name) && memcmp(s, o->name, (size_t)(eq - s)) == 0 &&
		    parse_u32(eq + 1, e, o->max, o->dst))
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
