#include <stdarg.h>
#include <stdio.h>
#include "guest.h"

#define UART_DR (GUEST_UART + 0x00u)   /* PL011, address from board.mk */
#define UART_FR (GUEST_UART + 0x18u)

uint32_t guest_ram_end, monitor_base, ram_mb;
const void *guest_dtb;

void board_console_putc(char c);
void board_power_off(void) __attribute__((noreturn));

/* The two board calls hyp/syscalls.c (newlib's hooks, shared with the
 * monitor) needs, as the test guest does them. */
void board_power_off(void) { psci_system_off(); }

static void putc_uart(char c)
{
	while (*(volatile uint32_t *)UART_FR & (1u << 5))
		;
	*(volatile uint32_t *)UART_DR = (uint8_t)c;
}

void guest_vprintf(const char *fmt, va_list ap)
{
	char buf[256];

	vsnprintf(buf, sizeof(buf), fmt, ap);
	for (const char *p = buf; *p; p++) {
		if (*p == '\n')
			putc_uart('\r');
		putc_uart(*p);
	}
}

void board_console_putc(char c) { putc_uart(c); }

uint64_t deadline_ms(uint32_t ms)
{
	return read_CNTVCT() + (uint64_t)read_CNTFRQ() / 1000u * ms;
}

bool passed(uint64_t deadline)
{
	return read_CNTVCT() > deadline;
}

bool wait_until(const volatile uint32_t *flag, uint32_t want, uint32_t ms)
{
	uint64_t end = deadline_ms(ms);

	while (*flag != want)
		if (passed(end))
			return false;
	return true;
}

uint32_t psci_call(uint32_t fid, uint32_t a1, uint32_t a2, uint32_t a3)
{
	register uint32_t r0 __asm__("r0") = fid;
	register uint32_t r1 __asm__("r1") = a1;
	register uint32_t r2 __asm__("r2") = a2;
	register uint32_t r3 __asm__("r3") = a3;

	if (GUEST_PSCI_HVC)
		__asm__ volatile(".arch_extension virt\n\thvc #0"
				 : "+r"(r0), "+r"(r1), "+r"(r2), "+r"(r3) : : "memory");
	else
		__asm__ volatile(".arch_extension sec\n\tsmc #0"
				 : "+r"(r0), "+r"(r1), "+r"(r2), "+r"(r3) : : "memory");
	return r0;
}

void psci_system_off(void)
{
	/* Entered in HYP mode there is no monitor (plain QEMU, the baseline of
	 * tools/linux-measure.sh): on a board without PSCI firmware an HVC would
	 * trap to nowhere, so power off through the board's own register. */
	if (GUEST_POWEROFF_REG && (guest_cpsr() & 0x1fu) == 0x1au)
		/* cppcheck-suppress nullPointer ; not reached on boards whose GUEST_POWEROFF_REG is 0 */
		*(volatile uint32_t *)GUEST_POWEROFF_REG = GUEST_POWEROFF_VAL;
	else
		psci_call(PSCI_SYSTEM_OFF_FN, 0, 0, 0);
	gprintf("SYSTEM_OFF returned\n");
	for (;;)
		__asm__ volatile("wfi");
}

void test_summary(void)
{
	/* said where it can explain a failure, not in every guest's output
	 * (the demo's): the harness always gives it (qemu/common.sh) */
	if (tap_failed() && ram_mb == 0)
		gprintf("# no test.ram_mb= on the command line: RAM size unknown\n");
	tap_summary();
}

void test_finish(void)
{
	test_summary();
	psci_system_off();
}

void guest_start(uint32_t r0, uint32_t r1, uint32_t r2, uint32_t cpsr);
void guest_boot(uint32_t r0, uint32_t r1, uint32_t r2, uint32_t cpsr);
void guest_boot(uint32_t r0, uint32_t r1, uint32_t r2, uint32_t cpsr)
{
	uint64_t end;

	guest_dtb = (const void *)r2;
	ram_mb = bootarg_u32("test.ram_mb", 0);
	end = (uint64_t)GUEST_RAM_BASE + ((uint64_t)ram_mb << 20);
	monitor_base = guest_ram_end = (uint32_t)((end & ~(uint64_t)(MONITOR_SIZE - 1)) - MONITOR_SIZE);
	guest_start(r0, r1, r2, cpsr);
}
