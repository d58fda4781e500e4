/*
 * An AArch64 test guest's first instructions, at EL1 as the arm64 boot
 * protocol enters a kernel (x0 = the DTB). The image starts with the arm64
 * Image header, so QEMU loads and starts it as it would Linux
 * (text_offset 0x80000: at RAM + 512 KiB), and the monitor starts it the
 * same way. Then: the EL1 vectors, a stack, a clean .bss, guest_main(dtb).
 */
	/* What an exception handler in C may change (x0-x18, x30), saved on
	 * the stack as the frame guest_el0_sync() and guest_sync() see (its
	 * third argument), and loaded back before the ERET */
	.macro	save_caller
	sub	sp, sp, #(20 * 8)
	stp	x0, x1, [sp, #16 * 0]
	stp	x2, x3, [sp, #16 * 1]
	stp	x4, x5, [sp, #16 * 2]
	stp	x6, x7, [sp, #16 * 3]
	stp	x8, x9, [sp, #16 * 4]
	stp	x10, x11, [sp, #16 * 5]
	stp	x12, x13, [sp, #16 * 6]
	stp	x14, x15, [sp, #16 * 7]
	stp	x16, x17, [sp, #16 * 8]
	stp	x18, x30, [sp, #16 * 9]
	.endm
	.macro	load_caller_eret
	ldp	x0, x1, [sp, #16 * 0]
	ldp	x2, x3, [sp, #16 * 1]
	ldp	x4, x5, [sp, #16 * 2]
	ldp	x6, x7, [sp, #16 * 3]
	ldp	x8, x9, [sp, #16 * 4]
	ldp	x10, x11, [sp, #16 * 5]
	ldp	x12, x13, [sp, #16 * 6]
	ldp	x14, x15, [sp, #16 * 7]
	ldp	x16, x17, [sp, #16 * 8]
	ldp	x18, x30, [sp, #16 * 9]
	add	sp, sp, #(20 * 8)
	eret
	.endm


	.section .text.boot, "ax"
	.global	_start
_start:
	b	entry				/* code0 */
	.word	0				/* code1 */
	.quad	0x80000				/* text_offset */
	.quad	__image_size			/* image_size */
	.quad	0xa				/* flags: LE, 4K pages, anywhere */
	.quad	0, 0, 0				/* res2-4 */
	.ascii	"ARM\x64"			/* magic */
	.word	0				/* res5 */
entry:
	mov	x19, x0
	adr	x1, guest_vectors
	msr	vbar_el1, x1
	/* FP/SIMD at EL1 (CPACR_EL1.FPEN): the C library-free code uses none,
	 * but GCC may, for struct copies */
	mov	x1, #(3 << 20)
	msr	cpacr_el1, x1
	isb
	adrp	x1, __stack_top
	add	x1, x1, :lo12:__stack_top
	mov	sp, x1
	adrp	x1, __bss_start
	add	x1, x1, :lo12:__bss_start
	adrp	x2, __bss_end
	add	x2, x2, :lo12:__bss_end
1:	cmp	x1, x2
	b.hs	2f
	str	xzr, [x1], #8
	b	1b
2:	mov	x0, x19
	bl	guest_main
3:	wfi
	b	3b

	/* Another CPU, started by PSCI CPU_ON at EL1, MMU off, x0 = the
	 * context: the vectors, FP/SIMD, a stack of its own (cpu_stacks[n],
	 * n = MPIDR.Aff0, guest64.c), then secondary_main(context) */
	.global	secondary_entry
secondary_entry:
	adr	x1, guest_vectors
	msr	vbar_el1, x1
	mov	x1, #(3 << 20)
	msr	cpacr_el1, x1
	isb
	mrs	x1, mpidr_el1
	and	x1, x1, #7
	add	x1, x1, #1
	adrp	x2, cpu_stacks
	add	x2, x2, :lo12:cpu_stacks
	add	x2, x2, x1, lsl #13		/* 8 KiB each (guest64.c CPU_STACK) */
	mov	sp, x2
	bl	secondary_main
5:	wfi
	b	5b

	/* A synchronous exception from EL1 (SPx): guest_sync(esr, elr, saved)
	 * records it and returns where to resume (saved: the registers below,
	 * x30 at [19]). Anything else: stop. */
	.macro	slot target
	.balign	0x80
	b	\target
	.endm
	.balign	0x800
guest_vectors:
	.rept	4
	slot	guest_bad
	.endr
	slot	guest_sync_entry		/* +0x200: from EL1 */
	slot	guest_irq_entry			/* +0x280: IRQ at EL1 (the virtual GIC's) */
	.rept	2
	slot	guest_bad
	.endr
	slot	guest_el0_entry			/* +0x400: from EL0 (AArch64) */
	.rept	7
	slot	guest_bad
	.endr

	/* el0_call(fn, sp): fn at EL0t on stack sp (interrupts masked),
	 * back here when it ends (its return address is el0_exit: SVC #0).
	 * The callee-saved registers and this EL1 stack are kept in
	 * el0_frame. */
	.global	el0_call
el0_call:
	stp	x29, x30, [sp, #-96]!
	stp	x19, x20, [sp, #16]
	stp	x21, x22, [sp, #32]
	stp	x23, x24, [sp, #48]
	stp	x25, x26, [sp, #64]
	stp	x27, x28, [sp, #80]
	adrp	x2, el0_frame
	mov	x3, sp
	str	x3, [x2, :lo12:el0_frame]
	msr	sp_el0, x1
	msr	elr_el1, x0
	mov	x2, #0x3c0			/* EL0t, D A I F masked */
	msr	spsr_el1, x2
	adr	x30, el0_exit
	eret
el0_exit:
	svc	#0
	b	el0_exit

	/* A synchronous exception from EL0: guest_el0_sync(esr, elr, saved)
	 * records it and returns where EL0 resumes, or 0 for its SVC: then
	 * back to el0_call's caller at EL1. */
guest_el0_entry:
	save_caller
	mrs	x0, esr_el1
	mrs	x1, elr_el1
	mov	x2, sp
	bl	guest_el0_sync
	cbz	x0, 1f
	msr	elr_el1, x0
	load_caller_eret
1:	adrp	x2, el0_frame
	ldr	x3, [x2, :lo12:el0_frame]
	mov	sp, x3
	ldp	x19, x20, [sp, #16]
	ldp	x21, x22, [sp, #32]
	ldp	x23, x24, [sp, #48]
	ldp	x25, x26, [sp, #64]
	ldp	x27, x28, [sp, #80]
	ldp	x29, x30, [sp], #96
	ret

	.bss
	.balign	8
el0_frame:
	.skip	8
	.text

guest_sync_entry:
	save_caller
	mrs	x0, esr_el1
	mrs	x1, elr_el1
	mov	x2, sp
	bl	guest_sync
	msr	elr_el1, x0
	load_caller_eret

	/* An IRQ: guest_irq() (guest64.c: the irq_hook, gic.h) */
guest_irq_entry:
	save_caller
	bl	guest_irq
	load_caller_eret

guest_bad:
	mrs	x0, esr_el1
	mrs	x1, elr_el1
	bl	guest_unexpected
	b	guest_bad
