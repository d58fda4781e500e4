/* Exceptions taken by the test guest: recorded for the tests, then resumed
 * past the faulting instruction (or via the hooks). */
#include "guest.h"

volatile struct exc_record last_exc;
void (*pabt_hook)(void);
void (*irq_hook)(void);

struct exc_frame { uint32_t r[13]; uint32_t lr; };

void guest_exception(unsigned kind, struct exc_frame *f, uint32_t spsr);
extern char user_resume[];

void exc_clear(void)
{
	last_exc.kind = EXC_NONE;
	last_exc.count = 0;
	last_exc.pc = last_exc.fsr = last_exc.far = last_exc.spsr = 0;
}

void guest_exception(unsigned kind, struct exc_frame *f, uint32_t spsr)
{
	bool thumb = spsr & (1u << 5);

	/* SVC #0x55 is run_user()'s way back: not an exception a test saw.
	 * Resume at user_resume in SVC mode (SPSR_svc said USR). */
	if (kind == EXC_SVC && !thumb && (*(uint32_t *)(f->lr - 4) & 0xffffff) == 0x55) {
		f->lr = (uint32_t)user_resume;
		__asm__ volatile("msr spsr_cxsf, %0" : : "r"((spsr & ~0x1fu) | 0x13u));
		return;
	}
	/* Interrupts are not faults a test looks for: the hook's business.
	 * LR = the next instruction + 4: resume there. */
	if (kind == EXC_IRQ) {
		f->lr -= 4;
		if (irq_hook)
			irq_hook();
		return;
	}
	/* The resume address stays in a local, never read back from
	 * last_exc: that record is one for all CPUs, and in an SMP guest
	 * another CPU's exception may overwrite it meanwhile (the PABT hook
	 * traps to the monitor: a long window). Reading it back once sent a
	 * CPU of hostile_smp to another CPU's faulting instruction. */
	uint32_t pc;

	last_exc.kind = (enum exc_kind)kind;
	last_exc.count++;
	last_exc.spsr = spsr;
	switch (kind) {
	case EXC_UND:   /* LR = insn + 4 (ARM) / + 2 (Thumb): resume after it */
	case EXC_SVC:
		last_exc.pc = f->lr - (thumb ? 2 : 4);
		break;
	case EXC_PABT:  /* LR = insn + 4 */
		last_exc.pc = pc = f->lr - 4;
		last_exc.fsr = read_IFSR();
		last_exc.far = read_IFAR();
		if (pabt_hook)
			pabt_hook();
		f->lr = pc;                          /* retry (hook disarmed it) */
		break;
	case EXC_DABT:  /* LR = insn + 8: resume at insn + 4 */
		last_exc.pc = pc = f->lr - 8;
		last_exc.fsr = read_DFSR();
		last_exc.far = read_DFAR();
		f->lr = pc + (thumb ? 2 : 4);
		break;
	default:
		last_exc.pc = f->lr - 4;
		break;
	}
}

/* DFSR, short descriptors (the guest's MMU is off): a synchronous external
 * abort, bit 11 (WnR) set for a write. */
#define DFSR_SYNC_EXTERNAL  0x008u
#define DFSR_WNR            0x800u

void check_unreachable(uint32_t addr, const char *what)
{
	volatile uint32_t *p = (volatile uint32_t *)addr;
	uint32_t sink;

	exc_clear();
	*p = 0xdeadbeef;
	check(last_exc.kind == EXC_DABT && last_exc.far == addr &&
	      last_exc.fsr == (DFSR_SYNC_EXTERNAL | DFSR_WNR),
	      "write to %s (0x%08lx): data abort there (kind %u, DFAR 0x%08lx, DFSR 0x%03lx)", what,
	      (unsigned long)addr, last_exc.kind, (unsigned long)last_exc.far, (unsigned long)last_exc.fsr);
	exc_clear();
	sink = *p;
	check(last_exc.kind == EXC_DABT && last_exc.far == addr && last_exc.fsr == DFSR_SYNC_EXTERNAL,
	      "read of %s (0x%08lx): data abort there (kind %u, DFAR 0x%08lx, DFSR 0x%03lx)", what,
	      (unsigned long)addr, last_exc.kind, (unsigned long)last_exc.far, (unsigned long)last_exc.fsr);
	(void)sink;
}

static uint8_t user_stack[4096] __attribute__((aligned(16)));
void user_call(void (*fn)(void), void *usr_sp);

void run_user(void (*fn)(void))
{
	user_call(fn, user_stack + sizeof(user_stack));
}

/* Scenarios that start secondary CPUs define their own. */
void secondary_main(uint32_t context, uint32_t cpsr);
__attribute__((weak)) void secondary_main(uint32_t context, uint32_t cpsr)
{
	(void)context; (void)cpsr;
	for (;;)
		__asm__ volatile("wfi");
}
