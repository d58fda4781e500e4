/*
 * Board port for QEMU's vexpress-a15 (-M vexpress-a15,secure=off,
 * virtualization=on), -m 64 to 2048, -smp 1 to 4 (QEMU's limit for the
 * board). docs/porting.md walks through this port as the worked example.
 *
 * What differs from virt: RAM at 0x80000000; the GIC in the A15 cluster's
 * private region; no power firmware - QEMU's boot flow parks the secondary
 * CPUs in a stub in motherboard SRAM, the machine powers off and resets
 * through the motherboard's config bus, and the guest (Linux without PSCI)
 * starts CPUs through SYS_FLAGS (sysreg.c) - so the monitor is the
 * firmware: it starts, parks and powers everything itself.
 */
#include <stdint.h>
#include "board_common.h"
#include "cpregs_access.h"
#include "gicv2.h"
#include "io.h"
#include "vexpress.h"

#define ID_PFR1_SECURITY 0xf0u   /* the Security Extensions */

static struct blmon_cpu_data cpu_data[BOARD_MAX_CPUS];
unsigned ve_ncpus;

/*
 * Secondary CPUs. Until the monitor first starts one, it waits in QEMU's
 * stub, in WFI, for an interrupt; then it jumps to the physical SYS_FLAGS,
 * the monitor's _start. From then on it lives in the monitor: a CPU that
 * is off waits in board_secondary_wait() for start_req.
 */
static volatile uint32_t left_stub[BOARD_MAX_CPUS];   /* reached the monitor once */
static volatile uint32_t start_req[BOARD_MAX_CPUS];   /* board_cpu_on asked for it */

void board_console_putc(char c)
{
	pl011_putc(VE_UART0, c);
}

const char *board_mode_hint(uint32_t cpsr)
{
	(void)cpsr;
	/* QEMU gives the CPUs the Security Extensions only with secure=on (the
	 * default), and then starts them in Secure SVC, with a GIC whose
	 * interrupt groups keep the monitor's SGIs from waking other CPUs. */
	if (read_ID_PFR1() & ID_PFR1_SECURITY)
		return "QEMU started the CPU in Secure state (secure=on, the default): start it "
		       "with -M vexpress-a15,secure=off,virtualization=on";
	return "start QEMU with -M vexpress-a15,secure=off,virtualization=on";
}

void board_discover(struct board_boot_info *bi)
{
	qemu_discover(bi, VE_RAM_BASE, "QEMU builds none for vexpress-a15 (without -dtb its stub "
		      "passes ATAGs): start the guest with -kernel and -dtb build/vexpress-a15/guest.dtb");
}

/* Pages only HYP may touch, beyond the GIC's (blmon_platform.gich/gicv):
 * QEMU's secondary stub, which runs in HYP mode (a guest that could write
 * it could run its own code there), and the A15 private region's per-CPU
 * aliases of GICH. Stage 2 leaves them unmapped, and every access is
 * refused: a data abort in the guest. */
static bool refuse_access(uint32_t offset, unsigned size, bool write,
			  uint32_t *val) /* NOLINT(readability-non-const-parameter): blmon_mmio's prototype */
{
	(void)offset; (void)size; (void)write; (void)val;
	return false;
}

