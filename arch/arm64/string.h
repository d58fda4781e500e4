/*
 * <string.h> for the AArch64 monitor and its guests: the functions
 * arch/arm64/string.c defines. gcc-aarch64-linux-gnu has no C library of
 * its own to include here (newlib is packaged for arm-none-eabi only), and
 * -Iarch/arm64 puts this header before any other <string.h>.
 */
#ifndef ARM64_STRING_H
#define ARM64_STRING_H

#include <stddef.h>

void *memset(void *s, int c, size_t n);
void *memcpy(void *restrict d, const void *restrict s, size_t n);
void *memmove(void *d, const void *s, size_t n);
int memcmp(const void *a, const void *b, size_t n);
void *memchr(const void *s, int c, size_t n);
size_t strlen(const char *s);
int strncmp(const char *a, const char *b, size_t n);
int strcmp(const char *a, const char *b);

#endif
