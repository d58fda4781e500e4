/*
 * Guest register access, instruction stepping and exception injection
 * (ARM ARM B1.8-B1.9: exception entry; B1.3.3: banked registers).
 */
#include "vcpu.h"
#include "cpregs_access.h"
#include "blmon_log.h"

/* LR of the guest's current mode. HYP shares LR with usr/sys, so those come
 * from the frame; the others are banked and read with MRS (virt ext). */
#define BANKED_LR(mode) ({ uint32_t _v; __asm__ volatile("mrs %0, LR_" #mode : "=r"(_v)); _v; })
#define SET_BANKED_LR(mode, x) __asm__ volatile("msr LR_" #mode ", %0" : : "r"(x))

static bool get_lr(struct guest_frame *f, uint32_t spsr, uint32_t *val)
{
	switch (spsr & PSR_MODE_MASK) {
	case PSR_MODE_USR:
	case PSR_MODE_SYS: *val = f->lr_usr; return true;
	case PSR_MODE_SVC: *val = BANKED_LR(svc); return true;
	case PSR_MODE_ABT: *val = BANKED_LR(abt); return true;
	case PSR_MODE_UND: *val = BANKED_LR(und); return true;
	case PSR_MODE_IRQ: *val = BANKED_LR(irq); return true;
	case PSR_MODE_FIQ: *val = BANKED_LR(fiq); return true;
	default: return false;
	}
}

static bool set_lr(struct guest_frame *f, uint32_t spsr, uint32_t val)
{
	switch (spsr & PSR_MODE_MASK) {
	case PSR_MODE_USR:
	case PSR_MODE_SYS: f->lr_usr = val; return true;
	case PSR_MODE_SVC: SET_BANKED_LR(svc, val); return true;
	case PSR_MODE_ABT: SET_BANKED_LR(abt, val); return true;
	case PSR_MODE_UND: SET_BANKED_LR(und, val); return true;
	case PSR_MODE_IRQ: SET_BANKED_LR(irq, val); return true;
	case PSR_MODE_FIQ: SET_BANKED_LR(fiq, val); return true;
	default: return false;
	}
}

/* FIQ mode banks r8-r12: the frame holds the usr copies. */
static uint32_t get_fiq_reg(unsigned n)
{
	uint32_t x = 0;

	switch (n) {
	case 8: __asm__ volatile("mrs %0, r8_fiq" : "=r"(x)); break;
	case 9: __asm__ volatile("mrs %0, r9_fiq" : "=r"(x)); break;
	case 10: __asm__ volatile("mrs %0, r10_fiq" : "=r"(x)); break;
	case 11: __asm__ volatile("mrs %0, r11_fiq" : "=r"(x)); break;
	default: __asm__ volatile("mrs %0, r12_fiq" : "=r"(x)); break;
	}
	return x;
}

static void set_fiq_reg(unsigned n, uint32_t x)
{
	switch (n) {
	case 8: __asm__ volatile("msr r8_fiq, %0" : : "r"(x)); break;
	case 9: __asm__ volatile("msr r9_fiq, %0" : : "r"(x)); break;
	case 10: __asm__ volatile("msr r10_fiq, %0" : : "r"(x)); break;
	case 11: __asm__ volatile("msr r11_fiq, %0" : : "r"(x)); break;
	default: __asm__ volatile("msr r12_fiq, %0" : : "r"(x)); break;
	}
}

bool vcpu_get_banked_reg(struct guest_frame *f, uint32_t spsr, unsigned n, uint32_t *val)
{
	if (vcpu_frame_holds(spsr, n)) {
		*val = f->r[n];
		return true;
	}
	if (n < 13) {
		*val = get_fiq_reg(n);
		return true;
	}
	if (n == 14)
		return get_lr(f, spsr, val);
	return false;
}

bool vcpu_set_banked_reg(struct guest_frame *f, uint32_t spsr, unsigned n, uint32_t val)
{
	if (vcpu_frame_holds(spsr, n)) {
		f->r[n] = val;
		return true;
	}
	if (n < 13) {
		set_fiq_reg(n, val);
		return true;
	}
	if (n == 14)
		return set_lr(f, spsr, val);
	return false;
}

