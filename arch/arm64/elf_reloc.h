/*
 * The one kind of relocation a -pie image of the AArch64 monitor carries
 * (board/common/reloc.c; arch/arm32/elf_reloc.h is the AArch32 one): every
 * absolute address - a pointer in data, a literal - is a 64-bit word
 * listed as R_AARCH64_RELATIVE in .rela.dyn with its addend, the
 * link-time address (which the linker also wrote into the word, so the
 * image runs unmoved where it is linked).
 */
#ifndef ARCH_ELF_RELOC_H
#define ARCH_ELF_RELOC_H

#include <stdint.h>

#define ELF_R_RELATIVE 1027u   /* R_AARCH64_RELATIVE */

struct elf_rel {
	uint64_t offset, info;
	int64_t addend;
};

static inline uint32_t elf_rel_type(const struct elf_rel *r) { return (uint32_t)r->info; }

static inline void elf_rel_apply(const struct elf_rel *r, uint64_t delta)
{
	*(uint64_t *)(uintptr_t)(r->offset + delta) = (uint64_t)r->addend + delta;
}

#endif
