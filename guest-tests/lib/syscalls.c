/*
 * The few newlib system hooks the test guests link: stdout goes to the
 * console, a small fixed heap (newlib-nano stdio may ask for one), and no
 * files.
 */
#include <errno.h>
#include <stddef.h>
#include <stdint.h>
#include <sys/stat.h>

/* the test library's console and power-off (test.c) */
void board_console_putc(char c);
void board_power_off(void) __attribute__((noreturn));

extern char __heap_start[], __heap_end[];

void *_sbrk(ptrdiff_t incr);
int _write(int fd, const char *buf, int len);
int _read(int fd, char *buf, int len);
int _close(int fd);
int _fstat(int fd, struct stat *st);
int _isatty(int fd);
int _lseek(int fd, int off, int whence);
void _exit(int code);
int _kill(int pid, int sig);
int _getpid(void);

void *_sbrk(ptrdiff_t incr)
{
	static uintptr_t brk;
	uintptr_t prev;

	if (!brk)
		brk = (uintptr_t)__heap_start;
	prev = brk;
	if (incr < 0 || (uintptr_t)incr > (uintptr_t)__heap_end - brk) {
		errno = ENOMEM;
		return (void *)-1;
	}
	brk += (uintptr_t)incr;
	return (void *)prev;
}

int _write(int fd, const char *buf, int len)
{
	(void)fd;
	for (int i = 0; i < len; i++)
		board_console_putc(buf[i]);
	return len;
}

int _read(int fd, char *buf, int len) { /* NOLINT(readability-non-const-parameter): newlib's prototype */ (void)fd; (void)buf; (void)len; return 0; }
int _close(int fd) { (void)fd; return -1; }
int _fstat(int fd, struct stat *st) { (void)fd; st->st_mode = S_IFCHR; return 0; }
int _isatty(int fd) { (void)fd; return 1; }
int _lseek(int fd, int off, int whence) { (void)fd; (void)off; (void)whence; return 0; }
void _exit(int code) { (void)code; board_power_off(); }
int _kill(int pid, int sig) { (void)pid; (void)sig; errno = EINVAL; return -1; }
int _getpid(void) { return 1; }
