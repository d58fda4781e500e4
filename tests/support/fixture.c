#include <stdio.h>
#include "fixture.h"

uint32_t fixture_load(const char *name, uint8_t *buf, size_t cap)
{
	char path[128];

	snprintf(path, sizeof(path), "tests/fixtures/%s", name);
	FILE *f = fopen(path, "rb");

	if (!f)
		return 0;
	size_t n = fread(buf, 1, cap, f);

	fclose(f);
	return n < cap ? (uint32_t)n : 0;
}
