/* The physical PMU's counters and the console line about the ones it
 * lacks (pmu_phys.h). Portable: host tests check the line. */
#include "blmon_log.h"
#include "pmu.h"
#include "pmu_phys.h"

#define PMCR_N(v)  (((v) >> 11) & 0x1fu)

unsigned pmu_phys_counters(uint32_t pmcr)
{
	unsigned n = PMCR_N(pmcr);

	if (n > PMU_HW_COUNTERS_MAX)   /* more than a cluster has: never used */
		n = PMU_HW_COUNTERS_MAX;
	if (n < PMU_TYPEA_COUNTERS)
		return n;
	for (unsigned c = 0; c < PMU_NCLUSTERS; c++) {
		unsigned want = pmu_cluster_desc[c].ncounters;

		if (want <= n)
			continue;
		if (want - n == 1)
			log_warn("physical PMU: %u event counters (PMCR %08lx); the emulated %s's counter %u is kept by the monitor and does not count\n",
				 n, (unsigned long)pmcr, pmu_cluster_desc[c].name, n);
		else
			log_warn("physical PMU: %u event counters (PMCR %08lx); the emulated %s's counters %u-%u are kept by the monitor and do not count\n",
				 n, (unsigned long)pmcr, pmu_cluster_desc[c].name, n, want - 1);
	}
	return n;
}

static unsigned bits_set(uint32_t v)
{
	unsigned n = 0;

	for (; v; v &= v - 1)
		n++;
	return n;
}

void pmu_phys_events(uint32_t pmceid0, uint32_t pmceid1)
{
	for (unsigned c = 0; c < PMU_NCLUSTERS; c++) {
		const struct pmu_cluster_desc *d = &pmu_cluster_desc[c];
		unsigned n = bits_set(d->pmceid0 & ~pmceid0) + bits_set(d->pmceid1 & ~pmceid1);

		if (n)
			log_warn("physical PMU: PMCEID0/1 %08lx %08lx; the emulated %s's %08lx %08lx list %u events it does not count (kept: trapped reads show them; they stay 0)\n",
				 (unsigned long)pmceid0, (unsigned long)pmceid1, d->name,
				 (unsigned long)d->pmceid0, (unsigned long)d->pmceid1, n);
	}
}
