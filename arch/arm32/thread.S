/*
 * HYP threads for migration (arch/thread.h, hyp/switch/migrate.c): each
 * virtual CPU's monitor code runs on its own stack, which moves with it
 * from the outbound core to the inbound one, so whatever the monitor was doing for it (a switch,
 * an HVC, PSCI) goes on there. A physical core that has no virtual CPU to
 * run sits in its park loop on its own boot stack.
 *
 * Only the callee-saved registers and the return address are switched
 * (AAPCS): the caller saved the rest. 10 words keep the stack 8-byte
 * aligned.
 */
	.syntax unified
	.arch armv7-a
	.arm
	.text

/* void thread_switch(uintptr_t *save_sp, uintptr_t to_sp):
 * suspend here (sp into *save_sp), resume the thread suspended at to_sp */
	.global thread_switch
	.type thread_switch, %function
thread_switch:
	push	{r4-r12, lr}
	str	sp, [r0]
	mov	sp, r1
	pop	{r4-r12, lr}
	bx	lr

/* void thread_start(uintptr_t *save_sp, uintptr_t stack_top,
 *                   void (*fn)(void *), void *arg):
 * suspend here, run fn(arg) on a fresh stack; fn never returns (it ends
 * by switching away for good) */
	.global thread_start
	.type thread_start, %function
thread_start:
	push	{r4-r12, lr}
	str	sp, [r0]
	mov	sp, r1
	mov	r0, r3
	blx	r2
0:	wfi
	b	0b
