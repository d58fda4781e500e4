/*
 * board_fatal_exit on QEMU's virt, ARMv7 and AArch64 alike (board/qemu-virt
 * and board/qemu-virt-arm64): the reason is on the console already
 * (blmon_fatal, the monitor's panic); now end QEMU with a non-zero exit
 * status, so a script or test sees the failure.
 *
 * Without semihosting (it would let the guest open host files), the one
 * way a program inside QEMU 7.2 ends it with a failure status is the
 * pvpanic device: the launch command line adds
 * `-device pvpanic-pci -action panic=exit-failure` (qemu/common.sh), and
 * writing PVPANIC_PANICKED to its register makes QEMU exit with status 1.
 * The device sits on PCI bus 0; the monitor finds it through the ECAM,
 * gives its BAR an address and writes. An older command line without the
 * device: the machine powers off (status 0) after saying so.
 * docs/launch.md has the reasons and what else was considered. What
 * differs between the architectures: masking exceptions and installing
 * the fatal vectors (arch_cpu.h), the window onto the ECAM and the probe
 * (fatal_probe.h: each board's phys_window and fatal_vectors.S).
 */
#include <stdbool.h>
#include "arch_cpu.h"
#include "board_common.h"
#include "io.h"
#include "fatal_probe.h"

/* virt's PCIe (hw/arm/virt.c, the same map for qemu-system-arm and
 * qemu-system-aarch64): the ECAM is at ECAM_HIGH, or at ECAM_LOW with
 * highmem=off. The fatal path sees it through phys_window(ECAM_VA, ...):
 * ECAM_LOW's own address, where nothing is when the ECAM is high. */
#define ECAM_HIGH          0x4010000000ull
#define ECAM_LOW           0x3f000000u
#define ECAM_VA            0x3f000000u
#define ECAM_FN(dev)       ((uint32_t)(dev) << 15)   /* bus 0, function 0 */
#define PCI_SLOTS          32u
/* The BAR goes at the top of the 32-bit MMIO window (0x10000000 up to
 * 0x3eff0000): a guest that enumerated PCI put its own BARs at the bottom. */
#define PVPANIC_BAR_ADDR   0x3efef000u

#define PCI_ID             0x00u
#define PCI_COMMAND        0x04u
#define PCI_COMMAND_MEMORY 0x0002u
#define PCI_BAR0           0x10u
#define PVPANIC_PCI_ID     0x00111b36u   /* device 0x0011, vendor 0x1b36 (Red Hat) */
#define PVPANIC_PANICKED   0x01u

/* The pvpanic function's configuration space (in the ECAM's window), or 0. */
static uintptr_t pvpanic_find(void)
{
	static const uint64_t ecams[] = { ECAM_HIGH, ECAM_LOW };

	for (unsigned e = 0; e < sizeof(ecams) / sizeof(ecams[0]); e++) {
		uintptr_t ecam = phys_window(ECAM_VA, ecams[e]);

		for (unsigned dev = 0; dev < PCI_SLOTS; dev++)
			if (fatal_probe_read32(ecam + ECAM_FN(dev) + PCI_ID) == PVPANIC_PCI_ID)
				return ecam + ECAM_FN(dev);
	}
	return 0;
}

void board_fatal_exit(void)
{
	static volatile bool entered;
	uintptr_t cfg;

	/* interrupts would reach fatal_vectors' power-off (status 0) */
	cpu_mask_exceptions();
	/* Once: a fault on the way (before fatal_vectors take over) or a
	 * second CPU failing at the same time goes straight to power-off. */
	if (entered)
		board_system_off();
	entered = true;
	cpu_set_vectors(fatal_vectors);
	cfg = pvpanic_find();
	if (!cfg) {
		blmon_print("no pvpanic-pci device (-device pvpanic-pci -action panic=exit-failure): "
			    "powering off, QEMU's exit status will be 0");
		board_system_off();
	}
	mmio_write32(cfg + PCI_BAR0, PVPANIC_BAR_ADDR);
	/* the status register above the command one: zeros leave it be */
	mmio_write32(cfg + PCI_COMMAND, (mmio_read32(cfg + PCI_COMMAND) & 0xffffu) | PCI_COMMAND_MEMORY);
	dsb();
	mmio_write8(PVPANIC_BAR_ADDR, PVPANIC_PANICKED);
	dsb();
	/* QEMU has exited unless -action panic= asked for something else */
	blmon_print("pvpanic did not end QEMU (-action panic=exit-failure missing?): powering off");
	board_system_off();
}
