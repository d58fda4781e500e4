/* Is a guest-supplied physical range wholly inside the RAM the guest owns?
 * Portable (host-tested): every pointer a guest passes goes through here. */
#ifndef HYP_GUEST_MEM_H
#define HYP_GUEST_MEM_H

#include <stdbool.h>
#include <stdint.h>
#include "arch_caps.h"

/* [base, base + size): 32-bit physical addresses (the guest RAM of a
 * 32-bit board ends at 4 GiB at most; so does an AArch64 board's at
 * -m 3072). hole: the monitor's own memory where it lies inside that range
 * (arch_caps.h: ARCH_MONITOR_IN_GUEST_RAM, AArch64 until self-relocation);
 * size 0 where it does not (ARMv7: the monitor is above the guest's RAM). */
struct guest_ram {
	uint32_t base, size;
	uint32_t hole_base, hole_size;
};

/* [addr, addr + len), len != 0 and not wrapping, shares no byte with the
 * hole */
static inline bool guest_range_clear(const struct guest_ram *m, uint32_t addr, uint32_t len)
{
	return m->hole_size == 0 ||
	       (addr >= m->hole_base ? addr - m->hole_base >= m->hole_size
				     : m->hole_base - addr >= len);
}

/* In 32 bits without a wrap: the offset into RAM, then the room left
 * there (cheaper than 64-bit ends on the SYNC path). Inline: SYNC checks
 * the header, then the whole array from the same address, and the second
 * check reuses the first's offset (a call each cost about 25 in all). The
 * hole's test only where a back end has one (not on ARMv7's SYNC path). */
static inline bool guest_range_ok(const struct guest_ram *m, uint32_t addr, uint32_t len)
{
	uint32_t off = addr - m->base;

	return len != 0 && addr >= m->base && off <= m->size &&
	       len <= m->size - off &&
	       (!ARCH_MONITOR_IN_GUEST_RAM || guest_range_clear(m, addr, len));
}

/* guest_range_ok() without the hole's test (the same on a back end without
 * one): for a read whose result only a later guest_range_ok() of a range
 * containing it lets through - SYNC's header (hvc.c): its entries count
 * read from the hole (the monitor's own memory, a harmless read at EL2)
 * gives -3 either way, by the bound or by the whole array's check, which
 * includes the header. Issue #29 on AArch64: the hole's test once. */
static inline bool guest_range_in_ram(const struct guest_ram *m, uint32_t addr, uint32_t len)
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
