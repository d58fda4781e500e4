/*
 * Exception vectors of the fatal exit (board/common/fatal_pvpanic.c), for
 * HVBAR in HYP or VBAR at PL1 (a machine without EL2 starts the monitor in
 * SVC): the offsets are the same, the return differs. Looking for QEMU's pvpanic device means
 * reading where virt's PCIe ECAM may not be (it moves with highmem=), and
 * QEMU answers a read of nothing with a data abort: the vector skips the
 * load instead, so fatal_probe_read32 reads all ones, as PCI does for a
 * function that is not there. Any other exception powers the machine off:
 * the fatal path must end, never hang or loop on its own faults.
 */
	.syntax unified
	.arch armv7-a
	.arch_extension virt
	.arch_extension sec
	.arm

#define MODE_HYP        0x1a
#define PSCI_SYSTEM_OFF 0x84000008
#define ID_PFR1_VIRT    0xf000		@ EL2 exists: QEMU's PSCI conduit is SMC

	.section .text.fatal_vectors, "ax"
	.align	5
	.global	fatal_vectors
fatal_vectors:
	b	fatal_other		@ 0x00 reset
	b	fatal_other		@ 0x04 undefined instruction
	b	fatal_other		@ 0x08 SVC / HVC
	b	fatal_other		@ 0x0c prefetch abort
	b	fatal_dabt		@ 0x10 data abort
	b	fatal_other		@ 0x14 hyp trap
	b	fatal_other		@ 0x18 IRQ
	b	fatal_other		@ 0x1c FIQ

/* r12 is the scratch register: fatal_probe_read32's caller gave it up. */
fatal_dabt:
	mrs	r12, cpsr
	and	r12, r12, #0x1f
	cmp	r12, #MODE_HYP
	subsne	pc, lr, #4		@ PL1, Abort mode: LR = the load + 8
	mrs	r12, elr_hyp		@ HYP: ELR = the load
	add	r12, r12, #4
	msr	elr_hyp, r12
	eret

fatal_other:
	ldr	r0, =PSCI_SYSTEM_OFF
	mrc	p15, 0, r1, c0, c1, 1	@ ID_PFR1
	tst	r1, #ID_PFR1_VIRT
	beq	1f
	smc	#0
1:	hvc	#0
	b	.			@ not reached: QEMU has ended

/* uint32_t fatal_probe_read32(uint32_t addr) */
	.text
	.global	fatal_probe_read32
fatal_probe_read32:
	mov	r1, r0
	mvn	r0, #0			@ what an aborted load leaves
	ldr	r0, [r1]
	bx	lr
