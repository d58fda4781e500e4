/*
 * What QEMU's ARM boards have in common, whichever board it is: a PL011
 * console, CPUs numbered 0..n-1 in MPIDR.Aff0 in one cluster, and the
 * Linux boot flow of hw/arm/boot.c - a small stub at the start of RAM that
 * loads r0-r2 and jumps to the kernel, r2 being the DTB QEMU prepared
 * (its own, or the -dtb it was given with /memory and /chosen rewritten).
 */
#include "board_common.h"
#include "io.h"

#define PL011_DR      0x00u
#define PL011_FR      0x18u
#define PL011_FR_TXFF (1u << 5)
#define SZ_1M         0x100000ull
#define SZ_4G         0x100000000ull

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
	struct blmon_range initrd;

	if (!dtb || dtb < ram_base || (dtb & 3) || (total = blmon_fdt_size((const void *)dtb)) == 0)
		blmon_fatal("no device tree from QEMU: %s", no_dtb_hint);
	if (!blmon_fdt_memory((const void *)dtb, total, &bi->ram))
		blmon_fatal("QEMU's device tree at %08lx is not valid or has no /memory",
			    (unsigned long)dtb);
	if (bi->ram.base != ram_base)
		blmon_fatal("RAM at %08llx, not at %08lx where this board has it",
			    (unsigned long long)bi->ram.base, (unsigned long)ram_base);
	/* the monitor lives at the top of RAM and addresses it in 32 bits */
	if (bi->ram.size > SZ_4G - ram_base)
		blmon_fatal("%llu MiB of RAM reach above 4 GiB: give QEMU -m %llu or less",
			    (unsigned long long)(bi->ram.size / SZ_1M),
			    (unsigned long long)((SZ_4G - ram_base) / SZ_1M));
	bi->dtb = dtb;
	bi->dtb_max = total;
	/* QEMU loads the initrd (if any), then the DTB right after it */
	bi->loaded_start = dtb;
	bi->loaded_end = dtb + total;
	if (blmon_fdt_initrd((const void *)dtb, total, &initrd) && initrd.size) {
		if (initrd.base < bi->loaded_start)
			bi->loaded_start = initrd.base;
		if (initrd.base + initrd.size > bi->loaded_end)
			bi->loaded_end = initrd.base + initrd.size;
	}
}
