#ifndef HYP_FDT_FIXUP_H
#define HYP_FDT_FIXUP_H

#include <stdint.h>

/*
 * Clip every region of the top-level /memory node's "reg" to the guest's
 * RAM [base, base + size), in place (same length, so no node moves).
 * Returns the number of regions changed, or a negative value if the blob is
 * not a valid FDT (nothing is written then). Bounds-checked against
 * max_len and the header's totalsize: the blob is treated as untrusted.
 */
int fdt_clip_memory(uint8_t *fdt, uint32_t max_len, uint32_t base, uint32_t size);

#endif
