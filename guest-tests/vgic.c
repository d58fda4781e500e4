/*
 * The virtual GIC under a bare-metal guest (issue #11, docs/vgic.md): run
 * with -smp 2. The guest drives its GIC as an OS would - distributor at
 * its DTB's address (emulated by the monitor), CPU interface at its DTB's
 * address (the virtual CPU interface) - and checks that interrupts arrive
 * with the right ids and sources, in priority order, once each, also when
 * more are pending than the list registers hold; that a hardware-linked
 * interrupt is deactivated by the guest's EOI; and that nothing the guest
 * does to the distributor takes the monitor's own interrupts from it.
 */
#include "gic.h"
#include "pmu_guest.h"
#include "vgic_cases.h"

#define CPU1_MPIDR 1u

static struct gic_log *const log0 = &gic_log[0];
static struct gic_log *const log1 = &gic_log[1];

/* ---- two CPUs -------------------------------------------------------------- */

static volatile uint32_t cpu1_ready, cpu1_go, cpu1_done;

void secondary_main(uint32_t context, uint32_t cpsr);
void secondary_main(uint32_t context, uint32_t cpsr)
{
	(void)context; (void)cpsr;
	gic_guest_init();
	gic_guest_enable(4, 0x80);
	irq_enable();
	cpu1_ready = 1;
	while (!cpu1_go)
		__asm__ volatile("" ::: "memory");
	gic_guest_sgi(GICD_SGIR_FILTER_LIST, 1u << 0, 5);      /* to CPU0 */
	vgic_wait_for(&log1->n, 1);
	cpu1_done = 1;
	for (;;)
		__asm__ volatile("wfi");
}

static void between_cpus(void)
{
	vgic_log_reset(log0);
	vgic_log_reset(log1);
	gic_guest_enable(5, 0x80);
	irq_enable();
	check_eq("CPU1 started (PSCI CPU_ON)",
		 bl_hvc_regs(PSCI_CPU_ON_FN, CPU1_MPIDR, (uint32_t)secondary_entry, 0).r0, 0);
	check(vgic_wait_for((const volatile unsigned *)&cpu1_ready, 1), "CPU1 set up its GIC");
	gic_guest_sgi(GICD_SGIR_FILTER_LIST, 1u << 1, 4);      /* to CPU1 */
	cpu1_go = 1;
	check(vgic_wait_for(&log0->n, 1), "CPU1's SGI reaches CPU0");
	check_eq("... SGI 5 from CPU 1 (IAR source field)", log0->iar[0], (1u << 10) | 5);
	check(vgic_wait_for((const volatile unsigned *)&cpu1_done, 1), "CPU0's SGI reaches CPU1");
	check_eq("... SGI 4 from CPU 0", log1->iar[0], 4);
	irq_disable();
}

static uint32_t hvc1(uint32_t fid, uint32_t a1) { return bl_hvc_regs(fid, a1, 0, 0).r0; }

static const struct vgic_case_ops ops = { hvc1 };

/* Accesses a GIC does not allow, or the syndrome cannot describe: aborts. */
static void bad_accesses(void)
{
	exc_clear();
	(void)*(volatile uint16_t *)(GUEST_GICD + GICD_ISENABLER);
	check_eq("halfword read of the distributor: data abort", last_exc.kind, EXC_DABT);
	exc_clear();
	*(volatile uint8_t *)(GUEST_GICD + GICD_ISENABLER) = 1;
	check_eq("byte write to a word-only register: data abort", last_exc.kind, EXC_DABT);
	exc_clear();
	__asm__ volatile("ldrd r4, r5, [%0]" : : "r"(GUEST_GICD + GICD_TYPER) : "r4", "r5", "memory");
	check_eq("LDRD (no syndrome): data abort", last_exc.kind, EXC_DABT);
	exc_clear();
	(void)gicd_r32(GICD_TYPER);
	check_eq("a word read is fine", last_exc.kind, EXC_NONE);
}

void guest_start(uint32_t r0, uint32_t r1, uint32_t r2, uint32_t cpsr);
void guest_start(uint32_t r0, uint32_t r1, uint32_t r2, uint32_t cpsr)
{
	(void)r0; (void)r1; (void)r2; (void)cpsr;
	gprintf("# vgic: the virtual GIC, its distributor and the monitor's own interrupts\n");
	gic_guest_init();
	gic_guest_log_irqs();

	uint32_t lines = 32 * ((gicd_r32(GICD_TYPER) & 0x1f) + 1);

	check(lines >= 64 && lines <= 1020, "GICD_TYPER reads the hardware's lines (%lu)",
	      (unsigned long)lines);
	vgic_sgi_to_self();
	/* the two highest SPIs: no device of the board drives them */
	vgic_more_than_lrs(lines - 1, lines - 2);
	vgic_sgi_coalesces();
	between_cpus();
	vgic_distributor_off_holds();
	bad_accesses();
	vgic_attack_distributor(&ops);
	test_finish();
}
