/*
 * vexpress-a15 only (scenario "vexpress", -smp 2): the board registers the
 * monitor emulates (board/vexpress-a15/sysreg.c) and the secondary CPU
 * started the way Linux starts it on this board, through SYS_FLAGS.
 * Built for every board like every test guest; run on vexpress-a15 only.
 *
 * The guest boots twice: the first boot starts CPU1, marks SYS_NVFLAGS
 * (which a reset keeps) and reboots through SYS_CFGCTRL; the checks run
 * in the second boot, so they also show that the reboot went through the
 * monitor and left nothing behind (the guest's SYS_FLAGS 0, CPU1 back in
 * QEMU's stub and startable again).
 */
#include "guest.h"

#define SYSREGS       0x1c010000u
#define SYS_ID        (SYSREGS + 0x00u)
#define SYS_FLAGS     (SYSREGS + 0x30u)   /* write: FLAGSSET */
#define SYS_FLAGSCLR  (SYSREGS + 0x34u)
#define SYS_NVFLAGS   (SYSREGS + 0x38u)   /* write: NVFLAGSSET; kept across a reset */
#define SYS_NVFLAGSCLR (SYSREGS + 0x3cu)
#define REBOOTED      0x00000001u         /* the NVFLAGS bit this test uses */
#define SYS_CFGDATA   (SYSREGS + 0xa0u)
#define SYS_CFGCTRL   (SYSREGS + 0xa4u)
#define SYS_CFGSTAT   (SYSREGS + 0xa8u)
#define SYS_ID_V2M    0x1190f500u         /* what QEMU's V2M-P1 reports */
#define SRAM_STUB     0x14000000u         /* QEMU's secondary stub: the monitor's */
#define GICH_CPU1     0x2c005200u         /* GICH as CPU 1's alias: the monitor's */
#define GICD_SPENDSGIR3 0x2c001f2cu       /* SGIs 12-15 pending, this CPU's view */

#define R32(a)    (*(volatile uint32_t *)(a))
#define DFSR_EXT_READ  0x008u
#define DFSR_EXT_WRITE 0x808u

static volatile uint32_t sink;

static void word_registers(void)
{
	check_eq("SYS_ID reads the motherboard's id (forwarded)", R32(SYS_ID), SYS_ID_V2M);
	check_eq("SYS_NVFLAGS kept the first boot's mark across the reboot (forwarded)",
		 R32(SYS_NVFLAGS) & REBOOTED, REBOOTED);
	R32(SYS_NVFLAGSCLR) = REBOOTED;
	check_eq("SYS_FLAGS reads 0: the guest's own, not the monitor's start-up address",
		 R32(SYS_FLAGS), 0);
	R32(SYS_FLAGS) = 0;   /* sets no bit: starts nothing */
	R32(SYS_FLAGSCLR) = 0x0000000fu;
	check_eq("FLAGSCLR of clear bits leaves SYS_FLAGS 0", R32(SYS_FLAGS), 0);
	check_eq("FLAGSCLR reads 0", R32(SYS_FLAGSCLR), 0);

	/* a config-bus read through the forwarded SYS_CFG* registers: the
	 * daughterboard's voltage sensor 0 (function 2, site 1) */
	R32(SYS_CFGSTAT) = 0;
	R32(SYS_CFGCTRL) = (1u << 31) | (2u << 20) | (1u << 16);
	check_eq("config-bus read: SYS_CFGSTAT complete", R32(SYS_CFGSTAT), 1);
	check_eq("... SYS_CFGDATA = the A15's 0.9 V in uV", R32(SYS_CFGDATA), 900000);
}

static void bad_accesses(void)
{
	static const struct { uint32_t addr; unsigned size; bool write; const char *what; } bad[] = {
		{ SYS_FLAGS, 1, false, "byte read of SYS_FLAGS" },
		{ SYS_FLAGS + 2, 2, false, "halfword read of SYS_FLAGS" },
		{ SYS_FLAGS, 1, true, "byte write of FLAGSSET" },
		{ SYS_CFGCTRL + 2, 2, true, "halfword write to SYS_CFGCTRL" },
		{ SRAM_STUB, 4, false, "read of QEMU's secondary stub" },
		{ SRAM_STUB + 0xffcu, 4, true, "write to QEMU's secondary stub" },
		{ GICH_CPU1 + 0x100u, 4, true, "write to GICH_LR0 through CPU 1's GICH alias" },
		{ GICH_CPU1 + 0x004u, 4, false, "read of GICH_VTR through CPU 1's GICH alias" },
	};

	for (unsigned i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		uint32_t a = bad[i].addr;

		exc_clear();
		if (bad[i].write && bad[i].size == 1)
			*(volatile uint8_t *)a = 0xff;
		else if (bad[i].write && bad[i].size == 2)
			*(volatile uint16_t *)a = 0xffff;
		else if (bad[i].write)
			R32(a) = 0xe12fff1eu;   /* bx lr */
		else if (bad[i].size == 1)
			sink = *(volatile uint8_t *)a;
		else if (bad[i].size == 2)
			sink = *(volatile uint16_t *)a;
		else
			sink = R32(a);
		check(last_exc.kind == EXC_DABT && last_exc.far == a &&
		      last_exc.fsr == (bad[i].write ? DFSR_EXT_WRITE : DFSR_EXT_READ),
		      "%s: data abort at it (kind %u, DFAR 0x%08lx, DFSR 0x%03lx)", bad[i].what,
		      (unsigned)last_exc.kind, (unsigned long)last_exc.far, (unsigned long)last_exc.fsr);
	}
	check_eq("SYS_FLAGS unchanged by the refused writes", R32(SYS_FLAGS), 0);
	R32(SRAM_STUB + 0x1000u) = 0x5a5a1234u;
	check_eq("the rest of the SRAM is the guest's", R32(SRAM_STUB + 0x1000u), 0x5a5a1234u);
}

