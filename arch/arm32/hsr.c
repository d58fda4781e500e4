/* HSR decode and condition checks: portable, host-tested (tests/arch/test_hsr.c). */
#include "hsr.h"
#include "cpregs.h"

struct dabt hsr_decode_dabt(uint32_t hsr)
{
	return dabt_decode(hsr, DABT_SRT_A32);
}

/* arch/a32_iss.h's check, out of line as the ARMv7 trap path calls it */
bool cond_pass(uint8_t cond, uint32_t cpsr)
{
	return a32_cond_pass(cond, cpsr);
}
