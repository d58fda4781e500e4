/* The device-tree helpers include/blmon.h offers board start-up code. */
#include "blmon.h"
#include "fdt.h"

#define FDT_MAGIC 0xd00dfeedu

uint32_t blmon_fdt_size(const void *fdt)
{
	const uint8_t *h = fdt;

	return fdt_be32(h) == FDT_MAGIC ? fdt_be32(h + 4) : 0;
}

bool blmon_fdt_memory(const void *fdt, uint32_t max_len, struct blmon_range *ram)
{
	return fdt_memory((uint8_t *)(uintptr_t)fdt, max_len, &ram->base, &ram->size);
}

bool blmon_fdt_initrd(const void *fdt, uint32_t max_len, struct blmon_range *initrd)
{
	uint64_t start, end;

	if (!fdt_initrd((uint8_t *)(uintptr_t)fdt, max_len, &start, &end))
		return false;
	initrd->base = start;
	initrd->size = end - start;
	return true;
}
