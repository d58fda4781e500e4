/*
 * The image moves itself to the top of RAM, as firmware does: QEMU loads it
 * at the board's load address (board.mk HYP_LOAD_ADDR), which exists at
 * every RAM size the board supports, and the monitor then lives where the
 * guest is least likely to be given anything.
 *
 * The image is linked at its load address with -pie and every object is
 * built with -mword-relocations, so every absolute address in it is one
 * 32-bit word the linker lists as R_ARM_RELATIVE in .rel.dyn (the Makefile
 * checks there is no other kind). Moving is: copy text, read-only data,
 * the relocations and data; add the distance to each listed word of the
 * copy. The copy's BSS is cleared by its own start-up. The two places
 * are whole 2 MiB regions, so they never overlap (board_boot checks).
 */
#include <string.h>
#include "board_common.h"

#define R_ARM_RELATIVE 23u

struct elf32_rel {
	uint32_t offset, info;
};

uint32_t reloc_move(uint32_t base)
{
	uint32_t from = (uint32_t)__image_start;
	uint32_t delta = base - from;
	uint32_t copy_size = (uint32_t)__data_end - from;
	/* linker symbols: compare addresses, not pointers to distinct objects */
	const struct elf32_rel *r = (const struct elf32_rel *)(void *)__rel_start;
	uint32_t n = ((uint32_t)__rel_end - (uint32_t)__rel_start) / sizeof(*r);

	memcpy((void *)base, __image_start, copy_size);
	for (; n--; r++) {
		if ((r->info & 0xffu) != R_ARM_RELATIVE)
			blmon_fatal("relocation type %lu at %08lx: image built wrongly",
				    (unsigned long)(r->info & 0xffu), (unsigned long)r->offset);
		*(uint32_t *)(r->offset + delta) += delta;
	}
	return (uint32_t)_start + delta;
}
