/*
 * The example functions of ARM-EPM-018236 sections 3.4.2-3.4.11, as the
 * spec prints them, compiled against include/bl_pmu_abi.h. Where the
 * spec's text would not compile as printed, the smallest change is made
 * and marked "spec:" (the examples were written as fragments).
 */
#ifndef SPEC_EXAMPLES_H
#define SPEC_EXAMPLES_H

#include "bl_pmu_abi.h"

typedef bl_u64 u64;
/* spec: several examples use `cluster_id` without declaring it, others
 * take it as a parameter: the spec's text shadows the global. */
extern int cluster_id;
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wshadow"

static inline unsigned long armv7_pmnc_read(int cluster_id)
{
	unsigned long val;
	val = hvc(HVC_PMCR_READ, cluster_id);
	return val;
}

static inline void armv7_pmnc_write(int cluster_id, unsigned long val)
{
	hvc(HVC_PMCR_WRITE, cluster_id, val);
}

static inline void armv7_pmnc_select_counter(int cluster_id,
unsigned long regval)
{
	hvc(HVC_PMSELR_WRITE, cluster_id, regval);
}

static inline void armv7_pmnc_write_evtsel(int cluster_id, unsigned
int cnt, unsigned long regval)
{
	(void)cnt; /* spec: cnt is unused in the printed example */
	hvc(HVC_PMXEVTYPER_WRITE, cluster_id, regval);
}

static inline void armv7_pmnc_enable_counter(unsigned long regval)
{
	hvc(HVC_PMCNTENSET_WRITE, cluster_id, regval);
}

static inline void armv7_pmnc_disable_counter(unsigned long regval)
{
	hvc(HVC_PMCNTENCLR_WRITE, cluster_id, regval);
}

static inline u64 armv7_ccnt_read(int cluster_id)
{
	u64 val;

	val = hvc(HVC_PMCCNTR_READ, cluster_id);

	return val;
}

static inline unsigned long armv7_pmnc_reset_interrupt(void)
{
	// Get and reset overflow status flags
	unsigned long flags;
	/* spec: prints hvc(HVC_PMOVSR_READ, cluster_id, &flags); the value
	 * comes back in r0, so it is taken from there. */
	flags = hvc(HVC_PMOVSR_READ, cluster_id);
	flags &= 0x8000003f;
	hvc(HVC_PMOVSR_WRITE, cluster_id, flags);
	return flags;
}

static inline unsigned long armv7_cntn_read(int cluster_id)
{
	unsigned long val;

	val = hvc(HVC_PMXEVCNTR_READ, cluster_id);

	return val;
}

static inline void armv7_pmnc_enable_interrupt(int cluster_id,
unsigned long regval)
{
	hvc(HVC_PMINTENSET_WRITE, cluster_id, regval);
}

static inline void armv7_pmnc_disable_interrupt(int cluster_id,
unsigned long regval)
{
	hvc(HVC_PMINTENCLR_WRITE, cluster_id, regval);
}

#pragma GCC diagnostic pop

#endif
