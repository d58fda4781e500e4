/*
 * A trapped AArch32 coprocessor access, by its syndrome's ISS: the same
 * layout in ARMv7's HSR (ARM ARM B3.13.6) and in ARMv8's ESR_EL2 for an
 * exception from AArch32 (ARM ARM D17.2.37, EC 0x03-0x06, 0x0C), so both
 * monitors decode it here - the ARMv7 one in HYP (arch/arm32/hsr.h,
 * cp_trap.h), the AArch64 one for an AArch32 EL1 guest
 * (arch/arm64/trap32.c). With it: the condition check of a trapped
 * conditional instruction and the Thumb IT state's advance past one, which
 * both monitors apply to the guest's saved PSR (the same bit layout:
 * CPSR, SPSR_hyp, SPSR_EL2 from AArch32). Portable: host-tested
 * (tests/arch/test_hsr.c, test_a32_iss.c) and fuzzed (tests/fuzz/fuzz_hsr.c).
 */
#ifndef ARCH_A32_ISS_H
#define ARCH_A32_ISS_H

#include <stdbool.h>
#include <stdint.h>

/* MCR/MRC (EC 0x03, 0x05) */
struct hsr_cp32 {
	bool cv;        /* cond field valid */
	uint8_t cond;
	uint8_t opc1, crn, crm, opc2;
	uint8_t rt;
	bool read;      /* MRC: register -> Rt */
	uint32_t key;   /* CP_KEY(opc1, crn, crm, opc2): see cpregs.h */
};

/* MCRR/MRRC (EC 0x04, 0x0c) */
struct hsr_cp64 {
	bool cv;
	uint8_t cond;
	uint8_t opc1, crm, rt, rt2;
	bool read;
};

/* Inline: on the trap path the compiler keeps only the fields used. */
static inline struct hsr_cp32 hsr_decode_cp32(uint32_t hsr)
{
	struct hsr_cp32 d;

	d.cv = (hsr >> 24) & 1;
	d.cond = (hsr >> 20) & 0xf;
	d.opc2 = (hsr >> 17) & 7;
	d.opc1 = (hsr >> 14) & 7;
	d.crn = (hsr >> 10) & 0xf;
	d.rt = (hsr >> 5) & 0xf;
	d.crm = (hsr >> 1) & 0xf;
	d.read = hsr & 1;
	d.key = hsr & ((7u << 17) | (7u << 14) | (15u << 10) | (15u << 1));   /* CP_KEY_MASK */
	return d;
}

static inline struct hsr_cp64 hsr_decode_cp64(uint32_t hsr)
{
	struct hsr_cp64 d;

	d.cv = (hsr >> 24) & 1;
	d.cond = (hsr >> 20) & 0xf;
	d.opc1 = (hsr >> 16) & 0xf;
	d.rt2 = (hsr >> 10) & 0xf;
	d.rt = (hsr >> 5) & 0xf;
	d.crm = (hsr >> 1) & 0xf;
	d.read = hsr & 1;
	return d;
}

/* Rt and Rt2 of an exception from AArch32 taken to AArch64 (ESR_EL2):
 * the ISS gives "the AArch64 view of the register" (ARM ARM D17.2.37) -
 * the x register that holds the trapped mode's Rt (r14 in SVC mode is
 * x18), 5 bits, [9:5] and [14:10]. ARMv7's HSR has r0-r15, 4 bits
 * ([9] and [14] reserved), which hsr_decode_cp32()/_cp64() read; under
 * an AArch64 monitor these are the whole register numbers. 15 (SP_hyp)
 * and 31 are not a register an EL1 or EL0 can name: the report of its
 * Rt = 15, the PC. */
static inline unsigned a32_iss_xt(uint32_t iss) { return (iss >> 5) & 31u; }
static inline unsigned a32_iss_xt2(uint32_t iss) { return (iss >> 10) & 31u; }
static inline bool a32_xt_valid(unsigned x) { return x != 15u && x < 31u; }

/* Condition check for a trapped conditional instruction (ARM ARM A8.3):
 * cond against the N, Z, C, V of the guest's PSR */
static inline bool a32_cond_pass(uint8_t cond, uint32_t cpsr)
{
	bool n = (cpsr >> 31) & 1, z = (cpsr >> 30) & 1;
	bool c = (cpsr >> 29) & 1, v = (cpsr >> 28) & 1;
	bool r;

	switch (cond >> 1) {
	case 0: r = z; break;                 /* EQ / NE */
	case 1: r = c; break;                 /* CS / CC */
	case 2: r = n; break;                 /* MI / PL */
	case 3: r = v; break;                 /* VS / VC */
	case 4: r = c && !z; break;           /* HI / LS */
	case 5: r = n == v; break;            /* GE / LT */
	case 6: r = (n == v) && !z; break;    /* GT / LE */
	default: return true;                 /* AL (and 0b1111) */
	}
	return (cond & 1) ? !r : r;
}

/* ITSTATE lives in the PSR's [15:10] (IT[7:2]) and [26:25] (IT[1:0]):
 * the PSR after one instruction of an IT block (ARM ARM A2.5.2
 * ITAdvance), unchanged outside one. */
#define A32_PSR_IT_MASK ((0x3fu << 10) | (3u << 25))
static inline uint32_t a32_it_state(uint32_t psr) { return ((psr >> 8) & 0xfc) | ((psr >> 25) & 3); }
static inline uint32_t a32_it_advance(uint32_t psr)
{
	uint32_t it = a32_it_state(psr);

	if ((it & 7) == 0)
		it = 0;
	else
		it = (it & 0xe0) | ((it << 1) & 0x1f);
	return (psr & ~A32_PSR_IT_MASK) | ((it & 0xfc) << 8) | ((it & 3) << 25);
}

#endif
