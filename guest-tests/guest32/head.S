/*
 * An ARM zImage's header in front of the ARMv7 guest library's _start
 * (guest-tests/lib/start.S): what tells the AArch64 monitor that the image
 * is an AArch32 kernel (arch/arm64/guest32.c: the magic at offset 0x24),
 * laid out as Linux's arch/arm/boot/compressed/head.S lays it out - eight
 * NOPs, a branch to the code, the magic, the image's start and end.
 * arch.mk links this object first: .text.boot is the image's first
 * section (linker/guest.ld), in link order.
 */
	.syntax unified
	.arch	armv7-a
	.arm

	.section .text.boot, "ax"
	.global	zimage_head
zimage_head:
	.rept	8
	mov	r0, r0
	.endr
	b	_start			@ 0x20
	.word	0x016f2818		@ 0x24: the zImage magic
	.word	zimage_head		@ 0x28: start
	.word	__image_end		@ 0x2c: end
