/*
 * The monitor's lock (arch/arm32/spinlock.h is the AArch32 one):
 * load-acquire exclusive, WFE while held, store-release to let go (which
 * clears the waiters' exclusive monitors: their event). Exclusives need
 * Normal memory: the console takes its lock only once EL2's MMU is on
 * (arch_cpu.h cpu_hyp_mmu_on(), arch/arm64/mmu.c); the secondaries turn
 * theirs on before they take any lock.
 */
#ifndef ARCH_SPINLOCK_H
#define ARCH_SPINLOCK_H

#include <stdint.h>

typedef struct {
	volatile uint32_t v;
} spinlock_t;

static inline void spin_lock(spinlock_t *l)
{
	uint32_t tmp, one = 1;

	__asm__ volatile("	sevl\n"
			 "1:	wfe\n"
			 "	ldaxr	%w0, [%1]\n"
			 "	cbnz	%w0, 1b\n"
			 "	stxr	%w0, %w2, [%1]\n"
			 "	cbnz	%w0, 1b"
			 : "=&r"(tmp)
			 : "r"(&l->v), "r"(one)
			 : "memory");
}

static inline void spin_unlock(spinlock_t *l)
{
	__asm__ volatile("stlr wzr, [%0]" : : "r"(&l->v) : "memory");
}

#endif
