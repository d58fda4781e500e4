/*
 * What the fatal exit on virt (board/common/fatal_pvpanic.c) asks of each
 * virt board: a window onto the physical address of QEMU's PCIe ECAM
 * (ARMv7: board/qemu-virt/phys_window.c, a translation table of its own;
 * AArch64: board/qemu-virt-arm64/board.c) and a probe for its pvpanic
 * device with aborts caught (each board's fatal_vectors.S).
 */
#ifndef BOARD_FATAL_PROBE_H
#define BOARD_FATAL_PROBE_H

#include <stdbool.h>
#include <stdint.h>

/* The 2 MiB of physical memory at pa (2 MiB aligned, up to 40 bits) as
 * device memory, the rest of the low 4 GiB as it was (identity): returns
 * where this CPU now reads it - va (2 MiB aligned, below 1 GiB) where a
 * translation table had to show it there, for good (ARMv7: always; AArch64:
 * EL2's MMU on), or pa itself (AArch64 with the MMU off). For the fatal
 * exit only. */
uintptr_t phys_window(uintptr_t va, uint64_t pa);

/* fatal_vectors.S: exception vectors for this CPU's mode or exception level
 * (cpu_set_vectors) under which a data abort skips the load that took it
 * (AArch64: fatal_probe_read32's only), and the load. */
extern const char fatal_vectors[];
/* The word at addr, or all ones if reading it aborts (as PCI reads a
 * function that is not there). Only under fatal_vectors. */
uint32_t fatal_probe_read32(uintptr_t addr);

#endif
