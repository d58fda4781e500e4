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

/*
 * Tell the guest a range of its RAM is not its own (the AArch64 monitor,
 * linked inside it): add
 *     reserved-memory { #address-cells, #size-cells (the root's); ranges;
 *         blmon@BASE { reg = <BASE SIZE>; no-map; }; };
 * as the root's last child. This one fix-up moves bytes: what follows the
 * root's end in the structure block and the strings block move up by the
 * node's size and the property names the strings block lacks are appended,
 * all inside the blob's totalsize (QEMU's trees have a MiB of room; nothing
 * is ever written past totalsize, which does not change).
 * Requires the usual layout (memory reservation map, structure block, strings
 * block, in that order, free space after them), a root with 1 or 2 address
 * and size cells that hold base and size, and no /reserved-memory node yet.
 * Returns 0 when the node was added; negative when the blob is not a valid
 * FDT, does not meet those conditions or lacks room - nothing is written
 * then: every check is made before the first write. Bounds-checked against
 * max_len and totalsize, like the others.
 */
int fdt_reserve_nomap(uint8_t *fdt, uint32_t max_len, uint64_t base, uint64_t size);

#endif
