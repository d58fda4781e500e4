/*
 * Test guest entry, linked at 0x40010000: QEMU's boot stub jumps here with
 * r0 = 0, r1 = 0xffffffff, r2 = DTB (the launch contract). Sets up a stack
 * per mode and a vector table that hands every exception to C
 * (guest-tests/lib/exc.c), which decides where to resume.
 */
	.syntax unified
	.arch armv7-a
	.arm

	.section .text.boot, "ax"
	.global _start
_start:
	mov	r4, r0
	mov	r5, r1
	mov	r6, r2
	mrs	r7, cpsr		@ the mode the monitor entered us in
	cps	#0x1b
	ldr	sp, =__und_stack_top
	cps	#0x17
	ldr	sp, =__abt_stack_top
	cps	#0x12
	ldr	sp, =__irq_stack_top
	cps	#0x1f
	ldr	sp, =__usr_stack_top
	cps	#0x13
	ldr	sp, =__svc_stack_top
	ldr	r0, =guest_vectors
	mcr	p15, 0, r0, c12, c0, 0	@ VBAR
	isb
	ldr	r0, =__bss_start
	ldr	r1, =__bss_end
	mov	r2, #0
0:	cmp	r0, r1
	strlo	r2, [r0], #4
	blo	0b
	mov	r0, r4
	mov	r1, r5
	mov	r2, r6
	mov	r3, r7
	bl	guest_boot		@ test.c: board facts, then guest_start()
1:	wfi
	b	1b

/* Secondary CPUs (PSCI CPU_ON): r0 = context id. Private stacks for
 * SVC, IRQ, abort and undefined mode (CPU n: 4 KiB at __secondary_stacks
 * + n * 4 KiB, from MPIDR.Aff0), the same vectors, then
 * secondary_main(context, cpsr). */
	.global secondary_entry
secondary_entry:
	mrs	r1, cpsr
	mrc	p15, 0, r2, c0, c0, 5	@ MPIDR
	and	r2, r2, #7
	ldr	r3, =__secondary_stacks
	add	r3, r3, r2, lsl #12
	add	r3, r3, #0x1000		@ this CPU's 4 KiB: top
	cps	#0x1b
	mov	sp, r3			@ UND: top 512 bytes
	sub	r3, r3, #0x200
	cps	#0x17
	mov	sp, r3			@ ABT: next 512 bytes
	sub	r3, r3, #0x200
	cps	#0x12
	mov	sp, r3			@ IRQ: next 1 KiB
	sub	r3, r3, #0x400
	cps	#0x13
	mov	sp, r3			@ SVC: the remaining 2 KiB
	ldr	r2, =guest_vectors
	mcr	p15, 0, r2, c12, c0, 0
	isb
	bl	secondary_main
2:	wfi
	b	2b

	.align	5
	.global guest_vectors
guest_vectors:
	b	.			@ reset
	b	exc_und
	b	exc_svc
	b	exc_pabt
	b	exc_dabt
	b	.
	b	exc_irq
	b	.

/* push {r0-r12, lr}; C gets (kind, frame, spsr); frame.lr is where we resume */
	.macro	exc_entry label, kind
\label:
	push	{r0-r12, lr}
	mov	r0, #\kind
	mov	r1, sp
	mrs	r2, spsr
	bl	guest_exception
	ldm	sp!, {r0-r12, pc}^
	.endm
	exc_entry exc_und, 1
	exc_entry exc_svc, 2
	exc_entry exc_pabt, 3
	exc_entry exc_dabt, 4
	exc_entry exc_irq, 6

/* void user_call(void (*fn)(void), void *usr_sp): run fn in USR mode; fn
 * returns to user_return, whose SVC #0x55 brings us back here. */
	.global user_call
user_call:
	push	{r4-r11, lr}
	ldr	r2, =user_saved_sp
	str	sp, [r2]
	cps	#0x1f			@ SYS shares SP/LR with USR
	mov	sp, r1
	ldr	lr, =user_return
	cps	#0x13
	mov	r2, #0x10		@ USR mode, ARM, interrupts as they are
	msr	spsr_cxsf, r2
	movs	pc, r0
user_return:
	svc	#0x55
	.global user_resume
user_resume:				@ exc.c resumes here in SVC mode
	ldr	r2, =user_saved_sp
	ldr	sp, [r2]
	pop	{r4-r11, pc}

	.bss
	.align 2
user_saved_sp: .space 4
	.align 4
	.global __secondary_stacks
__secondary_stacks:
	.space 8 * 4096
