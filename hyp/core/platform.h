/*
 * The platform the monitor serves, as the board described it to
 * blmon_init() (include/blmon.h), plus what the monitor derives from it.
 */
#ifndef HYP_PLATFORM_H
#define HYP_PLATFORM_H

#include <stdint.h>
#include "blmon.h"
#include "guest_mem.h"

extern struct blmon_platform hyp_platform;
/* Guest RAM in 32 bits: every guest pointer is checked against it. */
extern struct guest_ram hyp_guest_ram;

#endif
