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

#define GICD_BASE     0x08000000u
#define GICC_BASE     0x08010000u
#define GICH_BASE     0x08030000u
#define GICV_BASE     0x08040000u

#define RAM_BASE      0x40000000u

/* PSCI, implemented by QEMU itself for the virt board (the monitor's
 * firmware; the guest's PSCI is the monitor's, hyp/exit/psci.c) */
#define PSCI_CPU_OFF      0x84000002u
#define PSCI_CPU_ON       0x84000003u
#define PSCI_SYSTEM_OFF   0x84000008u
#define PSCI_SYSTEM_RESET 0x84000009u

static struct blmon_cpu_data cpu_data[BOARD_MAX_CPUS];

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

void board_console_putc(char c)
{
	pl011_putc(UART_BASE, c);
}

const char *board_mode_hint(uint32_t cpsr)
{
	(void)cpsr;
	return read_ID_PFR1() & ID_PFR1_VIRT
	       ? "the CPU has EL2 but was started below it (QEMU: without secure=on)"
	       : "the CPU has no EL2 (QEMU: -M virt,virtualization=on)";
}

/* QEMU's PSCI starts only the CPUs the monitor asked for. */
void board_secondary_wait(unsigned cpu)
{
	(void)cpu;
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

/* No cluster power controller: the parked cores sit in WFI, and QEMU's
 * caches are coherent with memory (docs/porting.md says what a real
 * board does here). */
void board_cluster_up(unsigned cluster)
{
	(void)cluster;
}

void board_cluster_down(unsigned cluster)
{
	(void)cluster;
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

void board_discover(struct board_boot_info *bi)
{
	qemu_discover(bi, RAM_BASE, "start the guest with -kernel and a raw image or zImage (the "
		      "monitor reads the RAM size from the DTB QEMU passes such a guest; an ELF guest "
		      "gets none)");
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
		/* QEMU 7.2 hw/intc/gic_internal.h gic_clear_active(): a hardware-linked
		 * EOI deactivates without re-signalling what became pending */
		.quirks = BLMON_QUIRK_GIC_HW_DEACTIVATE,
		.ncpus = BOARD_MAX_CPUS,
		.cpu_data = cpu_data,
		/* QEMU's Linux boot stub: it jumps to the image at 0x40010000 with
		 * r0 = 0, r1 = 0xffffffff, r2 = DTB */
		.guest_entry = RAM_BASE,
		.guest_dtb = bi->dtb,
		.guest_dtb_max = bi->dtb_max,
	};
}
