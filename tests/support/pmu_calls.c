/* Calls the PMU unit tests share (pmu_calls.h). */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <string.h>
#include <cmocka.h>
#include "pmu_calls.h"

uint32_t tb_read(struct pmu_cpu *p, uint32_t fid, unsigned c)
{
	struct pmu_hvc_out o = pmu_typeb_call(p, fid, c, 0x55, 0x66);

	assert_int_equal(o.r[3], 0);
	return o.r[0];
}

void tb_write(struct pmu_cpu *p, uint32_t fid, unsigned c, uint32_t v)
{
	struct pmu_hvc_out o = pmu_typeb_call(p, fid, c, v, 0);

	assert_int_equal(o.r[0], 0);
	assert_int_equal(o.r[3], 0);
}

uint64_t tb_ccnt(struct pmu_cpu *p, unsigned c)
{
	struct pmu_hvc_out o = pmu_typeb_call(p, HVC_PMCCNTR_READ, c, 0, 0);

	assert_int_equal(o.r[3], 0);
	return ((uint64_t)o.r[1] << 32) | o.r[0];
}

void tb_write_ccnt(struct pmu_cpu *p, unsigned c, uint64_t v)
{
	struct pmu_hvc_out o = pmu_typeb_call(p, HVC_PMCCNTR_WRITE, c, (uint32_t)v,
					      (uint32_t)(v >> 32));

	assert_int_equal(o.r[0], 0);
	assert_int_equal(o.r[3], 0);
}

void pmu_test_switch(struct pmu_cpu *p, unsigned to)
{
	pmu_switch_out(p);
	pmu_hw_reset(p, to);
	pmu_switch_in(p, to);
}

struct counter_ sync_entry(unsigned c, unsigned sel, unsigned req, unsigned ev, unsigned rv)
{
	return (struct counter_){ .cluster_id = c, .selected_counter = sel, .event_type = ev,
				  .counter_value = 0xC0FFEE, .reset_value = rv, .request_code = req };
}

struct counter_ sync_one(struct pmu_cpu *p, struct counter_ e, int32_t want)
{
	struct descriptor d[2];

	memset(d, 0, sizeof(d));
	d[0].header.entries = 1;
	d[0].header.active_cluster_id = 0x77;
	d[1].counter = e;
	assert_int_equal(pmu_sync(p, d, 2), want);
	if (want == 0)
		assert_int_equal(d[0].header.active_cluster_id, pmu_active_cluster(p));
	return d[1].counter;
}
