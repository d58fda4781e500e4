/*
 * EL2's exception vectors and the guest's exception entry and return: the
 * only assembly of the AArch64 back end (what C cannot do: save and load
 * x0-x30 and ERET). A trap from the guest saves its registers, ELR_EL2
 * and SPSR_EL2 as struct guest_frame (frame.h) on EL2's stack and calls
 * C; the exit loads the frame (a handler may have changed any of it) and
 * returns. HVC #0 - the syndrome 0x5a000000 whole: EC 0x16, IL, imm 0 -
 * goes to the portable HVC dispatch directly, as on AArch32.
 *
 * The fast way (issue #29 on AArch64, docs/performance.md): every trap
 * first saves x0-x3 and x30 into the frame's own slots (save_hot): what
 * the hot MRS/MSR's C may change (trap_sys64_hot(), hyp/exit/sys_trap.c,
 * which arch.mk builds so that it cannot touch x4-x7, x16, x17), and an
 * HVC #0 that is a Type B read calls C built the same way
 * (pmu/pmu_typeb_read.c). Any other HVC #0 adds x4-x7, x16 and x17
 * (save_caller_rest), what any of the monitor's C may change (arch.mk
 * builds it with x8-x15 and x18 callee-saved); its handlers see x0-x3
 * alone (hvc.c: r[4]) and never ELR_EL2/SPSR_EL2, which stay in the CPU.
 * Everything else - trap_sys64_hot() tail-calls guest_sync_slow for it -
 * saves the rest (x8-x29, ELR, SPSR) and takes the general way.
 */
