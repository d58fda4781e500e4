/*
 * HCR_EL2's bits the monitor sets (ARM ARM D13.2.46): cpu_init.c writes
 * them, guest32.c clears RW for an AArch32 EL1 guest and reads it back to
 * tell which kind of EL1 an exception goes to.
 */
#ifndef ARM64_HCR_H
#define ARM64_HCR_H

#define HCR_VM        (1ull << 0)    /* stage 2 (mmu.c): the guest cannot reach the monitor */
#define HCR_RW        (1ull << 31)   /* EL1 is AArch64 */
#define HCR_FMO       (1ull << 3)    /* physical FIQs to EL2, virtual FIQs to EL1 */
#define HCR_IMO       (1ull << 4)    /* physical IRQs to EL2: the virtual GIC injects the guest's */
#define HCR_TSC       (1ull << 19)   /* SMC traps (EC 0x17): PSCI goes through the monitor */

#endif
