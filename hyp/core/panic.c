/*
 * The monitor's own invariants failed, or it took an exception in HYP
 * mode: a monitor bug, never a guest's doing (guest input is validated and
 * answered with an error or an exception in the guest). Report and stop.
 * blmon_fatal(): a shape of machine the monitor cannot serve, found at
 * start-up: say why and stop the machine with a failure status.
 */
#include <stdarg.h>
#include "blmon.h"
#include "arch_cpu.h"
#include "fmt.h"
#include "exit.h"
#include "blmon_log.h"

void hyp_panic(const char *what)
{
	log_error("PANIC: %s\n", what);
	board_fatal_exit();
}

void blmon_fatal(const char *fmt, ...)
{
	char buf[192];
	va_list ap;

	va_start(ap, fmt);
	(void)fmt_vsnprintf(buf, sizeof(buf), fmt, ap);
	va_end(ap);
	log_printf("blmon: fatal: %s\n", buf);
	board_fatal_exit();
}

void hyp_panic_exception(struct guest_frame *f, unsigned vector)
{
	struct cpu_fault_regs r = cpu_fault_regs();

	log_error("exception in HYP: vector 0x%02x HSR=%08lx ELR=%08lx HDFAR=%08lx r0=%08lx lr=%08lx\n",
		  vector * 4, (unsigned long)r.syndrome, (unsigned long)r.elr,
		  (unsigned long)r.far, (unsigned long)f->r[0],
		  (unsigned long)frame_lr(f));
	hyp_panic("unexpected exception in HYP mode");
}
