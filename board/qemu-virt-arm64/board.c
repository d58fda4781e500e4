/*
 * QEMU virt as an ARMv8 machine around the library (include/blmon.h): the
 * PL011 console, power off through PSCI (QEMU's firmware, SMC from EL2),
 * and the Linux boot flow of QEMU's hw/arm/boot.c for AArch64 - a stub at
 * the start of RAM that loads x0 (the DTB) and x4 (the kernel's entry)
 * from literals and branches. The monitor reads both from the stub, so
 * it starts whatever QEMU booted as a kernel, with the tree QEMU made.
 * It moves itself to the top of RAM first, as the ARMv7 boards' monitor
 * does (board/common/place.h, reloc.c): the guest's RAM is what lies below.
 */
#include <stdint.h>
#include "arch_cpu.h"
#include "board_common.h"
#include "fatal_probe.h"
#include "io.h"
#include "mmu.h"
#include "sysregs_access.h"
#include "place.h"

#define UART           0x09000000u
#define PL011_DR       0x00u
#define PL011_FR       0x18u
#define PL011_FR_TXFF  (1u << 5)
#define RAM_BASE       0x40000000u
#define PSCI_CPU_OFF      0x84000002u
#define PSCI_CPU_ON64     0xc4000003u
#define PSCI_SYSTEM_OFF   0x84000008u
#define PSCI_SYSTEM_RESET 0x84000009u

/* GICv2 (-M virt,gic-version=2): QEMU's hw/arm/virt.c memory map, the
 * same as the ARMv7 virt board's */
#define GICD_BASE      0x08000000u
#define GICC_BASE      0x08010000u
#define GICH_BASE      0x08030000u
#define GICV_BASE      0x08040000u

void board_boot(uint64_t current_el) __attribute__((noreturn));

void board_console_putc(char c)
{
	/* bounded wait: a wedged UART must not hang the monitor */
	for (unsigned i = 0; i < 100000 && (mmio_read32(UART + PL011_FR) & PL011_FR_TXFF); i++)
		;
	mmio_write32(UART + PL011_DR, (uint8_t)c);
}

/* QEMU's own PSCI, SMC from EL2 (the conduit its tree names with
 * virtualization=on; HCR_EL2.TSC traps only EL1's SMC) */
static uint64_t firmware_call(uint64_t fid, uint64_t a1, uint64_t a2, uint64_t a3)
{
	register uint64_t x0 __asm__("x0") = fid;
	register uint64_t x1 __asm__("x1") = a1;
	register uint64_t x2 __asm__("x2") = a2;
	register uint64_t x3 __asm__("x3") = a3;

	__asm__ volatile("smc #0" : "+r"(x0), "+r"(x1), "+r"(x2), "+r"(x3) : : "memory");
	return x0;
}

static void __attribute__((noreturn)) psci_call_noreturn(uint64_t fid)
{
	firmware_call(fid, 0, 0, 0);
	for (;;)
		__asm__ volatile("wfi");
}

void board_system_off(void) { psci_call_noreturn(PSCI_SYSTEM_OFF); }
void board_system_reset(void) { psci_call_noreturn(PSCI_SYSTEM_RESET); }
/* The fatal exit (board_fatal_exit) is ARMv7's virt one,
 * board/common/fatal_pvpanic.c; its window onto the PCIe ECAM: with EL2's
 * MMU off (start-up) every physical address is reachable as it is; with it
 * on, a block of the monitor's identity map shows it (mmu.c). */
uintptr_t phys_window(uintptr_t va, uint64_t pa)
{
	if (!cpu_hyp_mmu_on())
		return (uintptr_t)pa;
	hyp_mmu_window(va, pa);
	return va;
}

/* virt's MPIDRs with a GICv2: Aff0 = the CPU's number, the rest 0 */
int board_cpu_index(uint32_t mpidr)
{
	uint32_t aff0 = mpidr & 0xffu;

	if ((mpidr & 0xffff00u) != 0 || aff0 >= BOARD_MAX_CPUS)
		return -1;
	return (int)aff0;
}

extern char secondary_entry[];   /* start.S */
void board_secondary(uint64_t current_el) __attribute__((noreturn));

/* QEMU's PSCI starts a CPU at EL2 (it has EL2 and no EL3) at the
 * monitor's secondary entry; its MPIDR is its number (Aff0) */
int32_t board_cpu_on(unsigned cpu)
{
	return (int32_t)firmware_call(PSCI_CPU_ON64, cpu, (uintptr_t)secondary_entry, 0);
}

void board_cpu_off(void)
{
	psci_call_noreturn(PSCI_CPU_OFF);
}

