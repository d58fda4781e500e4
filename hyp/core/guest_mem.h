/* Is a guest-supplied physical range wholly inside the RAM the guest owns?
 * Portable (host-tested): every pointer a guest passes goes through here. */
#ifndef HYP_GUEST_MEM_H
#define HYP_GUEST_MEM_H

#include <stdbool.h>
#include <stdint.h>

/* [base, base + size): 32-bit physical addresses (the guest RAM of a
 * 32-bit board ends at 4 GiB at most; so does an AArch64 board's at
 * -m 3072). The monitor's own memory lies outside it on every back end
 * (both move themselves above the guest's RAM, board/common/reloc.c). */
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

	return len != 0 && addr >= m->base && off <= m->size && len <= m->size - off;
}

/* A 64-bit address (SMCCC64's forms, AArch64): outside any guest RAM
 * above 4 GiB - the low half alone must not pass for it. */
static inline bool guest_range_ok64(const struct guest_ram *m, uint64_t addr, uint32_t len)
{
	return addr >> 32 == 0 && guest_range_ok(m, (uint32_t)addr, len);
}

#endif
