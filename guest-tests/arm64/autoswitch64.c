/*
 * Monitor-driven whole-system switches on the AArch64 monitor: the HYP
 * timer (CNTHP_CTL_EL2/CNTHP_CVAL_EL2, PPI 26, hyp/switch/switch.c) every
 * blmon.switch_us (run with -append blmon.switch_us=1000), and
 * HVC_AUTO_SWITCH / HVC_SWITCH_PERIOD. While they happen the guest counts
 * software increments in PMU state 2 (its own counter, carried by every
 * switch) and in state 3 (Type B, the monitor's counter) and samples its
 * identity: every sample is the cluster the switch count says, and every
 * count is exact. The runner holds the monitor's "blmon: switches=N" line
 * to the run time.
 */
#include "guest64.h"

#define SW_INCR        0x00u
#define PMCR_E         1u
#define MIN_SWITCHES   20u

static const uint32_t midr[2] = { 0x411fd070u, 0x410fd034u };

static struct hvc64 sysinfo(void) { return hvc64(HVC_SYSTEM_INFO, 0, 0, 0); }
static uint32_t state(void) { return (uint32_t)hvc64(HVC_PMU_GET_STATE, 0, 0, 0).x0; }

/* Sample the identity between two reads of the switch count: if none
 * happened meanwhile, MIDR_EL1 must be the cluster's. 1: a wrong one. */
static unsigned sample(unsigned *samples)
{
	struct hvc64 a = sysinfo();
	uint32_t m = (uint32_t)MRS(MIDR_EL1);
	struct hvc64 b = sysinfo();

	if (a.x0 != b.x0)
		return 0;
	(*samples)++;
	return m != midr[b.x1 & 1];
}

/* Software increments while at least `want` switches happen (bounded by
 * 10 s of virtual time): how many were made, and the wrong samples */
static uint32_t count_while_switching(void (*inc)(void), uint32_t want, unsigned *bad, unsigned *samples,
				      uint32_t *switched)
{
	uint64_t n0 = sysinfo().x0, end = deadline_ms(10000);
	uint32_t n = 0;

	while (sysinfo().x0 - n0 < want && !passed(end)) {
		for (unsigned i = 0; i < 50; i++, n++)
			inc();
		*bad += sample(samples);
	}
	*switched = (uint32_t)(sysinfo().x0 - n0);
	return n;
}

static void swinc_hw(void) { MSR(PMSWINC_EL0, 1u); }                       /* state 2: the hardware */
static void swinc_typeb(void) { (void)hvc64(HVC_PMU_SWINC, 1u, 0, 0); }     /* state 3: Type B */

static void state2_counts(uint32_t period)
{
	unsigned bad = 0, samples = 0;
	uint32_t switched;

	(void)hvc64(HVC_PMU_SWITCH, 0, 0, 0);   /* state 1 */
	(void)MRS(PMSELR_EL0);   /* 1 -> 2 */
	check_eq("state 2", state(), 2);
	MSR(PMCR_EL0, 2 | PMCR_E);   /* event counters to 0, on */
	MSR(PMSELR_EL0, 0);
	MSR(PMXEVTYPER_EL0, SW_INCR);
	MSR(PMCNTENSET_EL0, 1u);
	uint32_t n = count_while_switching(swinc_hw, MIN_SWITCHES, &bad, &samples, &switched);

	MSR(PMSELR_EL0, 0);
	check(switched >= MIN_SWITCHES, "state 2: %lu whole-system switches on the switch timer (period %lu ticks)",
	      (unsigned long)switched, (unsigned long)period);
	check_eq("state 2: every software increment counted across them (the guest's own counter)",
		 MRS(PMXEVCNTR_EL0), n);
	check(samples > 50, "identity sampled between switches (%u samples)", samples);
	check_eq("... always the cluster the switch count implies", bad, 0);
	MSR(PMCNTENCLR_EL0, 1u);
}

/* Type B keeps a context per cluster: the increments go to the active
 * cluster's counter, so the two counters share them, exactly */
