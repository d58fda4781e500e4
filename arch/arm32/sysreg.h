/*
 * The system registers the portable monitor reads and writes, by the name
 * of the AArch64 register each maps to (as the Bao hypervisor names them):
 * sysreg_<aarch64 name>_read()/_write(). The AArch32 back end implements
 * each with the coprocessor register that plays that part (cpregs.h); an
 * AArch64 back end implements the same names with MRS/MSR. The portable
 * code includes this header, never cpregs_access.h, so one name serves
 * both architectures (docs/architecture.md).
 *
 * Only registers whose meaning is the same on both architectures are
 * here: their bits are named by the portable code. What differs (HCR's
 * bits, the exception-return registers, the syndrome) stays behind
 * arch_cpu.h's operations.
 */
#ifndef ARCH_SYSREG_H
#define ARCH_SYSREG_H

#include <stdint.h>
#include "cpregs_access.h"

/* The generic timer: the counter, its frequency, the monitor's own timer
 * (CNTHP, EL2's physical timer) that drives whole-system switches */
static inline uint32_t sysreg_cntfrq_el0_read(void) { return read_CNTFRQ(); }
static inline uint64_t sysreg_cntpct_el0_read(void) { return read_CNTPCT(); }
static inline uint32_t sysreg_cnthp_ctl_el2_read(void) { return read_CNTHP_CTL(); }
static inline void sysreg_cnthp_ctl_el2_write(uint32_t v) { write_CNTHP_CTL(v); }
static inline uint64_t sysreg_cnthp_cval_el2_read(void) { return read_CNTHP_CVAL(); }
static inline void sysreg_cnthp_cval_el2_write(uint64_t v) { write_CNTHP_CVAL(v); }
#define CNTHP_CTL_ENABLE 1u   /* CNTHP_CTL / CNTHP_CTL_EL2, the same bits */
#define CNTHP_CTL_IMASK  2u

/* The monitor's exception vectors (HVBAR / VBAR_EL2) */
static inline void sysreg_vbar_el2_write(uintptr_t v) { write_HVBAR((uint32_t)v); }

/* This CPU's struct hyp_cpu * (HTPIDR / TPIDR_EL2) */
static inline uintptr_t sysreg_tpidr_el2_read(void) { return read_HTPIDR(); }
static inline void sysreg_tpidr_el2_write(uintptr_t v) { write_HTPIDR((uint32_t)v); }

/* The core's own affinity, and what the guest reads as MIDR / MPIDR */
static inline uint32_t sysreg_mpidr_el1_read(void) { return read_MPIDR(); }
static inline void sysreg_vpidr_el2_write(uint32_t v) { write_VPIDR(v); }
static inline void sysreg_vmpidr_el2_write(uint32_t v) { write_VMPIDR(v); }

/* The debug and PMU traps (HDCR / MDCR_EL2): HPMN[4:0], TPMCR 5, TPM 6,
 * HPME 7, TDA 9, TDOSA 10 are the same bits in both */
static inline void sysreg_mdcr_el2_write(uint32_t v) { write_HDCR(v); }
/* after it, before the monitor goes on (hyp_update_traps) */
static inline void sysreg_mdcr_el2_sync(void) { isb(); }
/* The back end's debug traps beyond TDA and TDOSA: none (DBGDRAR reads
 * natively; arch/arm64 adds TDRA) */
#define MDCR_ARCH_DEBUG_TRAPS 0u

#endif
