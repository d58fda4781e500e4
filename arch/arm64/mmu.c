/*
 * The AArch64 monitor's translation tables (ARM ARM D8, VMSAv8-64, 4 KiB
 * granule), both regimes from one walker (map_low):
 *   - EL2's own stage 1: an identity map of the low 4 GiB (TCR_EL2.T0SZ
 *     32, from level 1), 2 MiB blocks; RAM - the guest's and the
 *     monitor's - Normal write-back, everything else Device-nGnRE
 *     (arch/s2_map.h hyp_block_is_ram(), the decision ARMv7's HYP tables
 *     take too); only the monitor's own 2 MiB is executable.
 *   - the guest's stage 2: a 40-bit IPA space from level 1 - two
 *     concatenated level-1 tables, 1 GiB a block - with level 2 (2 MiB
 *     blocks) below 4 GiB, where RAM and the low devices lie. Which block
 *     maps what is arch/s2_map.h's decision, shared with ARMv7.
 * Both map RAM Normal, write-back, inner shareable: what the guest writes
 * through its cacheable mappings the monitor reads through its own, with
 * no cache maintenance (SYNC's descriptors, the DTB).
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
#define DESC_XN         (1ull << 54)            /* stage 1: XN; stage 2: XN[1] */
#define S1_ATTR(idx)    ((uint64_t)(idx) << 2)  /* AttrIndx into MAIR_EL2 */
#define S1_AP_EL2_RW    (1ull << 6)             /* AP[2:1] = 01: AP[1] is RES1 at EL2 */
#define S2_RW           (3ull << 6)             /* S2AP: read and write */
#define S2_NORMAL_WB    (0xfull << 2)           /* MemAttr: Normal, write-back */
#define S2_DEVICE       (0x1ull << 2)           /* MemAttr: Device-nGnRE */

/* MAIR_EL2: attr0 Normal, inner and outer write-back read/write-allocate
 * (0xff), attr1 Device-nGnRE (0x04) */
#define MAIR_VALUE      0x04ffull
#define ATTR_NORMAL     0u
#define ATTR_DEVICE     1u

#define SZ_1G 0x40000000ull
#define SZ_2M 0x00200000ull
#define SZ_4K 0x00001000ull
#define GB_LOW 4u                               /* level 2 below 4 GiB */

typedef uint64_t (*block_desc_fn)(const struct blmon_platform *p, uint64_t a, uint64_t size);

/* EL2: 4 GiB from level 1 (4 entries; 64-byte aligned at least) */
static uint64_t hyp_l1[GB_LOW] __attribute__((aligned(64)));
static uint64_t hyp_l2[GB_LOW][512] __attribute__((aligned(4096)));
/* stage 2, 40-bit IPA from level 1: 1024 entries, two tables, 8 KiB aligned */
#define S2_L1_ENTRIES 1024u
static uint64_t s2_l1[S2_L1_ENTRIES] __attribute__((aligned(8192)));
static uint64_t s2_l2[GB_LOW][512] __attribute__((aligned(4096)));
/* 2 MiB blocks split into pages (the GIC's, the board's emulated regions:
 * arch/s2_map.h S2_CARVE_GIC) */
#define S2_L3_TABLES 4u
static uint64_t s2_l3[S2_L3_TABLES][512] __attribute__((aligned(4096)));
static unsigned s2_l3_used;

/* The low 4 GiB of a regime: level-2 blocks and the level-1 entries that
 * point at them; `block` gives each 2 MiB block's descriptor. */
static void map_low(uint64_t *l1, uint64_t (*l2)[512], const struct blmon_platform *p, block_desc_fn block)
{
	for (unsigned g = 0; g < GB_LOW; g++) {
		for (unsigned i = 0; i < 512; i++)
			l2[g][i] = block(p, g * SZ_1G + i * SZ_2M, SZ_2M);
		l1[g] = (uintptr_t)l2[g] | DESC_TABLE;
	}
}

static uint64_t hyp_block(const struct blmon_platform *p, uint64_t a, uint64_t size)
{
	uint64_t d = a | S1_AP_EL2_RW | DESC_AF | DESC_BLOCK;

	if (!hyp_block_is_ram(p, a))
		return d | S1_ATTR(ATTR_DEVICE) | DESC_XN;
	d |= S1_ATTR(ATTR_NORMAL) | DESC_SH_INNER;
	/* the monitor never runs code from the guest's RAM */
	return s2_meets(a, size, &p->monitor) ? d : d | DESC_XN;
}

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

/* Invalidate the data cache over [start, end) by VA (PoC): lines a
 * previous owner of the memory left must not hide what the monitor wrote
 * with its caches off once it turns them on. */
static void dcache_inval(uintptr_t start, uintptr_t end)
{
	uintptr_t line = 4u << ((read_CTR_EL0() >> 16) & 0xfu);   /* DminLine: log2 words */

	for (uintptr_t a = start & ~(line - 1); a < end; a += line)
		__asm__ volatile("dc ivac, %0" : : "r"(a) : "memory");
	dsb();
}

void hyp_mmu_build(const struct blmon_platform *p)
{
	/* the monitor's blocks are executable, no other */
	HYP_ASSERT(p->monitor.base % SZ_2M == 0 && p->monitor.size % SZ_2M == 0);
	map_low(hyp_l1, hyp_l2, p, hyp_block);
	dsb();
	/* Once, on the boot CPU, caches still off: from here to its
	 * hyp_mmu_enable() it writes memory directly. Never again - a later
	 * CPU's invalidation would drop what the others have in their caches. */
	dcache_inval(p->monitor.base, p->monitor.base + p->monitor.size);
}

