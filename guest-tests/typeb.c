/*
 * Type B scenario (issue #4, spec 3.2, 3.4, 3.5, Appendix B): per-register
 * HVCs per cluster, deferred writes to the inactive cluster, 64-bit
 * PMCCNTR, GET_COUNTERS_SIZE / SYNC_PMU_COUNTERS, hostile arguments, and
 * the monitor's Type B software increment (HVC_PMU_SWINC).
 * Counters are stopped (or count nothing) so every expected value is exact.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "pmu_guest.h"
#include "spec_examples.h"

int cluster_id;

static const uint32_t read_ids[] = {
	HVC_PMCR_READ, HVC_PMSELR_READ, HVC_PMXEVTYPER_READ, HVC_PMCNTENSET_READ,
	HVC_PMCNTENCLR_READ, HVC_PMCCNTR_READ, HVC_PMOVSR_READ, HVC_PMXEVCNTR_READ,
	HVC_PMINTENSET_READ, HVC_PMINTENCLR_READ,
};
#define NREADS (sizeof(read_ids) / sizeof(read_ids[0]))


/* A snapshot of one cluster's PMU as Type B shows it. */
struct view { uint32_t pmcr, en, inten, ovs, evc[6], evt[6]; uint64_t cc; };
static void view_of(uint32_t c, unsigned n, struct view *v)
{
	memset(v, 0, sizeof(*v));
	v->pmcr = typeb_read(HVC_PMCR_READ, c);
	v->en = typeb_read(HVC_PMCNTENSET_READ, c);
	v->inten = typeb_read(HVC_PMINTENSET_READ, c);
	v->ovs = typeb_read(HVC_PMOVSR_READ, c);
	v->cc = typeb_ccnt(c);
	for (unsigned i = 0; i < n; i++) {
		v->evc[i] = tb_cnt(c, i);
		v->evt[i] = tb_evt(c, i);
	}
}

static void enable_typeb(void)
{
	check_eq("HVC_PMU_SWITCH(1) enables Type B (state 3)", pmu_switch(1), 0);
	check_eq("state 3", pmu_state_now(), 3);
	check_eq("boot cluster is A15", cluster_now(), A15_CLUSTER);
}

static void never_active_reads_zero(void)
{
	unsigned bad = 0;

	for (unsigned i = 0; i < NREADS; i++) {
		struct bl_hvc_regs r = bl_hvc_regs(read_ids[i], A7_CLUSTER, 0, 0);

		bad += r.r0 != 0 || (read_ids[i] == HVC_PMCCNTR_READ && r.r1 != 0) || r.r3 != 0;
	}
	check_eq("never-active A7: every read call returns 0 with status 0", bad, 0);
}

static void active_cluster_identity(void)
{
	uint32_t pmcr = typeb_read(HVC_PMCR_READ, A15_CLUSTER);

	check_eq("Type B PMCR(A15).IDCODE = 0x0F", PMCR_IDCODE(pmcr), IDCODE_A15);
	check_eq("Type B PMCR(A15).N = 6 (its real PMU)", PMCR_N(pmcr), 6);
	check_eq("Type B PMCR write status in r3 = 0", typeb_write(HVC_PMCR_WRITE, A15_CLUSTER, PMCR_P | PMCR_C).r3, 0);
	check_eq("Type B PMSELR = 5 accepted on A15 (6 counters)", typeb_write(HVC_PMSELR_WRITE, A15_CLUSTER, 5).r0, 0);
	check_eq("... reads back 5", typeb_read(HVC_PMSELR_READ, A15_CLUSTER), 5);
	check_eq("state still 3 after Type B calls", pmu_state_now(), 3);
}

