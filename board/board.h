/*
 * The board port: everything the monitor needs to know about one board.
 * A second board implements this header in board/<name>/ and nothing in
 * hyp/ or pmu/ changes (docs/porting.md).
 */
#ifndef BOARD_BOARD_H
#define BOARD_BOARD_H

#include <stdbool.h>
#include <stdint.h>

#define BOARD_MAX_CPUS 4

/* RAM the guest owns: [base, base + size). The monitor lives outside it. */
struct board_mem {
	uint32_t guest_ram_base;
	uint32_t guest_ram_size;
	uint32_t device_base;   /* device window mapped for the guest */
	uint32_t device_size;
	uint32_t hole_base;     /* device pages the guest must not see (GICH/GICV) */
	uint32_t hole_size;
	uint64_t high_device_base;  /* devices above 4 GiB (LPAE guests), 1 GiB aligned */
	uint64_t high_device_size;  /* within the 40-bit IPA space; 0 if none */
};

const struct board_mem *board_mem(void);
/* Where the guest starts, in SVC mode, MMU off (QEMU: its Linux boot stub). */
uint32_t board_guest_entry(void);
/* Early console: one byte out; never blocks forever. */
void board_console_putc(char c);
/* Logical CPU number of the caller (0..BOARD_MAX_CPUS-1), or -1 to park. */
int board_cpu_index(uint32_t mpidr);
/* Interrupt controller: enable one private interrupt towards this CPU,
 * acknowledge / end the current one. */
void board_irq_init_cpu(void);
void board_irq_enable_ppi(unsigned intid);
void board_irq_enable(unsigned intid, bool on);
uint32_t board_irq_ack(void);
void board_irq_eoi(uint32_t iar);
/* Address of the DTB QEMU hands to the guest (0 if none found). */
uint32_t board_find_guest_dtb(void);
/* Power off the machine (PSCI SYSTEM_OFF through firmware). */
void board_power_off(void) __attribute__((noreturn));

#endif