/* TCR_EL2 (D13.2.131, E2H 0): T0SZ 32 (4 GiB, from level 1), IRGN0/ORGN0
 * 1 (the walk reads write-back cacheable, as the monitor now writes),
 * SH0 3 (inner shareable), TG0 0 (4 KiB), PS 2 (40-bit physical
 * addresses), bits 31 and 23 RES1. */
#define TCR_VALUE ((1ull << 31) | (1ull << 23) | (2ull << 16) | (3ull << 12) | (1ull << 10) | \
		   (1ull << 8) | 32ull)
/* SCTLR_EL2 (D13.2.113, E2H 0) written whole, not read-modify-written:
 * a real core's reset value of the other bits is UNKNOWN. A (alignment
 * checks), WXN and EE (big-endian) clear; SA (SP alignment) set. */
#define SCTLR_M    (1ull << 0)    /* the MMU */
#define SCTLR_C    (1ull << 2)    /* data and unified caches */
#define SCTLR_SA   (1ull << 3)
#define SCTLR_I    (1ull << 12)   /* instruction cache */
#define SCTLR_RES1 ((3ull << 28) | (3ull << 22) | (1ull << 18) | (1ull << 16) | (1ull << 11) | (3ull << 4))

void hyp_mmu_enable(void)
{
	write_MAIR_EL2(MAIR_VALUE);
	write_TCR_EL2(TCR_VALUE);
	write_TTBR0_EL2((uintptr_t)hyp_l1);
	isb();
	__asm__ volatile("tlbi alle2\n\tdsb nsh\n\tic iallu\n\tdsb nsh\n\tisb" ::: "memory");
	/* identity: the next instruction is at the same address either way */
	write_SCTLR_EL2(SCTLR_RES1 | SCTLR_SA | SCTLR_I | SCTLR_C | SCTLR_M);
	isb();
	uint64_t sctlr = read_SCTLR_EL2();

	/* the bits are RW on every ARMv8 core; should one not stick, the
	 * monitor's locks (spinlock.h) would spin on Device memory */
	if ((sctlr & (SCTLR_M | SCTLR_C | SCTLR_I)) != (SCTLR_M | SCTLR_C | SCTLR_I))
		blmon_fatal("EL2's MMU or caches did not turn on (SCTLR_EL2 %08lx)", (unsigned long)sctlr);
	/* said once, by the boot CPU: a secondary's line came while the guest
	 * was printing on another CPU and split one of its lines in two (the
	 * console is one UART, the guest's and the monitor's, without a lock
	 * in common); every CPU writes the same value, and one that does not
	 * stick is fatal above */
	static bool said;

	if (!said) {
		said = true;
		log_info("EL2 MMU and caches on (SCTLR_EL2 %08lx): RAM Normal write-back, the rest Device\n",
			 (unsigned long)sctlr);
	}
}

void hyp_mmu_window(uintptr_t va, uint64_t pa)
{
	uint64_t *slot = &hyp_l2[(va >> 30) & (GB_LOW - 1)][(va >> 21) & 511];

	/* break before make: no TLB may hold the old and the new block at
	 * once (this CPU's: the others never look there) */
	*slot = 0;
	__asm__ volatile("dsb ishst\n\ttlbi alle2\n\tdsb nsh\n\tisb" ::: "memory");
	*slot = (pa & ~(SZ_2M - 1)) | S1_ATTR(ATTR_DEVICE) | DESC_XN | S1_AP_EL2_RW | DESC_AF | DESC_BLOCK;
	__asm__ volatile("dsb ishst\n\ttlbi alle2\n\tdsb nsh\n\tisb" ::: "memory");
}

void stage2_build(const struct blmon_platform *p)
{
	/* what the guest loses of its RAM is whole blocks: the monitor must
	 * start and end on 2 MiB, or its neighbours' RAM would go too */
	HYP_ASSERT(p->monitor.base % SZ_2M == 0 && p->monitor.size % SZ_2M == 0);
	map_low(s2_l1, s2_l2, p, s2_block);
	for (unsigned g = GB_LOW; g < S2_L1_ENTRIES; g++)
		s2_l1[g] = s2_block(p, (uint64_t)g * SZ_1G, SZ_1G);
	s2_l3_used = 0;
	S2_CARVE_GIC(p, s2_unmap, s2_map_device);
	dsb();
}

/* VTCR_EL2 (D13.2.150): T0SZ 24 (40-bit IPA), SL0 1 (start at level 1),
 * IRGN0/ORGN0 1 and SH0 3 - the walk reads write-back cacheable, inner
 * shareable memory, as EL2's stage 1 maps the monitor's tables -, TG0 0
 * (4 KiB), PS 2 (40-bit physical addresses: every core of the pair has
 * them), bit 31 RES1. */
#define VTCR_VALUE ((1ull << 31) | (2ull << 16) | (3ull << 12) | (1ull << 10) | (1ull << 8) | \
		    (1ull << 6) | 24ull)
#define VTTBR_VMID (1ull << 48)

void stage2_enable(void)
{
	write_VTCR_EL2(VTCR_VALUE);
	write_VTTBR_EL2((uintptr_t)s2_l1 | VTTBR_VMID);
	isb();
	__asm__ volatile("tlbi vmalls12e1\n\tdsb nsh\n\tisb" ::: "memory");
}
