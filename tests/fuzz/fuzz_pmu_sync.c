/*
 * libFuzzer target: pmu_sync() on arbitrary descriptor arrays, from an
 * arbitrary starting state (PMU state, active cluster, hardware contents).
 * Oracle:
 *  - it accepts exactly the arrays an independent validator (below, from
 *    docs/abi.md) accepts;
 *  - a rejected array changes nothing: not the array, not the hardware,
 *    not the per-CPU state;
 *  - an accepted array only fills output fields (active_cluster_id,
 *    event_type, counter_value), never inputs, never beyond the array;
 *  - entries for the inactive cluster never touch the hardware, and no
 *    entry changes the other cluster's saved or pending state;
 *  - on a physical PMU with 4 counters (QEMU's cortex-a7: the A15's 4, 5
 *    kept by the monitor), no access reaches a counter it lacks.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <stdio.h>

/* Which property broke, then a crash libFuzzer records. */
#define FAIL(why) do { fprintf(stderr, "oracle: %s (line %d)\n", why, __LINE__); abort(); } while (0)
#include "pmu_hvc.h"
#include "fake_pmu_hw.h"

static bool ref_valid(const struct descriptor *d, uint32_t nelems)
{
	static const unsigned ncnt[2] = { 6, 4 };

	if (nelems < 1 || d[0].header.entries != nelems - 1 || d[0].header.entries > 14)
		return false;
	for (uint32_t k = 1; k < nelems; k++) {
		const struct counter_ *e = &d[k].counter;

		if (e->cluster_id > 1 || e->request_code < 1 || e->request_code > 5)
			return false;
		if (e->selected_counter == 1) {
			if (e->request_code != 4 && e->request_code != 5)
				return false;
		} else if (e->selected_counter != 0 &&
			   (e->selected_counter < 2 || e->selected_counter - 2 >= ncnt[e->cluster_id])) {
			return false;
		}
	}
	return true;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static struct pmu_cpu cpu;
	struct descriptor in[16], d[16];

	if (size < 4)
		return 0;
	uint32_t nelems = data[0] % 17, state = 1 + data[1] % 3, boot = data[2] & 1, sw = data[3] % 3;
	uint32_t pmcr_ro = data[2] & 2 ? FAKE_PMCR_A7 : FAKE_PMCR_A15;   /* the physical core */

	data += 4;
	size -= 4;
	fake_pmu_power_on_as(pmcr_ro);
	pmu_cpu_init(&cpu, boot, fake_pmu_counters());
	for (unsigned i = 0; i < sw; i++) {   /* visit the other cluster: snapshots exist */
		pmu_switch_out(&cpu);
		pmu_hw_reset(&cpu, cpu.active ^ 1u);
		pmu_switch_in(&cpu, cpu.active ^ 1u);
	}
	pmu_hvc_pmu_switch(&cpu, state == 3);
	memset(in, 0, sizeof(in));
	memcpy(in, data, size < sizeof(in) ? size : sizeof(in));
	/* keep the header's entries plausible half of the time */
	if (nelems && size > 0 && (data[0] & 1))
		in[0].header.entries = nelems - 1;
	if (size > 1 && (data[1] & 1)) /* and the entry fields small, to reach the valid paths */
		for (uint32_t k = 1; k < nelems; k++) {
			in[k].counter.cluster_id %= 3;
			in[k].counter.selected_counter %= 9;
			in[k].counter.request_code %= 7;
		}
	memcpy(d, in, sizeof(d));

	struct pmu_cpu before = cpu;
	struct fake_pmu hw_before = fake_pmu_peek();
	int32_t rc = pmu_sync(&cpu, d, nelems);

	if ((rc == 0) != ref_valid(in, nelems))
		FAIL("accepts what the ABI rejects, or the reverse");
	if (rc != 0) {
		struct fake_pmu hw = fake_pmu_peek();

		if (rc != BL_HVC_INVALID_PARAMETER || memcmp(d, in, sizeof(d)) != 0 ||
		    memcmp(&before, &cpu, sizeof(cpu)) != 0 || !fake_pmu_equal(&hw, &hw_before))
			FAIL("a rejected array changed something");
		return 0;
	}
	if (d[0].header.entries != in[0].header.entries || d[0].header.active_cluster_id != cpu.active)
		FAIL("header or active_cluster_id wrong after success");
	bool touches_active = false;
	for (uint32_t k = 1; k < 16; k++) {
		if (k >= nelems) {
			if (memcmp(&d[k], &in[k], sizeof(d[k])) != 0)
				FAIL("written past the array");
			continue;
		}
		const struct counter_ *a = &d[k].counter, *b = &in[k].counter;

		if (a->cluster_id != b->cluster_id || a->selected_counter != b->selected_counter ||
		    a->reset_value != b->reset_value || a->request_code != b->request_code)
			FAIL("an input field was overwritten");
		touches_active |= b->cluster_id == cpu.active;
	}
	unsigned other = cpu.active ^ 1u;
	if (!touches_active) {
		struct fake_pmu hw = fake_pmu_peek();

		/* reads of PMCCNTR may advance the monitor's carry tracking only */
		hw.ccnt = hw_before.ccnt;
		if (!fake_pmu_equal(&hw, &hw_before))
			FAIL("inactive-cluster entries reached the hardware");
	}
	bool touches_other = false;
	for (uint32_t k = 1; k < nelems; k++)
		touches_other |= in[k].counter.cluster_id == other;
	if (!touches_other && memcmp(&before.pending[other], &cpu.pending[other], sizeof(cpu.pending[other])) != 0)
		FAIL("something was queued for a cluster no entry named");
	if (memcmp(&before.saved[other], &cpu.saved[other], sizeof(cpu.saved[other])) != 0)
		FAIL("a saved snapshot changed outside a switch");
	if (fake_pmu_unpredictable() != 0)
		FAIL("an access reached a counter the physical PMU lacks");
	return 0;
}