/* Program both clusters with distinct values; A7's are deferred. */
static void program_both(void)
{
	typeb_write(HVC_PMCR_WRITE, A15_CLUSTER, 0);
	typeb_write(HVC_PMCNTENCLR_WRITE, A15_CLUSTER, 0xffffffffu);
	for (unsigned n = 0; n < 6; n++) {
		tb_set_evt(A15_CLUSTER, n, 0x00);          /* SW_INCR: nothing counts here */
		tb_set_cnt(A15_CLUSTER, n, 0x15000000u + n);
	}
	typeb_write(HVC_PMCNTENSET_WRITE, A15_CLUSTER, 0x3f);
	typeb_write(HVC_PMINTENSET_WRITE, A15_CLUSTER, 0x21);
	typeb_write(HVC_PMSELR_WRITE, A15_CLUSTER, 4);
	bl_hvc_regs(HVC_PMCCNTR_WRITE, A15_CLUSTER, 0x15151515u, 0x15u);

	for (unsigned n = 0; n < 4; n++) {
		tb_set_evt(A7_CLUSTER, n, 0x00);
		tb_set_cnt(A7_CLUSTER, n, 0x07000000u + n);
	}
	typeb_write(HVC_PMCNTENSET_WRITE, A7_CLUSTER, 0x3f);      /* bits 4, 5: A7 has no such counters */
	typeb_write(HVC_PMCNTENCLR_WRITE, A7_CLUSTER, 0x2);
	typeb_write(HVC_PMINTENSET_WRITE, A7_CLUSTER, 0x8);
	typeb_write(HVC_PMSELR_WRITE, A7_CLUSTER, 2);
	bl_hvc_regs(HVC_PMCCNTR_WRITE, A7_CLUSTER, 0x07070707u, 0x7u);

	check_eq("A7 PMSELR = 4 rejected (A7 has 4 counters)", typeb_write(HVC_PMSELR_WRITE, A7_CLUSTER, 4).r3,
		 (uint32_t)BL_HVC_INVALID_PARAMETER);
	/* (no PMSELR writes here: they would be deferred writes too) */
	check(typeb_read(HVC_PMXEVCNTR_READ, A7_CLUSTER) == 0 && typeb_read(HVC_PMCNTENSET_READ, A7_CLUSTER) == 0 &&
	      typeb_ccnt(A7_CLUSTER) == 0 && typeb_read(HVC_PMCR_READ, A7_CLUSTER) == 0,
	      "inactive A7 reads still show its saved (never-active: 0) values, not pending writes");
}

static void check_a15(const char *when)
{
	struct view v;
	char name[80];
	unsigned bad = 0;

	view_of(A15_CLUSTER, 6, &v);
	for (unsigned n = 0; n < 6; n++)
		bad += v.evc[n] != 0x15000000u + n || (v.evt[n] & 0xff) != 0;
	snprintf(name, sizeof(name), "%s: A15 event counters and types exact", when);
	check_eq(name, bad, 0);
	snprintf(name, sizeof(name), "%s: A15 PMCNTENSET", when);
	check_eq(name, v.en, 0x3f);
	snprintf(name, sizeof(name), "%s: A15 PMINTENSET", when);
	check_eq(name, v.inten, 0x21);
	snprintf(name, sizeof(name), "%s: A15 64-bit PMCCNTR", when);
	check_eq(name, v.cc, 0x0000001515151515ull);
}

static void check_a7(const char *when)
{
	struct view v;
	char name[80];
	unsigned bad = 0;

	view_of(A7_CLUSTER, 4, &v);
	for (unsigned n = 0; n < 4; n++)
		bad += v.evc[n] != 0x07000000u + n || (v.evt[n] & 0xff) != 0;
	snprintf(name, sizeof(name), "%s: A7 event counters and types exact", when);
	check_eq(name, bad, 0);
	snprintf(name, sizeof(name), "%s: A7 PMCNTENSET (set 0x3f, clear 0x2, only 4 counters)", when);
	check_eq(name, v.en, 0x0d);
	snprintf(name, sizeof(name), "%s: A7 PMINTENSET", when);
	check_eq(name, v.inten, 0x8);
	snprintf(name, sizeof(name), "%s: A7 64-bit PMCCNTR", when);
	check_eq(name, v.cc, 0x0000000707070707ull);
	snprintf(name, sizeof(name), "%s: A7 PMCR.IDCODE 0x07, N 4", when);
	check(PMCR_IDCODE(v.pmcr) == IDCODE_A7 && PMCR_N(v.pmcr) == 4, "%s", name);
}

static void switch_and_compare(void)
{
	check_a15("A15 active");
	check_eq("switch to A7", switch_to(A7_CLUSTER), A7_CLUSTER);
	check_eq("A7 PMSELR deferred write applied", typeb_read(HVC_PMSELR_READ, A7_CLUSTER), 2);
	check_a7("after switch, A7 active");
	check_a15("after switch, A15 inactive (saved)");
	for (unsigned i = 0; i < 20; i++)
		switch_to(i & 1 ? A15_CLUSTER : A7_CLUSTER);
	check_eq("after 20 more switches: A15 active", cluster_now(), A15_CLUSTER);
	check_a15("after 20 more switches, A15 active");
	check_a7("after 20 more switches, A7 inactive (saved)");
	check_eq("the hardware shows A15's counter 5 (Type A view is the active cluster)",
		 tb_cnt(A15_CLUSTER, 5), 0x15000005u);
}

