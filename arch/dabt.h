/*
 * A data abort's syndrome (ISS of EC 0x24), the same fields in AArch32's
 * HSR (ARM ARM B3.13.6) and AArch64's ESR_EL2 (D17.2.37): ISV, the access
 * size, sign extension, the transfer register, the direction, a stage-1
 * walk. One decoder for both back ends (arch/arm32/hsr.c, arch/arm64/esr.h)
 * and the portable emulated-MMIO path (hyp/exit/mmio.c) that reads it.
 * SRT is 4 bits in an AArch32 syndrome (r0-r15; bit 20 is 0) and 5 in an
 * AArch64 one (x0-x30, 31 = XZR): the back end says which.
 */
#ifndef ARCH_DABT_H
#define ARCH_DABT_H

#include <stdbool.h>
#include <stdint.h>

struct dabt {
	bool isv;       /* syndrome below is valid */
	uint8_t sas;    /* access size log2 */
	bool sse;       /* a load sign-extends */
	uint8_t srt;
	bool wnr;       /* write */
	bool s1ptw;     /* stage-2 fault on a stage-1 table walk */
	uint8_t dfsc;
};

#define DABT_SRT_A32 0xfu
#define DABT_SRT_A64 0x1fu

static inline struct dabt dabt_decode(uint32_t iss, uint32_t srt_mask)
{
	struct dabt d;

	d.isv = (iss >> 24) & 1;
	d.sas = (iss >> 22) & 3;
	d.sse = (iss >> 21) & 1;
	d.srt = (iss >> 16) & srt_mask;
	d.wnr = (iss >> 6) & 1;
	d.s1ptw = (iss >> 7) & 1;
	d.dfsc = iss & 0x3f;
	return d;
}

#endif
