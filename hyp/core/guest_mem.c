#include "guest_mem.h"

/* In 32 bits without a wrap: the offset into RAM, then the room left
 * there (cheaper than 64-bit ends on the SYNC path). */
bool guest_range_ok(const struct guest_ram *m, uint32_t addr, uint32_t len)
{
	uint32_t off = addr - m->base;

	return len != 0 && addr >= m->base && off <= m->size &&
	       len <= m->size - off;
}