/* Writes to the inactive cluster are applied in order, with semantics. */
static void deferred_semantics(void)
{
	/* A15 active, A7 inactive */
	tb_set_cnt(A7_CLUSTER, 1, 5);
	tb_set_cnt(A7_CLUSTER, 2, 6);
	typeb_write(HVC_PMCNTENSET_WRITE, A7_CLUSTER, 0x7);
	typeb_write(HVC_PMCNTENCLR_WRITE, A7_CLUSTER, 0x2);
	typeb_write(HVC_PMCR_WRITE, A7_CLUSTER, PMCR_P);     /* resets event counters: after the two writes */
	tb_set_cnt(A7_CLUSTER, 3, 9);
	typeb_write(HVC_PMOVSR_WRITE, A7_CLUSTER, 0xffffffffu);
	/* a long queue: only bounded state, the latest value wins */
	for (unsigned i = 0; i < 100000; i++)
		typeb_write(HVC_PMXEVCNTR_WRITE, A7_CLUSTER, i);   /* PMSELR is 3 */
	switch_to(A7_CLUSTER);
	check_eq("deferred: counter 1 reset by the later PMCR.P", tb_cnt(A7_CLUSTER, 1), 0);
	check_eq("deferred: counter 2 reset by the later PMCR.P", tb_cnt(A7_CLUSTER, 2), 0);
	check_eq("deferred: 100000 queued writes, the latest value wins", tb_cnt(A7_CLUSTER, 3), 99999);
	check_eq("deferred: counter 0 reset by PMCR.P too", tb_cnt(A7_CLUSTER, 0), 0);
	check_eq("deferred: set/clear composed in order", typeb_read(HVC_PMCNTENSET_READ, A7_CLUSTER), 0x0d | 0x5);
	check_eq("nothing leaked to A15", tb_cnt(A15_CLUSTER, 1), 0x15000001u);
	switch_to(A15_CLUSTER);
}

static void ccnt64(void)
{
	bl_hvc_regs(HVC_PMCCNTR_WRITE, A15_CLUSTER, 0xfffffff0u, 0x1u);
	check_eq("64-bit PMCCNTR write/read while stopped", typeb_ccnt(A15_CLUSTER), 0x1fffffff0ull);
	typeb_write(HVC_PMCNTENSET_WRITE, A15_CLUSTER, CCNT_BIT);
	uint32_t pmcr = typeb_read(HVC_PMCR_READ, A15_CLUSTER);
	typeb_write(HVC_PMCR_WRITE, A15_CLUSTER, PMCR_E);
	for (volatile int i = 0; i < 100; i++)
		;
	uint64_t v = typeb_ccnt(A15_CLUSTER);
	typeb_write(HVC_PMCR_WRITE, A15_CLUSTER, pmcr & ~PMCR_E);
	typeb_write(HVC_PMCNTENCLR_WRITE, A15_CLUSTER, CCNT_BIT);
	check(v >> 32 == 2 && (uint32_t)v < 0x100000u,
	      "64-bit PMCCNTR carries past 2^32 while running (0x%08lx_%08lx)",
	      (unsigned long)(v >> 32), (unsigned long)v);
	bl_hvc_regs(HVC_PMCCNTR_WRITE, A15_CLUSTER, 0x15151515u, 0x15u);
}

/* Every Table 4 call, read and write, on the active and on the inactive
 * cluster: what is written is what the register then holds (right away on
 * the active cluster, after the next switch-in on the inactive one). */
