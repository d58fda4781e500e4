/*
 * LPAE translation tables for HYP stage 1 and guest stage 2
 * (ARM ARM B3.6 long-descriptor format, B4.1.158 VTCR, B4.1.76 HTCR).
 */
#include <stdint.h>
#include "mmu.h"
#include "s2_map.h"
#include "cpregs_access.h"
#include "blmon_log.h"

#define DESC_BLOCK      0x1ull
#define DESC_TABLE      0x3ull
#define DESC_PAGE       0x3ull
#define DESC_AF         (1ull << 10)
#define DESC_SH_INNER   (3ull << 8)
#define DESC_TYPE_MASK  0x3ull
#define DESC_ADDR_MASK  0x000000fffffff000ull

/* Stage 1 (HYP): AttrIndx into HMAIR0, AP[1] is SBO at PL2. */
#define S1_ATTR(idx)    ((uint64_t)(idx) << 2)
#define S1_AP_PL2_RW    (1ull << 6)
#define HMAIR0_VALUE    0x000004ffu   /* attr0 normal WB RA/WA, attr1 device */

/* Stage 2: MemAttr[3:0] and S2AP. */
#define S2_NORMAL_WB    (0xfull << 2)
#define S2_DEVICE       (0x1ull << 2)
#define S2_RW           (3ull << 6)

#define SZ_1G 0x40000000ull
#define SZ_2M 0x00200000ull
#define SZ_4K 0x00001000ull
#define GB_32BIT 4u                   /* 1 GiB blocks below 4 GiB */

static uint64_t hyp_l1[GB_32BIT] __attribute__((aligned(32)));
static uint64_t hyp_l2[GB_32BIT][512] __attribute__((aligned(4096)));
/* 40-bit IPA: 1024 level-1 entries (two concatenated tables, 8 KiB aligned). */
#define S2_L1_ENTRIES 1024
static uint64_t s2_l1[S2_L1_ENTRIES] __attribute__((aligned(8192)));
static uint64_t s2_l2[GB_32BIT][512] __attribute__((aligned(4096)));
/* 2 MiB blocks split into pages (the GIC's, the board's emulated regions). */
#define S2_L3_TABLES 4
static uint64_t s2_l3[S2_L3_TABLES][512] __attribute__((aligned(4096)));
static unsigned s2_l3_used;

void hyp_mmu_build(const struct blmon_platform *p)
{
	for (unsigned g = 0; g < GB_32BIT; g++) {
		for (unsigned i = 0; i < 512; i++) {
			uint64_t a = g * SZ_1G + i * SZ_2M;
			uint64_t attr = hyp_block_is_ram(p, a) ? (S1_ATTR(0) | DESC_SH_INNER) : S1_ATTR(1);

			hyp_l2[g][i] = a | attr | S1_AP_PL2_RW | DESC_AF | DESC_BLOCK;
		}
		hyp_l1[g] = (uint32_t)hyp_l2[g] | DESC_TABLE;
	}
	dsb();
}

void hyp_mmu_enable(void)
{
	write_HMAIR0(HMAIR0_VALUE);
	/* HTCR: T0SZ=0 (4 GiB), IRGN0/ORGN0 WBWA, SH0 inner; bits 31, 23 RES1 */
	write_HTCR((1u << 31) | (1u << 23) | (3u << 12) | (1u << 10) | (1u << 8));
	write_HTTBR((uint32_t)hyp_l1);
	isb();
	write_TLBIALLH(0);
	write_ICIALLU(0);
	dsb();
	isb();
	/* HSCTLR: M (MMU), C (data cache), I (instruction cache) */
	write_HSCTLR(read_HSCTLR() | (1u << 0) | (1u << 2) | (1u << 12));
	isb();
}

static uint64_t s2_attr(bool normal)
{
	return (normal ? (S2_NORMAL_WB | DESC_SH_INNER) : S2_DEVICE) | S2_RW | DESC_AF;
}

/* The block descriptor of [a, a + size), as arch/s2_map.h decides */
static uint64_t s2_block(const struct blmon_platform *p, uint64_t a, uint64_t size)
{
	enum s2_kind k = s2_block_kind(p, a, size);

	return k == S2_MAP_NONE ? 0 : a | s2_attr(k == S2_MAP_RAM) | DESC_BLOCK;
}

/* The level-2 entry of the 2 MiB block holding ipa (< 4 GiB). */
static uint64_t *s2_l2_entry(uint32_t ipa)
{
	return &s2_l2[ipa >> 30][(ipa >> 21) & 511];
}

/* The page entry of ipa, splitting its 2 MiB block into pages first. */
static uint64_t *s2_page(uint32_t ipa)
{
	uint64_t *l2 = s2_l2_entry(ipa);

	if ((*l2 & DESC_TYPE_MASK) != DESC_TABLE) {
		uint64_t blk = *l2;

		HYP_ASSERT(s2_l3_used < S2_L3_TABLES);
		uint64_t *l3 = s2_l3[s2_l3_used++];

		for (unsigned i = 0; i < 512; i++)
			l3[i] = (blk & DESC_TYPE_MASK) == DESC_BLOCK
				? ((blk & ~DESC_TYPE_MASK) + i * SZ_4K) | DESC_PAGE
				: 0;
		*l2 = (uint32_t)l3 | DESC_TABLE;
	}
	return &((uint64_t *)(uint32_t)(*l2 & DESC_ADDR_MASK))[(ipa >> 12) & 511];
}

static void s2_unmap(uint32_t ipa, uint32_t size)
{
	for (uint32_t o = 0; o < size; o += SZ_4K)
		*s2_page(ipa + o) = 0;
}

static void s2_map_device(uint32_t ipa, uint32_t pa, uint32_t size)
{
	for (uint32_t o = 0; o < size; o += SZ_4K)
		*s2_page(ipa + o) = (uint64_t)(pa + o) | s2_attr(false) | DESC_PAGE;
}

void stage2_build(const struct blmon_platform *p)
{
	HYP_ASSERT(p->guest_ram.base % SZ_2M == 0 && p->guest_ram.size % SZ_2M == 0);
	s2_l3_used = 0;
	for (unsigned g = 0; g < GB_32BIT; g++) {
		for (unsigned i = 0; i < 512; i++)
			s2_l2[g][i] = s2_block(p, g * SZ_1G + i * SZ_2M, SZ_2M);
		s2_l1[g] = (uint32_t)s2_l2[g] | DESC_TABLE;
	}
	/* device windows above 4 GiB (LPAE guests), in 1 GiB blocks */
	for (unsigned g = GB_32BIT; g < S2_L1_ENTRIES; g++)
		s2_l1[g] = s2_block(p, (uint64_t)g * SZ_1G, SZ_1G);
	/* the GIC: distributor emulated, CPU interface virtual, the rest the
	 * monitor's; the board's emulated regions (arch/s2_map.h) */
	S2_CARVE_GIC(p, s2_unmap, s2_map_device);
	dsb();
}

void stage2_enable(void)
{
	/* VTCR: T0SZ = -8 with S = 1 (40-bit IPA, what LPAE guests address),
	 * SL0 = 1 (start at level 1, two concatenated tables), IRGN0/ORGN0
	 * WBWA, SH0 inner, bit 31 RES1. VTTBR: VMID 1. */
	write_VTCR((1u << 31) | (3u << 12) | (1u << 10) | (1u << 8) | (1u << 6) | (1u << 4) | 0x8u);
	write_VTTBR((uint32_t)s2_l1 | (1ull << 48));
	isb();
	write_TLBIALLNSNH(0);
	dsb();
	isb();
}
