/*
 * HYP threads (hyp/switch/migrate.c, docs/migration.md): each virtual
 * CPU's monitor code runs on a stack of its own, which moves with it from
 * the outbound core to the inbound one. A back end implements the two
 * stack switches in its own assembly (arch/arm32/thread.S,
 * arch/arm64/thread.S): what its C keeps across a call (its callee-saved
 * registers and return address) is saved on the suspended stack, the
 * rest the caller saved.
 */
#ifndef ARCH_THREAD_H
#define ARCH_THREAD_H

#include <stdint.h>

/* Suspend here (the stack pointer into *save_sp) and resume the thread
 * suspended at to_sp. */
void thread_switch(uintptr_t *save_sp, uintptr_t to_sp);
/* Suspend here and run fn(arg) on a fresh stack ending at stack_top
 * (aligned as the architecture's calls need); fn never returns - it ends
 * by switching away for good. */
void thread_start(uintptr_t *save_sp, uintptr_t stack_top, void (*fn)(void *), void *arg);

#endif
