/* A test fixture file (tests/fixtures/NAME) read into buf. */
#ifndef TESTS_FIXTURE_H
#define TESTS_FIXTURE_H

#include <stddef.h>
#include <stdint.h>

/* Its length, or 0 if it cannot be read or does not fit in cap bytes. */
uint32_t fixture_load(const char *name, uint8_t *buf, size_t cap);

#endif
