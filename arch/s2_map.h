/*
 * What stage 2 gives the guest, decided once for every back end: the
 * translation tables differ by architecture (arch/arm32/mmu.c: LPAE,
 * arch/arm64/mmu.c: VMSAv8-64), which blocks they map and as what does
 * not. Portable: host-tested (tests/arch/test_s2_map.c).
 *
 * A block is mapped only if it lies wholly in what the guest owns - its
 * RAM (Normal memory) or a device window the board gave (Device) - and
 * never if it touches the monitor's own memory, wherever the board put it
 * (ARMv7: beside the guest's RAM; AArch64 until self-relocation: inside
 * it, docs/arm64.md). What the tables then take out page by page (the
 * GIC's hypervisor pages, emulated regions) is the back end's, with the
 * virtual GIC it serves.
 */
#ifndef ARCH_S2_MAP_H
#define ARCH_S2_MAP_H

#include <stdbool.h>
#include <stdint.h>
#include "blmon.h"

enum s2_kind {
	S2_MAP_NONE = 0,   /* not mapped: a guest access is a stage-2 abort */
	S2_MAP_RAM,        /* the guest's RAM */
	S2_MAP_DEVICE      /* a device window */
};

/* [a, a + size) wholly inside r (no end computed: r may end at 2^64) */
static inline bool s2_inside(uint64_t a, uint64_t size, const struct blmon_range *r)
{
	return a >= r->base && a - r->base < r->size && r->size - (a - r->base) >= size;
}

/* [a, a + size) and r share a byte */
static inline bool s2_meets(uint64_t a, uint64_t size, const struct blmon_range *r)
{
	if (r->size == 0 || size == 0)
		return false;
	return a >= r->base ? a - r->base < r->size : r->base - a < size;
}

/* The block [a, a + size) (size a power of two the tables map at once) */
static inline enum s2_kind s2_block_kind(const struct blmon_platform *p, uint64_t a, uint64_t size)
{
	if (s2_meets(a, size, &p->monitor))
		return S2_MAP_NONE;
	if (s2_inside(a, size, &p->guest_ram))
		return S2_MAP_RAM;
	for (unsigned w = 0; w < p->ndevices; w++)
		if (s2_inside(a, size, &p->devices[w]))
			return S2_MAP_DEVICE;
	return S2_MAP_NONE;
}

/* The GIC's pages, which the back end takes out of the blocks above once
 * they are built (its tables' own page functions): the distributor is
 * emulated (hyp/exit/mmio.c), GICH and the GIC's physical CPU interface
 * are the monitor's, and where the guest's tree puts its CPU interface
 * the virtual one (GICV) is mapped as Device. Then the board's emulated
 * regions. One order for every back end. */
#define GICV2_DIST_SIZE   0x1000u
#define GICV2_CPU_IF_SIZE 0x2000u   /* GICC / GICV: two pages */
#define GICV2_GICH_SIZE   0x1000u
#define S2_CARVE_GIC(p, unmap, map_device)                                    \
	do {                                                                  \
		unmap((p)->gicd, GICV2_DIST_SIZE);                           \
		unmap((p)->gich, GICV2_GICH_SIZE);                           \
		unmap((p)->gicv, GICV2_CPU_IF_SIZE);                         \
		if ((p)->guest_gicc != (p)->gicc)                            \
			unmap((p)->gicc, GICV2_CPU_IF_SIZE);                 \
		map_device((p)->guest_gicc, (p)->gicv, GICV2_CPU_IF_SIZE);   \
		for (unsigned i_ = 0; i_ < (p)->nmmio; i_++)                 \
			unmap((p)->mmio[i_].base, (p)->mmio[i_].size);       \
	} while (0)

/*
 * The monitor's own stage 1 (both back ends: an identity map of the low
 * 4 GiB in 2 MiB blocks): the block at a is Normal memory if it starts in
 * RAM - the guest's or the monitor's, which the monitor reads and writes
 * cacheable with the attributes the guest's stage 2 gives it, so the two
 * views agree -, Device otherwise (the UART, the GIC, ...).
 */
static inline bool hyp_in(uint64_t a, const struct blmon_range *r)
{
	return a >= r->base && a - r->base < r->size;
}

static inline bool hyp_block_is_ram(const struct blmon_platform *p, uint64_t a)
{
	return hyp_in(a, &p->guest_ram) || hyp_in(a, &p->monitor);
}

#endif
