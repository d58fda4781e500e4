/*
 * The Hyp Syndrome Register, decoded once per trap (ARM ARM B3.13.6).
 * Portable: host tests build syndromes and check the decode.
 */
#ifndef HYP_HSR_H
#define HYP_HSR_H

#include <stdbool.h>
#include <stdint.h>
#include "dabt.h"
#include "a32_iss.h"

enum hsr_ec {
	EC_UNKNOWN   = 0x00,
	EC_WFI_WFE   = 0x01,
	EC_CP15_32   = 0x03,  /* MCR/MRC p15 (HDCR.TPM/TPMCR, HSTR, ...) */
	EC_CP15_64   = 0x04,  /* MCRR/MRRC p15 */
	EC_CP14_32   = 0x05,  /* MCR/MRC p14 (HDCR.TDA/TDOSA/TDRA, HCPTR.TTA) */
	EC_CP14_LS   = 0x06,  /* LDC/STC p14 */
	EC_HCPTR     = 0x07,  /* cp0-13 access trapped by HCPTR */
	EC_CP10_ID   = 0x08,
	EC_JAZELLE   = 0x09,
	EC_BXJ       = 0x0a,
	EC_CP14_64   = 0x0c,  /* MRRC p14 */
	EC_SVC_HYP   = 0x11,
	EC_HVC       = 0x12,
	EC_SMC       = 0x13,  /* HCR.TSC */
	EC_PABT_LOW  = 0x20,  /* stage 2 fault on an instruction fetch */
	EC_PABT_HYP  = 0x21,
	EC_DABT_LOW  = 0x24,  /* stage 2 fault on a data access */
	EC_DABT_HYP  = 0x25,
};

#define HSR_EC(h)   ((h) >> 26)
#define HSR_IL      (1u << 25)   /* 1: 32-bit instruction */
#define HSR_ISS(h)  ((h) & 0x01ffffffu)

/* MCR/MRC, MCRR/MRRC (EC 0x03-0x05, 0x0c): arch/a32_iss.h, shared with
 * AArch64's AArch32 guests. Data abort from the guest (EC 0x24):
 * arch/dabt.h, shared with AArch64. */

struct dabt hsr_decode_dabt(uint32_t hsr);
/* The syndrome of an MCR/MRC p15 of register key with condition AL (CV
 * set, cond 0xE), Rt left clear; hsr_cp32_form(hsr) clears Rt, so the two
 * are equal exactly for that access, whatever Rt (the hot paths'
 * one compare, hyp/exit/reg_trap.c). */
#define HSR_CP32_AL(key, read)                                               \
	(((uint32_t)EC_CP15_32 << 26) | HSR_IL | (1u << 24) | (0xeu << 20) |   \
	 (uint32_t)(key) | ((read) ? 1u : 0u))
static inline uint32_t hsr_cp32_form(uint32_t hsr) { return hsr & ~(15u << 5); }

/* A data abort's syndrome (EC 0x24) for a word store of r0-r7 described by
 * the syndrome (ISV, SAS = word, WnR), not on a stage-1 walk: what
 * HSR_DABT_STR_WORD_MASK keeps of it equals HSR_DABT_STR_WORD. The store
 * of an emulated register's fast path (arch/arm32/trap.c). */
#define HSR_DABT_STR_WORD_MASK ((0x3fu << 26) | (1u << 24) | (3u << 22) | (8u << 16) | (1u << 7) | (1u << 6))
#define HSR_DABT_STR_WORD      (((uint32_t)EC_DABT_LOW << 26) | (1u << 24) | (2u << 22) | (1u << 6))
static inline unsigned hsr_dabt_srt(uint32_t hsr) { return (hsr >> 16) & 0xfu; }

/* The syndrome of HVC #0 (EC 0x12, always a 32-bit instruction, ISS the
 * immediate): the HVC ABI's calls, told from every other trap by one
 * compare in the vector (boot/vectors.S). An ARM immediate. */
#define HSR_HVC_ABI (((uint32_t)EC_HVC << 26) | HSR_IL)
static inline uint16_t hsr_hvc_imm(uint32_t hsr) { return (uint16_t)hsr; }

/* Condition check for a trapped conditional instruction (ARM ARM A8.3). */
bool cond_pass(uint8_t cond, uint32_t cpsr);
/* Does a trapped instruction with this syndrome execute? (AL: no lookup) */
static inline bool hsr_cond_pass(const struct hsr_cp32 *d, uint32_t cpsr)
{
	return !d->cv || d->cond >= 0xe || cond_pass(d->cond, cpsr);
}

#endif