static void state3_counts(void)
{
	unsigned bad = 0, samples = 0;
	uint32_t switched, c0, c1;

	(void)hvc64(HVC_PMU_SWITCH, 0, 0, 0);   /* 2 -> 1 */
	(void)hvc64(HVC_PMU_SWITCH, 1, 0, 0);   /* 1 -> 3 */
	for (uint64_t c = 0; c < 2; c++) {
		(void)hvc64(HVC_PMCR_WRITE, c, 2 | PMCR_E, 0);
		(void)hvc64(HVC_PMSELR_WRITE, c, 0, 0);
		(void)hvc64(HVC_PMXEVTYPER_WRITE, c, SW_INCR, 0);
		(void)hvc64(HVC_PMCNTENSET_WRITE, c, 1u, 0);
	}
	check_eq("state 3 (Type B)", state(), 3);
	uint32_t n = count_while_switching(swinc_typeb, MIN_SWITCHES, &bad, &samples, &switched);

	check(switched >= MIN_SWITCHES, "state 3: %lu switches meanwhile", (unsigned long)switched);
	c0 = (uint32_t)hvc64(HVC_PMXEVCNTR_READ, 0, 0, 0).x0;
	c1 = (uint32_t)hvc64(HVC_PMXEVCNTR_READ, 1, 0, 0).x0;
	check(c0 > 0 && c1 > 0, "state 3: both clusters' counters counted their turns (%lu, %lu)",
	      (unsigned long)c0, (unsigned long)c1);
	check_eq("... together every Type B increment, exactly", c0 + c1, n);
	check_eq("... identity always the implied cluster's", bad, 0);
}

static void on_off(uint32_t period)
{
	check_eq("HVC_AUTO_SWITCH(0): off", (uint32_t)hvc64(HVC_AUTO_SWITCH, 0, 0, 0).x0, 0);
	check_eq("HVC_SWITCH_PERIOD: 0", (uint32_t)hvc64(HVC_SWITCH_PERIOD, 0, 0, 0).x0, 0);
	uint64_t n0 = sysinfo().x0, end = deadline_ms(5 * (uint32_t)(period / (cntfrq() / 1000u) + 1));

	while (!passed(end))
		;
	check_eq("... no switch over 5 periods", sysinfo().x0, n0);
	uint64_t mine = sysinfo().x3;
	struct hvc64 r = hvc64(HVC_AUTO_SWITCH, period, 0, 0);
	uint64_t mine_after = sysinfo().x3;   /* a switch may come in between */

	check_eq("HVC_AUTO_SWITCH(the same period) again: 0", (uint32_t)r.x0, 0);
	check(r.x1 >= mine && r.x1 <= mine_after && mine == n0,
	      "... its x1: this CPU's switches so far (%llu; %llu..%llu)", (unsigned long long)r.x1,
	      (unsigned long long)mine, (unsigned long long)mine_after);
	check_eq("HVC_SWITCH_PERIOD reads it back", (uint32_t)hvc64(HVC_SWITCH_PERIOD, 0, 0, 0).x0, period);
	end = deadline_ms(5000);
	while (sysinfo().x0 - n0 < 5 && !passed(end))
		;
	check(sysinfo().x0 - n0 >= 5, "... switches resume (%lu)", (unsigned long)(sysinfo().x0 - n0));
	check_eq("HVC_AUTO_SWITCH below the shortest period: -3",
		 (uint32_t)hvc64(HVC_AUTO_SWITCH, BL_SWITCH_PERIOD_MIN - 1, 0, 0).x0,
		 (uint32_t)BL_HVC_INVALID_PARAMETER);
	check_eq("... the period unchanged", (uint32_t)hvc64(HVC_SWITCH_PERIOD, 0, 0, 0).x0, period);
}

void guest_main(uint64_t dtb);
void guest_main(uint64_t dtb)
{
	(void)dtb;
	gprintf("# autoswitch64: whole-system switches on the monitor's HYP timer\n");
	uint32_t period = (uint32_t)hvc64(HVC_SWITCH_PERIOD, 0, 0, 0).x0;

	/* blmon.switch_us=1000 in ticks of the generic timer (init.c) */
	check_eq("HVC_SWITCH_PERIOD: blmon.switch_us=1000 in timer ticks", period, cntfrq() / 1000u);
	state2_counts(period);
	state3_counts();
	on_off(period);
	note_end_time();
	test_finish();
}
