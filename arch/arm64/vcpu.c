/*
 * Exceptions injected into an AArch64 EL1 guest (ARM ARM D1.10): what the
 * hardware does when it takes an exception to EL1, done by hand from EL2 -
 * the syndrome, the return state, and the entry at the guest's VBAR_EL1
 * offset for where it was.
 */
#include "vcpu.h"
#include "sysregs_access.h"
#include "guest32.h"

#define VEC_CUR_SP0    0x000u   /* from EL1 with SP_EL0 (EL1t) */
#define VEC_CUR_SPX    0x200u   /* from EL1 with SP_EL1 (EL1h) */
#define VEC_LOWER_A64  0x400u   /* from EL0 in AArch64 */
#define VEC_LOWER_A32  0x600u   /* from EL0 in AArch32 */

/* Take a synchronous exception into EL1 with syndrome esr (its EC the
 * same-EL one; from EL0 the lower-EL EC, one less, as ARM ARM D17.2.37
 * numbers them for aborts) at the vector for where the guest was. */
static void inject_sync(struct guest_frame *f, uint64_t addr, uint32_t esr, bool lower_ec)
{
	uint64_t m = f->spsr & (SPSR_M_MASK | SPSR_M_AARCH32), off;

	if (m == SPSR_M_EL1H)
		off = VEC_CUR_SPX;
	else if (m == SPSR_M_EL1T)
		off = VEC_CUR_SP0;
	else if (m & SPSR_M_AARCH32)
		off = VEC_LOWER_A32;
	else
		off = VEC_LOWER_A64;
	if (lower_ec && off >= VEC_LOWER_A64)
		esr -= 1u << ESR_EC_SHIFT;
	write_ESR_EL1(esr);
	write_ELR_EL1(addr);
	write_SPSR_EL1(f->spsr);
	/* EL1h with D, A, I, F masked, as an exception entry leaves PSTATE */
	f->spsr = SPSR_DAIF | SPSR_M_EL1H;
	f->elr = read_VBAR_EL1() + off;
}

void frame_inject_undef_at(struct guest_frame *f, uint64_t addr)
{
	/* EC 0x00 (unknown reason), IL: a 32-bit instruction */
	inject_sync(f, addr, (uint32_t)EC_UNKNOWN << ESR_EC_SHIFT | ESR_IL, false);
}

/* A synchronous external abort (FSC 0x10), what a bus error gives - the
 * ARMv7 monitor's answer too (arch/arm32/vcpu.c) - at the instruction
 * that made the access, with FAR_EL1 its virtual address. */
#define FSC_SYNC_EXT 0x10u
#define ISS_WNR      (1u << 6)

void frame_inject_dabt(struct guest_frame *f, uint64_t far, bool write)
{
	write_FAR_EL1(far);
	inject_sync(f, f->elr, (uint32_t)EC_DABT_CUR << ESR_EC_SHIFT | ESR_IL | FSC_SYNC_EXT |
			       (write ? ISS_WNR : 0u), true);
}

void frame_inject_pabt(struct guest_frame *f, uint64_t far)
{
	write_FAR_EL1(far);
	inject_sync(f, f->elr, (uint32_t)EC_IABT_CUR << ESR_EC_SHIFT | ESR_IL | FSC_SYNC_EXT, true);
}

/* From AArch32 (an AArch32 EL1, or EL0): Abort mode's DFSR/DFAR for an
 * AArch32 EL1 (guest32.c) */
void vcpu_inject_trapped_dabt(struct vcpu *v)
{
	if (v->f->spsr & SPSR_M_AARCH32) {
		a32_inject_dabt(v->f, (uint32_t)read_FAR_EL2(), (v->esr & ISS_WNR) != 0);
		return;
	}
	frame_inject_dabt(v->f, read_FAR_EL2(), (v->esr & ISS_WNR) != 0);
}