void secondary_main(uint32_t context, uint32_t cpsr);
static volatile uint32_t sec_context = 0xdeadu, sec_cpsr, sec_cpu, sec_sgi15, sec_runs;

void secondary_main(uint32_t context, uint32_t cpsr)
{
	sec_context = context;
	sec_cpsr = cpsr;
	sec_cpu = bl_hvc_regs(HVC_MONITOR_INFO, 0, 0, 0).r3;
	sec_sgi15 = R32(GICD_SPENDSGIR3) >> 24;
	dsb();
	sec_runs++;
	for (;;)
		__asm__ volatile("wfi");
}

static void wait_runs(uint32_t n)
{
	for (unsigned i = 0; i < 50000000 && sec_runs < n; i++)
		__asm__ volatile("" ::: "memory");
}

static void start_through_flags(void)
{
	check_eq("AFFINITY_INFO(CPU1) before: OFF", psci_call(PSCI_AFFINITY_INFO_FN, 1, 0, 0), 1);
	/* Linux's way: clear, then the secondary entry point */
	R32(SYS_FLAGSCLR) = ~0u;
	R32(SYS_FLAGS) = (uint32_t)secondary_entry;
	check_eq("SYS_FLAGS reads back the entry written", R32(SYS_FLAGS), (uint32_t)secondary_entry);
	wait_runs(1);
	check_eq("FLAGSSET started CPU1 at that entry", sec_runs, 1);
	check_eq("... with r0 = 0", sec_context, 0);
	check_eq("... in SVC mode", sec_cpsr & 0x1f, 0x13);
	check_eq("... through the monitor (HVC answers it as CPU 1)", sec_cpu, 1);
	check_eq("... without the monitor's wake-up SGI 15 pending for it", sec_sgi15, 0);
	check_eq("AFFINITY_INFO(CPU1): ON", psci_call(PSCI_AFFINITY_INFO_FN, 1, 0, 0), 0);
	R32(SYS_FLAGS) = 1u;
	wait_runs(2);
	check_eq("another FLAGSSET does not start a CPU that is on", sec_runs, 1);
	R32(SYS_FLAGSCLR) = ~0u;
	check_eq("FLAGSCLR ~0 clears the guest's SYS_FLAGS", R32(SYS_FLAGS), 0);
}

/* The config-bus write Linux's vexpress-poweroff/-reboot drivers make
 * (site 0, position 0, device 0), which the monitor does in their place. */
static void mcc_power(uint32_t function)
{
	R32(SYS_CFGDATA) = 0;
	R32(SYS_CFGCTRL) = (1u << 31) | (1u << 30) | (function << 20);
}

static void first_boot(void)
{
	gprintf("# vexpress, first boot: CPU1 started through SYS_FLAGS, then a reboot "
		"through SYS_CFGCTRL (the checks run after it)\n");
	R32(SYS_FLAGS) = (uint32_t)secondary_entry;
	wait_runs(1);
	gprintf("# CPU1 ran %lu time(s)\n", (unsigned long)sec_runs);
	R32(SYS_NVFLAGS) = REBOOTED;
	mcc_power(9);   /* REBOOT */
	gprintf("SYS_CFGCTRL reboot returned\n");
	psci_system_off();   /* no summary line: the harness reports the failure */
}

void guest_start(uint32_t r0, uint32_t r1, uint32_t r2, uint32_t cpsr);
void guest_start(uint32_t r0, uint32_t r1, uint32_t r2, uint32_t cpsr)
{
	(void)r0; (void)r1; (void)r2; (void)cpsr;
	if (!(R32(SYS_NVFLAGS) & REBOOTED))
		first_boot();
	gprintf("# vexpress: emulated system registers, CPUs started through SYS_FLAGS\n");
	word_registers();
	bad_accesses();
	start_through_flags();
	/* the end: power off the way Linux does on this board (a config-bus
	 * SHUTDOWN), which the monitor turns into its own power-off */
	test_summary();
	mcc_power(8);   /* SHUTDOWN */
	gprintf("SYS_CFGCTRL shutdown returned\n");
	for (;;)
		__asm__ volatile("wfi");
}
