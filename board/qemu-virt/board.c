/*
 * Board port for QEMU's `virt` machine (hw/arm/virt.c memory map), any
 * -m from the smallest the monitor supports to 3 GiB, -smp 1 to 8 (GICv2's
 * limit). RAM starts at 0x40000000; QEMU tells its size in the DTB it
 * hands the guest, which its boot stub at the start of RAM points at.
 */
#include <stdint.h>
#include "board_common.h"
#include "cpregs_access.h"

#define UART_BASE     0x09000000u  /* PL011 */
#define UART_DR       0x00u
#define UART_FR       0x18u
#define UART_FR_TXFF  (1u << 5)

#define GICD_BASE     0x08000000u
#define GICC_BASE     0x08010000u
#define GICH_BASE     0x08030000u
#define GICV_BASE     0x08040000u

#define RAM_BASE      0x40000000u
#define SZ_1M         0x100000ull
#define SZ_4G         0x100000000ull

/* PSCI, implemented by QEMU itself for the virt board (the monitor's
 * firmware; the guest's PSCI is the monitor's, hyp/psci.c) */
#define PSCI_CPU_OFF      0x84000002u
#define PSCI_CPU_ON       0x84000003u
#define PSCI_SYSTEM_OFF   0x84000008u
#define PSCI_SYSTEM_RESET 0x84000009u

static struct blmon_cpu_data cpu_data[BOARD_MAX_CPUS];

static inline void mmio_write(uint32_t a, uint32_t v) { *(volatile uint32_t *)a = v; }
static inline uint32_t mmio_read(uint32_t a) { return *(volatile uint32_t *)a; }

/*
 * QEMU's PSCI conduit on virt is SMC when the CPU has EL2 (virtualization=on)
 * and HVC when it has not (hw/arm/virt.c); the other instruction is
 * UNDEFINED. The monitor runs in HYP, so SMC - except when a machine
 * without EL2 started it in SVC and it reports that and powers off.
 */
static uint32_t firmware_call(uint32_t a0, uint32_t a1, uint32_t a2, uint32_t a3)
{
	register uint32_t r0 __asm__("r0") = a0;
	register uint32_t r1 __asm__("r1") = a1;
	register uint32_t r2 __asm__("r2") = a2;
	register uint32_t r3 __asm__("r3") = a3;

	if (read_ID_PFR1() & ID_PFR1_VIRT)
		__asm__ volatile(".arch_extension sec\n\tsmc #0"
				 : "+r"(r0), "+r"(r1), "+r"(r2), "+r"(r3) : : "memory");
	else
		__asm__ volatile(".arch_extension virt\n\thvc #0"
				 : "+r"(r0), "+r"(r1), "+r"(r2), "+r"(r3) : : "memory");
	return r0;
}

/* virt starts in HYP already. */
__attribute__((naked)) void board_early_entry(void)
{
	__asm__ volatile("bx lr");
}

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

int32_t board_cpu_on(unsigned cpu)
{
	return (int32_t)firmware_call(PSCI_CPU_ON, cpu, (uint32_t)_start, 0);
}

void board_cpu_off(void)
{
	firmware_call(PSCI_CPU_OFF, 0, 0, 0);
	for (;;)
		__asm__ volatile("wfi");
}

void board_system_off(void)
{
	firmware_call(PSCI_SYSTEM_OFF, 0, 0, 0);
	for (;;)
		__asm__ volatile("wfi");
}

void board_system_reset(void)
{
	firmware_call(PSCI_SYSTEM_RESET, 0, 0, 0);
	for (;;)
		__asm__ volatile("wfi");
}

/*
 * QEMU's 32-bit boot stub at the start of RAM (hw/arm/boot.c) loads r2,
 * the DTB address, with `ldr r2, [pc, #imm]` from a literal after it.
 * Decoding that instruction finds the literal without reading anything
 * but the stub: with no -kernel there is no stub and no DTB.
 */
static uint32_t stub_dtb(void)
{
	const volatile uint32_t *stub = (const volatile uint32_t *)RAM_BASE;

	for (unsigned i = 0; i < 16; i++)
		if ((stub[i] & 0xfffff000u) == 0xe59f2000u)   /* ldr r2, [pc, #+imm12] */
			return stub[i + 2 + (stub[i] & 0xfffu) / 4];
	return 0;
}

void board_discover(struct board_boot_info *bi)
{
	uint32_t dtb = stub_dtb(), total;
	struct blmon_range initrd;

	if (!dtb || dtb < RAM_BASE || (dtb & 3) || (total = blmon_fdt_size((const void *)dtb)) == 0)
		blmon_fatal("no device tree from QEMU: start the guest with -kernel and a raw image or "
			    "zImage (the monitor reads the RAM size from the DTB QEMU passes such a "
			    "guest; an ELF guest gets none)");
	if (!blmon_fdt_memory((const void *)dtb, total, &bi->ram))
		blmon_fatal("QEMU's device tree at %08lx is not valid or has no /memory",
			    (unsigned long)dtb);
	if (bi->ram.base != RAM_BASE)
		blmon_fatal("RAM at %08llx, not at %08x where the virt board has it",
			    (unsigned long long)bi->ram.base, RAM_BASE);
	/* the monitor lives at the top of RAM and addresses it in 32 bits */
	if (bi->ram.size > SZ_4G - RAM_BASE)
		blmon_fatal("%llu MiB of RAM reach above 4 GiB: give QEMU -m %llu or less",
			    (unsigned long long)(bi->ram.size / SZ_1M),
			    (unsigned long long)((SZ_4G - RAM_BASE) / SZ_1M));
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

void board_platform(struct blmon_platform *p, const struct board_boot_info *bi,
		    const struct blmon_range *monitor)
{
	*p = (struct blmon_platform){
		.guest_ram = { bi->ram.base, monitor->base - bi->ram.base },
		.monitor = *monitor,
		/* the low 1 GiB of devices; virt's high regions (LPAE guests):
		 * redistributors, PCIe ECAM at 0x40_1000_0000 and 512 GiB of PCIe
		 * MMIO at 0x80_0000_0000 */
		.devices = { { 0x00000000u, RAM_BASE }, { 0x4000000000ull, 0xC000000000ull } },
		.ndevices = 2,
		.gicd = GICD_BASE, .gicc = GICC_BASE, .gich = GICH_BASE, .gicv = GICV_BASE,
		.guest_gicc = GICC_BASE,
		.ncpus = BOARD_MAX_CPUS,
		.cpu_data = cpu_data,
		/* QEMU's Linux boot stub: it jumps to the image at 0x40010000 with
		 * r0 = 0, r1 = 0xffffffff, r2 = DTB */
		.guest_entry = RAM_BASE,
		.guest_dtb = bi->dtb,
		.guest_dtb_max = bi->dtb_max,
	};
}