static void every_call_both_clusters(void)
{
	/* want: right after the write; final: after the whole sequence (the
	 * CLR registers read the enables the later SET wrote) */
	static const struct { uint32_t wr, rd, val, want, final; } regs[] = {
		{ HVC_PMCR_WRITE, HVC_PMCR_READ, 0x08 /* D */, 0x08, 0x08 },   /* compared: bits 7:0 */
		{ HVC_PMSELR_WRITE, HVC_PMSELR_READ, 2, 2, 2 },
		{ HVC_PMXEVTYPER_WRITE, HVC_PMXEVTYPER_READ, 0x08, 0x08, 0x08 },   /* counter 2 */
		{ HVC_PMXEVCNTR_WRITE, HVC_PMXEVCNTR_READ, 0x00c0ffee, 0x00c0ffee, 0x00c0ffee },
		{ HVC_PMCNTENCLR_WRITE, HVC_PMCNTENCLR_READ, 0xffffffffu, 0, 0x80000005u },
		{ HVC_PMCNTENSET_WRITE, HVC_PMCNTENSET_READ, 0x80000005u, 0x80000005u, 0x80000005u },
		{ HVC_PMINTENCLR_WRITE, HVC_PMINTENCLR_READ, 0xffffffffu, 0, 0x80000002u },
		{ HVC_PMINTENSET_WRITE, HVC_PMINTENSET_READ, 0x80000002u, 0x80000002u, 0x80000002u },
		{ HVC_PMOVSR_WRITE, HVC_PMOVSR_READ, 0xffffffffu, 0, 0 },
	};
	for (uint32_t active = 0; active < 2; active++) {
		switch_to(active);
		uint32_t other = active ^ 1u;
		unsigned bad_active = 0, bad_inactive = 0;

		for (unsigned i = 0; i < sizeof(regs) / sizeof(regs[0]); i++) {
			typeb_write(regs[i].wr, active, regs[i].val);
			uint32_t m = i == 0 ? 0xffu : 0xffffffffu, got = typeb_read(regs[i].rd, active) & m;

			if (got != regs[i].want) {
				bad_active++;
				gprintf("# active %lu reg %u: got %08lx\n", (unsigned long)active, i, (unsigned long)got);
			}
			typeb_write(regs[i].wr, other, regs[i].val);
		}
		bl_hvc_regs(HVC_PMCCNTR_WRITE, other, 0x11223344u, 0x55u);
		bl_hvc_regs(HVC_PMCCNTR_WRITE, active, 0x66778899u, 0xaau);
		check_eq("every write then read on the active cluster", bad_active, 0);
		check_eq("... 64-bit PMCCNTR on the active cluster", typeb_ccnt(active), 0xaa66778899ull);
		switch_to(other);
		for (unsigned i = 0; i < sizeof(regs) / sizeof(regs[0]); i++) {
			uint32_t m = i == 0 ? 0xffu : 0xffffffffu, got = typeb_read(regs[i].rd, other) & m;

			if (got != regs[i].final) {
				bad_inactive++;
				gprintf("# deferred %lu reg %u: got %08lx\n", (unsigned long)other, i, (unsigned long)got);
			}
		}
		check_eq("every deferred write holds after the switch-in", bad_inactive, 0);
		check_eq("... 64-bit PMCCNTR deferred", typeb_ccnt(other), 0x5511223344ull);
		check_eq("... and the previously active cluster kept its own PMCCNTR", typeb_ccnt(active), 0xaa66778899ull);
	}
	switch_to(A15_CLUSTER);
	typeb_write(HVC_PMCR_WRITE, A15_CLUSTER, 0);
	typeb_write(HVC_PMCR_WRITE, A7_CLUSTER, 0);
}

static void bad_cluster(void)
{
	struct view before, after;
	unsigned bad = 0;

	view_of(A15_CLUSTER, 6, &before);
	static const uint32_t ids[] = { 2, 3, 0x100, 0x80000000u, 0xffffffffu };
	for (unsigned i = 0; i < 5; i++) {
		for (uint32_t fid = HVC_PMCR_READ; fid <= HVC_PMINTENCLR_WRITE; fid++) {
			struct bl_hvc_regs r = bl_hvc_regs(fid, ids[i], 0xffffffffu, 0xffffffffu);
			bool write = fid & 1;

			bad += r.r3 != (uint32_t)BL_HVC_INVALID_PARAMETER;
			bad += write ? r.r0 != (uint32_t)BL_HVC_INVALID_PARAMETER : r.r0 != 0;
		}
	}
	check_eq("bad cluster id: every call -> status -3 in r3 (r0 = -3 write / 0 read)", bad, 0);
	view_of(A15_CLUSTER, 6, &after);
	check(memcmp(&before, &after, sizeof(before)) == 0, "bad cluster id: nothing changed on A15");
}

static struct descriptor arr[16] __attribute__((aligned(8)));

