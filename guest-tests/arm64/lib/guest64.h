/* AArch64 test guest library: console, TAP-style checks (the lines
 * tools/test-all.sh counts), the HVC ABI, exception capture, power-off. */
#ifndef GUEST64_H
#define GUEST64_H

#include <stdbool.h>
#include <stdint.h>
#include "bl_pmu_abi.h"
#include "deadline.h"   /* deadline_ms, passed (guest-tests/common/) */
#include "sysreg64.h"   /* MRS(NAME), MSR(NAME, v): the encoding table's */

#include "tap.h"   /* gprintf, check, check_eq (guest-tests/common/) */

/* "N passed, N failed", then PSCI SYSTEM_OFF */
void test_finish(void) __attribute__((noreturn));
void psci_system_off(void) __attribute__((noreturn));

/* The last synchronous exception the guest took (an undefined instruction:
 * EC 0x00; an abort: EC 0x25, 0x21), and how many; the handler resumes
 * after the instruction - after an instruction abort, at x30 (the
 * instruction fetched could not be, nor the one after it). */
struct exc64 {
	uint32_t count;
	uint32_t ec;
	uint64_t elr;
	uint64_t esr, far;
};
extern volatile struct exc64 last_exc;
void exc_clear(void);

/* One load from addr: the value (0xdead if the load did not complete,
 * an abort taken), and the load's own address for the abort's ELR */
static inline uint64_t guest_load(uint64_t addr, uint64_t *insn)
{
	uint64_t v = 0xdead, at;

	__asm__ volatile("adr %1, 1f\n1:\tldr %0, [%2]" : "+r"(v), "=&r"(at) : "r"(addr) : "memory");
	*insn = at;
	return v;
}

/* One store to addr, the store's own address in *insn */
static inline void guest_store(uint64_t addr, uint64_t v, uint64_t *insn)
{
	uint64_t at;

	__asm__ volatile("adr %0, 1f\n1:\tstr %1, [%2]" : "=&r"(at) : "r"(v), "r"(addr) : "memory");
	*insn = at;
}

/* Run fn at EL0 (EL0t, MMU off, interrupts masked) on its own stack, back
 * at EL1 when it returns; its exceptions are recorded in last_exc as
 * EL1's are (start.S) */
void el0_run(void (*fn)(void));

/* The run's end for the runner's switch-count check ("# end cntvct_ns T",
 * tools/test-all.sh); deadline_ms() and passed(): deadline.h */
/* Wait until another CPU sets *f to want, ms milliseconds at most: whether it did */
bool wait_flag(const volatile uint32_t *f, uint32_t want, uint32_t ms);
void note_end_time(void);

/* All four result registers, 64 bits each (x0-x3 after `hvc #0`) */
struct hvc64 { uint64_t x0, x1, x2, x3; };
struct hvc64 hvc64(uint64_t x0, uint64_t x1, uint64_t x2, uint64_t x3);

/* The same through SMC: PSCI, which the monitor traps (HCR_EL2.TSC) */
struct hvc64 smc64(uint64_t x0, uint64_t x1, uint64_t x2, uint64_t x3);

/* Where PSCI CPU_ON starts another CPU of a guest (start.S): the EL1
 * vectors, its own stack, then secondary_main(x0 = CPU_ON's context),
 * which the guest defines if it starts CPUs */
extern char secondary_entry[];
void secondary_main(uint64_t context);

#endif
