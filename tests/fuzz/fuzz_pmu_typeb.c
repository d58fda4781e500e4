/*
 * libFuzzer target: sequences of Table 4 per-register calls (any fid in and
 * around the range, any cluster id, any values) and switches. Oracle:
 *  - every answer's status (r3) is 0 or -3, and -3 exactly for a cluster id
 *    other than 0/1 or a PMSELR value the cluster cannot select;
 *  - a call with a bad cluster id changes nothing at all;
 *  - a call on the inactive cluster never touches the hardware;
 *  - a cluster never active since boot reads 0 for every register but
 *    PMSELR, which reads a pending selection;
 *  - on a physical PMU with 4 counters (QEMU's cortex-a7: the A15's 4, 5
 *    kept by the monitor; bit 1 of the first byte), no access reaches a
 *    counter it lacks;
 *  - the inactive cluster's PMSELR, PMXEVTYPER and PMXEVCNTR read what the
 *    general reading gives (queued selection, else the saved one if the
 *    cluster was ever active, else 0; a counter below the cluster's count),
 *    whatever the handlers' shortcuts (pmu_creg.h, issue #29);
 *  - HVC_PMU_SWINC (pmu_typeb_swinc) returns the active cluster, changes
 *    no monitor state and does to the hardware exactly what a PMSWINC
 *    from PL1 on the active cluster's counters in the hardware does
 *    (computed here from the registers before the call).
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <stdio.h>

/* Which property broke, then a crash libFuzzer records. */
#define FAIL(why) do { fprintf(stderr, "oracle: %s (line %d)\n", why, __LINE__); abort(); } while (0)
#include "pmu_hvc.h"
#include "pmu_internal.h"   /* DEF_SELR: the general reading */
#include "fake_pmu_hw.h"

static const unsigned ncnt[2] = { 6, 4 };

/* What HVC_PMU_SWINC with mask v must leave in the hardware (state 3):
 * the active cluster's counters the physical PMU has, enabled, PMCR.E,
 * event 0x00, PL1 not filtered out (P == NSK), +1, a wrap flagged. */
static struct fake_pmu swinc_model(struct fake_pmu s, unsigned active, uint32_t v)
{
	unsigned n = ncnt[active] < fake_pmu_counters() ? ncnt[active] : fake_pmu_counters();

	if (!(s.pmcr & 1u))
		return s;
	for (unsigned i = 0; i < n; i++) {
		uint32_t bit = 1u << i, t = s.evtyper[i];

		if (!(v & bit) || !(s.cnten & bit) || (t & 0xffu) != 0 ||
		    !(t & (1u << 31)) != !(t & (1u << 29)))
			continue;
		if (++s.evcntr[i] == 0)
			s.ovs |= bit;
	}
	return s;
}

/* The inactive cluster's selection-indexed reads, against the general
 * reading of its snapshot and queued selection. */