static void sync_calls(void)
{
	uint32_t size = (uint32_t)hvc(HVC_GET_COUNTERS_SIZE);

	check_eq("GET_COUNTERS_SIZE = (header + 2 x (cycle, overflow) + 6 + 4 counters) x 24",
		 size, (1ull + 2ull * 2 + 6 + 4) * 24);

	/* READ every counter of both clusters */
	memset(arr, 0, sizeof(arr));
	unsigned k = 0;
	for (uint32_t c = 0; c < 2; c++) {
		unsigned n = c == A15_CLUSTER ? 6 : 4;
		sync_set(arr, k++, c, PMU_CYCLE_COUNTER, 0, 0, PMU_READ_COUNTER);
		sync_set(arr, k++, c, PMU_OVERFLOW_FLAG, 0, 0, PMU_READ_COUNTER);
		for (unsigned i = 0; i < n; i++)
			sync_set(arr, k++, c, PMU_EVENT_COUNTER_N(i), 0, 0, PMU_READ_COUNTER);
	}
	arr[0].header.entries = k;
	arr[0].header.active_cluster_id = 0xeeeeeeeeu;
	check_eq("SYNC READ of every counter returns 0", (uint32_t)hvc(HVC_SYNC_PMU_COUNTERS, arr), 0);
	check_eq("SYNC fills active_cluster_id", arr[0].header.active_cluster_id, A15_CLUSTER);
	unsigned bad = 0;
	for (unsigned i = 0; i < 6; i++)
		bad += arr[3 + i].counter.counter_value != 0x15000000u + i;
	check_eq("SYNC READ: A15 counters exact", bad, 0);
	check_eq("SYNC READ: A15 cycle counter low word", arr[1].counter.counter_value, 0x15151515u);
	check_eq("SYNC READ: A15 counter 5 exact", arr[8].counter.counter_value, 0x15000005u);
	check_eq("SYNC READ: A7 (inactive) counter 0 from its saved context", arr[11].counter.counter_value, 0);
	check_eq("SYNC READ: A7 counter 3 from its saved context", arr[14].counter.counter_value, 99999);
	check_eq("SYNC READ: cycle counter event_type reads 0x11", arr[1].counter.event_type, 0x11);

	/* CONF, CONF_RESET, READ_RESET, DISABLE on the active cluster */
	memset(arr, 0, sizeof(arr));
	sync_set(arr, 0, A15_CLUSTER, PMU_EVENT_COUNTER_N(2), 0x08, 0, PMU_CONF_COUNTER);
	sync_set(arr, 1, A15_CLUSTER, PMU_EVENT_COUNTER_N(3), 0x00, 1000, PMU_CONF_RESET_COUNTER);
	arr[0].header.entries = 2;
	check_eq("SYNC CONF + CONF_RESET", (uint32_t)hvc(HVC_SYNC_PMU_COUNTERS, arr), 0);
	check_eq("CONF: counter 2 event type 0x08", tb_evt(A15_CLUSTER, 2) & 0xff, 0x08);
	check_eq("CONF: counter 2 enabled", typeb_read(HVC_PMCNTENSET_READ, A15_CLUSTER) & 0x4, 0x4);
	check_eq("CONF: PMCR.E set", typeb_read(HVC_PMCR_READ, A15_CLUSTER) & PMCR_E, PMCR_E);
	check_eq("CONF_RESET: counter 3 = reset_value (SW_INCR, nothing increments it)", tb_cnt(A15_CLUSTER, 3), 1000);
	memset(arr, 0, sizeof(arr));
	sync_set(arr, 0, A15_CLUSTER, PMU_EVENT_COUNTER_N(3), 0, 5, PMU_READ_RESET_COUNTER);
	sync_set(arr, 1, A15_CLUSTER, PMU_EVENT_COUNTER_N(2), 0, 0, PMU_DISABLE_COUNTER);
	arr[0].header.entries = 2;
	check_eq("SYNC READ_RESET + DISABLE", (uint32_t)hvc(HVC_SYNC_PMU_COUNTERS, arr), 0);
	check_eq("READ_RESET: counter_value = value before", arr[1].counter.counter_value, 1000);
	check_eq("READ_RESET: event_type filled", arr[1].counter.event_type & 0xff, 0x00);
	check_eq("READ_RESET: counter now = reset_value", tb_cnt(A15_CLUSTER, 3), 5);
	check_eq("DISABLE: counter 2 disabled", typeb_read(HVC_PMCNTENSET_READ, A15_CLUSTER) & 0x4, 0);
	typeb_write(HVC_PMCR_WRITE, A15_CLUSTER, 0);

	/* cycle counter and overflow flag */
	bl_hvc_regs(HVC_PMCCNTR_WRITE, A15_CLUSTER, 777, 0);
	tb_set_cnt(A15_CLUSTER, 0, 0xffffffffu);
	memset(arr, 0, sizeof(arr));
	sync_set(arr, 0, A15_CLUSTER, PMU_CYCLE_COUNTER, 0, 42, PMU_READ_RESET_COUNTER);
	arr[0].header.entries = 1;
	check_eq("SYNC READ_RESET cycle counter", (uint32_t)hvc(HVC_SYNC_PMU_COUNTERS, arr), 0);
	check_eq("... read 777", arr[1].counter.counter_value, 777);
	check_eq("... now 42", typeb_ccnt(A15_CLUSTER), 42);
	typeb_write(HVC_PMOVSR_WRITE, A15_CLUSTER, 0xffffffffu);
	check_eq("PMOVSR cleared", typeb_read(HVC_PMOVSR_READ, A15_CLUSTER), 0);

	/* inactive cluster through SYNC: deferred to the next switch */
	memset(arr, 0, sizeof(arr));
	sync_set(arr, 0, A7_CLUSTER, PMU_EVENT_COUNTER_N(1), 0x08, 4321, PMU_CONF_RESET_COUNTER);
	sync_set(arr, 1, A7_CLUSTER, PMU_EVENT_COUNTER_N(1), 0, 0, PMU_READ_COUNTER);
	arr[0].header.entries = 2;
	check_eq("SYNC on inactive A7", (uint32_t)hvc(HVC_SYNC_PMU_COUNTERS, arr), 0);
	check_eq("... READ returns the saved value, not the pending one", arr[2].counter.counter_value, 0);
	switch_to(A7_CLUSTER);
	typeb_write(HVC_PMCR_WRITE, A7_CLUSTER, 0);   /* stop counting before reading exact values */
	uint32_t c1 = tb_cnt(A7_CLUSTER, 1);
	check(c1 >= 4321 && c1 < 4321 + 100000,
	      "... applied at the switch: A7 counter 1 starts from 4321 (%lu)", (unsigned long)c1);
	check_eq("... with event 0x08", tb_evt(A7_CLUSTER, 1) & 0xff, 0x08);
	switch_to(A15_CLUSTER);
}

