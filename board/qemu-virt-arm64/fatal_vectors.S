/*
 * Exception vectors of the fatal exit (board/common/fatal_pvpanic.c) on
 * AArch64, for VBAR_EL2 - or VBAR_EL1, where a machine without EL2 started
 * the monitor (it reports that through the fatal exit too): the layout is
 * the same, the registers differ. As on ARMv7 (board/qemu-virt/
 * fatal_vectors.S), looking for QEMU's pvpanic device means reading where
 * virt's PCIe ECAM may not be (it moves with highmem=), and QEMU answers a
 * read of nothing with a data abort: a synchronous exception taken at
 * fatal_probe_read32's load skips it, so the read gives all ones, as PCI
 * does for a function that is not there. Any other exception - at any
 * other instruction, or an interrupt - powers the machine off: the fatal
 * path must end, never hang or loop on its own faults.
 */
#define PSCI_SYSTEM_OFF 0x84000008
#define CURRENTEL_EL2   (2 << 2)

	/* one 0x80-byte slot: a branch to its handler */
	.macro	slot target
	.balign	0x80
	b	\target
	.endm

	.section .text.fatal_vectors, "ax"
	.balign	0x800
	.global	fatal_vectors
fatal_vectors:
	slot	fatal_sync		/* 0x000: current EL with SP_EL0: synchronous */
	slot	fatal_other
	slot	fatal_other
	slot	fatal_other
	slot	fatal_sync		/* 0x200: current EL with SP_ELx: synchronous */
	slot	fatal_other
	slot	fatal_other
	slot	fatal_other
	slot	fatal_other		/* 0x400: a lower EL, AArch64 */
	slot	fatal_other
	slot	fatal_other
	slot	fatal_other
	slot	fatal_other		/* 0x600: a lower EL, AArch32 */
	slot	fatal_other
	slot	fatal_other
	slot	fatal_other

/* x16 and x17 are the scratch registers: caller-saved in the monitor's
 * own ABI too (arch/arm64/arch.mk), so fatal_probe_read32's caller gave
 * them up. */
	.balign	0x80
fatal_sync:
	adr	x17, probe_load
	mrs	x16, CurrentEL
	cmp	x16, #CURRENTEL_EL2
	b.ne	1f
	mrs	x16, elr_el2
	cmp	x16, x17
	b.ne	fatal_other
	add	x16, x16, #4
	msr	elr_el2, x16
	eret
1:	mrs	x16, elr_el1
	cmp	x16, x17
	b.ne	fatal_other
	add	x16, x16, #4
	msr	elr_el1, x16
	eret

/* PSCI SYSTEM_OFF through QEMU's conduit: SMC at EL2 (virtualization=on),
 * HVC at EL1 (a machine without EL2) */
fatal_other:
	movz	x0, #(PSCI_SYSTEM_OFF & 0xffff)
	movk	x0, #(PSCI_SYSTEM_OFF >> 16), lsl #16
	mrs	x16, CurrentEL
	cmp	x16, #CURRENTEL_EL2
	b.ne	1f
	smc	#0
1:	hvc	#0
2:	wfi				/* not reached: QEMU has ended */
	b	2b

/* uint32_t fatal_probe_read32(uintptr_t addr) */
	.text
	.global	fatal_probe_read32
fatal_probe_read32:
	mov	x1, x0
	mov	w0, #-1			/* what an aborted load leaves */
probe_load:
	ldr	w0, [x1]
	ret
