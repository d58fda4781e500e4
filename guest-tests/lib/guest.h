/* Test guest library: console, test reporting, exception capture. */
#ifndef GUEST_H
#define GUEST_H

#include <stdbool.h>
#include <stdint.h>
#include "bl_pmu_abi.h"
#include "cpregs_access.h"
#include "tap.h"   /* gprintf, check, check_eq (guest-tests/common/) */
#include "deadline.h"   /* deadline_ms, passed (guest-tests/common/) */

/* Prints "N passed, N failed" and powers off (PSCI SYSTEM_OFF). */
void test_finish(void) __attribute__((noreturn));
/* Only the line, for a guest that powers off its own way. */
void test_summary(void);
void psci_system_off(void) __attribute__((noreturn));
/* A PSCI call through the board's conduit (board.mk GUEST_PSCI): SMC
 * where the board has EL3 firmware (virt; the monitor traps it), HVC where
 * it has none and SMC is UNDEFINED (vexpress-a15). Returns r0. */
uint32_t psci_call(uint32_t fid, uint32_t a1, uint32_t a2, uint32_t a3);
#define PSCI_VERSION_FN        0x84000000u
#define PSCI_CPU_OFF_FN        0x84000002u
#define PSCI_CPU_ON_FN         0x84000003u
#define PSCI_AFFINITY_INFO_FN  0x84000004u
#define PSCI_SYSTEM_OFF_FN     0x84000008u

/* Exceptions taken by the guest (kinds from start.S). */
enum exc_kind { EXC_NONE = 0, EXC_UND = 1, EXC_SVC = 2, EXC_PABT = 3, EXC_DABT = 4, EXC_IRQ = 6 };
struct exc_record {
	enum exc_kind kind;
	uint32_t count;
	uint32_t pc;     /* address of the instruction that took it */
	uint32_t spsr;
	uint32_t fsr, far;
};
extern volatile struct exc_record last_exc;
void exc_clear(void);
/* A Prefetch Abort hook (breakpoint tests): called with the record; the
 * guest resumes at the faulting address after it (so it must disarm). */
extern void (*pabt_hook)(void);
/* IRQ hook (guest-tests/lib/gic.h): called in IRQ mode, IRQs masked. */
extern void (*irq_hook)(void);

/* addr is outside what stage 2 maps: a write and a read each give the
 * guest a synchronous external abort at addr (two checks, naming what). */
void check_unreachable(uint32_t addr, const char *what);

/* Wait until *flag == want, for at most ms milliseconds: true if it got
 * there (other CPUs set the flags tests wait on). */
bool wait_until(const volatile uint32_t *flag, uint32_t want, uint32_t ms);

/* Run fn in user mode (PL0) on a private stack; returns when fn returns. */
void run_user(void (*fn)(void));
/* Where a CPU started with PSCI CPU_ON begins (start.S): it calls
 * secondary_main(context, cpsr) on its own stacks. */
void secondary_entry(void);

/* The board facts tests compare against (docs/launch.md): the guest image
 * is linked for the board's RAM (GUEST_RAM_BASE from board.mk); the RAM
 * size is the one the test harness gave QEMU (-m), which it also passes as
 * test.ram_mb=N on the command line (qemu/common.sh). The monitor owns the
 * top 2 MiB of it. */
#define MONITOR_SIZE    0x00200000u
extern uint32_t guest_ram_end;   /* = the monitor's base */
extern uint32_t monitor_base;
extern uint32_t ram_mb;
extern const void *guest_dtb;    /* r2 at entry */

#include "guest_fdt.h"   /* fdt_memory, fdt_bootargs (guest-tests/common/) */
/* key=N in the guest's bootargs (decimal), or dflt. */
static inline uint32_t bootarg_u32(const char *key, uint32_t dflt)
{
	return fdt_bootarg_u32(guest_dtb, key, dflt);
}

static inline uint32_t guest_cpsr(void)
{
	uint32_t v;

	__asm__ volatile("mrs %0, cpsr" : "=r"(v));
	return v;
}

#endif