static void sync_bad_inputs(void)
{
	struct view before, after;
	/* only its address matters: unaligned and partly-outside pointers */
	// cppcheck-suppress unassignedVariable
	static uint8_t raw[sizeof(arr) + 8] __attribute__((aligned(8)));

	memset(arr, 0, sizeof(arr));
	sync_set(arr, 0, A15_CLUSTER, PMU_EVENT_COUNTER_N(0), 0x08, 99, PMU_CONF_RESET_COUNTER);
	arr[0].header.entries = 1;
	view_of(A15_CLUSTER, 6, &before);

	struct { const char *what; uint32_t addr; } ptrs[] = {
		{ "unaligned", (uint32_t)raw + 2 },
		{ "below RAM (device space)", GUEST_UART },
		{ "flash/unmapped", 0x00000000u },
		{ "the monitor's memory", monitor_base },
		{ "header straddling the end of guest RAM", guest_ram_end - 8 },
		{ "wrapping the address space", 0xfffffff0u },
		{ "beyond RAM", guest_ram_end + MONITOR_SIZE },
	};
	for (unsigned i = 0; i < sizeof(ptrs) / sizeof(ptrs[0]); i++) {
		uint32_t rc = (uint32_t)hvc(HVC_SYNC_PMU_COUNTERS, ptrs[i].addr);
		check_eq(ptrs[i].what, rc, (uint32_t)BL_HVC_INVALID_PARAMETER);
	}
	/* straddling the end with a valid header but entries running past it */
	struct descriptor *tail = (struct descriptor *)(guest_ram_end - 48);
	tail[0].header.entries = 2;
	check_eq("entries running past the end of guest RAM", (uint32_t)hvc(HVC_SYNC_PMU_COUNTERS, tail),
		 (uint32_t)BL_HVC_INVALID_PARAMETER);

	struct descriptor copy[16];
	struct { const char *what; unsigned idx; unsigned field; uint32_t val; } bad[] = {
		{ "entries > GET_COUNTERS_SIZE allows", 0, 0, 15 },
		{ "entries = 0xffffffff", 0, 0, 0xffffffffu },
		{ "unknown cluster id", 1, 0, 2 },
		{ "A15 event counter 6 does not exist", 1, 1, PMU_EVENT_COUNTER_N(6) },
		{ "unknown selected_counter 0xffffffff", 1, 1, 0xffffffffu },
		{ "request code 0", 1, 5, 0 },
		{ "request code 6", 1, 5, 6 },
	};
	for (unsigned i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		memset(arr, 0, sizeof(arr));
		sync_set(arr, 0, A15_CLUSTER, PMU_EVENT_COUNTER_N(0), 0x08, 99, PMU_CONF_RESET_COUNTER);
		sync_set(arr, 1, A7_CLUSTER, PMU_EVENT_COUNTER_N(0), 0x08, 98, PMU_CONF_RESET_COUNTER);
		arr[0].header.entries = 2;
		uint32_t *f = (uint32_t *)&arr[bad[i].idx + (bad[i].idx ? 1 : 0)];
		f[bad[i].field] = bad[i].val;
		memcpy(copy, arr, sizeof(copy));
		uint32_t rc = (uint32_t)hvc(HVC_SYNC_PMU_COUNTERS, arr);
		/* struct descriptor is 32-bit words only: bytes compare like members.
		 * NOLINTNEXTLINE(bugprone-suspicious-memory-comparison,cert-exp42-c,cert-flp37-c) */
		check(rc == (uint32_t)BL_HVC_INVALID_PARAMETER && memcmp(copy, arr, sizeof(copy)) == 0,
		      "SYNC %s -> -3, buffer untouched", bad[i].what);
	}
	memset(arr, 0, sizeof(arr));
	sync_set(arr, 0, A7_CLUSTER, PMU_EVENT_COUNTER_N(4), 0, 0, PMU_READ_COUNTER);
	arr[0].header.entries = 1;
	check_eq("SYNC A7 event counter 4 (A7 has 4) -> -3", (uint32_t)hvc(HVC_SYNC_PMU_COUNTERS, arr),
		 (uint32_t)BL_HVC_INVALID_PARAMETER);
	view_of(A15_CLUSTER, 6, &after);
	check(memcmp(&before, &after, sizeof(before)) == 0, "no bad SYNC changed any A15 counter");
	check_eq("the monitor keeps answering", (uint32_t)hvc(HVC_PMU_GET_STATE), 3);
}

