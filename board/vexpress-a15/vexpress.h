/*
 * QEMU's vexpress-a15: a V2P-CA15 daughterboard on a V2M-P1 motherboard,
 * "A-Series" memory map (hw/arm/vexpress.c). What the port's files share.
 */
#ifndef VEXPRESS_H
#define VEXPRESS_H

#include <stdbool.h>
#include <stdint.h>

#define VE_RAM_BASE     0x80000000u
#define VE_SRAM         0x14000000u   /* motherboard SRAM: QEMU's secondary stub at its start */
#define VE_STUB_SIZE    0x1000u
#define VE_SYSREGS      0x1c010000u   /* motherboard system registers, one 4 KiB page */
#define VE_SYSREGS_SIZE 0x1000u
#define VE_UART0        0x1c090000u   /* PL011 */
#define VE_GICD         0x2c001000u   /* the A15 cluster's private region */
#define VE_GICC         0x2c002000u
#define VE_GICH         0x2c004000u   /* this CPU's virtual interface control */
#define VE_GICH_CPUS    0x2c005000u   /* the same, each CPU's at 0x200 steps */
#define VE_GICV         0x2c006000u

/* System registers the port uses (V2M-P1 TRM, QEMU's hw/misc/arm_sysctl.c) */
#define SYS_FLAGSSET    0x30u         /* read: SYS_FLAGS */
#define SYS_FLAGSCLR    0x34u
#define SYS_CFGDATA     0xa0u
#define SYS_CFGCTRL     0xa4u         /* the motherboard controller's config bus */
#define CFGCTRL_START   (1u << 31)
#define CFGCTRL_WRITE   (1u << 30)
#define CFGCTRL_FUNC(v) (((v) >> 20) & 0x3fu)
#define CFG_SHUTDOWN    8u
#define CFG_REBOOT      9u

/* board.c: the CPUs this machine has (QEMU's -smp) */
extern unsigned ve_ncpus;

/* sysreg.c: the guest's view of the system registers (blmon_platform.mmio) */
bool ve_sysreg_access(uint32_t offset, unsigned size, bool write, uint32_t *val);

#endif
