/*
 * The one kind of relocation a -pie image of the AArch32 monitor carries
 * (board/common/reloc.c; arch/arm64/elf_reloc.h is the AArch64 one): built
 * with -mword-relocations, every absolute address is a 32-bit word listed
 * as R_ARM_RELATIVE in .rel.dyn, its addend in the word itself.
 */
#ifndef ARCH_ELF_RELOC_H
#define ARCH_ELF_RELOC_H

#include <stdint.h>

#define ELF_R_RELATIVE 23u   /* R_ARM_RELATIVE */

struct elf_rel {
	uint32_t offset, info;
};

static inline uint32_t elf_rel_type(const struct elf_rel *r) { return r->info & 0xffu; }

/* The word at offset (a link-time address) of an image moved by delta */
static inline void elf_rel_apply(const struct elf_rel *r, uint32_t delta)
{
	*(uint32_t *)(r->offset + delta) += delta;
}

#endif
