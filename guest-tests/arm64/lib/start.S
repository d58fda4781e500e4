/*
 * An AArch64 test guest's first instructions, at EL1 as the arm64 boot
 * protocol enters a kernel (x0 = the DTB). The image starts with the arm64
 * Image header, so QEMU loads and starts it as it would Linux
 * (text_offset 0x80000: at RAM + 512 KiB), and the monitor starts it the
 * same way. Then: the EL1 vectors, a stack, a clean .bss, guest_main(dtb).
 */
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
	slot	guest_sync_entry
	.rept	11
	slot	guest_bad
	.endr

guest_sync_entry:
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
	mrs	x0, esr_el1
	mrs	x1, elr_el1
	mov	x2, sp
	bl	guest_sync
	msr	elr_el1, x0
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

guest_bad:
	mrs	x0, esr_el1
	mrs	x1, elr_el1
	bl	guest_unexpected
	b	guest_bad
