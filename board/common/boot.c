/*
 * The QEMU boards' boot flow around the library (include/blmon.h): find
 * the machine's shape, move the image to the top of RAM, describe the
 * board, hand over. Shapes the monitor cannot serve stop here with a
 * message (blmon_fatal), never a hang.
 */
#include "board_common.h"

#define PSR_MODE_MASK 0x1fu
#define PSR_MODE_HYP  0x1au
#define SZ_4K         0x1000ull
#define SZ_1M         0x100000ull
#define SZ_128M       0x8000000ull

void board_boot(uint32_t cpsr) __attribute__((noreturn));
void board_secondary(unsigned cpu) __attribute__((noreturn));

/* Where QEMU's Linux loader (hw/arm/boot.c) puts the initrd, and the DTB
 * right after it, in `ram` bytes of RAM: min(RAM / 2, 128 MiB) into it,
 * page aligned, or above the kernel if that ends higher (`floor`). */
static uint64_t qemu_initrd_offset(uint64_t ram, uint64_t floor)
{
	uint64_t o = ram / 2 < SZ_128M ? ram / 2 : SZ_128M;

	if (o < floor)
		o = floor;
	return (o + SZ_4K - 1) & ~(SZ_4K - 1);
}

/* The least RAM with the monitor's HYP_SIZE above what QEMU loads: more
 * RAM moves the initrd and DTB up too (by half of it, below 256 MiB). */
static uint64_t ram_needed(const struct board_boot_info *bi)
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
static struct blmon_range monitor_place(const struct board_boot_info *bi)
{
	uint64_t end = (bi->ram.base + bi->ram.size) & ~((uint64_t)HYP_SIZE - 1);
	struct blmon_range m = { end - HYP_SIZE, HYP_SIZE };

	/* the guest needs what QEMU loaded for it, below the monitor */
	if (end < bi->ram.base + HYP_SIZE || m.base < bi->loaded_end)
		blmon_fatal("not enough RAM: %llu MiB, and what QEMU loaded for the guest ends at "
			    "%08llx; the monitor needs %u MiB above it (-m %llu or more)",
			    (unsigned long long)(bi->ram.size / SZ_1M), (unsigned long long)bi->loaded_end,
			    (unsigned)(HYP_SIZE / SZ_1M), (unsigned long long)(ram_needed(bi) / SZ_1M));
	return m;
}

void board_boot(uint32_t cpsr)
{
	struct board_boot_info bi;
	struct blmon_platform p;

	if ((cpsr & PSR_MODE_MASK) != PSR_MODE_HYP)
		blmon_fatal("started in CPU mode %02lx, not HYP: %s", (unsigned long)(cpsr & PSR_MODE_MASK),
			    board_mode_hint(cpsr));
	board_discover(&bi);
	struct blmon_range mon = monitor_place(&bi);

	if ((uint32_t)__image_start != mon.base) {
		uint32_t size = (uint32_t)__image_end - (uint32_t)__image_start;

		if ((uint32_t)__image_start % HYP_SIZE || size > HYP_SIZE)
			blmon_fatal("image at %08lx (%lu bytes) is not one aligned %u MiB region",
				    (unsigned long)__image_start, (unsigned long)size,
				    (unsigned)(HYP_SIZE / SZ_1M));
		reloc_jump(reloc_move((uint32_t)mon.base));
	}
	board_platform(&p, &bi, &mon);
	blmon_init(&p);
	blmon_cpu_init(0);
	board_booted = 1;
	blmon_enter_next_stage();
}

void board_secondary(unsigned cpu)
{
	board_secondary_wait(cpu);
	blmon_cpu_init(cpu);
	blmon_enter_next_stage();
}
