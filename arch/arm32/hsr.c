/* HSR decode and condition checks: portable, host-tested (tests/arch/test_hsr.c). */
#include "hsr.h"
#include "cpregs.h"

struct hsr_cp64 hsr_decode_cp64(uint32_t hsr)
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

struct dabt hsr_decode_dabt(uint32_t hsr)
{
	return dabt_decode(hsr, DABT_SRT_A32);
}

bool cond_pass(uint8_t cond, uint32_t cpsr)
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
