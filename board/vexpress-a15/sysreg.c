/*
 * The motherboard's system registers as the guest sees them (stage 2 leaves
 * the page unmapped; hyp/exit/mmio.c decodes each access and calls
 * ve_sysreg_access). Every access goes to the real registers except two
 * things the monitor must own:
 *
 *  - SYS_FLAGS. QEMU's secondary stub (like a real board's boot monitor)
 *    sends a CPU that wakes up to the address in the physical register,
 *    which the monitor keeps pointing at its own start-up (board.c). The
 *    guest gets a register of its own: FLAGSSET sets bits, FLAGSCLR clears
 *    them, reading FLAGSSET (SYS_FLAGS) returns them, reading FLAGSCLR
 *    returns 0 as on QEMU. A write that sets bits also starts every CPU
 *    that is off at the resulting address, through the monitor: Linux's
 *    vexpress SMP code writes its secondary entry there and then holds
 *    each CPU in its pen until it releases it.
 *  - Shutdown and reboot. A SYS_CFGCTRL write that starts a config-bus
 *    write of function 8 (SHUTDOWN) or 9 (REBOOT), whatever the site,
 *    board or device, powers the machine through the monitor, which prints
 *    its last line first: a guest cannot turn the machine or part of it
 *    off behind the monitor's back.
 *
 * Guest input is hostile: only aligned 32-bit accesses inside the page
 * (the registers are words); anything else is refused, which gives the
 * guest a data abort.
 */
#include "blmon.h"
#include "board_common.h"
#include "io.h"
#include "spinlock.h"
#include "vexpress.h"

static spinlock_t flags_lock;
static uint32_t guest_flags;

/* Start every CPU that is off at `entry` (the others answer ALREADY_ON or
 * ON_PENDING). */
static void start_cpus_at(uint32_t entry)
{
	for (unsigned cpu = 0; cpu < ve_ncpus; cpu++)
		if (blmon_cpu_on(cpu, entry, 0) == 0)
			blmon_print("CPU%u started at %08lx (the guest's SYS_FLAGS)", cpu,
				    (unsigned long)entry);
}

static void flags_write(uint32_t reg, uint32_t v)
{
	uint32_t now;

	spin_lock(&flags_lock);
	guest_flags = reg == SYS_FLAGSSET ? guest_flags | v : guest_flags & ~v;
	now = guest_flags;
	spin_unlock(&flags_lock);
	if (reg == SYS_FLAGSSET && v != 0)
		start_cpus_at(now);
}

static void cfgctrl_write(uint32_t v)
{
	if ((v & (CFGCTRL_START | CFGCTRL_WRITE)) == (CFGCTRL_START | CFGCTRL_WRITE)) {
		if (CFGCTRL_FUNC(v) == CFG_SHUTDOWN)
			blmon_system_off();
		if (CFGCTRL_FUNC(v) == CFG_REBOOT)
			blmon_system_reset();
	}
	mmio_write32(VE_SYSREGS + SYS_CFGCTRL, v);
}

bool ve_sysreg_access(uint32_t offset, unsigned size, bool write, uint32_t *val)
{
	if (size != 4 || (offset & 3) || offset >= VE_SYSREGS_SIZE)
		return false;
	switch (offset) {
	case SYS_FLAGSSET:
	case SYS_FLAGSCLR:
		if (write)
			flags_write(offset, *val);
		else
			*val = offset == SYS_FLAGSSET ? guest_flags : 0;
		return true;
	case SYS_CFGCTRL:
		if (!write)
			break;
		cfgctrl_write(*val);
		return true;
	default:
		break;
	}
	if (write)
		mmio_write32(VE_SYSREGS + offset, *val);
	else
		*val = mmio_read32(VE_SYSREGS + offset);
	return true;
}
