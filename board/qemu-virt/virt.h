/*
 * What the files of the virt board share (board/qemu-virt/): the pieces of
 * the fatal exit (fatal.c), which reaches QEMU's pvpanic device through a
 * translation table of its own (phys_window.c) and probes for it with
 * aborts caught (fatal_vectors.S).
 */
#ifndef BOARD_VIRT_H
#define BOARD_VIRT_H

#include <stdbool.h>
#include <stdint.h>

/* Map the 2 MiB of physical memory at pa (2 MiB aligned, up to 40 bits) as
 * device memory at virtual address va (2 MiB aligned, below 1 GiB), the
 * rest of the 4 GiB identity-mapped, and translate with that table from
 * now on. Returns va. For the fatal exit only: the monitor's own table is
 * replaced, on this CPU, for good. */
uint32_t phys_window(uint32_t va, uint64_t pa);

/* fatal_vectors.S: exception vectors for HVBAR (HYP) or VBAR (PL1) under
 * which a data abort skips the load that took it, and the load. */
extern const char fatal_vectors[];
/* The word at addr, or all ones if reading it aborts (as PCI reads a
 * function that is not there). Only under fatal_vectors. */
uint32_t fatal_probe_read32(uint32_t addr);

#endif