void board_platform(struct blmon_platform *p, const struct board_boot_info *bi,
		    const struct blmon_range *monitor)
{
	/* QEMU's GIC has one CPU interface per -smp CPU */
	ve_ncpus = GICD_TYPER_CPUS(mmio_read32(VE_GICD + GICD_TYPER));
	if (ve_ncpus > BOARD_MAX_CPUS)
		ve_ncpus = BOARD_MAX_CPUS;
	left_stub[0] = 1;   /* the boot CPU came from QEMU's loader */
	/* A CPU that wakes in QEMU's stub goes to the monitor's start-up from
	 * now on, whatever the guest writes (its SYS_FLAGS are its own). */
	mmio_write32(VE_SYSREGS + SYS_FLAGSCLR, ~0u);
	mmio_write32(VE_SYSREGS + SYS_FLAGSSET, (uint32_t)_start);

	*p = (struct blmon_platform){
		.guest_ram = { bi->ram.base, monitor->base - bi->ram.base },
		.monitor = *monitor,
		/* everything below RAM: motherboard chip selects, the daughterboard's
		 * peripherals and its private region */
		.devices = { { 0x00000000u, VE_RAM_BASE } },
		.ndevices = 1,
		.gicd = VE_GICD, .gicc = VE_GICC, .gich = VE_GICH, .gicv = VE_GICV,
		.guest_gicc = VE_GICC,
		/* QEMU 7.2 hw/intc/gic_internal.h gic_clear_active(): a hardware-linked
		 * EOI deactivates without re-signalling what became pending */
		.quirks = BLMON_QUIRK_GIC_HW_DEACTIVATE,
		.mmio = { { VE_SYSREGS, VE_SYSREGS_SIZE, ve_sysreg_access },
			  { VE_SRAM, VE_STUB_SIZE, refuse_access },
			  { VE_GICH_CPUS, 0x1000u, refuse_access } },
		.nmmio = 3,
		.ncpus = ve_ncpus,
		.cpu_data = cpu_data,
		/* QEMU's Linux boot stub: it jumps to the image at 0x80010000 with
		 * r0 = 0, r1 = 0x8e0 (the board's machine id), r2 = DTB */
		.guest_entry = VE_RAM_BASE,
		.guest_dtb = bi->dtb,
		.guest_dtb_max = bi->dtb_max,
	};
}

int32_t board_cpu_on(unsigned cpu)
{
	if (!left_stub[cpu]) {
		/* The stub's WFI ends with an interrupt: the monitor's SGI, which
		 * reaches it only with the distributor on (group 0, where every
		 * interrupt is after reset). The guest may not have turned it on. */
		uint32_t ctlr = mmio_read32(VE_GICD + GICD_CTLR);

		if (!(ctlr & 1u))
			mmio_write32(VE_GICD + GICD_CTLR, ctlr | 1u);
		mmio_write32(VE_GICD + GICD_SGIR,
			     GICD_SGIR_VALUE(GICD_SGIR_FILTER_LIST, 1u << cpu, BLMON_SGI));
	}
	__asm__ volatile("dsb" ::: "memory");
	start_req[cpu] = 1;
	__asm__ volatile("dsb\n\tsev" ::: "memory");   /* a CPU parked in the monitor waits in WFE */
	return 0;
}

void board_secondary_wait(unsigned cpu)
{
	left_stub[cpu] = 1;
	while (!start_req[cpu])
		__asm__ volatile("wfe" ::: "memory");
	start_req[cpu] = 0;
	/* The SGI that ended the stub's WFI is the monitor's: this CPU clears
	 * it (GICD_CPENDSGIR is banked) before the guest could take it. */
	mmio_write32(VE_GICD + GICD_CPENDSGIR + (BLMON_SGI & ~3u), 0xffu << (8 * (BLMON_SGI & 3u)));
}

/* QEMU models no power controller for this board's CPUs: the CPU goes back
 * to the top of the start-up code, on a fresh stack, and waits there in
 * board_secondary_wait() until board_cpu_on() starts it again. */
void board_cpu_off(void)
{
	reloc_jump((uint32_t)_start);
}

/* A config-bus write to the motherboard controller (site 0, position 0,
 * device 0): what Linux's vexpress-poweroff driver does. */
static void __attribute__((noreturn)) mcc_power(uint32_t function)
{
	mmio_write32(VE_SYSREGS + SYS_CFGDATA, 0);
	mmio_write32(VE_SYSREGS + SYS_CFGCTRL, CFGCTRL_START | CFGCTRL_WRITE | (function << 20));
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
	mcc_power(CFG_SHUTDOWN);
}

void board_system_reset(void)
{
	mcc_power(CFG_REBOOT);
}

/* No failure exit status exists on this board's QEMU command line (no
 * pvpanic, no PCI, no semihosting): say so, and power off. The test
 * runner still sees the failure: no summary line from the guest. */
void board_fatal_exit(void)
{
	blmon_print("this board cannot report failure to QEMU: powering off (exit status 0)");
	mcc_power(CFG_SHUTDOWN);
}
