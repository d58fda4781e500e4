/*
 * Start-up of the QEMU boards' images: every CPU enters here, the boot CPU
 * from QEMU's loader (-device loader,...,cpu-num=0), the others when the
 * monitor starts them (board_cpu_on). The board's own hook first gets the
 * CPU into HYP mode if it starts elsewhere; then a stack per CPU from
 * MPIDR, and C: board_boot() on the boot CPU (it moves the image to the
 * top of RAM and starts again there), board_secondary() on the others -
 * and on every CPU once the boot CPU has handed over (board_booted), so a
 * CPU 0 that PSCI CPU_OFF stopped comes back as a secondary.
 * Assembly only for what C cannot do: no stack yet, BSS, the mode check.
 */
	.syntax unified
	.arch armv7-a
	.arch_extension virt
	.arm

#define HYP_MODE 0x1a

	.section .text.boot, "ax"
	.global _start
_start:
	cpsid	aif
	bl	board_early_entry	@ board/<name>: into HYP if needed (no stack)
	mrs	r5, cpsr
	mrc	p15, 0, r0, c0, c0, 5	@ MPIDR
	bl	board_cpu_index		@ r0 = logical CPU or -1 (C, leaf, no stack use)
	cmp	r0, #0
	blt	park
	cmp	r0, #BOARD_MAX_CPUS
	bhs	park
	mov	r4, r0

	ldr	sp, =__stacks_top	@ this CPU's stack: top - cpu * size
	mov	r1, #HYP_STACK_SIZE
	mul	r1, r1, r4
	sub	sp, sp, r1
	and	r0, r5, #0x1f		@ HVBAR exists only in HYP: in any other mode
	cmp	r0, #HYP_MODE		@ board_boot reports the mode instead
	ldreq	r0, =blmon_hyp_vectors	@ a fault from here on is reported, not a hang
	mcreq	p15, 4, r0, c12, c0, 0	@ HVBAR
	isb

	ldr	r0, =board_booted
	ldr	r0, [r0]
	cmp	r0, #0
	bne	secondary
	cmp	r4, #0
	bne	secondary
	ldr	r0, =__bss_start	@ only the boot CPU clears BSS
	ldr	r1, =__bss_end
	mov	r2, #0
0:	cmp	r0, r1
	strlo	r2, [r0], #4
	blo	0b
	mov	r0, r5			@ the CPSR we run in: board_boot checks it
	bl	board_boot		@ board/common/boot.c, does not return
secondary:
	mov	r0, r4
	bl	board_secondary		@ does not return

	.global park
park:	wfi
	b	park

/* The boards' hook for getting into HYP mode first; both QEMU boards start
 * the monitor in HYP already (the QEMU command line asks for it). */
	.weak	board_early_entry
board_early_entry:
	bx	lr

/* void reloc_jump(uint32_t entry): continue at the moved image's _start
 * with the instruction cache and branch predictor clean of the old one. */
	.global reloc_jump
reloc_jump:
	mov	r4, r0
	mov	r0, #0
	dsb
	mcr	p15, 0, r0, c7, c5, 0	@ ICIALLU
	mcr	p15, 0, r0, c7, c5, 6	@ BPIALL
	dsb
	isb
	bx	r4

/* In .data, not .bss: it must read 0 before the boot CPU clears BSS,
 * including after a reset, when RAM keeps what the last run left there. */
	.data
	.align	2
	.global	board_booted
board_booted:
	.word	0
