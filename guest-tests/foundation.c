/*
 * Foundation scenario (issue #2): the launch contract, HVC dispatch,
 * UNDEF injection, stage-2 protection, PSCI forwarding, power-off. PSCI
 * goes through the board's conduit (psci_call: SMC on virt, HVC on
 * vexpress-a15, which has no EL3).
 */
#include "guest.h"

static volatile uint32_t sink;


static void __attribute__((noinline)) hvc_imm1(void)
{
	__asm__ volatile(".arch_extension virt\n\thvc #1" ::: "memory");
}

static uint32_t smc_call(uint32_t fid)
{
	register uint32_t r0 __asm__("r0") = fid;

	__asm__ volatile(".arch_extension sec\n\tsmc #0" : "+r"(r0) : : "r1", "r2", "r3", "memory");
	return r0;
}

static void __attribute__((noinline)) smc_insn(void)
{
	__asm__ volatile(".arch_extension sec\n\tsmc #0" ::: "r0", "r1", "r2", "r3", "memory");
}

static void boot_contract(uint32_t r0, uint32_t r1, uint32_t r2, uint32_t cpsr)
{
	uint64_t base = 0, size = 0;

	check_eq("guest entered in SVC mode", cpsr & 0x1f, 0x13);
	check_eq("guest entered with IRQ/FIQ/async aborts masked", cpsr & 0x1c0, 0x1c0);
	check_eq("guest entered with MMU off", read_SCTLR() & 1, 0);
	check_eq("boot r0 = 0", r0, 0);
	check_eq("boot r1 = the machine id of QEMU's stub (~0 virt, 0x8e0 vexpress)", r1, GUEST_MACHINE_ID);
	check(r2 >= GUEST_RAM_BASE && r2 < guest_ram_end && fdt_memory((const void *)r2, &base, &size),
	      "boot r2 = a DTB in guest RAM (r2=0x%08lx)", (unsigned long)r2);
	check_eq("DTB /memory starts at RAM base", base, GUEST_RAM_BASE);
	check_eq("DTB /memory ends below the monitor", base + size, guest_ram_end);
}

static void hvc_dispatch(void)
{
	struct bl_hvc_regs r = bl_hvc_regs(HVC_MONITOR_INFO, 0, 0, 0);

	check_eq("HVC round trip: r0 = ABI version", r.r0, BL_ABI_VERSION);
	check(r.r1 == A15_CLUSTER || r.r1 == A7_CLUSTER, "HVC round trip: r1 = active cluster (%lu)",
	      (unsigned long)r.r1);
	check_eq("monitor runs in HYP mode (CPSR.M from HVC_MONITOR_INFO)", r.r2 & 0x1f, 0x1a);
	check_eq("HVC round trip: r3 = CPU index 0", r.r3, 0);

	static const uint32_t unknown[] = { 0, 1, 0x90000000u, 0x90000fffu, 0x90001014u, 0x900010ffu,
					    0x90001102u, 0x90001202u, 0x90001307u, 0x9000ffffu,
					    0x8400001fu, 0xc400001fu, 0x83ffffffu, 0x84000020u, 0xffffffffu };
	for (unsigned i = 0; i < sizeof(unknown) / sizeof(unknown[0]); i++)
		check_eq("unknown HVC id returns -1 (NOT_SUPPORTED)", (uint32_t)hvc(unknown[i]),
			 (uint32_t)BL_HVC_NOT_SUPPORTED);

	exc_clear();
	hvc_imm1();
	check_eq("HVC #1 (non-zero immediate) raises UNDEF in the guest", last_exc.kind, EXC_UND);
	check_eq("... at the HVC instruction", last_exc.pc, (uint32_t)hvc_imm1);
}

static void undef_injection(void)
{
	/* PMOVSSET, which the v7 PMU with the Virtualization Extensions has
	 * (the A15's and the A7's TRMs): trapped (HDCR.TPM, state 1) and
	 * emulated - the flag it sets reads back through PMOVSR, in state 2
	 * (the monitor's UNDEF injection: HVC #1 above). */
	hvc(HVC_PMU_SWITCH, 0);
	uint32_t state = (uint32_t)hvc(HVC_PMU_GET_STATE);

	exc_clear();
	write_PMOVSSET(0x4u);
	check_eq("trapped MCR PMOVSSET (state 1) runs without an exception", last_exc.count, 0);
	check_eq("... from state 1", state, 1);
	check_eq("... moves to state 2", (uint32_t)hvc(HVC_PMU_GET_STATE), 2);
	check_eq("... and set PMOVSR bit 2", read_PMOVSR() & 0x8000000fu, 0x4);
	write_PMOVSR(0x4u);
	check_eq("... which PMOVSR clears", read_PMOVSR() & 0x8000000fu, 0);
}

static void stage2_protection(void)
{
	uint32_t sum = (uint32_t)hvc(HVC_MONITOR_CHECKSUM);
	const uint32_t targets[] = { monitor_base, monitor_base + 0x1000, monitor_base + 0x1ffffc };

	for (unsigned i = 0; i < 3; i++)
		check_unreachable(targets[i], "monitor memory");
	exc_clear();
	*(volatile uint32_t *)GUEST_GICH = 0;   /* GICH: the hypervisor's */
	check_eq("write to GICH (hypervisor interface) aborts", last_exc.kind, EXC_DABT);
	check_eq("monitor code+rodata checksum unchanged", (uint32_t)hvc(HVC_MONITOR_CHECKSUM), sum);
	check(sum != 0, "checksum is not trivially zero");
}

