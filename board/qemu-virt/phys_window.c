/*
 * A window onto 40-bit physical addresses for the fatal exit
 * (board/common/fatal_pvpanic.c):
 * virt's PCIe ECAM, where the pvpanic device is found, is at
 * 0x40_1000_0000 unless QEMU is given highmem=off, and with the MMU off
 * only 32-bit physical addresses exist. Fatal errors mostly come before the
 * monitor's own translation table is built (board_boot runs with the MMU
 * off), and the monitor's table maps no such window anyway, so the fatal
 * path brings a table of its own: the 4 GiB identity-mapped, the first GiB
 * as device memory (virt's devices), the rest as normal memory (RAM, where
 * this code and its stack are), except one 2 MiB block of the first GiB
 * that shows the window.
 *
 * Long descriptors (LPAE), so the same table serves HYP (HTTBR) and PL1
 * (TTBR0 with TTBCR.EAE): the monitor runs in HYP, but a machine without
 * EL2 starts it in SVC, and that shape is reported through here too.
 */
#include <stdbool.h>
#include "cpregs_access.h"
#include "fatal_probe.h"

#define SZ_1G           0x40000000u
#define SZ_2M           0x00200000u

#define DESC_BLOCK      0x1ull
#define DESC_TABLE      0x3ull
#define DESC_AF         (1ull << 10)
#define DESC_SH_INNER   (3ull << 8)
/* AP[1]: should-be-one in HYP; at PL1 it lets PL0 in, and nothing runs
 * there once the machine is being stopped. */
#define DESC_AP1        (1ull << 6)
#define DESC_NORMAL     ((0ull << 2) | DESC_SH_INNER)  /* AttrIndx 0 */
#define DESC_DEVICE     (1ull << 2)                    /* AttrIndx 1 */
#define MAIR_ATTRS      0x000004ffu  /* attr0 normal write-back, attr1 device */
/* HTCR or TTBCR: T0SZ = 0 (one table for 4 GiB), walks inner-shareable
 * write-back. Bit 31 is RES1 in HTCR and EAE (long descriptors) in TTBCR;
 * bit 23 is RES1 in HTCR and EPD1 (no TTBR1 walks) in TTBCR. */
#define TCR_VALUE       ((1u << 31) | (1u << 23) | (3u << 12) | (1u << 10) | (1u << 8))
#define SCTLR_M         (1u << 0)

static uint64_t level1[4] __attribute__((aligned(32)));
static uint64_t first_gib[512] __attribute__((aligned(4096)));

static void flush_tlb(bool hyp)
{
	dsb();
	if (hyp)
		write_TLBIALLH(0);
	else
		write_TLBIALL(0);
	dsb();
	isb();
}

/* This CPU translates with level1 from now on, whether its MMU was on
 * (the monitor's table: identity too, so the code runs on) or off. */
static void switch_table(bool hyp)
{
	dsb();
	if (hyp) {
		write_HMAIR0(MAIR_ATTRS);
		write_HTCR(TCR_VALUE);
		write_HTTBR((uint32_t)level1);
	} else {
		write_MAIR0(MAIR_ATTRS);
		write_TTBCR(TCR_VALUE);
		write_TTBR0((uint32_t)level1);
	}
	isb();
	flush_tlb(hyp);
	if (hyp)
		write_HSCTLR(read_HSCTLR() | SCTLR_M);
	else
		write_SCTLR(read_SCTLR() | SCTLR_M);
	isb();
}

uintptr_t phys_window(uintptr_t va, uint64_t pa)
{
	static bool built;
	bool hyp = in_hyp_mode();
	uint64_t *slot = &first_gib[va / SZ_2M];

	if (!built) {
		for (uint32_t i = 0; i < 512; i++)
			first_gib[i] = (uint64_t)i * SZ_2M | DESC_DEVICE | DESC_AP1 | DESC_AF | DESC_BLOCK;
		level1[0] = (uint32_t)first_gib | DESC_TABLE;
		for (uint32_t g = 1; g < 4; g++)
			level1[g] = (uint64_t)g * SZ_1G | DESC_NORMAL | DESC_AP1 | DESC_AF | DESC_BLOCK;
		switch_table(hyp);
		built = true;
	}
	/* break before make: no TLB may hold the old and the new block at once */
	*slot = 0;
	flush_tlb(hyp);
	*slot = pa | DESC_DEVICE | DESC_AP1 | DESC_AF | DESC_BLOCK;
	flush_tlb(hyp);
	return va;
}
