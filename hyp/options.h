/*
 * The monitor's options, read once at boot from the kernel command line in
 * the guest's DTB (/chosen/bootargs): Linux ignores unknown dotted
 * parameters, so they can share the line. docs/options.md lists them.
 *   blmon.switch_us=N       switch the whole system every N microseconds of
 *                           the generic timer from boot (0 = off, default),
 *                           counted from the end of the previous switch
 *   blmon.boot_cluster=0|1  the cluster the system boots on (default 0, A15)
 *   blmon.vgic_hw=0|1       physical interrupts hardware-linked (1) or
 *                           deactivated by the monitor (0); default: the
 *                           board's (BLMON_QUIRK_GIC_HW_DEACTIVATE)
 * Portable: tests/test_options.c.
 */
#ifndef HYP_OPTIONS_H
#define HYP_OPTIONS_H

#include <stdint.h>

#define OPTION_UNSET 0xffffffffu

struct hyp_options {
	uint32_t switch_us;
	unsigned boot_cluster;
	uint32_t vgic_hw;           /* 0, 1 or OPTION_UNSET */
};

extern struct hyp_options hyp_options;

/* Parse a command line (0: none): options not given keep their defaults;
 * a malformed value or an unknown blmon.* option is reported and ignored.
 * Returns the number of blmon.* options that were not accepted. */
unsigned options_parse(const char *cmdline);
void options_reset(void);

#endif
