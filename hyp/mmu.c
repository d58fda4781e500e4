/*
 * LPAE translation tables for HYP stage 1 and guest stage 2
 * (ARM ARM B3.6 long-descriptor format, B4.1.158 VTCR, B4.1.76 HTCR).
 */
#include <stdint.h>
#include "mmu.h"
#include "cpregs_access.h"
#include "panic.h"

#define DESC_BLOCK      0x1ull
#define DESC_TABLE      0x3ull
#define DESC_PAGE       0x3ull
#define DESC_AF         (1ull << 10)
#define DESC_SH_INNER   (3ull << 8)

/* Stage 1 (HYP): AttrIndx into HMAIR0, AP[1] is SBO at PL2. */
#define S1_ATTR(idx)    ((uint64_t)(idx) << 2)
#define S1_AP_PL2_RW    (1ull << 6)
#define HMAIR0_VALUE    0x000004ffu   /* attr0 normal WB RA/WA, attr1 device */

/* Stage 2: MemAttr[3:0] and S2AP. */
#define S2_NORMAL_WB    (0xfull << 2)
#define S2_DEVICE       (0x1ull << 2)
#define S2_RW           (3ull << 6)

#define SZ_1G 0x40000000u
#define SZ_2M 0x00200000u
#define SZ_4K 0x00001000u

static uint64_t hyp_l1[4] __attribute__((aligned(32)));
/* 40-bit IPA: 1024 level-1 entries (two concatenated tables, 8 KiB aligned). */
#define S2_L1_ENTRIES 1024
static uint64_t s2_l1[S2_L1_ENTRIES] __attribute__((aligned(8192)));
static uint64_t s2_l2[4][512] __attribute__((aligned(4096)));
static uint64_t s2_l3_hole[512] __attribute__((aligned(4096)));

void hyp_mmu_build(const struct board_mem *m)
{
	uint32_t ram_gb = m->guest_ram_base / SZ_1G;

	for (unsigned i = 0; i < 4; i++) {
		uint64_t attr = (i == ram_gb) ? (S1_ATTR(0) | DESC_SH_INNER) : S1_ATTR(1);

		hyp_l1[i] = ((uint64_t)i * SZ_1G) | attr | S1_AP_PL2_RW | DESC_AF | DESC_BLOCK;
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

static uint64_t s2_block(uint64_t pa, bool normal)
{
	return pa | (normal ? (S2_NORMAL_WB | DESC_SH_INNER) : S2_DEVICE) | S2_RW | DESC_AF;
}

static bool in(uint32_t a, uint32_t base, uint32_t size)
{
	return a >= base && a - base < size;
}

void stage2_build(const struct board_mem *m)
{
	HYP_ASSERT(m->guest_ram_base % SZ_2M == 0 && m->guest_ram_size % SZ_2M == 0);
	HYP_ASSERT(m->hole_base % SZ_4K == 0 && m->hole_size <= SZ_2M);
	uint32_t hole_2m = m->hole_base & ~(SZ_2M - 1);

	for (unsigned g = 0; g < 4; g++) {
		for (unsigned i = 0; i < 512; i++) {
			uint32_t pa = g * SZ_1G + i * SZ_2M;
			uint64_t d = 0;

			if (in(pa, m->guest_ram_base, m->guest_ram_size))
				d = s2_block(pa, true) | DESC_BLOCK;
			else if (m->hole_size && pa == hole_2m)
				d = (uint32_t)s2_l3_hole | DESC_TABLE;
			else if (in(pa, m->device_base, m->device_size))
				d = s2_block(pa, false) | DESC_BLOCK;
			s2_l2[g][i] = d;
		}
		s2_l1[g] = (uint32_t)s2_l2[g] | DESC_TABLE;
	}
	for (unsigned g = 4; g < S2_L1_ENTRIES; g++) {
		uint64_t pa = (uint64_t)g * SZ_1G;
		bool dev = m->high_device_size && pa >= m->high_device_base &&
			   pa - m->high_device_base < m->high_device_size;

		s2_l1[g] = dev ? s2_block(pa, false) | DESC_BLOCK : 0;
	}
	for (unsigned i = 0; i < 512; i++) {
		uint32_t pa = hole_2m + i * SZ_4K;

		s2_l3_hole[i] = in(pa, m->hole_base, m->hole_size) ? 0
				: s2_block(pa, false) | DESC_PAGE;
	}
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
