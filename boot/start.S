/*
 * Monitor entry. QEMU (-device loader,...,cpu-num=0) starts CPU0 here in
 * HYP mode, MMU off; secondaries arrive here through PSCI CPU_ON, which the
 * monitor itself issues (hyp/psci.c) with context = logical CPU number.
 * Assembly only for what C cannot do: mode check, stack, vectors, BSS.
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
	mrs	r4, cpsr
	and	r4, r4, #0x1f
	cmp	r4, #HYP_MODE
	bne	park			@ not in HYP: nothing we can do safely

	mrc	p15, 0, r0, c0, c0, 5	@ MPIDR
	bl	board_cpu_index		@ r0 = logical CPU or -1 (C, no stack use)
	cmp	r0, #0
	blt	park
	cmp	r0, #HYP_MAX_CPUS
	bhs	park
	mov	r4, r0

	ldr	sp, =__stacks_top	@ this CPU's stack: top - cpu * size
	mov	r1, #HYP_STACK_SIZE
	mul	r1, r1, r4
	sub	sp, sp, r1

	ldr	r0, =hyp_vectors
	mcr	p15, 4, r0, c12, c0, 0	@ HVBAR
	isb

	cmp	r4, #0
	bne	1f
	ldr	r0, =__bss_start	@ only the boot CPU clears BSS
	ldr	r1, =__bss_end
	mov	r2, #0
0:	cmp	r0, r1
	strlo	r2, [r0], #4
	blo	0b
1:	mov	r0, r4
	bl	hyp_main		@ does not return (ends in guest entry)

	.global park
park:	wfi
	b	park
