/* hyp/core/fmt.c against the host C library's snprintf, for every conversion
 * the monitor uses, and its truncation contract. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <cmocka.h>
#include "fmt.h"

#define SAME(...)                                                               \
	do {                                                                    \
		char a[128], b[128];                                            \
		int na = fmt_snprintf(a, sizeof(a), __VA_ARGS__);               \
		int nb = snprintf(b, sizeof(b), __VA_ARGS__);                   \
		assert_string_equal(a, b);                                      \
		assert_int_equal(na, nb);                                       \
	} while (0)

static void conversions(void **state)
{
	(void)state;
	SAME("plain text");
	SAME("%d %d %d %i", 0, 42, -42, -2147483647 - 1);
	SAME("%u %u", 0u, 4294967295u);
	SAME("%x %X %08x %8x %-8x|", 0xdeadbeefu, 0xabcu, 0x1fu, 0x1fu, 0x1fu);
	SAME("%lu %lx %08lx %ld", 123456789ul, 0xfeedul, 0x5fe00000ul, -7l);
	SAME("%llu %llx %016llx %lld", 18446744073709551615ull, 0x123456789abull, 0x1ull, -5ll);
	SAME("%s|%10s|%-10s|%.3s|%.*s", "abc", "right", "left", "truncate", 2, "xyz");
	SAME("%c%c %5c|%-3c|", 'o', 'k', 'x', 'y');
	SAME("100%% %02u%%", 7u);
	SAME("%s", "");
}

static void pointers_and_null(void **state)
{
	char a[64];

	(void)state;
	fmt_snprintf(a, sizeof(a), "%p", (void *)0x1234);
	assert_string_equal(a, "0x1234");
	const char *volatile null_str = NULL;   /* hidden from the compiler's format check */

	fmt_snprintf(a, sizeof(a), "%s", null_str);
	assert_string_equal(a, "(null)");
}

static void truncation(void **state)
{
	char a[8];

	(void)state;
	memset(a, 'z', sizeof(a));
	assert_int_equal(fmt_snprintf(a, sizeof(a), "%s", "0123456789"), 10);
	assert_string_equal(a, "0123456");           /* NUL-terminated, size - 1 chars */
	assert_int_equal(fmt_snprintf(a, 1, "abc"), 3);
	assert_string_equal(a, "");
	a[0] = 'q';
	assert_int_equal(fmt_snprintf(a, 0, "abc"), 3);   /* size 0: nothing written */
	assert_int_equal(a[0], 'q');
}

static void unknown_conversion_copied(void **state)
{
	char a[32];

	(void)state;
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wformat"
#pragma GCC diagnostic ignored "-Wformat-extra-args"
	fmt_snprintf(a, sizeof(a), "a%qb%");
#pragma GCC diagnostic pop
	assert_string_equal(a, "a%qb%");
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(conversions), cmocka_unit_test(pointers_and_null),
		cmocka_unit_test(truncation), cmocka_unit_test(unknown_conversion_copied),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
