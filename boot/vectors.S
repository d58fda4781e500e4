/*
 * HYP vector table (HVBAR, 32-byte aligned) and the guest exception frame:
 * the library's trap entry (include/blmon.h: blmon_hyp_vectors).
 *
 * A guest trap or HVC arrives at +0x14 (Hyp Trap), a physical IRQ routed to
 * HYP (HCR.IMO) at +0x18. The frame holds r0-r12 and LR_usr (HYP mode
 * shares LR with usr/sys); arch/arm32/frame.h pins the layout with static asserts.
 * Anything else is taken from HYP itself: a monitor bug, reported and halted.
 */
	.syntax unified
	.arch armv7-a
	.arch_extension virt
	.arm

	.section .text.vectors, "ax"
	.align	5
	.global blmon_hyp_vectors
blmon_hyp_vectors:
	b	hyp_bad_reset		@ 0x00 reset
	b	hyp_undef_entry		@ 0x04 undefined instruction in HYP (probes)
	b	hyp_bad_hvc		@ 0x08 HVC/SVC taken in HYP
	b	hyp_bad_pabt		@ 0x0c prefetch abort in HYP
	b	hyp_bad_dabt		@ 0x10 data abort in HYP
	b	hyp_trap_entry		@ 0x14 hyp trap (from the guest)
	b	hyp_irq_entry		@ 0x18 IRQ
	b	hyp_bad_fiq		@ 0x1c FIQ

hyp_trap_entry:
	push	{r0-r12, lr}
	mrc	p15, 4, r1, c5, c2, 0	@ HSR, for both callees
	mov	r0, sp
	cmp	r1, #0x4a000000		@ HVC #0: HSR_HVC_ABI (arch/arm32/hsr.h)
	bne	1f
	bl	trap_hvc_abi		@ the HVC ABI's calls (hyp/exit/hvc.c), no class test
	pop	{r0-r12, lr}
	eret
1:	bl	hyp_trap		@ every other trap (arch/arm32/trap.c)
	pop	{r0-r12, lr}
	eret

hyp_undef_entry:			@ arch/arm32/probe.c: a probe's fault, else panic
	push	{r0-r12, lr}
	mov	r0, sp
	bl	hyp_undef_in_hyp
	pop	{r0-r12, lr}
	eret

hyp_irq_entry:
	push	{r0-r12, lr}
	mov	r0, sp
	bl	hyp_irq			@ hyp/switch/irq.c
	pop	{r0-r12, lr}
	eret

	.macro bad name, code
hyp_bad_\name:
	push	{r0-r12, lr}
	mov	r0, sp
	mov	r1, #\code
	bl	hyp_panic_exception	@ hyp/core/panic.c, does not return
	.endm
	bad reset, 0
	bad hvc, 2
	bad pabt, 3
	bad dabt, 4
	bad fiq, 7
