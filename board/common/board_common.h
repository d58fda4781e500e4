/*
 * The start-up code the two QEMU boards share (board/common/): what each
 * board's own file provides to it, and the pieces of QEMU every board has
 * (qemu.c). BOARD_MAX_CPUS, HYP_STACK_SIZE and HYP_SIZE come from the
 * board's board.mk.
 */
#ifndef BOARD_COMMON_H
#define BOARD_COMMON_H

#include <stdint.h>
#include "blmon.h"

/* ID_PFR1.Virtualization: the CPU has EL2 (HYP mode) */
#define ID_PFR1_VIRT 0xf000u

/* What the board found out about the machine it was started on. */
struct board_boot_info {
	uint32_t dtb;              /* the guest's DTB */
	uint32_t dtb_max;          /* bytes it may occupy */
	struct blmon_range ram;    /* all RAM (the first /memory region) */
	uint64_t loaded_start;     /* what QEMU loaded for the guest above */
	uint64_t loaded_end;       /* the kernel (initrd, DTB): start, end */
};

/* Find the guest's DTB and the RAM; blmon_fatal() if the shape cannot
 * be served. Runs before the image is moved. */
void board_discover(struct board_boot_info *bi);
/* Describe the board to the monitor, the monitor living at `monitor`. */
void board_platform(struct blmon_platform *p, const struct board_boot_info *bi,
		    const struct blmon_range *monitor);
/* How to start the monitor in HYP mode on this board: the boot CPU came
 * up in another mode (blmon_fatal prints it; cpsr is the mode found). */
const char *board_mode_hint(uint32_t cpsr);
/* A secondary CPU reached the start-up code: return when the monitor has
 * asked for it (board_cpu_on), parking it until then if need be. */
void board_secondary_wait(unsigned cpu);

/* board/common/start.S: set by the boot CPU once it hands over to the
 * guest; from then on every CPU reaching _start is a secondary (CPU 0 too,
 * after PSCI CPU_OFF). */
extern volatile uint32_t board_booted;

/* board/common/qemu.c: what every QEMU board has. */
/* One byte to the PL011 at base (bounded wait). */
void pl011_putc(uint32_t base, char c);
/* The DTB QEMU's Linux boot stub at ram_base passes, the RAM it describes
 * and where what QEMU loaded ends; blmon_fatal() with no_dtb_hint if
 * there is no DTB. */
void qemu_discover(struct board_boot_info *bi, uint32_t ram_base, const char *no_dtb_hint);

/* The image: linker symbols (linker/hyp.ld). */
extern char _start[], __image_start[], __data_end[], __bss_start[], __image_end[];
extern char __rel_start[], __rel_end[];

/* board/common/reloc.c: move the image to `base`, fixing its absolute
 * addresses; returns the new _start. */
uintptr_t reloc_move(uintptr_t base);
/* the board's start.S: continue at the moved image's _start, the
 * instruction cache clean of the old one */
void reloc_jump(uintptr_t entry) __attribute__((noreturn));

#endif
