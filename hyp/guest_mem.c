#include "guest_mem.h"

bool guest_range_ok(const struct board_mem *m, uint32_t addr, uint32_t len)
{
	uint64_t end = (uint64_t)addr + len;   /* 64-bit: no wrap-around */
	uint64_t ram_end = (uint64_t)m->guest_ram_base + m->guest_ram_size;

	return len != 0 && addr >= m->guest_ram_base && end <= ram_end;
}
