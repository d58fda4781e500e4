/*
 * HYP threads for migration at EL2 (arch/thread.h, hyp/switch/migrate.c;
 * arch/arm32/thread.S is the AArch32 twin): each virtual CPU's monitor
 * code runs on its own stack, which moves with it from the outbound core
 * to the inbound one; a core without a virtual CPU sits in its park loop
 * on its own boot stack.
 *
 * What is switched is what the monitor's C keeps across a call: x19-x29
 * and x30 (the return address) as in AAPCS64, and x8-x15 and x18, which
 * arch.mk builds callee-saved too (A64_CALLEE_SAVED). The latter matter
 * twice: the thread's own C may hold values there, and on the fast HVC and
 * IRQ paths (vectors.S save_hot + save_caller_rest) they still hold the
 * guest's registers, which restore_caller hands back untouched - so they
 * move with the thread to the inbound core. 21 registers in 22 slots: the
 * stack stays 16-byte aligned.
 */
	.text

	.equ	THREAD_FRAME, 22 * 8

/* The frame's 21 registers, stored (stp, str) or loaded (ldp, ldr): one
 * list, so suspend and resume cannot disagree on the layout */
	.macro	thread_regs pair, one
	\pair	x8, x9, [sp, #16 * 0]
	\pair	x10, x11, [sp, #16 * 1]
	\pair	x12, x13, [sp, #16 * 2]
	\pair	x14, x15, [sp, #16 * 3]
	\pair	x18, x19, [sp, #16 * 4]
	\pair	x20, x21, [sp, #16 * 5]
	\pair	x22, x23, [sp, #16 * 6]
	\pair	x24, x25, [sp, #16 * 7]
	\pair	x26, x27, [sp, #16 * 8]
	\pair	x28, x29, [sp, #16 * 9]
	\one	x30, [sp, #16 * 10]
	.endm

	.macro	suspend save
	sub	sp, sp, #THREAD_FRAME
	thread_regs	stp, str
	mov	x9, sp
	str	x9, [\save]
	.endm

/* void thread_switch(uintptr_t *save_sp, uintptr_t to_sp):
 * suspend here (sp into *save_sp), resume the thread suspended at to_sp */
	.global	thread_switch
	.type	thread_switch, %function
thread_switch:
	suspend	x0
	mov	sp, x1
	thread_regs	ldp, ldr
	add	sp, sp, #THREAD_FRAME
	ret
	.size	thread_switch, . - thread_switch

/* void thread_start(uintptr_t *save_sp, uintptr_t stack_top,
 *                   void (*fn)(void *), void *arg):
 * suspend here, run fn(arg) on a fresh stack (stack_top 16-byte aligned:
 * migrate.c's stacks are); fn never returns (it ends by switching away
 * for good) */
	.global	thread_start
	.type	thread_start, %function
thread_start:
	suspend	x0
	and	x1, x1, #~15
	mov	sp, x1
	mov	x0, x3
	blr	x2
0:	wfi
	b	0b
	.size	thread_start, . - thread_start
