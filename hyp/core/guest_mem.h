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

/* In 32 bits without a wrap: the offset into RAM, then the room left
 * there (cheaper than 64-bit ends on the SYNC path). Inline: SYNC checks
 * the header, then the whole array from the same address, and the second
 * check reuses the first's offset (a call each cost about 25 in all). */
static inline bool guest_range_ok(const struct guest_ram *m, uint32_t addr, uint32_t len)
{
	uint32_t off = addr - m->base;

	return len != 0 && addr >= m->base && off <= m->size &&
	       len <= m->size - off;
}

#endif