/* Appendix B: what Gator does, written the way the spec describes it. */
static void gator_sequence(void)
{
	unsigned int size;
	struct descriptor *descriptor;

	size = hvc(HVC_GET_COUNTERS_SIZE);
	descriptor = malloc(size);
	check(descriptor != NULL, "malloc(array_size)");
	if (descriptor == NULL)
		return;
	memset(descriptor, 0, size);
	struct descriptor *d = descriptor;
	unsigned k = 1;
	/* a. disable, b. configure, c. read, d. read and reset - on both clusters */
	for (unsigned c = 0; c < 2; c++) {
		d[k].counter.cluster_id = c; d[k].counter.selected_counter = PMU_EVENT_COUNTER_N(0);
		d[k++].counter.request_code = PMU_DISABLE_COUNTER;
		d[k].counter.cluster_id = c; d[k].counter.selected_counter = PMU_EVENT_COUNTER_N(1);
		d[k].counter.event_type = 0x00; d[k].counter.reset_value = 100 + c;
		d[k++].counter.request_code = PMU_CONF_RESET_COUNTER;
		d[k].counter.cluster_id = c; d[k].counter.selected_counter = PMU_EVENT_COUNTER_N(1);
		d[k++].counter.request_code = PMU_READ_COUNTER;
		d[k].counter.cluster_id = c; d[k].counter.selected_counter = PMU_CYCLE_COUNTER;
		d[k++].counter.request_code = PMU_READ_RESET_COUNTER;
	}
	d[0].header.entries = k - 1;
	check_eq("Gator: hvc(HVC_SYNC_PMU_COUNTERS, &counters)", (uint32_t)hvc(HVC_SYNC_PMU_COUNTERS, descriptor), 0);
	check_eq("Gator: A15 counter 1 configured and read back", d[3].counter.counter_value, 100);
	switch_to(A7_CLUSTER);
	typeb_write(HVC_PMCR_WRITE, A7_CLUSTER, 0);
	check_eq("Gator: A7 counter 1 applied at the switch", tb_cnt(A7_CLUSTER, 1), 101);
	check_eq("Gator: A15 (now inactive) keeps its own value", tb_cnt(A15_CLUSTER, 1), 100);
	switch_to(A15_CLUSTER);
	free(descriptor);
}

static void spec_examples(void)
{
	cluster_id = A15_CLUSTER;
	armv7_pmnc_write(0, 0);
	armv7_pmnc_select_counter(0, 2);
	armv7_pmnc_write_evtsel(0, 2, 0x08);
	armv7_pmnc_enable_counter(0x4);
	armv7_pmnc_enable_interrupt(0, 0x4);
	check_eq("spec example: armv7_pmnc_read", PMCR_IDCODE(armv7_pmnc_read(0)), IDCODE_A15);
	check_eq("spec example: select + evtsel", tb_evt(0, 2) & 0xff, 0x08);
	check_eq("spec example: enable_counter", typeb_read(HVC_PMCNTENSET_READ, 0) & 0x4, 0x4);
	armv7_pmnc_disable_counter(0x4);
	check_eq("spec example: disable_counter", typeb_read(HVC_PMCNTENSET_READ, 0) & 0x4, 0);
	check_eq("spec example: enable_interrupt", typeb_read(HVC_PMINTENSET_READ, 0) & 0x4, 0x4);
	armv7_pmnc_disable_interrupt(0, 0x4);
	check_eq("spec example: disable_interrupt", typeb_read(HVC_PMINTENSET_READ, 0) & 0x4, 0);
	bl_hvc_regs(HVC_PMCCNTR_WRITE, 0, 0x89abcdefu, 0x3);
	check_eq("spec example: armv7_ccnt_read (64-bit)", armv7_ccnt_read(0), 0x389abcdefull);
	armv7_pmnc_select_counter(0, 2);
	typeb_write(HVC_PMXEVCNTR_WRITE, 0, 31337);
	check_eq("spec example: armv7_cntn_read", armv7_cntn_read(0), 31337);
	tb_set_cnt(0, 0, 0);
	typeb_write(HVC_PMOVSR_WRITE, 0, 0xffffffffu);
	check_eq("spec example: armv7_pmnc_reset_interrupt (no flags)", armv7_pmnc_reset_interrupt(), 0);
}

