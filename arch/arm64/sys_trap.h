/*
 * A trapped MRS/MSR in a hot form (esr.h: ESR_SYS64_FORM()), carried out on
 * the frame vectors.S saves before anything else - x0-x3 and x30, the
 * others, ELR_EL2 and SPSR_EL2 still in the CPU - so a hot access pays for no
 * more (issue #29 on AArch64; arch/arm32/cp_trap.h's cp_hot_access() is
 * the AArch32 twin). The access itself is the portable monitor's
 * (hyp/exit/sys_trap.c); this header is how it reaches the guest's Rt.
 */
#ifndef ARCH_SYS_TRAP_H
#define ARCH_SYS_TRAP_H

#include <stdbool.h>
#include <stdint.h>
#include "esr.h"
#include "exit.h"
#include "frame.h"
#include "sysregs_access.h"
#include "vcpu.h"

/* The general way for what is not a hot form (vectors.S): entered by a
 * tail call from trap_sys64_hot() - SP is the frame again, x4-x29 the
 * guest's - and it never returns there (arch.mk checks every reference
 * in sys_trap.o is a B, not a BL). */
void guest_sync_slow(struct guest_frame *f);

/* The store of an emulated register with a store path of its own
 * (vectors.S): entered by a tail call from trap_sys64_hot() - SP the frame,
 * ELR_EL2 past the store - it saves what any C may change, calls fn(val)
 * and returns to the guest (exit.h's mmio_hot: a store it cannot refuse). */
void guest_store_hot(uint32_t val, mmio_hot_fn fn);

/* A stage-2 data abort's IPA: HPFAR_EL2.FIPA [43:4] is IPA[51:12], the
 * page offset FAR_EL2's */
static inline uint64_t dabt_ipa(void)
{
	return (read_HPFAR_EL2() & ~0xfull) << 8 | (read_FAR_EL2() & 0xfffu);
}

/* The access: *val is Xt's frame slot (a read writes it). Never refused. */
typedef void (*sys_hot_fn)(uint64_t *val);

/* x0-x3 and x30 are in the frame when the hot access runs (vectors.S
 * save_hot; the file is built so that it cannot touch another register:
 * arch.mk SYS_HOT_FLAGS). The others are the CPU's own until the general
 * way saves them; so is XZR (31), rare, which keeps the frame access
 * below a plain load or store. The usual registers of a driver's access
 * (a function's result or argument) first: one compare for them. */
static inline bool sys_hot_rt_ok(uint64_t esr)
{
	return !(esr & (0x1cu << 5)) || ESR_SYS_RT(esr) == 30u;   /* Rt[4:2] clear: x0-x3 */
}

/* From EL1 (EL1t or EL1h; EC 0x18 never comes from AArch32). An EL0
 * access has PMUSERENR's rules (pmu_trap_pl0()): the general way. */
static inline bool sys_hot_from_el1(void) { return (read_SPSR_EL2() & SPSR_M_MASK) != SPSR_M_EL0T; }

/* The access with Rt (read: into Rt), then past the instruction; the
 * general way, nothing touched, when the Rt or the mode is not the hot
 * form's. */
static inline __attribute__((always_inline)) void
sys_hot_access(struct guest_frame *f, uint64_t esr, sys_hot_fn fn)
{
	uint64_t rt = ESR_SYS_RT(esr);   /* 64-bit: no zero-extension for the index */

	if (!sys_hot_rt_ok(esr) || !sys_hot_from_el1()) {
		guest_sync_slow(f);   /* a tail call */
		return;
	}
	/* in place (rt <= 30): one pointer live instead of the frame, Rt and
	 * the value - the file has x0-x3 only (arch.mk SYS_HOT_FLAGS) */
	uint64_t *x = &f->r[rt];

	__asm__("" : "+r"(x));   /* the address now: f and rt die here */
	fn(x);
	write_ELR_EL2(read_ELR_EL2() + 4);   /* past the MRS/MSR */
}

#endif
