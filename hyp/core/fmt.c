#include <stdbool.h>
#include <stdint.h>
#include "fmt.h"

struct out {
	char *buf;
	size_t size, len;
};

static bool is_digit(char c) { return c >= '0' && c <= '9'; }

static void put(struct out *o, char c)
{
	if (o->len + 1 < o->size)
		o->buf[o->len] = c;
	o->len++;
}

static void pad(struct out *o, char c, int n)
{
	while (n-- > 0)
		put(o, c);
}

/* digits of v in base (10 or 16) into tmp, least significant first */
static int digits(char *tmp, uint64_t v, unsigned base, bool upper)
{
	const char *d = upper ? "0123456789ABCDEF" : "0123456789abcdef";
	int n = 0;

	do {
		tmp[n++] = d[v % base];
		v /= base;
	} while (v);
	return n;
}

static void number(struct out *o, uint64_t v, bool neg, unsigned base, bool upper, int width,
		   bool left, bool zero)
{
	char tmp[24];
	int n = digits(tmp, v, base, upper), len = n + (neg ? 1 : 0);

	if (!left && !zero)
		pad(o, ' ', width - len);
	if (neg)
		put(o, '-');
	if (!left && zero)
		pad(o, '0', width - len);
	while (n)
		put(o, tmp[--n]);
	if (left)
		pad(o, ' ', width - len);
}

static void string(struct out *o, const char *s, int width, int prec, bool left)
{
	int n = 0;

	if (!s)
		s = "(null)";
	while ((prec < 0 || n < prec) && s[n])
		n++;
	if (!left)
		pad(o, ' ', width - n);
	for (int i = 0; i < n; i++)
		put(o, s[i]);
	if (left)
		pad(o, ' ', width - n);
}

int fmt_vsnprintf(char *buf, size_t size, const char *fmt, va_list ap)
{
	struct out o = { buf, size, 0 };

	for (const char *p = fmt; *p; p++) {
		if (*p != '%') {
			put(&o, *p);
			continue;
		}
		const char *start = p++;
		bool left = false, zero = false;
		int width = 0, prec = -1, lng = 0;

		for (; *p == '-' || *p == '0'; p++) {
			left |= *p == '-';
			zero |= *p == '0';
		}
		while (is_digit(*p))
			width = width * 10 + (*p++ - '0');
		if (*p == '.') {   /* precision: strings only */
			p++;
			prec = 0;
			if (*p == '*') {
				prec = va_arg(ap, int);
				p++;
			}
			while (is_digit(*p))
				prec = prec * 10 + (*p++ - '0');
		}
		while (*p == 'l' && lng < 2) {
			lng++;
			p++;
		}
		switch (*p) {
		case 'd':
		case 'i': {
			int64_t v = lng == 2 ? va_arg(ap, long long) : lng ? va_arg(ap, long) : va_arg(ap, int);
			uint64_t m = v < 0 ? (uint64_t)0 - (uint64_t)v : (uint64_t)v;

			number(&o, m, v < 0, 10, false, width, left, zero);
			break;
		}
		case 'u':
		case 'x':
		case 'X': {
			uint64_t v = lng == 2 ? va_arg(ap, unsigned long long)
				     : lng ? va_arg(ap, unsigned long) : va_arg(ap, unsigned int);

			number(&o, v, false, *p == 'u' ? 10 : 16, *p == 'X', width, left, zero);
			break;
		}
		case 'p':
			put(&o, '0');
			put(&o, 'x');
			number(&o, (uintptr_t)va_arg(ap, void *), false, 16, false, width, left, zero);
			break;
		case 'c':
			if (!left)
				pad(&o, ' ', width - 1);
			put(&o, (char)va_arg(ap, int));
			if (left)
				pad(&o, ' ', width - 1);
			break;
		case 's':
			string(&o, va_arg(ap, const char *), width, prec, left);
			break;
		case '%':
			put(&o, '%');
			break;
		default:   /* unknown: copy the conversion as written */
			for (const char *q = start; q <= p && *q; q++)
				put(&o, *q);
			if (!*p)
				p--;
			break;
		}
	}
	if (size)
		buf[o.len < size ? o.len : size - 1] = '\0';
	return (int)o.len;
}

int fmt_snprintf(char *buf, size_t size, const char *fmt, ...)
{
	va_list ap;
	int n;

	va_start(ap, fmt);
	n = fmt_vsnprintf(buf, size, fmt, ap);
	va_end(ap);
	return n;
}
