/* Time by the virtual counter, both architectures' guest libraries
 * (guest-tests/lib/guest.c, guest-tests/arm64/lib/guest64.c): a deadline
 * ms milliseconds from now, and whether it has passed. Bounds every wait
 * on another CPU or on the monitor - by time, not by a spin count, which a
 * busy host's scheduling makes too short (docs/testing.md). */
#ifndef GUEST_DEADLINE_H
#define GUEST_DEADLINE_H

#include <stdbool.h>
#include <stdint.h>

uint64_t deadline_ms(uint32_t ms);
bool passed(uint64_t deadline);

#endif
