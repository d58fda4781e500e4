/*
 * The seam's registers by their AArch64 names (arch/arm32/sysreg.h is the
 * AArch32 side, with the coprocessor register that plays each part): here
 * each is the register itself, MRS/MSR through the encoding table.
 */
#ifndef ARCH_SYSREG_H
#define ARCH_SYSREG_H

#include <stdint.h>
#include "sysregs_access.h"

static inline uint32_t sysreg_cntfrq_el0_read(void) { return (uint32_t)read_CNTFRQ_EL0(); }
static inline uint64_t sysreg_cntpct_el0_read(void) { isb(); return read_CNTPCT_EL0(); }
static inline uint32_t sysreg_cnthp_ctl_el2_read(void) { return (uint32_t)read_CNTHP_CTL_EL2(); }
static inline void sysreg_cnthp_ctl_el2_write(uint32_t v) { write_CNTHP_CTL_EL2(v); }
static inline uint64_t sysreg_cnthp_cval_el2_read(void) { return read_CNTHP_CVAL_EL2(); }
static inline void sysreg_cnthp_cval_el2_write(uint64_t v) { write_CNTHP_CVAL_EL2(v); }
#define CNTHP_CTL_ENABLE 1u
#define CNTHP_CTL_IMASK  2u

static inline void sysreg_vbar_el2_write(uintptr_t v) { write_VBAR_EL2(v); }

static inline uintptr_t sysreg_tpidr_el2_read(void) { return read_TPIDR_EL2(); }
static inline void sysreg_tpidr_el2_write(uintptr_t v) { write_TPIDR_EL2(v); }

/* MPIDR_EL1 is 64 bits; Aff3 (bits 39:32) is 0 on every core the monitor
 * serves, and the portable code keeps affinities in 32 bits */
static inline uint32_t sysreg_mpidr_el1_read(void) { return (uint32_t)read_MPIDR_EL1(); }
static inline void sysreg_vpidr_el2_write(uint32_t v) { write_VPIDR_EL2(v); }
static inline void sysreg_vmpidr_el2_write(uint32_t v) { write_VMPIDR_EL2(v); }

/* MDCR_EL2: HPMN[4:0], TPMCR 5, TPM 6, HPME 7, TDA 9, TDOSA 10 as HDCR */
static inline void sysreg_mdcr_el2_write(uint32_t v) { write_MDCR_EL2(v); }
/* No ISB after it: its fields change only what EL1 and EL0 trap (EL2's own
 * PMU and debug accesses never do), and the guest runs again only after
 * an ERET, which is a context synchronization event (an exception return
 * is one, ARM ARM "Context synchronization event"). One instruction off every
 * state change (issue #29 on AArch64). AArch32 keeps its ISB: the same
 * holds for HDCR, but its images stay as they are. */
static inline void sysreg_mdcr_el2_sync(void) { }
/* ... and TDRA (11): MDRAR_EL1 traps too, so every register of the debug
 * context's family goes through the monitor (arch/arm64/dbg_hw_sysreg.c) */
#define MDCR_ARCH_DEBUG_TRAPS (1u << 11)

#endif
