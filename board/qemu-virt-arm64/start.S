/*
 * The AArch64 monitor's first instructions: QEMU's loader starts the ELF's
 * entry at EL2 on CPU 0 (`-device loader,file=...,cpu-num=0`), MMU and
 * caches off, nothing else set. A stack, a clean .bss, then C:
 * board_boot() moves the image to the top of RAM (board/common/reloc.c)
 * and starts again here, in the copy. Every address is PC-relative, so
 * this runs as well in either place.
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