static void check_inactive_selection(struct pmu_cpu *p)
{
	unsigned c = p->active ^ 1u;
	const struct pmu_regs *s = &p->saved[c];
	uint32_t sel = p->pending[c].flags & DEF_SELR ? p->pending[c].selr :
		       p->ever_active[c] ? s->selr : 0;
	uint32_t type = sel == 31 ? s->ccfiltr : sel < ncnt[c] ? s->evtyper[sel] : 0;
	uint32_t cnt = sel < ncnt[c] ? s->evcntr[sel] : 0;

	if (pmu_typeb_call(p, HVC_PMSELR_READ, c, 0, 0).r[0] != sel ||
	    pmu_typeb_call(p, HVC_PMXEVTYPER_READ, c, 0, 0).r[0] != type ||
	    pmu_typeb_call(p, HVC_PMXEVCNTR_READ, c, 0, 0).r[0] != cnt)
		FAIL("an inactive selection-indexed read differs from the general reading");
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static struct pmu_cpu cpu;
	bool ever[2] = { false, false };

	if (size < 2)
		return 0;
	fake_pmu_power_on_as(data[0] & 2 ? FAKE_PMCR_A7 : FAKE_PMCR_A15);
	pmu_cpu_init(&cpu, data[0] & 1, fake_pmu_counters());
	pmu_hvc_pmu_switch(&cpu, 1);   /* state 3: each cluster its own context */
	ever[cpu.active] = true;
	data++;
	size--;
	while (size >= 10) {
		uint32_t fid = 0x90001000u - 2 + data[0] % 24;   /* in and just around Table 4 */
		uint32_t cl = data[1] < 200 ? data[1] & 1 : data[1];
		uint32_t v, hi;

		memcpy(&v, data + 2, 4);
		memcpy(&hi, data + 6, 4);
		if (data[0] >= 240) {   /* a switch */
			unsigned to = cpu.active ^ 1u;

			pmu_switch_out(&cpu);
			pmu_hw_reset(&cpu, to);
			pmu_switch_in(&cpu, to);
			ever[to] = true;
		} else if (data[0] >= 224) {   /* HVC_PMU_SWINC, mask v */
			struct pmu_cpu before = cpu;
			struct fake_pmu want = swinc_model(fake_pmu_peek(), cpu.active, v);

			if (pmu_typeb_swinc(&cpu, v) != cpu.active)
				FAIL("HVC_PMU_SWINC must return the active cluster");
			if (memcmp(&before, &cpu, sizeof(cpu)) != 0)
				FAIL("HVC_PMU_SWINC changed monitor state");
			struct fake_pmu hw = fake_pmu_peek();
			if (!fake_pmu_equal(&hw, &want))
				FAIL("HVC_PMU_SWINC is not a PMSWINC on the active cluster");
		} else {
			if ((fid & 0xfffffffeu) == HVC_PMSELR_READ && (data[1] & 2))
				v %= 40;   /* make valid selections likely */
			if (fid == HVC_PMXEVTYPER_WRITE && (data[1] & 4))
				v &= 0xf0000000u;   /* SW_INCR, any mode filter */
			struct pmu_cpu before = cpu;
			struct fake_pmu hw_before = fake_pmu_peek();
			struct pmu_hvc_out o = pmu_typeb_call(&cpu, fid, cl, v, hi);
			bool in_range = fid >= HVC_PMCR_READ && fid <= HVC_PMINTENCLR_WRITE;
			bool write = in_range && ((fid - HVC_PMCR_READ) & 1);
			bool bad_sel = fid == HVC_PMSELR_WRITE && cl < 2 && v >= ncnt[cl] && v != 31;

			if (!in_range) {
				if (o.r[0] != (uint32_t)BL_HVC_NOT_SUPPORTED)
					FAIL("an id outside Table 4 must answer -1");
			} else if (cl > 1 || bad_sel) {
				if (o.r[3] != (uint32_t)BL_HVC_INVALID_PARAMETER ||
				    memcmp(&before, &cpu, sizeof(cpu)) != 0)
					FAIL("a rejected call changed state");
				struct fake_pmu hw = fake_pmu_peek();
				if (!fake_pmu_equal(&hw, &hw_before))
					FAIL("a rejected call reached the hardware");
			} else {
				if (o.r[3] != 0 || (write && o.r[0] != 0))
					FAIL("a valid call must report status 0");
				/* (PMSELR reads the pending selection: docs/abi.md) */
				if (!ever[cl] && !write && fid != HVC_PMSELR_READ && (o.r[0] != 0 || o.r[1] != 0))
					FAIL("never-active cluster must read 0");
				if (cl != cpu.active) {
					struct fake_pmu hw = fake_pmu_peek();
					if (!fake_pmu_equal(&hw, &hw_before))
						FAIL("inactive-cluster call reached the hardware");
				}
			}
		}
		if (fake_pmu_unpredictable() != 0)
			FAIL("an access reached a counter the physical PMU lacks");
		check_inactive_selection(&cpu);
		data += 10;
		size -= 10;
	}
	return 0;
}
