/*
 * Where the monitor lives on a QEMU board, both architectures'
 * (board/common/boot.c, board/qemu-virt-arm64/board.c): the top HYP_SIZE
 * bytes of RAM, above everything QEMU's Linux loader (hw/arm/boot.c, the
 * same rule for AArch32 and AArch64 kernels) put there for the guest, or a
 * message saying which -m would do. Static functions in a header, not a
 * file of their own: each board's start-up is one unit.
 */
#ifndef BOARD_PLACE_H
#define BOARD_PLACE_H

#include "board_common.h"

#define PLACE_4K   0x1000ull
#define PLACE_1M   0x100000ull
#define PLACE_128M 0x8000000ull
#define PLACE_4G   0x100000000ull

/* Where QEMU's Linux loader (hw/arm/boot.c) puts the initrd, and the DTB
 * right after it, in `ram` bytes of RAM: min(RAM / 2, 128 MiB) into it,
 * page aligned, or above the kernel if that ends higher (`floor`). */
static inline uint64_t qemu_initrd_offset(uint64_t ram, uint64_t floor)
{
	uint64_t o = ram / 2 < PLACE_128M ? ram / 2 : PLACE_128M;

	if (o < floor)
		o = floor;
	return (o + PLACE_4K - 1) & ~(PLACE_4K - 1);
}

/* The least RAM with the monitor's HYP_SIZE above what QEMU loads: more
 * RAM moves the initrd and DTB up too (by half of it, below 256 MiB). */
static inline uint64_t ram_needed(const struct board_boot_info *bi)
{
	uint64_t start = bi->loaded_start - bi->ram.base, len = bi->loaded_end - bi->loaded_start;
	/* placed above QEMU's rule: above a kernel, which stays where it is */
	uint64_t floor = start > qemu_initrd_offset(bi->ram.size, 0) ? start : 0;
	uint64_t n = bi->ram.size & ~((uint64_t)HYP_SIZE - 1);

	do
		n += HYP_SIZE;
	while (qemu_initrd_offset(n, floor) + len + HYP_SIZE > n);
	return n;
}

/* The monitor's place: the top HYP_SIZE bytes of RAM, HYP_SIZE aligned
 * (stage 2 maps guest RAM in 2 MiB blocks). */
static inline struct blmon_range monitor_place(const struct board_boot_info *bi)
{
	uint64_t end = (bi->ram.base + bi->ram.size) & ~((uint64_t)HYP_SIZE - 1);
	struct blmon_range m = { end - HYP_SIZE, HYP_SIZE };

	/* the guest needs what QEMU loaded for it, below the monitor */
	if (end < bi->ram.base + HYP_SIZE || m.base < bi->loaded_end)
		blmon_fatal("not enough RAM: %llu MiB, and what QEMU loaded for the guest ends at "
			    "%08llx; the monitor needs %u MiB above it (-m %llu or more)",
			    (unsigned long long)(bi->ram.size / PLACE_1M), (unsigned long long)bi->loaded_end,
			    (unsigned)(HYP_SIZE / PLACE_1M), (unsigned long long)(ram_needed(bi) / PLACE_1M));
	return m;
}

/* What QEMU's tree at dtb (total bytes, a valid header) says of the
 * machine: the RAM (the first /memory region, at ram_base, ending at 4 GiB
 * at most: the monitor's translation covers the low 4 GiB and it lives at
 * the top of RAM), and where what QEMU loaded for the guest lies - the
 * initrd, if any, then the DTB right after it. */
static inline void qemu_boot_info(struct board_boot_info *bi, uint32_t dtb, uint32_t total, uint32_t ram_base)
{
	struct blmon_range initrd;

	if (!blmon_fdt_memory((const void *)(uintptr_t)dtb, total, &bi->ram))
		blmon_fatal("QEMU's device tree at %08lx is not valid or has no /memory",
			    (unsigned long)dtb);
	if (bi->ram.base != ram_base)
		blmon_fatal("RAM at %08llx, not at %08lx where this board has it",
			    (unsigned long long)bi->ram.base, (unsigned long)ram_base);
	if (bi->ram.size > PLACE_4G - ram_base)
		blmon_fatal("%llu MiB of RAM reach above 4 GiB: give QEMU -m %llu or less",
			    (unsigned long long)(bi->ram.size / PLACE_1M),
			    (unsigned long long)((PLACE_4G - ram_base) / PLACE_1M));
	bi->dtb = dtb;
	bi->dtb_max = total;
	bi->loaded_start = dtb;
	bi->loaded_end = dtb + total;
	if (blmon_fdt_initrd((const void *)(uintptr_t)dtb, total, &initrd) && initrd.size) {
		if (initrd.base < bi->loaded_start)
			bi->loaded_start = initrd.base;
		if (initrd.base + initrd.size > bi->loaded_end)
			bi->loaded_end = initrd.base + initrd.size;
	}
}

#endif
