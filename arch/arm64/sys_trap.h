/*
 * A trapped MRS/MSR in a hot form (esr.h: ESR_SYS64_FORM()), carried out on
 * the frame vectors.S saves before anything else - x0-x7, x16, x17, x30,
 * ELR_EL2 and SPSR_EL2 still in the CPU - so a hot access pays for no
 * more (issue #29 on AArch64; arch/arm32/cp_trap.h's cp_hot_access() is
 * the AArch32 twin). The access itself is the portable monitor's
 * (hyp/exit/sys_trap.c); this header is how it reaches the guest's Rt.
 */
#ifndef ARCH_SYS_TRAP_H
#define ARCH_SYS_TRAP_H

#include <stdbool.h>
#include <stdint.h>
#include "esr.h"
#include "frame.h"
#include "sysregs_access.h"
#include "vcpu.h"

/* The access: *val = Xt (a read writes it). Never refused. */
typedef void (*sys_hot_fn)(uint64_t *val);

/* x0-x7, x16, x17 and x30 are in the frame (vectors.S save_caller). The
 * others are the CPU's own until the general way saves them; so is XZR
 * (31), rare, which keeps the frame access below a plain load or store.
 * A mask (rt < 32: five bits of the syndrome): a shift and a bit test. */
#define SYS_HOT_RTS (0xffu | 1u << 16 | 1u << 17 | 1u << 30)
static inline bool sys_hot_rt_ok(uint64_t rt) { return (SYS_HOT_RTS >> rt) & 1u; }

/* From EL1 (EL1t or EL1h; EC 0x18 never comes from AArch32). An EL0
 * access has PMUSERENR's rules (pmu_trap_pl0()): the general way. */
static inline bool sys_hot_from_el1(void) { return (read_SPSR_EL2() & SPSR_M_MASK) != SPSR_M_EL0T; }

/* The access with Rt (read: into Rt), then past the instruction; 0 and
 * nothing touched when the Rt or the mode is not the hot form's. */
static inline __attribute__((always_inline)) int
sys_hot_access(struct guest_frame *f, uint64_t esr, bool read, sys_hot_fn fn)
{
	uint64_t rt = ESR_SYS_RT(esr);   /* 64-bit: no zero-extension for the index */
	uint64_t v;

	if (!sys_hot_rt_ok(rt) || !sys_hot_from_el1())
		return 0;
	v = f->r[rt];   /* rt <= 30 */
	fn(&v);
	if (read)
		f->r[rt] = v;
	write_ELR_EL2(read_ELR_EL2() + 4);   /* past the MRS/MSR */
	return 1;
}

#endif
