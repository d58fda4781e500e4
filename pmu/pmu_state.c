/*
 * The three states of spec 3.1 and the HVC that moves between them
 * (Table 3). A transition never touches the hardware: it changes what
 * traps (pmu_hdcr_bits) and what the next switch saves and restores
 * (pmu_switch.c), so counts carry on exactly as they are.
 */
#include <string.h>
#include "pmu_internal.h"

void pmu_cpu_init(struct pmu_cpu *p, unsigned boot_cluster)
{
	memset(p, 0, sizeof(*p));
	p->state = 1;                       /* spec 3.1: "The system boots in State 1" */
	p->active = boot_cluster < PMU_NCLUSTERS ? boot_cluster : CLUSTER_A15;
	p->ever_active[p->active] = true;
	pmu_hw_reset(p->active);
	p->ccnt_last = pmu_hw_read(PMU_HW_PMCCNTR);   /* poison, upper word 0 */
}

/* Table 3: "moves the system to state 3 if the parameter in r1 is 1, or it
 * moves the system to state 1 if parameter in r1 is 0". Any other value
 * changes nothing. 3 -> 3 and 1 -> 1 are accepted no-ops. */
int32_t pmu_hvc_pmu_switch(struct pmu_cpu *p, uint32_t arg)
{
	if (arg > 1)
		return BL_HVC_INVALID_PARAMETER;
	p->state = arg ? 3 : 1;
	return BL_HVC_SUCCESS;
}
