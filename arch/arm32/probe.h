/*
 * Safe probing of system registers from HYP: between probe_arm() and
 * probe_disarm(), an undefined-instruction exception taken in HYP skips
 * the instruction instead of panicking. Boot-time only, one CPU at a time.
 */
#ifndef HYP_PROBE_H
#define HYP_PROBE_H

#include <stdbool.h>

void probe_arm(void);
bool probe_disarm(void);   /* true: an instruction faulted since probe_arm() */

#endif
