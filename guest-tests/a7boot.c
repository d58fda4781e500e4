/*
 * The boot cluster is the monitor's choice at boot (spec 3.4.1: the
 * virtualizer is "built accordingly"; Appendix A: "The cluster of interest
 * is the boot cluster"): blmon.boot_cluster=1 on the command line
 * (docs/options.md), and the guest starts on the Cortex-A7.
 */
#include "pmu_guest.h"

static volatile uint32_t sink;

void guest_start(uint32_t r0, uint32_t r1, uint32_t r2, uint32_t cpsr);
void guest_start(uint32_t r0, uint32_t r1, uint32_t r2, uint32_t cpsr)
{
	(void)r0; (void)r1; (void)r2; (void)cpsr;
	gprintf("# a7boot: blmon.boot_cluster=1, the Cortex-A7 is the boot cluster\n");
	check_eq("active cluster at boot is A7", cluster_now(), A7_CLUSTER);
	check_eq("MIDR at boot is the Cortex-A7's", read_MIDR(), MIDR_A7);
	check_eq("boots in state 1", pmu_state_now(), 1);
	uint32_t pmcr = read_PMCR();
	check_eq("first (trapped) PMCR read: IDCODE 0x07", PMCR_IDCODE(pmcr), IDCODE_A7);
	check_eq("... N = 4", PMCR_N(pmcr), 4);
	check_eq("Type B PMCR(A7).N = 4 on the active A7", PMCR_N((uint32_t)hvc(HVC_PMCR_READ, A7_CLUSTER)), 4);
	check_eq("A15 never active: Type B reads 0", (uint32_t)hvc(HVC_PMCR_READ, A15_CLUSTER), 0);
	check_eq("DBGDIDR is the A7's", read_DBGDIDR(), 0x3515F005u);
	check_eq("switch to A15", switch_to(A15_CLUSTER), A15_CLUSTER);
	check_eq("MIDR is the A15's after the switch", read_MIDR(), MIDR_A15);
	check_eq("A7 now reads its saved PMCR (IDCODE 0x07, N 4)", (uint32_t)hvc(HVC_PMCR_READ, A7_CLUSTER) >> 11 & 0x1fff, (IDCODE_A7 << 5) | 4);
	sink = read_PMCR();
	test_finish();
}
