/*
 * The stage-2 tables of the AArch64 guest (ARM ARM D8.3, VMSAv8-64, 4 KiB
 * granule): a 40-bit IPA space starting at level 1 - two concatenated
 * level-1 tables, 1 GiB a block - with level 2 (2 MiB blocks) below 4 GiB,
 * where RAM and the low devices lie. Which block maps what is
 * arch/s2_map.h's decision, shared with ARMv7; the descriptors are this
 * file's (the attribute fields are those of LPAE's stage 2).
 */
#include <stdint.h>
#include "mmu.h"
#include "s2_map.h"
#include "sysregs_access.h"
#include "blmon_log.h"

#define DESC_BLOCK      0x1ull
#define DESC_TABLE      0x3ull
#define DESC_PAGE       0x3ull                  /* at level 3 */
#define DESC_TYPE_MASK  0x3ull
#define DESC_ADDR_MASK  0x0000fffffffff000ull
#define DESC_AF         (1ull << 10)
#define DESC_SH_INNER   (3ull << 8)
#define S2_RW           (3ull << 6)             /* S2AP: read and write */
#define S2_NORMAL_WB    (0xfull << 2)           /* MemAttr: Normal, write-back */
#define S2_DEVICE       (0x1ull << 2)           /* MemAttr: Device-nGnRE */

#define SZ_1G 0x40000000ull
#define SZ_2M 0x00200000ull
#define SZ_4K 0x00001000ull
#define GB_LOW 4u                               /* level 2 below 4 GiB */

/* 40-bit IPA from level 1: 1024 entries, two tables, 8 KiB aligned */
#define S2_L1_ENTRIES 1024u
static uint64_t s2_l1[S2_L1_ENTRIES] __attribute__((aligned(8192)));
static uint64_t s2_l2[GB_LOW][512] __attribute__((aligned(4096)));
/* 2 MiB blocks split into pages (the GIC's, the board's emulated regions:
 * arch/s2_map.h S2_CARVE_GIC) */
#define S2_L3_TABLES 4u
static uint64_t s2_l3[S2_L3_TABLES][512] __attribute__((aligned(4096)));
static unsigned s2_l3_used;

static uint64_t s2_block(const struct blmon_platform *p, uint64_t a, uint64_t size)
{
	switch (s2_block_kind(p, a, size)) {
	case S2_MAP_RAM:
		return a | S2_NORMAL_WB | DESC_SH_INNER | S2_RW | DESC_AF | DESC_BLOCK;
	case S2_MAP_DEVICE:
		return a | S2_DEVICE | S2_RW | DESC_AF | DESC_BLOCK;
	default:
		return 0;   /* invalid: a stage-2 translation fault */
	}
}

/* The page entry of ipa (< 4 GiB), splitting its 2 MiB block into pages
 * first. */
static uint64_t *s2_page(uint64_t ipa)
{
	uint64_t *l2 = &s2_l2[ipa >> 30][(ipa >> 21) & 511];

	if ((*l2 & DESC_TYPE_MASK) != DESC_TABLE) {
		uint64_t blk = *l2;

		HYP_ASSERT(ipa < GB_LOW * SZ_1G && s2_l3_used < S2_L3_TABLES);
		uint64_t *l3 = s2_l3[s2_l3_used++];

		for (unsigned i = 0; i < 512; i++)
			l3[i] = (blk & DESC_TYPE_MASK) == DESC_BLOCK
				? ((blk & ~DESC_TYPE_MASK) + i * SZ_4K) | DESC_PAGE
				: 0;
		*l2 = (uintptr_t)l3 | DESC_TABLE;
	}
	return &((uint64_t *)(uintptr_t)(*l2 & DESC_ADDR_MASK))[(ipa >> 12) & 511];
}

static void s2_unmap(uint64_t ipa, uint64_t size)
{
	for (uint64_t o = 0; o < size; o += SZ_4K)
		*s2_page(ipa + o) = 0;
}

static void s2_map_device(uint64_t ipa, uint64_t pa, uint64_t size)
{
	for (uint64_t o = 0; o < size; o += SZ_4K)
		*s2_page(ipa + o) = (pa + o) | S2_DEVICE | S2_RW | DESC_AF | DESC_PAGE;
}

void stage2_build(const struct blmon_platform *p)
{
	/* what the guest loses of its RAM is whole blocks: the monitor must
	 * start and end on 2 MiB, or its neighbours' RAM would go too */
	HYP_ASSERT(p->monitor.base % SZ_2M == 0 && p->monitor.size % SZ_2M == 0);
	for (unsigned g = 0; g < GB_LOW; g++) {
		for (unsigned i = 0; i < 512; i++)
			s2_l2[g][i] = s2_block(p, g * SZ_1G + i * SZ_2M, SZ_2M);
		s2_l1[g] = (uintptr_t)s2_l2[g] | DESC_TABLE;
	}
	for (unsigned g = GB_LOW; g < S2_L1_ENTRIES; g++)
		s2_l1[g] = s2_block(p, (uint64_t)g * SZ_1G, SZ_1G);
	s2_l3_used = 0;
	S2_CARVE_GIC(p, s2_unmap, s2_map_device);
	dsb();
}

/* VTCR_EL2 (D13.2.150): T0SZ 24 (40-bit IPA), SL0 1 (start at level 1),
 * IRGN0/ORGN0 0 and SH0 0 - the walk reads memory non-cacheable, as the
 * monitor wrote the tables with its own MMU off -, TG0 0 (4 KiB), PS 2
 * (40-bit physical addresses: every core of the pair has them), bit 31 RES1. */
#define VTCR_VALUE ((1ull << 31) | (2ull << 16) | (1ull << 6) | 24ull)
#define VTTBR_VMID (1ull << 48)

void stage2_enable(void)
{
	write_VTCR_EL2(VTCR_VALUE);
	write_VTTBR_EL2((uintptr_t)s2_l1 | VTTBR_VMID);
	isb();
	__asm__ volatile("tlbi vmalls12e1\n\tdsb nsh\n\tisb" ::: "memory");
}
