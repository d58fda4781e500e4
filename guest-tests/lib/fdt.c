/* Just enough FDT reading for the tests to check what the guest was told. */
#include <string.h>
#include "guest.h"

static uint32_t be32(const uint8_t *p)
{
	return ((uint32_t)p[0] << 24) | ((uint32_t)p[1] << 16) | ((uint32_t)p[2] << 8) | p[3];
}

bool fdt_memory(const void *blob, uint64_t *base, uint64_t *size)
{
	const uint8_t *f = blob;

	if (be32(f) != 0xd00dfeedu)
		return false;
	const uint8_t *s = f + be32(f + 8);
	const char *strs = (const char *)f + be32(f + 12);
	uint32_t len = be32(f + 36), pos = 0, depth = 0;
	bool mem = false;

	while (pos + 4 <= len) {
		uint32_t tok = be32(s + pos);

		pos += 4;
		if (tok == 1) {
			const char *name = (const char *)s + pos;

			depth++;
			mem = depth == 2 && strncmp(name, "memory", 6) == 0;
			pos += (strlen(name) + 4) & ~3u;
		} else if (tok == 2) {
			depth--;
			mem = false;
		} else if (tok == 3) {
			uint32_t plen = be32(s + pos), off = be32(s + pos + 4);

			pos += 8;
			if (mem && strcmp(strs + off, "reg") == 0 && plen >= 16) {
				*base = ((uint64_t)be32(s + pos) << 32) | be32(s + pos + 4);
				*size = ((uint64_t)be32(s + pos + 8) << 32) | be32(s + pos + 12);
				return true;
			}
			pos += (plen + 3) & ~3u;
		} else if (tok == 9) {
			break;
		}
	}
	return false;
}
