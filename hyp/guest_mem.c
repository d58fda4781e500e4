#include "guest_mem.h"

/* In 32 bits without a wrap: the offset into RAM, then the room left
 * there (cheaper than 64-bit ends on the SYNC path). */
bool guest_range_ok(const struct board_mem *m, uint32_t addr, uint32_t len)
{
	uint32_t off = addr - m->guest_ram_base;

	return len != 0 && addr >= m->guest_ram_base && off <= m->guest_ram_size &&
	       len <= m->guest_ram_size - off;
}
