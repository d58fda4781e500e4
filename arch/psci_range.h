/*
 * PSCI's function ids as one range test (PSCI 1.1, 5.1: SMC32 ids
 * 0x84000000-0x8400001F, SMC64 ids the same with bit 30 set): the id with
 * bit 30 clear, shifted right by 5, is PSCI_RANGE_BASE's. Plain numbers,
 * no C suffixes: hyp/exit/psci.h psci_fid() and arch/arm64/vectors.S's HVC
 * slot (ids past the table) test with the same constants.
 */
#ifndef ARCH_PSCI_RANGE_H
#define ARCH_PSCI_RANGE_H

#define PSCI_RANGE_BASE  0x84000000
#define PSCI_RANGE_SMC64 0x40000000
#define PSCI_RANGE_SHIFT 5

#endif