static void psci(void)
{
	if (GUEST_PSCI_HVC) {
		/* no EL3: the SMC is UNDEFINED at PL1, before any HYP trap */
		exc_clear();
		smc_insn();
		check_eq("SMC on a board without EL3 raises UNDEF in the guest", last_exc.kind, EXC_UND);
		check_eq("... at the SMC instruction", last_exc.pc, (uint32_t)smc_insn);
	} else {
		uint32_t ver = smc_call(PSCI_VERSION_FN);

		check(ver >= 0x00010000u && ver < 0x00020000u, "PSCI_VERSION forwarded: 1.x (0x%08lx)",
		      (unsigned long)ver);
		check_eq("unknown SMC returns -1", smc_call(0x82000000u), 0xffffffffu);
	}
	/* PSCI's HVC conduit (boards without EL3 use it): the same calls */
	check_eq("PSCI_VERSION through HVC: 1.0", (uint32_t)hvc(0x84000000u), 0x00010000u);
	check_eq("PSCI_FEATURES(CPU_ON) through HVC: implemented", (uint32_t)hvc(0x8400000au, 0x84000003u), 0);
	check_eq("PSCI_FEATURES(CPU_SUSPEND): not supported", (uint32_t)hvc(0x8400000au, 0x84000001u),
		 0xffffffffu);
	check_eq("AFFINITY_INFO(CPU0): ON", (uint32_t)hvc(0x84000004u, 0, 0), 0);
	check_eq("AFFINITY_INFO(CPU1) before CPU_ON: OFF", (uint32_t)hvc(0x84000004u, 1, 0), 1);
	check_eq("CPU_ON(CPU0), already on: ALREADY_ON",
		 bl_hvc_regs(0xc4000003u, 0, (uint32_t)secondary_entry, 0).r0, (uint32_t)-4);
}

/* Per-CPU: CPU1 started through PSCI CPU_ON comes up through the monitor
 * (HYP set-up on that CPU), then in the guest's entry in SVC. */
void secondary_main(uint32_t context, uint32_t cpsr);
static volatile uint32_t sec_context, sec_cpsr, sec_cpu, sec_done;

void secondary_main(uint32_t context, uint32_t cpsr)
{
	sec_context = context;
	sec_cpsr = cpsr;
	sec_cpu = bl_hvc_regs(HVC_MONITOR_INFO, 0, 0, 0).r3;
	dsb();
	sec_done = 1;
	psci_call(PSCI_CPU_OFF_FN, 0, 0, 0);
}

/* CPU_ON(1) with a context id; true once CPU1 reached the guest's entry */
static bool start_cpu1(const char *what, uint32_t context)
{
	sec_done = 0;
	check_eq(what, psci_call(PSCI_CPU_ON_FN, 1, (uint32_t)secondary_entry, context), 0);
	for (unsigned i = 0; i < 50000000 && !sec_done; i++)
		__asm__ volatile("" ::: "memory");
	return sec_done;
}

static void secondary_cpu(void)
{
	check(start_cpu1("PSCI CPU_ON(1) through the monitor returns SUCCESS", 0xc0ffee),
	      "CPU1 reached the guest's entry");
	check_eq("... with r0 = the context id", sec_context, 0xc0ffee);
	check_eq("... in SVC mode", sec_cpsr & 0x1f, 0x13);
	check_eq("... and the monitor answers it as CPU 1 (per-CPU state)", sec_cpu, 1);

	/* CPU1 turned itself off (CPU_OFF): the monitor says so, and starts it
	 * again - on boards without power control it waited in the monitor */
	uint32_t state = 0;

	for (unsigned i = 0; i < 50000000 && (state = psci_call(PSCI_AFFINITY_INFO_FN, 1, 0, 0)) != 1; i++)
		;
	check_eq("AFFINITY_INFO(CPU1) after its CPU_OFF: OFF", state, 1);
	check(start_cpu1("CPU_ON(1) again after its CPU_OFF returns SUCCESS", 0xbeef),
	      "CPU1 came back to the guest's entry");
	check_eq("... with the new context id", sec_context, 0xbeef);
	check_eq("... answered as CPU 1 again", sec_cpu, 1);
	check_eq("CPU_ON for a CPU that does not exist -> INVALID_PARAMETERS",
		 psci_call(PSCI_CPU_ON_FN, 7, (uint32_t)secondary_entry, 0), (uint32_t)-2);
}

/* The entry must be guest RAM: not the monitor's, not a device. */
static void cpu_on_entry_checked(void)
{
	check_eq("CPU_ON at the monitor's memory -> INVALID_ADDRESS",
		 bl_hvc_regs(0x84000003u, 1, monitor_base + 0x100, 0).r0, (uint32_t)-9);
	check_eq("CPU_ON at a device address -> INVALID_ADDRESS",
		 bl_hvc_regs(0x84000003u, 1, GUEST_UART, 0).r0, (uint32_t)-9);
	check_eq("CPU_ON at the end of the address space -> INVALID_ADDRESS",
		 bl_hvc_regs(0x84000003u, 1, 0xffffffffu, 0).r0, (uint32_t)-9);
}

void guest_start(uint32_t r0, uint32_t r1, uint32_t r2, uint32_t cpsr);
void guest_start(uint32_t r0, uint32_t r1, uint32_t r2, uint32_t cpsr)
{
	gprintf("# foundation: launch contract, HVC/trap dispatch, stage 2, PSCI\n");
	boot_contract(r0, r1, r2, cpsr);
	hvc_dispatch();
	undef_injection();
	stage2_protection();
	psci();
	secondary_cpu();
	cpu_on_entry_checked();
	test_finish();
}