void vcpu_skip_thumb_insn(struct vcpu *v)
{
	v->elr += (v->hsr & (1u << 25)) ? 4 : 2;
	v->spsr = a32_it_advance(v->spsr);   /* arch/a32_iss.h */
}

/*
 * Take an exception into the guest's PL1 mode `mode` at vector offset `vec`
 * with LR = return: what the hardware does (ARM ARM B1.8.3), done by hand
 * because the exception is the monitor's decision, not the hardware's.
 */
static void enter_guest_exception(struct vcpu *v, uint32_t mode, uint32_t vec,
				  uint32_t lr, uint32_t mask)
{
	uint32_t sctlr = read_SCTLR();
	uint32_t base = (sctlr & (1u << 13)) ? 0xffff0000u : read_VBAR();
	uint32_t cpsr = (v->spsr & ~(PSR_MODE_MASK | PSR_T | PSR_E | (0x3fu << 10) |
				     (3u << 25) | (1u << 24)))
			| mode | mask;

	if (sctlr & (1u << 30)) /* TE: exceptions taken in Thumb state */
		cpsr |= PSR_T;
	if (sctlr & (1u << 25)) /* EE: exception endianness */
		cpsr |= PSR_E;

	switch (mode) {
	case PSR_MODE_UND:
		__asm__ volatile("msr SPSR_und, %0" : : "r"(v->spsr));
		SET_BANKED_LR(und, lr);
		break;
	default:
		__asm__ volatile("msr SPSR_abt, %0" : : "r"(v->spsr));
		SET_BANKED_LR(abt, lr);
		break;
	}
	v->spsr = cpsr;
	v->elr = base + vec;
}

void vcpu_inject_undef(struct vcpu *v)
{
	/* LR_und = instruction + 4 (ARM) or + 2 (Thumb), ARM ARM table B1-7 */
	uint32_t lr = v->elr + ((v->spsr & PSR_T) ? 2 : 4);

	log_debug("inject UNDEF at pc=%08lx hsr=%08lx\n", (unsigned long)v->elr,
		  (unsigned long)v->hsr);
	enter_guest_exception(v, PSR_MODE_UND, 0x04, lr, PSR_I);
}

/* Fault status: a synchronous external abort, in the format the guest's
 * TTBCR.EAE selects (short descriptor 0b01000, LPAE 0b010000). */
static uint32_t ext_abort_fsr(bool write)
{
	uint32_t fsr = (read_TTBCR() & (1u << 31)) ? ((1u << 9) | 0x10) : 0x08;

	return fsr | (write ? (1u << 11) : 0);
}

void vcpu_inject_dabt(struct vcpu *v, uint32_t far, bool write)
{
	write_DFAR(far);
	write_DFSR(ext_abort_fsr(write));
	enter_guest_exception(v, PSR_MODE_ABT, 0x10, v->elr + 8, PSR_I | PSR_A);
}

/* ELR already points past the HVC, the preferred return address: back to
 * the HVC itself for the UNDEF. */
void __attribute__((noinline)) vcpu_undef_at_hvc(struct guest_frame *f, uint32_t hsr)
{
	struct vcpu v;

	vcpu_load(&v, f, hsr);
	v.elr -= (hsr & HSR_IL) ? 4 : 2;
	vcpu_inject_undef(&v);
	vcpu_put(&v);
}

void vcpu_inject_trapped_dabt(struct vcpu *v)
{
	vcpu_inject_dabt(v, read_HDFAR(), (v->hsr >> 6) & 1);   /* HSR.ISS WnR */
}

void vcpu_inject_pabt(struct vcpu *v, uint32_t far)
{
	write_IFAR(far);
	write_IFSR(ext_abort_fsr(false) & ~(1u << 11));
	enter_guest_exception(v, PSR_MODE_ABT, 0x0c, v->elr + 4, PSR_I | PSR_A);
}