#include "arch_caps.h"		/* ARCH_HVC_VECTOR_* */
#include "psci_range.h"		/* hvc_far: psci.h psci_fid()'s test */

	.equ	FRAME_SIZE, 34 * 8	/* frame.h, checked there */
	.equ	ESR_HVC64_ABI, 0x5a000000

	.equ	FRAME_ELR, 31 * 8	/* frame.h */

	/* x0-x3 and x30: what the hot MRS/MSR's C may change (arch.mk
	 * SYS_HOT_FLAGS), first for every trap */
	.macro	save_hot
	stp	x0, x1, [sp, #-FRAME_SIZE]!	/* the frame's room with its first pair */
	stp	x2, x3, [sp, #16 * 1]
	str	x30, [sp, #16 * 15]
	.endm

	/* ... with x4-x7, x16 and x17: what any of the monitor's C may change
	 * (arch.mk A64_CALLEE_SAVED), after save_hot */
	.macro	save_caller_rest
	stp	x4, x5, [sp, #16 * 2]
	stp	x6, x7, [sp, #16 * 3]
	stp	x16, x17, [sp, #16 * 8]
	.endm

	/* the rest, after save_hot + save_caller_rest and any C calls (x8-x15 and x18-x29
	 * unchanged by them; x30 is not the guest's any more and is not
	 * stored again) */
	.macro	save_rest
	stp	x8, x9, [sp, #16 * 4]
	stp	x10, x11, [sp, #16 * 5]
	stp	x12, x13, [sp, #16 * 6]
	stp	x14, x15, [sp, #16 * 7]
	stp	x18, x19, [sp, #16 * 9]
	stp	x20, x21, [sp, #16 * 10]
	stp	x22, x23, [sp, #16 * 11]
	stp	x24, x25, [sp, #16 * 12]
	stp	x26, x27, [sp, #16 * 13]
	stp	x28, x29, [sp, #16 * 14]
	mrs	x0, elr_el2
	mrs	x1, spsr_el2
	stp	x0, x1, [sp, #FRAME_ELR]	/* elr, spsr */
	.endm

	/* save_hot's registers back, and return to the guest: after C built
	 * not to touch x4-x7, x16, x17 (arch.mk), or none at all */
	.macro	restore_hot
	ldp	x2, x3, [sp, #16 * 1]
	ldr	x30, [sp, #16 * 15]
	ldp	x0, x1, [sp], #FRAME_SIZE	/* ... and the room given back */
	eret
	.endm

	/* save_hot + save_caller_rest's registers back, and return to the guest */
	.macro	restore_caller
	ldp	x2, x3, [sp, #16 * 1]
	ldp	x4, x5, [sp, #16 * 2]
	ldp	x6, x7, [sp, #16 * 3]
	ldp	x16, x17, [sp, #16 * 8]
	ldr	x30, [sp, #16 * 15]
	ldp	x0, x1, [sp], #FRAME_SIZE	/* ... and the room given back */
	eret
	.endm

	.macro	save_frame
	sub	sp, sp, #FRAME_SIZE
	stp	x0, x1, [sp, #16 * 0]
	stp	x2, x3, [sp, #16 * 1]
	stp	x4, x5, [sp, #16 * 2]
	stp	x6, x7, [sp, #16 * 3]
	stp	x8, x9, [sp, #16 * 4]
	stp	x10, x11, [sp, #16 * 5]
	stp	x12, x13, [sp, #16 * 6]
	stp	x14, x15, [sp, #16 * 7]
	stp	x16, x17, [sp, #16 * 8]
	stp	x18, x19, [sp, #16 * 9]
	stp	x20, x21, [sp, #16 * 10]
	stp	x22, x23, [sp, #16 * 11]
	stp	x24, x25, [sp, #16 * 12]
	stp	x26, x27, [sp, #16 * 13]
	stp	x28, x29, [sp, #16 * 14]
	mrs	x0, elr_el2
	mrs	x1, spsr_el2
	stp	x30, x0, [sp, #16 * 15]		/* x30, elr */
	str	x1, [sp, #16 * 16]		/* spsr */
	.endm

	/* one 0x80-byte slot: a branch to its handler */
	.macro	slot target
	.balign	0x80
	b	\target
	.endm

	.section .text.vectors, "ax"
	.balign	0x800
	.global	blmon_hyp_vectors
blmon_hyp_vectors:
	slot	el2_sp0_sync		/* 0x000: EL2 with SP_EL0 - never used */
	slot	el2_sp0_irq
	slot	el2_sp0_fiq
	slot	el2_sp0_serror
	slot	el2_sync		/* 0x200: the monitor's own faults */
	slot	el2_irq
	slot	el2_fiq
	slot	el2_serror
	/* 0x400: the guest, AArch64 - HVC #0 in its slot (20 of its 32
	 * instructions). An even id - base below ARCH_TYPEB_VECTOR_SLOTS
	 * (one TST) is a Table 4 read, or the table's padding: its
	 * pmu_typeb_table handler is called with (the frame's x0-x3, this
	 * CPU's struct pmu_cpu, which is its struct hyp_cpu) on save_hot
	 * alone - arch.mk builds pmu_typeb_read.c so that it cannot touch
	 * x4-x7, x16, x17, and checks that nothing in it calls out. Any other id,
	 * a Type B write too, goes to hvc_call (hvc.c's table). The id stays
	 * in w0 until a call needs the frame there. */
	.balign	0x80
guest_sync_slot:
	save_hot
	mrs	x1, esr_el2
	mov	x2, #ESR_HVC64_ABI
	cmp	x1, x2
	b.ne	guest_sync
	ldr	w3, hvc_base			/* one load: no MOV/ADD pair takes it */
	sub	w2, w0, w3
	tst	w2, #(0xffffffff ^ (ARCH_TYPEB_VECTOR_SLOTS - 2))
	b.ne	hvc_call
	mov	x0, sp
	adr	x3, pmu_typeb_table
	ldr	x3, [x3, w2, uxtw #3]
	mrs	x1, tpidr_el2			/* this CPU's struct hyp_cpu: its pmu first */
	blr	x3
	restore_hot
	.if	. - guest_sync_slot > 0x80
	.error	"the 0x400 slot's HVC #0 path is longer than its 32 instructions"
	.endif
	/* 0x480: a physical IRQ while the guest ran (HCR_EL2.IMO). Its
	 * common case, a guest's PPI into a free list register, on save_hot
	 * alone (hyp_irq_hot(), hyp/switch/irq_hot.c, which arch.mk builds
	 * not to touch x4-x7, x16, x17); anything else it tail-calls
	 * one of the irq_call stubs below. No guest register changes, and ELR_EL2/SPSR_EL2
	 * stay in the CPU (EL2 runs with interrupts masked and takes no
	 * other exception meanwhile). */
	.balign	0x80
	save_hot
	bl	hyp_irq_hot
	restore_hot
	slot	guest_irq		/* 0x500: FIQ (HCR_EL2.FMO) - the GIC signals none (GICC_CTLR.FIQEn clear): as an IRQ */
	slot	guest_serror
	slot	guest_sync_a32		/* 0x600: the guest's EL0, AArch32 */
	slot	guest_irq
	slot	guest_irq
	slot	guest_serror

	/* An exception the monitor did not expect: hyp_panic_exception(f,
	 * slot offset / 4), which reports it and stops. */
	.macro	bad name, offset
\name:
	save_frame
	mov	x0, sp
	mov	x1, #(\offset / 4)
	bl	hyp_panic_exception
	.endm

	.text
	bad	el2_sp0_sync, 0x000
	bad	el2_sp0_irq, 0x080
	bad	el2_sp0_fiq, 0x100
	bad	el2_sp0_serror, 0x180
	bad	el2_sync, 0x200
	bad	el2_irq, 0x280
	bad	el2_fiq, 0x300
	bad	el2_serror, 0x380
	/* SError goes to EL1 (HCR_EL2.AMO clear): never here */
	bad	guest_serror, 0x580

guest_irq:
	save_hot
	save_caller_rest
	mov	x0, sp
	bl	hyp_irq
	restore_caller

	/* HVC #0, any other id: w2 = id - base. Its slot in hvc.c's table
	 * is HVC_SLOT(): id - base rotated left by 2; the handler is called
	 * with (the frame's x0-x3, this CPU) after save_caller_rest, what any
	 * of the monitor's C may change. */
hvc_call:
	ror	w2, w2, #30
	cmp	w2, #ARCH_HVC_VECTOR_SLOTS
	b.hs	hvc_far
	save_caller_rest
	mov	x0, sp
	adr	x3, hvc_table
	ldr	x3, [x3, w2, uxtw #3]
	mrs	x1, tpidr_el2			/* this CPU's struct hyp_cpu */
	blr	x3
	restore_caller

	/* HVC #0 with an id past the table (w0), as trap_hvc_abi() answers
	 * it: PSCI's ids go to hvc_other(the frame's x0-x3), which tests them
	 * again; any other is "not supported" here, without the call and on
	 * save_hot alone. The test is psci.h psci_fid()'s, with its constants
	 * (psci_range.h): bit 30 (SMC64) aside, the id >> 5 is 0x84000000 >> 5
	 * - ids 0x84000000-0x8400001f and 0xc4000000-0xc400001f */
hvc_far:
	and	w3, w0, #(0xffffffff ^ PSCI_RANGE_SMC64)
	mov	w2, #(PSCI_RANGE_BASE >> PSCI_RANGE_SHIFT)
	cmp	w2, w3, lsr #PSCI_RANGE_SHIFT
	b.eq	1f
	mov	x0, #0xffffffff			/* BL_HVC_NOT_SUPPORTED as a 32-bit id */
	str	x0, [sp]
	restore_hot
1:	save_caller_rest
	mov	x0, sp
	bl	hvc_other
	restore_caller

	/* the HVC table's base id (hvc.c HVC_BASE = Table 4's first id) */
	.balign	4
hvc_base:
	.word	ARCH_HVC_VECTOR_BASE

	/* the 0x400 slot's other exceptions: x1 = ESR_EL2, x0 the frame
	 * (save_hot's part) from here. trap_sys64_hot() cannot touch x4-x7,
	 * x16, x17 (arch.mk SYS_HOT_FLAGS), and a BL within the 2 MiB image
	 * needs no veneer (which would use x16/x17). */
guest_sync:
	mov	x0, sp
	bl	trap_sys64_hot		/* (f, esr): returns when it did the access */
	/* after save_hot and a hot access: x4-x29 and SPSR_EL2 are the
	 * guest's still, ELR_EL2 its next instruction */
	ldp	x2, x3, [sp, #16 * 1]
	ldr	x30, [sp, #16 * 15]
	ldp	x0, x1, [sp], #FRAME_SIZE
	eret

	/* anything else: trap_sys64_hot()'s tail call, SP the frame, x4-x29
	 * the guest's (sys_trap.h) */
	.global	guest_sync_slow
guest_sync_slow:
	save_caller_rest
	save_rest
	mov	x0, sp
	bl	arm64_trap_sync
	b	guest_exit

	/* a physical IRQ other than hyp_irq_hot()'s common case: its tail
	 * calls, w0 the acknowledged GICC_IAR value (the id for the queue),
	 * SP the frame with save_hot's part. Each goes on in general C
	 * (arch/exit.h hyp_irq_*): what that may change first. */
	.macro	irq_call name, fn
	.global	\name
\name:
	save_caller_rest
	bl	\fn
	restore_caller
	.endm
	irq_call guest_irq_slow, hyp_irq_acked		/* an SPI, spurious: all of hyp_irq() */
	irq_call guest_irq_own, hyp_irq_own		/* the monitor's own */
	irq_call guest_irq_sgi, hyp_irq_sgi		/* a guest's SGI, ended, no list register free: (id, source) */
	irq_call guest_irq_queue, hyp_irq_queue		/* a guest's PPI, ended, no list register free */

	/* a word store to the emulated register with a store path of its own
	 * (exit.h mmio_hot: GICD_SGIR): trap_sys64_hot()'s tail call, w0 the
	 * value, x1 the store function, ELR_EL2 past the store, SP the frame
	 * with save_hot's part. The store is general C: what that may change
	 * first. x8-x29 are the guest's still. */
	.global	guest_store_hot
guest_store_hot:
	save_caller_rest
	blr	x1
	restore_caller

	/* from AArch32 (an AArch32 EL1 guest, or EL0): trap32.c */
guest_sync_a32:
	save_frame
	mov	x0, sp
	bl	arm64_trap_sync_a32
	/* fall through */

	.global	guest_exit
guest_exit:
	ldp	x30, x0, [sp, #16 * 15]
	ldr	x1, [sp, #16 * 16]
	msr	elr_el2, x0
	msr	spsr_el2, x1
	ldp	x0, x1, [sp, #16 * 0]
	ldp	x2, x3, [sp, #16 * 1]
	ldp	x4, x5, [sp, #16 * 2]
	ldp	x6, x7, [sp, #16 * 3]
	ldp	x8, x9, [sp, #16 * 4]
	ldp	x10, x11, [sp, #16 * 5]
	ldp	x12, x13, [sp, #16 * 6]
	ldp	x14, x15, [sp, #16 * 7]
	ldp	x16, x17, [sp, #16 * 8]
	ldp	x18, x19, [sp, #16 * 9]
	ldp	x20, x21, [sp, #16 * 10]
	ldp	x22, x23, [sp, #16 * 11]
	ldp	x24, x25, [sp, #16 * 12]
	ldp	x26, x27, [sp, #16 * 13]
	ldp	x28, x29, [sp, #16 * 14]
	add	sp, sp, #FRAME_SIZE
	eret

/*
 * cpu_enter_el1(pc, spsr, x0, x1, x2): the first entry (guest32.c
 * cpu_enter_guest: EL1h with D, A, I, F masked, or A32 SVC), x3-x30
 * zero. Every trap from the guest then starts on this CPU's stack where
 * it is now (16-byte aligned): what is above it is dead, the call does
 * not return (as on AArch32, arch/arm32/cpu_init.c).
 */
	.global	cpu_enter_el1
	.type	cpu_enter_el1, %function
cpu_enter_el1:
	mov	x5, sp
	and	x5, x5, #~15
	mov	sp, x5
	msr	elr_el2, x0
	msr	spsr_el2, x1
	mov	x0, x2
	mov	x1, x3
	mov	x2, x4
	mov	x3, xzr
	.irp	n, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30
	mov	x\n, xzr
	.endr
	isb
	eret
	.size	cpu_enter_el1, . - cpu_enter_el1
