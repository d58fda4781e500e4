/* Is a guest-supplied physical range wholly inside the RAM the guest owns?
 * Portable (host-tested): every pointer a guest passes goes through here. */
#ifndef HYP_GUEST_MEM_H
#define HYP_GUEST_MEM_H

#include <stdbool.h>
#include <stdint.h>
#include "board.h"

bool guest_range_ok(const struct board_mem *m, uint32_t addr, uint32_t len);

#endif
