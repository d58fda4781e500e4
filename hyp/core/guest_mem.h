/* Is a guest-supplied physical range wholly inside the RAM the guest owns?
 * Portable (host-tested): every pointer a guest passes goes through here. */
#ifndef HYP_GUEST_MEM_H
#define HYP_GUEST_MEM_H

#include <stdbool.h>
#include <stdint.h>

/* [base, base + size): 32-bit physical addresses (the guest RAM of a
 * 32-bit board ends at 4 GiB at most). */
struct guest_ram {
	uint32_t base, size;
};

bool guest_range_ok(const struct guest_ram *m, uint32_t addr, uint32_t len);

#endif
