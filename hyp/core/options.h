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
 *   blmon.cluster_cpus=N    real migration (docs/migration.md): the guest
 *                           gets N CPUs, run by physical CPUs 0..N-1 on
 *                           cluster 0 and N..2N-1 on cluster 1 (0 = off,
 *                           default: every CPU switches in place)
 * Portable: tests/core/test_options.c.
 */
#ifndef HYP_OPTIONS_H
#define HYP_OPTIONS_H

#include <stdint.h>

#define OPTION_UNSET 0xffffffffu

struct hyp_options {
	uint32_t switch_us;
	uint32_t boot_cluster;
	uint32_t vgic_hw;           /* 0, 1 or OPTION_UNSET */
	uint32_t cluster_cpus;      /* N: migration between two groups of N CPUs; 0: in place */
};

extern struct hyp_options hyp_options;

/* Parse a command line (0: none): options not given keep their defaults;
 * a malformed value or an unknown blmon.* option is reported and ignored.
 * Returns the number of blmon.* options that were not accepted. */
unsigned options_parse(const char *cmdline);
void options_reset(void);

#endif
