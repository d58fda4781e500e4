#ifndef HYP_FDT_FIXUP_H
#define HYP_FDT_FIXUP_H

#include <stdint.h>

/*
 * Clip every region of the top-level /memory node's "reg" to the guest's
 * RAM [base, base + size), in place (same length, so no node moves).
 * Returns the number of regions changed, or a negative value if the blob is
 * not a valid FDT (nothing is written then). Bounds-checked against
 * max_len and the header's totalsize: the blob is treated as untrusted.
 */
int fdt_clip_memory(uint8_t *fdt, uint32_t max_len, uint32_t base, uint32_t size);

/*
 * Give the guest the first `keep` CPUs of the tree (blmon.cluster_cpus=N:
 * one cluster of a machine with two or more), in place: no byte moves and
 * totalsize stays, removed nodes become FDT_NOP tokens.
 *  - /cpus: the first `keep` children named cpu or cpu@..., in blob order,
 *    stay; every further one is NOPed, its whole subtree. Other children
 *    (cpu-map, l2-cache, ...) stay.
 *  - /cpus/cpu-map: every node below it with a 4-byte `cpu` property that
 *    names a removed CPU (its `phandle` or `linux,phandle`) is NOPed with its
 *    subtree. Nothing else changes there: a cluster whose cores all went
 *    stays, empty (Linux warns "empty cluster" and goes on).
 *  - GIC PPI CPU masks, in every node at any depth: an `interrupts`
 *    property of 3-cell specifiers (length a non-zero multiple of 12) whose
 *    every first cell is 0 (SPI) or 1 (PPI) is taken as the GIC's - the
 *    interrupt parent is not looked up; QEMU virt and vexpress have one
 *    GIC, #interrupt-cells = 3. In each PPI specifier, bits [15:8] of the
 *    third cell are ANDed with the kept CPUs' bits ((1 << keep) - 1).
 * Returns the number of CPU nodes removed: 0 if the tree has no more than
 * `keep` (nothing is written then, masks included); negative if keep is 0,
 * the blob is not a valid FDT (nodes left open at FDT_END included) or more
 * than FDT_TRIM_MAX_PHANDLES removed CPUs have a phandle - nothing is
 * written then either: the whole blob is checked by a dry run first.
 * Bounds-checked against max_len and totalsize, like fdt_clip_memory().
 */
#define FDT_TRIM_MAX_PHANDLES 64
int fdt_trim_cpus(uint8_t *fdt, uint32_t max_len, unsigned keep);

#endif