/*
 * HVC_PMU_SWINC (ABI 1.2): SW_INCR for a Type B profiler without the Type A
 * PMSWINC that would leave state 3. On each cluster while active: counter 0
 * (SW_INCR, enabled) counts exactly the calls, counter 1 (SW_INCR,
 * disabled) and counter 3 (SW_INCR, P: not at PL1) do not, counter 2 wraps
 * and flags its overflow; the inactive cluster is untouched; the state
 * stays 3, and 1 in state 1.
 */
#define SWINC_CALLS 1000u
static uint32_t swinc(uint32_t mask, uint32_t cluster, unsigned *bad)
{
	struct bl_hvc_regs r = bl_hvc_regs(HVC_PMU_SWINC, mask, 0, 0);

	*bad += r.r0 != 0 || r.r1 != cluster;
	return r.r1;
}

static void typeb_swinc(void)
{
	for (uint32_t c = 0; c < 2; c++) {
		uint32_t other = c ^ 1u, other0;
		unsigned bad = 0;
		char name[96];

		switch_to(c);
		typeb_write(HVC_PMCR_WRITE, c, 0);
		typeb_write(HVC_PMCNTENCLR_WRITE, c, 0xffffffffu);
		typeb_write(HVC_PMOVSR_WRITE, c, 0xffffffffu);
		tb_set_evt(c, 0, 0x00);
		tb_set_cnt(c, 0, 1000u * (c + 1));
		tb_set_evt(c, 1, 0x00);
		tb_set_cnt(c, 1, 11);
		tb_set_evt(c, 2, 0x00);
		tb_set_cnt(c, 2, 0xffffffffu - SWINC_CALLS / 2);
		tb_set_evt(c, 3, 0x80000000u);                    /* P: PL1 filtered out */
		tb_set_cnt(c, 3, 33);
		typeb_write(HVC_PMCNTENSET_WRITE, c, 0xd);         /* 0, 2, 3 */
		typeb_write(HVC_PMCR_WRITE, c, PMCR_E);
		other0 = tb_cnt(other, 0);
		for (unsigned i = 0; i < SWINC_CALLS; i++)
			swinc(0xffffffffu, c, &bad);
		snprintf(name, sizeof(name), "HVC_PMU_SWINC x %u on %s: r0 = 0, r1 = the active cluster",
			 SWINC_CALLS, c ? "A7" : "A15");
		check_eq(name, bad, 0);
		typeb_write(HVC_PMCR_WRITE, c, 0);
		check_eq("... counter 0 (SW_INCR) counted exactly K more", tb_cnt(c, 0), 1000u * (c + 1) + SWINC_CALLS);
		check_eq("... counter 1 (disabled) did not count", tb_cnt(c, 1), 11);
		check_eq("... counter 2 wrapped", tb_cnt(c, 2), SWINC_CALLS / 2 - 1);
		check_eq("... counter 3 (P: not counting at PL1) did not count", tb_cnt(c, 3), 33);
		check_eq("... overflow flag of counter 2 only", typeb_read(HVC_PMOVSR_READ, c), 0x4);
		check_eq("... the inactive cluster's counter 0 unchanged", tb_cnt(other, 0), other0);
		check_eq("... state still 3", pmu_state_now(), 3);
	}
	switch_to(A15_CLUSTER);
	check_eq("HVC_PMU_SWITCH(0): state 1", pmu_switch(0), 0);
	typeb_write(HVC_PMCR_WRITE, A15_CLUSTER, PMCR_E);
	unsigned bad = 0;
	swinc(1, A15_CLUSTER, &bad);
	typeb_write(HVC_PMCR_WRITE, A15_CLUSTER, 0);
	check_eq("HVC_PMU_SWINC in state 1: counts, state stays 1",
		 bad + (tb_cnt(A15_CLUSTER, 0) != 1000u + SWINC_CALLS + 1) + (pmu_state_now() != 1), 0);
	check_eq("HVC_PMU_SWITCH(1): back to state 3", pmu_switch(1), 0);
}

static void back_to_state1(void)
{
	check_eq("HVC_PMU_SWITCH(0): 3 -> 1", pmu_switch(0), 0);
	check_eq("state 1", pmu_state_now(), 1);
}

void guest_start(uint32_t r0, uint32_t r1, uint32_t r2, uint32_t cpsr);
void guest_start(uint32_t r0, uint32_t r1, uint32_t r2, uint32_t cpsr)
{
	(void)r0; (void)r1; (void)r2; (void)cpsr;
	gprintf("# typeb: per-register HVCs, deferred writes, SYNC, hostile arguments\n");
	enable_typeb();
	never_active_reads_zero();
	active_cluster_identity();
	program_both();
	switch_and_compare();
	deferred_semantics();
	ccnt64();
	bad_cluster();
	sync_calls();
	sync_bad_inputs();
	gator_sequence();
	every_call_both_clusters();
	spec_examples();
	typeb_swinc();
	back_to_state1();
	test_finish();
}
