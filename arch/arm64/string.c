/*
 * The few C library functions the monitor calls, and the compiler may
 * call for struct copies and clears (memcpy, memset). The AArch32 monitor
 * links newlib's (arm-none-eabi); newlib is packaged for arm-none-eabi
 * only, so the AArch64 monitor, built -ffreestanding -nostdlib with
 * gcc-aarch64-linux-gnu, has these instead: byte loops, correct for any
 * alignment (until EL2's MMU is on - start-up, the move to the top of RAM,
 * blmon_init() - every access is Device memory, where an unaligned one
 * faults - hence -mstrict-align too). None is on a
 * trap path that matters: the hot paths copy no memory (docs/arm64.md).
 */
#include <stddef.h>
#include <stdint.h>
#include "string.h"

void *memset(void *s, int c, size_t n)
{
	unsigned char *p = s;

	while (n--)
		*p++ = (unsigned char)c;
	return s;
}

void *memcpy(void *restrict d, const void *restrict s, size_t n)
{
	unsigned char *dp = d;
	const unsigned char *sp = s;

	while (n--)
		*dp++ = *sp++;
	return d;
}

/* overlapping ranges too (the device tree's reserved-memory fix-up moves a
 * blob's tail up inside it) */
void *memmove(void *d, const void *s, size_t n)
{
	unsigned char *dp = d;
	const unsigned char *sp = s;

	if (dp <= sp || dp >= sp + n)
		return memcpy(d, s, n);
	while (n--)
		dp[n] = sp[n];
	return d;
}

int memcmp(const void *a, const void *b, size_t n)
{
	const unsigned char *x = a, *y = b;

	for (; n; n--, x++, y++)
		if (*x != *y)
			return *x - *y;
	return 0;
}

void *memchr(const void *s, int c, size_t n)
{
	const unsigned char *p = s;

	for (; n; n--, p++)
		if (*p == (unsigned char)c)
			return (void *)(uintptr_t)p;
	return NULL;
}

size_t strlen(const char *s)
{
	size_t n = 0;

	while (s[n])
		n++;
	return n;
}

int strncmp(const char *a, const char *b, size_t n)
{
	for (; n; n--, a++, b++) {
		if (*a != *b)
			return (unsigned char)*a - (unsigned char)*b;
		if (!*a)
			return 0;
	}
	return 0;
}

int strcmp(const char *a, const char *b)
{
	while (*a && *a == *b)
		a++, b++;
	return (unsigned char)*a - (unsigned char)*b;
}

/* What GCC calls for __builtin_popcount where -mgeneral-regs-only keeps
 * it from SIMD's CNT (the virtual GIC counts queued SGIs with it), and
 * the monitor links no libgcc (arch.mk): the bit-parallel sum. */
int __popcountdi2(unsigned long x);
int __popcountdi2(unsigned long x)
{
	x = x - ((x >> 1) & 0x5555555555555555ul);
	x = (x & 0x3333333333333333ul) + ((x >> 2) & 0x3333333333333333ul);
	x = (x + (x >> 4)) & 0x0f0f0f0f0f0f0f0ful;
	return (int)((x * 0x0101010101010101ul) >> 56);
}
