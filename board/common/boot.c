/*
 * The QEMU boards' boot flow around the library (include/blmon.h): find
 * the machine's shape, move the image to the top of RAM, describe the
 * board, hand over. Shapes the monitor cannot serve stop here with a
 * message (blmon_fatal), never a hang.
 */
#include "board_common.h"
#include "place.h"

#define PSR_MODE_MASK 0x1fu
#define PSR_MODE_HYP  0x1au

void board_boot(uint32_t cpsr) __attribute__((noreturn));
void board_secondary(unsigned cpu) __attribute__((noreturn));

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
				    (unsigned)(HYP_SIZE / PLACE_1M));
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
