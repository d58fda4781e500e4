/*
 * What a migration moves from core to core (arch/arm32/cpu_ctx.h is the
 * AArch32 one). The AArch64 monitor has no migration yet (issue #27,
 * docs/arm64.md): the struct exists so struct hyp_cpu is the same shape
 * on both architectures; the EL1 system registers, FP/SIMD and timers
 * arrive with the switch step. Nothing saves or loads it yet.
 */
#ifndef HYP_CPU_CTX_H
#define HYP_CPU_CTX_H

#include <stdint.h>

struct cpu_ctx {
	uint64_t elr_el2, spsr_el2;
};

#endif
