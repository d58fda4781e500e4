/*
 * The GIC's answers to distributor writes on a pending interrupt (issue
 * #18's cases, guest-tests/common/vgic_ref_cases.c, listed in
 * guest-tests/vgic_ref.c) from an AArch64 EL1 guest under the AArch64
 * monitor: its distributor emulated (stage-2 aborts into hyp/exit/mmio.c),
 * its CPU interface the GIC's virtual one (GICV mapped at GICC), the
 * virtual timer's PPI 27 through a list register. The same expectations
 * as on QEMU's own GIC and under the ARMv7 monitor.
 */
#include "guest64.h"
#include "gic.h"
#include "vgic_ref_cases.h"

static void vtimer(bool on)
{
	MSR(CNTV_TVAL_EL0, 0);        /* due now */
	MSR(CNTV_CTL_EL0, on ? 1u : 0u);
	isb();
}

void guest_main(uint64_t dtb);
void guest_main(uint64_t dtb)
{
	(void)dtb;
	gprintf("# vgic-ref64: the AArch64 monitor's virtual GIC\n");
	irq_disable();
	vgic_ref_run(false, vtimer);
	note_end_time();
	test_finish();
}
