/*
 * A test-and-set spinlock for the monitor's few shared structures (console,
 * the system-wide switch state). LDREX/STREX need the HYP MMU on with
 * Normal memory (arch/arm32/mmu.c), which every CPU has before it takes a lock;
 * the boot CPU's start-up before that runs alone. WFE/SEV keep waiters
 * quiet. Host builds (unit tests are single-threaded) compile it away.
 */
#ifndef ARCH_SPINLOCK_H
#define ARCH_SPINLOCK_H

#include <stdint.h>

typedef struct {
	volatile uint32_t v;
} spinlock_t;

#ifdef HOST_BUILD
static inline void spin_lock(spinlock_t *l) { l->v = 1; }
static inline void spin_unlock(spinlock_t *l) { l->v = 0; }
#else
static inline void spin_lock(spinlock_t *l)
{
	uint32_t tmp;

	__asm__ volatile("1:	ldrex	%0, [%1]\n"
			 "	teq	%0, #0\n"
			 "	wfene\n"
			 "	strexeq	%0, %2, [%1]\n"
			 "	teqeq	%0, #0\n"
			 "	bne	1b\n"
			 "	dmb"
			 : "=&r"(tmp)
			 : "r"(&l->v), "r"(1u)
			 : "cc", "memory");
}

static inline void spin_unlock(spinlock_t *l)
{
	__asm__ volatile("dmb" ::: "memory");
	l->v = 0;
	__asm__ volatile("dsb\n\tsev" ::: "memory");
}
#endif

#endif
