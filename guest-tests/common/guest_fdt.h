/* FDT reading for the test guests of both architectures (fdt.c). */
#ifndef GUEST_FDT_H
#define GUEST_FDT_H

#include <stdbool.h>
#include <stdint.h>

/* First /memory region of a DTB: false if not found / not an FDT. */
bool fdt_memory(const void *fdt, uint64_t *base, uint64_t *size);
/* /chosen/bootargs of a DTB, or 0. */
const char *fdt_bootargs(const void *fdt);
/* key=N in the DTB's bootargs (decimal), or dflt. */
uint32_t fdt_bootarg_u32(const void *fdt, const char *key, uint32_t dflt);

#endif
