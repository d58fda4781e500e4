/*
 * The AArch64 monitor's first instructions: QEMU's loader starts the ELF's
 * entry at EL2 on CPU 0 (`-device loader,file=...,cpu-num=0`), MMU and
 * caches off, nothing else set. A stack, a clean .bss, then C:
 * board_boot() moves the image to the top of RAM (board/common/reloc.c)
 * and starts again here, in the copy. Every address is PC-relative, so
 * this runs as well in either place. The other CPUs start at
 * secondary_entry, in the moved image.
 */
	.section .text.boot, "ax"
	.global	_start
_start:
	adrp	x1, __stacks_top
	add	x1, x1, :lo12:__stacks_top
	mov	sp, x1
	adrp	x1, __bss_start
	add	x1, x1, :lo12:__bss_start
	adrp	x2, __bss_end
	add	x2, x2, :lo12:__bss_end
1:	cmp	x1, x2
	b.hs	2f
	str	xzr, [x1], #8
	b	1b
2:	mrs	x0, CurrentEL
	bl	board_boot
3:	wfi
	b	3b

/*
 * A secondary CPU, started by QEMU's PSCI CPU_ON (board_cpu_on, at the
 * monitor's request) at EL2, MMU off: its own stack - CPU n's is the n-th
 * HYP_STACK_SIZE below the top (CPU 0's is the boot stack), n = MPIDR.Aff0
 * (board_cpu_index() accepts no other shape) - then C.
 */
	.global	secondary_entry
secondary_entry:
	mrs	x1, mpidr_el1
	and	x1, x1, #0xff
	adrp	x2, __stacks_top
	add	x2, x2, :lo12:__stacks_top
	ldr	x3, =HYP_STACK_SIZE
	msub	x2, x1, x3, x2
	mov	sp, x2
	mrs	x0, CurrentEL
	bl	board_secondary
4:	wfi
	b	4b

/* void reloc_jump(uintptr_t entry): continue at the moved image's _start,
 * the copy written (MMU off: to memory) and the instruction cache clean
 * of what was there before. */
	.text
	.global	reloc_jump
reloc_jump:
	dsb	sy
	ic	iallu
	dsb	nsh
	isb
	br	x0
