/*
 * Board port for QEMU's `virt` machine (hw/arm/virt.c memory map) with
 * -m 512: RAM 0x40000000-0x5fffffff, the monitor in its top 2 MiB.
 */
#include <stdint.h>
#include "board.h"

#define UART_BASE     0x09000000u  /* PL011 */
#define UART_DR       0x00u
#define UART_FR       0x18u
#define UART_FR_TXFF  (1u << 5)

#define GICD_BASE     0x08000000u
#define GICC_BASE     0x08010000u
#define GICH_BASE     0x08030000u  /* + GICV at 0x08040000: hypervisor's */
#define GICD_CTLR         0x000u
#define GICD_ISENABLER(n) (0x100u + 4u * (n))
#define GICD_ICENABLER(n) (0x180u + 4u * (n))
#define GICD_IPRIORITYR   0x400u
#define GICC_CTLR     0x000u
#define GICC_PMR      0x004u
#define GICC_IAR      0x00cu
#define GICC_EOIR     0x010u

#define RAM_BASE      0x40000000u
#define HYP_RESERVED  0x00200000u  /* top 2 MiB of 512 MiB */
#define RAM_SIZE      0x20000000u

static inline void mmio_write(uint32_t a, uint32_t v) { *(volatile uint32_t *)a = v; }
static inline uint32_t mmio_read(uint32_t a) { return *(volatile uint32_t *)a; }

static const struct board_mem mem = {
	.guest_ram_base = RAM_BASE,
	.guest_ram_size = RAM_SIZE - HYP_RESERVED,
	.device_base = 0x00000000u,
	.device_size = 0x40000000u,
	.hole_base = GICH_BASE,
	.hole_size = 0x00020000u,   /* GICH + GICV: the guest drives GICC directly */
	/* virt's high regions (LPAE guests): redistributors, PCIe ECAM at
	 * 0x40_1000_0000 and 512 GiB of PCIe MMIO at 0x80_0000_0000. */
	.high_device_base = 0x4000000000ull,
	.high_device_size = 0xC000000000ull,
};

const struct board_mem *board_mem(void) { return &mem; }

/* QEMU's Linux boot stub: it jumps to the image at 0x40010000 with r0 = 0,
 * r1 = 0xffffffff, r2 = DTB. A real board returns its next stage here. */
uint32_t board_guest_entry(void) { return RAM_BASE; }

void board_console_putc(char c)
{
	/* Bounded wait: a wedged UART must not hang the monitor. */
	for (unsigned i = 0; i < 100000 && (mmio_read(UART_BASE + UART_FR) & UART_FR_TXFF); i++)
		;
	mmio_write(UART_BASE + UART_DR, (uint8_t)c);
}

/* virt numbers CPUs 0..n-1 in MPIDR.Aff0, one cluster. Called before the
 * stack exists: must stay leaf and register-only. */
int board_cpu_index(uint32_t mpidr)
{
	uint32_t aff0 = mpidr & 0xffu;

	if ((mpidr & 0xffff00u) != 0 || aff0 >= BOARD_MAX_CPUS)
		return -1;
	return (int)aff0;
}

void board_irq_init_cpu(void)
{
	mmio_write(GICD_BASE + GICD_CTLR, 1);
	mmio_write(GICC_BASE + GICC_PMR, 0xff);
	mmio_write(GICC_BASE + GICC_CTLR, 1);
}

void board_irq_enable_ppi(unsigned intid)
{
	volatile uint8_t *prio = (volatile uint8_t *)(GICD_BASE + GICD_IPRIORITYR);

	prio[intid] = 0x80;
	mmio_write(GICD_BASE + GICD_ISENABLER(intid / 32), 1u << (intid % 32));
}

void board_irq_enable(unsigned intid, bool on)
{
	if (intid < 1020)
		mmio_write(GICD_BASE + (on ? GICD_ISENABLER(intid / 32) : GICD_ICENABLER(intid / 32)),
			   1u << (intid % 32));
}

uint32_t board_irq_ack(void) { return mmio_read(GICC_BASE + GICC_IAR); }
void board_irq_eoi(uint32_t iar) { mmio_write(GICC_BASE + GICC_EOIR, iar); }

/*
 * QEMU's 32-bit boot stub at 0x40000000 ends in a literal pool that holds
 * the DTB address it passes in r2 (hw/arm/boot.c). Look for the one literal
 * that points at an FDT header inside guest RAM.
 */
uint32_t board_find_guest_dtb(void)
{
	const volatile uint32_t *stub = (const volatile uint32_t *)RAM_BASE;

	for (unsigned i = 0; i < 16; i++) {
		uint32_t a = stub[i];

		if (a >= RAM_BASE && a < RAM_BASE + mem.guest_ram_size - 8 && (a & 3) == 0 &&
		    *(const volatile uint32_t *)a == 0xedfe0dd0u)
			return a;
	}
	return 0;
}

void board_power_off(void)
{
	register uint32_t r0 __asm__("r0") = 0x84000008u; /* PSCI SYSTEM_OFF */

	__asm__ volatile(".arch_extension sec\n\tsmc #0" : "+r"(r0) : : "memory");
	for (;;)
		__asm__ volatile("wfi");
}
