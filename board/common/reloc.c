/*
 * The image moves itself to the top of RAM, as firmware does: QEMU loads it
 * at the board's load address (board.mk HYP_LOAD_ADDR), which exists at
 * every RAM size the board supports, and the monitor then lives where the
 * guest is least likely to be given anything. Both architectures' QEMU
 * boards (board/common/boot.c, board/qemu-virt-arm64/board.c).
 *
 * The image is linked at its load address with -pie, so every absolute
 * address in it is one word the linker lists as a relative relocation
 * (arch/<arch>/elf_reloc.h: R_ARM_RELATIVE in .rel.dyn - every object is
 * built with -mword-relocations -, R_AARCH64_RELATIVE in .rela.dyn; the
 * Makefiles check there is no other kind). Moving is: copy text, read-only
 * data, the relocations and data; fix each listed word of the copy by the
 * distance. The copy's BSS is cleared by its own start-up. The two places
 * are whole 2 MiB regions, so they never overlap (the boards check).
 */
#include <string.h>
#include "board_common.h"
#include "elf_reloc.h"

uintptr_t reloc_move(uintptr_t base)
{
	uintptr_t from = (uintptr_t)__image_start;
	uintptr_t delta = base - from;
	uintptr_t copy_size = (uintptr_t)__data_end - from;
	/* linker symbols: compare addresses, not pointers to distinct objects */
	const struct elf_rel *r = (const struct elf_rel *)(void *)__rel_start;
	uintptr_t n = ((uintptr_t)__rel_end - (uintptr_t)__rel_start) / sizeof(*r);

	memcpy((void *)base, __image_start, copy_size);
	for (; n--; r++) {
		if (elf_rel_type(r) != ELF_R_RELATIVE)
			blmon_fatal("relocation type %lu at %08lx: image built wrongly",
				    (unsigned long)elf_rel_type(r), (unsigned long)r->offset);
		elf_rel_apply(r, delta);
	}
	return (uintptr_t)_start + delta;
}