void board_secondary(uint64_t current_el)
{
	int cpu = board_cpu_index((uint32_t)read_MPIDR_EL1());

	if (((current_el >> 2) & 3u) != 2 || cpu < 0)
		blmon_fatal("a secondary CPU started at EL%lu, MPIDR %08lx: not one the monitor started",
			    (unsigned long)((current_el >> 2) & 3u), (unsigned long)read_MPIDR_EL1());
	blmon_cpu_init((unsigned)cpu);
	blmon_enter_next_stage();
}

/* No cluster power controller (migration is not there on AArch64 yet) */
void board_cluster_up(unsigned cluster) { (void)cluster; }
void board_cluster_down(unsigned cluster) { (void)cluster; }

/* The stub's `ldr xN, literal` (LDR literal, 64-bit: 0x58000000 | imm19 <<
 * 5 | Rt): the literal's value, or 0 without one in the first words. */
static uint64_t stub_literal(unsigned rt)
{
	const volatile uint32_t *stub = (const volatile uint32_t *)(uintptr_t)RAM_BASE;

	for (unsigned i = 0; i < 16; i++)
		if ((stub[i] & 0xff00001fu) == (0x58000000u | rt)) {
			const volatile uint32_t *lit = stub + i + ((stub[i] >> 5) & 0x7ffffu);

			return lit[0] | (uint64_t)lit[1] << 32;
		}
	return 0;
}

/* The FDT header's totalsize (big-endian), if there is one at dtb */
static uint32_t fdt_total(uint64_t dtb)
{
	const volatile uint8_t *h = (const volatile uint8_t *)(uintptr_t)dtb;

	if (h[0] != 0xd0 || h[1] != 0x0d || h[2] != 0xfe || h[3] != 0xed)
		return 0;
	return (uint32_t)h[4] << 24 | (uint32_t)h[5] << 16 | (uint32_t)h[6] << 8 | h[7];
}

static struct blmon_cpu_data cpu_data[BOARD_MAX_CPUS];

void board_boot(uint64_t current_el)
{
	struct blmon_platform p = { 0 };
	struct board_boot_info bi;
	uint64_t dtb = stub_literal(0), entry = stub_literal(4);
	uint32_t total;

	if (((current_el >> 2) & 3u) != 2)
		blmon_fatal("started at EL%lu, not EL2: QEMU needs -M virt,virtualization=on",
			    (unsigned long)((current_el >> 2) & 3u));
	if (!dtb || !entry || dtb < RAM_BASE || dtb >> 32 || (dtb & 3) || (total = fdt_total(dtb)) == 0)
		blmon_fatal("no kernel or device tree from QEMU: give it -kernel IMAGE");
	qemu_boot_info(&bi, (uint32_t)dtb, total, RAM_BASE);
	struct blmon_range mon = monitor_place(&bi);

	/* at -m 64 the load address is the top 2 MiB (no move); above, both
	 * are whole 2 MiB regions (linker/hyp-arm64.ld), never overlapping */
	if ((uintptr_t)__image_start != mon.base)
		reloc_jump(reloc_move(mon.base));
	/* the guest's RAM is what lies below the monitor (/memory says so,
	 * blmon_init()); stage 2 leaves the monitor out */
	p.guest_ram = (struct blmon_range){ bi.ram.base, mon.base - bi.ram.base };
	p.monitor = mon;
	/* The devices below RAM (flash, the GIC - stage 2 takes its pages out
	 * again: arch/s2_map.h -, the UART, RTC, fw_cfg, virtio-mmio, PCIe) and
	 * virt's high regions (redistributors, PCIe ECAM at 0x40_1000_0000,
	 * 512 GiB of PCIe MMIO at 0x80_0000_0000), as ARMv7's board gives them */
	p.devices[0] = (struct blmon_range){ 0, RAM_BASE };
	p.devices[1] = (struct blmon_range){ 0x4000000000ull, 0xC000000000ull };
	p.ndevices = 2;
	p.gicd = GICD_BASE;
	p.gicc = GICC_BASE;
	p.gich = GICH_BASE;
	p.gicv = GICV_BASE;
	p.guest_gicc = GICC_BASE;
	/* QEMU 7.2's GIC, as on the ARMv7 virt board: a hardware-linked EOI
	 * deactivates without re-signalling what became pending (docs/vgic.md) */
	p.quirks = BLMON_QUIRK_GIC_HW_DEACTIVATE;
	/* ... and its AArch32 EL1 keeps the current mode's SPSR where EL2 does
	 * not reach it (measured: docs/arm64.md "AArch32 guests") */
	p.quirks |= BLMON_QUIRK_A32_SPSR_UNREACHED;
	p.ncpus = BOARD_MAX_CPUS;
	p.cpu_data = cpu_data;
	p.guest_entry = (uint32_t)entry;
	p.guest_r0 = (uint32_t)dtb;
	p.guest_dtb = bi.dtb;
	p.guest_dtb_max = bi.dtb_max;
	blmon_init(&p);
	blmon_cpu_init(0);
	blmon_enter_next_stage();
}
