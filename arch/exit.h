/*
 * The portable monitor's side of a guest exit: what an architecture's
 * exception entry (boot/vectors.S and arch/<arch>/trap.c) calls once it has
 * read the syndrome and decoded the exception class. The handlers live in
 * hyp/exit/ (HVC and PSCI dispatch, the emulation behind trapped register
 * accesses, emulated MMIO, physical interrupts) and hyp/core/panic.c; this
 * header is the one place the back end names them, so arch/ includes
 * nothing from hyp/ (docs/architecture.md).
 *
 * The two hot classes (HVC and a trapped PMU access) take the frame and
 * the syndrome and load the rest of the guest context only if they need
 * it; the others get the whole context (struct vcpu).
 */
#ifndef ARCH_EXIT_H
#define ARCH_EXIT_H

#include <stdbool.h>
#include <stdint.h>
#include "frame.h"
#include "dbg_regs.h"

struct vcpu;
struct dabt;

void trap_hvc(struct guest_frame *f, uint32_t syndrome);      /* hyp/exit/hvc.c */
void trap_hvc_abi(struct guest_frame *f);   /* ... one known to be HVC #0: boot/vectors.S */
void trap_cp15_32(struct guest_frame *f, uint32_t syndrome);  /* hyp/exit/reg_trap.c */
void trap_cp14_32(struct guest_frame *f, uint32_t syndrome);  /* hyp/exit/reg_trap.c */
void trap_cp14_other(struct vcpu *v);                         /* hyp/exit/reg_trap.c */
void trap_smc(struct vcpu *v);                                /* hyp/exit/psci.c */
/* A stage-2 data abort at ipa, d its decoded syndrome: true if an emulated
 * device region took it (emulated, or an abort injected because the access
 * cannot be emulated) - hyp/exit/mmio.c. */
bool mmio_trap(struct vcpu *v, uint32_t ipa, const struct dabt *d);
/* Before it, a word store that the syndrome describes, to the one emulated
 * register with a store path of its own (hyp/exit/mmio.c, set at boot):
 * fn(value) does the store and cannot refuse it, so the caller steps past
 * the instruction and calls it last (a tail call, no frame). Data, not a
 * call, so that the test costs a compare. */
typedef void (*mmio_hot_fn)(uint32_t val);
extern struct mmio_hot {
	uint32_t ipa;
	mmio_hot_fn fn;
} mmio_hot;
/* AArch64: a trapped MSR/MRS of a PMU register (MDCR_EL2.TPM/TPMCR), as
 * the back end decoded it (arch/arm64/pmu_sysregs.h) - a PMUv2 register by
 * its AArch32 key, PMCCNTR_EL0's 64 bits, or an event counter or type by
 * number: hyp/exit/pmu_sysreg.c. pl0: from EL0. 0 done, 1 UNDEF. */
int trap_pmu_typea(uint32_t key, bool read, uint32_t *val, bool pl0);
int trap_pmu_ccnt64(bool read, uint64_t *val, bool pl0);
int trap_pmu_evreg(bool type, unsigned n, bool read, uint32_t *val, bool pl0);
/* ... the hot forms first (hyp/exit/sys_trap.c, from arch/arm64/vectors.S
 * with the frame's x0-x3, x30 only): returns when it did the access; for
 * anything else it changes nothing and ends in a tail call to
 * guest_sync_slow() (arch/arm64/sys_trap.h), the general way. */
void trap_sys64_hot(struct guest_frame *f, uint64_t esr);
/* AArch64: a trapped MSR/MRS of a debug register (MDCR_EL2.TDA/TDOSA/TDRA)
 * by its AArch32 twin's key (arch/arm64/dbg_sysregs.h): the debug context,
 * hyp/exit/dbg_sysreg.c. 0 done, 1 UNDEF. */
int trap_dbg_sysreg(uint32_t key, bool read, dbg_reg_t *val);
/* A physical IRQ taken in HYP (hyp/switch/irq.c). */
void hyp_irq(struct guest_frame *f);
/* AArch64: the physical IRQ's common case - a guest's PPI straight into a
 * free list register - on the vector's save_hot alone (hyp/switch/irq_hot.c);
 * anything else it tail-calls vectors.S guest_irq_* with the acknowledged
 * GICC_IAR value, which save what any C may change and call these:
 * hyp_irq_acked(), the rest of hyp_irq() (an SPI, spurious), */
void hyp_irq_hot(void);
void hyp_irq_acked(uint32_t iar);
/* ... the monitor's own interrupt (the tests done), */
void hyp_irq_own(uint32_t iar);
/* ... a guest's SGI ended, not straight into a list register (src: the
 * guest's number of the sending CPU) */
void hyp_irq_sgi(uint32_t id, uint32_t src);
/* ... and, with the PPI ended, one it found no list register for */
void hyp_irq_queue(uint32_t id);
/* An exception the monitor took from itself: reported, then halted
 * (hyp/core/panic.c). */
void hyp_panic_exception(struct guest_frame *f, unsigned vector) __attribute__((noreturn));

#endif
