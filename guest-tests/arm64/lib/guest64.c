#include <stdarg.h>
#include "guest64.h"
#include "guest_irq.h"
#include "fmt.h"

#define UART_DR (GUEST_UART + 0x00u)   /* PL011 */
#define UART_FR (GUEST_UART + 0x18u)
#define PSCI_SYSTEM_OFF 0x84000008u

volatile struct exc64 last_exc;
void (*irq_hook)(void);

void guest_irq(void);   /* start.S */
void guest_irq(void)
{
	if (irq_hook)
		irq_hook();
}

uint64_t guest_sync(uint64_t esr, uint64_t elr, const uint64_t *saved);
void guest_unexpected(uint64_t esr, uint64_t elr) __attribute__((noreturn));

static void putc_uart(char c)
{
	while (*(volatile uint32_t *)(uintptr_t)UART_FR & (1u << 5))
		;
	*(volatile uint32_t *)(uintptr_t)UART_DR = (uint8_t)c;
}

void guest_vprintf(const char *fmt, va_list ap)
{
	char buf[256];

	(void)fmt_vsnprintf(buf, sizeof(buf), fmt, ap);
	for (const char *p = buf; *p; p++) {
		if (*p == '\n')
			putc_uart('\r');
		putc_uart(*p);
	}
}

void psci_system_off(void)
{
	register uint64_t x0 __asm__("x0") = PSCI_SYSTEM_OFF;

	__asm__ volatile("smc #0" : "+r"(x0) : : "memory");
	for (;;)
		__asm__ volatile("wfi");
}

void test_finish(void)
{
	tap_summary();
	psci_system_off();
}

void exc_clear(void)
{
	last_exc.count = 0;
	last_exc.ec = ~0u;
	last_exc.elr = 0;
	last_exc.esr = 0;
	last_exc.far = 0;
}

#define EC_IABT_CUR 0x21u

/* Record it and step over the instruction (always 4 bytes here); an
 * instruction abort returns to x30 (start.S saved it at [19]) */
uint64_t guest_sync(uint64_t esr, uint64_t elr, const uint64_t *saved)
{
	uint64_t far = MRS(FAR_EL1);

	last_exc.count++;
	last_exc.ec = (uint32_t)(esr >> 26) & 0x3fu;
	last_exc.elr = elr;
	last_exc.esr = esr;
	last_exc.far = far;
	return last_exc.ec == EC_IABT_CUR ? saved[19] : elr + 4;
}

#define EC_SVC64 0x15u

void el0_call(void (*fn)(void), uint64_t sp);   /* start.S */
uint64_t guest_el0_sync(uint64_t esr, uint64_t elr, const uint64_t *saved);

static uint64_t el0_stack[512] __attribute__((aligned(16)));

void el0_run(void (*fn)(void))
{
	el0_call(fn, (uintptr_t)(el0_stack + 512));
}

/* From EL0: its SVC #0 ends el0_run (0); anything else is recorded */
uint64_t guest_el0_sync(uint64_t esr, uint64_t elr, const uint64_t *saved)
{
	if (((esr >> 26) & 0x3fu) == EC_SVC64)
		return 0;
	return guest_sync(esr, elr, saved);
}

void guest_unexpected(uint64_t esr, uint64_t elr)
{
	gprintf("not ok - unexpected exception: ESR_EL1 %llx at %llx\n", (unsigned long long)esr,
		(unsigned long long)elr);
	test_finish();
}

struct hvc64 hvc64(uint64_t a0, uint64_t a1, uint64_t a2, uint64_t a3)
{
	register uint64_t x0 __asm__("x0") = a0;
	register uint64_t x1 __asm__("x1") = a1;
	register uint64_t x2 __asm__("x2") = a2;
	register uint64_t x3 __asm__("x3") = a3;
	struct hvc64 r;

	__asm__ volatile("hvc #0" : "+r"(x0), "+r"(x1), "+r"(x2), "+r"(x3) : : "memory");
	r.x0 = x0;
	r.x1 = x1;
	r.x2 = x2;
	r.x3 = x3;
	return r;
}

struct hvc64 smc64(uint64_t a0, uint64_t a1, uint64_t a2, uint64_t a3)
{
	register uint64_t x0 __asm__("x0") = a0;
	register uint64_t x1 __asm__("x1") = a1;
	register uint64_t x2 __asm__("x2") = a2;
	register uint64_t x3 __asm__("x3") = a3;
	struct hvc64 r;

	__asm__ volatile("smc #0" : "+r"(x0), "+r"(x1), "+r"(x2), "+r"(x3) : : "memory");
	r.x0 = x0;
	r.x1 = x1;
	r.x2 = x2;
	r.x3 = x3;
	return r;
}

/* The other CPUs' stacks (secondary_entry, start.S): CPU n's ends at
 * cpu_stacks[n] + CPU_STACK */
#define CPU_STACK 8192u
uint8_t cpu_stacks[8][CPU_STACK] __attribute__((aligned(16)));

/* A guest that starts no CPU: one started anyway sleeps */
__attribute__((weak)) void secondary_main(uint64_t context)
{
	(void)context;
	for (;;)
		__asm__ volatile("wfi");
}

uint64_t deadline_ms(uint32_t ms) { return cntvct() + cntfrq() / 1000u * ms; }
bool passed(uint64_t deadline) { return cntvct() > deadline; }

bool wait_flag(const volatile uint32_t *f, uint32_t want, uint32_t ms)
{
	uint64_t end = deadline_ms(ms);

	while (*f != want) {
		if (passed(end))
			return false;
		/* QEMU's round-robin TCG (-icount) ends this vCPU's turn here,
		 * so the CPU that sets the flag runs (docs/arm64.md) */
		__asm__ volatile("yield");
	}
	return true;
}

void note_end_time(void)
{
	gprintf("# end cntvct_ns %lu000000\n", (unsigned long)(cntvct() / (cntfrq() / 1000u)));
}
