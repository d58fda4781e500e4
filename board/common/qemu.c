/*
 * What QEMU's ARM boards have in common, whichever board it is: a PL011
 * console, CPUs numbered 0..n-1 in MPIDR.Aff0 in one cluster, and the
 * Linux boot flow of hw/arm/boot.c - a small stub at the start of RAM that
 * loads r0-r2 and jumps to the kernel, r2 being the DTB QEMU prepared
 * (its own, or the -dtb it was given with /memory and /chosen rewritten).
 */
#include "board_common.h"
#include "io.h"
#include "place.h"

#define PL011_DR      0x00u
#define PL011_FR      0x18u
#define PL011_FR_TXFF (1u << 5)

void pl011_putc(uint32_t base, char c)
{
	/* Bounded wait: a wedged UART must not hang the monitor. */
	for (unsigned i = 0; i < 100000 && (mmio_read32(base + PL011_FR) & PL011_FR_TXFF); i++)
		;
	mmio_write32(base + PL011_DR, (uint8_t)c);
}

/* Called before the stack exists: must stay leaf and register-only. */
int board_cpu_index(uint32_t mpidr)
{
	uint32_t aff0 = mpidr & 0xffu;

	if ((mpidr & 0xffff00u) != 0 || aff0 >= BOARD_MAX_CPUS)
		return -1;
	return (int)aff0;
}

/*
 * The stub loads r2, the DTB address, with `ldr r2, [pc, #imm]` from a
 * literal after it. Decoding that instruction finds the literal without
 * reading anything but the stub: with no -kernel there is no stub and no
 * DTB.
 */
static uint32_t stub_dtb(uint32_t ram_base)
{
	const volatile uint32_t *stub = (const volatile uint32_t *)ram_base;

	for (unsigned i = 0; i < 16; i++)
		if ((stub[i] & 0xfffff000u) == 0xe59f2000u)   /* ldr r2, [pc, #+imm12] */
			return stub[i + 2 + (stub[i] & 0xfffu) / 4];
	return 0;
}

void qemu_discover(struct board_boot_info *bi, uint32_t ram_base, const char *no_dtb_hint)
{
	uint32_t dtb = stub_dtb(ram_base), total;

	if (!dtb || dtb < ram_base || (dtb & 3) || (total = blmon_fdt_size((const void *)dtb)) == 0)
		blmon_fatal("no device tree from QEMU: %s", no_dtb_hint);
	qemu_boot_info(bi, dtb, total, ram_base);
}
