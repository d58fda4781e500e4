/*
 * Memory shape (issue #12, "any RAM size"): run at several -m, from the
 * smallest the monitor supports to 3 GiB. The expected layout comes from
 * the RAM size the harness gave QEMU (test.ram_mb=N, qemu/common.sh), not
 * from anything the monitor says: guest RAM is [RAM base, top - 2 MiB),
 * the monitor the 2 MiB above it, wherever that is.
 */
#include <string.h>
#include "pmu_guest.h"

#define SZ_1M   0x00100000u
#define SZ_4K   0x00001000u

static void memory_node(void)
{
	uint64_t base = 0, size = 0, ram = (uint64_t)ram_mb * SZ_1M;

	check(ram_mb != 0, "the harness told the RAM size (test.ram_mb=%lu)", (unsigned long)ram_mb);
	check(fdt_memory(guest_dtb, &base, &size), "the DTB has a /memory node");
	check_eq("/memory starts at the RAM base", base, GUEST_RAM_BASE);
	/* RAM sizes given in whole 2 MiB: the guest gets all but the top 2 MiB
	 * (-m 2048: 2046 MiB, the issue asks for at least 2044) */
	check_eq("/memory is all of RAM but the monitor's 2 MiB", size, ram - MONITOR_SIZE);
}

/* Guest RAM reaches the monitor's base; the monitor's 2 MiB is not the
 * guest's, at either end or inside, and its code is unchanged by trying. */
static void monitor_unreachable(void)
{
	volatile uint32_t *last = (volatile uint32_t *)(guest_ram_end - 4);
	uint32_t sum = (uint32_t)hvc(HVC_MONITOR_CHECKSUM);
	const uint32_t in_monitor[] = { 0, 4, SZ_4K, 0x10000, SZ_1M - 4, SZ_1M, 0x1ff000, MONITOR_SIZE - 4 };

	exc_clear();
	*last = 0x5a5aa5a5u;
	check(last_exc.kind == EXC_NONE && *last == 0x5a5aa5a5u,
	      "the last word of guest RAM (0x%08lx) is the guest's", (unsigned long)(guest_ram_end - 4));
	for (unsigned i = 0; i < sizeof(in_monitor) / sizeof(in_monitor[0]); i++)
		check_unreachable(monitor_base + in_monitor[i], "the monitor's region");
	/* where QEMU loaded the image (board.mk HYP_LOAD_ADDR): guest RAM once
	 * the monitor has moved to the top, which it does at any -m above 64 */
	if (monitor_base != GUEST_HYP_LOAD) {
		volatile uint32_t *load = (volatile uint32_t *)GUEST_HYP_LOAD;

		exc_clear();
		load[0] = 0x600dc0deu;
		load[MONITOR_SIZE / 4 - 1] = ~0x600dc0deu;
		check(last_exc.kind == EXC_NONE && load[0] == 0x600dc0deu &&
		      load[MONITOR_SIZE / 4 - 1] == ~0x600dc0deu,
		      "the monitor's load region (0x%08lx) is guest RAM after the move",
		      (unsigned long)GUEST_HYP_LOAD);
	}
	check_eq("monitor code+rodata checksum unchanged", (uint32_t)hvc(HVC_MONITOR_CHECKSUM), sum);
	check(sum != 0, "checksum is not trivially zero");
}

static void hvc_interface(void)
{
	struct bl_hvc_regs r = bl_hvc_regs(HVC_MONITOR_INFO, 0, 0, 0);

	check_eq("HVC_MONITOR_INFO: ABI version", r.r0, BL_ABI_VERSION);
	check_eq("HVC_MONITOR_INFO: the monitor runs in HYP", r.r2 & 0x1f, 0x1a);
	check_eq("HVC_MONITOR_INFO: CPU index 0", r.r3, 0);
	check_eq("PMU state 1 at boot", pmu_state_now(), 1);
	check_eq("HVC_PMU_SWITCH(1) -> state 3", (uint32_t)pmu_switch(1), 0);
	check_eq("... state 3", pmu_state_now(), 3);
	check_eq("HVC_PMU_SWITCH(0) -> state 1", (uint32_t)pmu_switch(0), 0);
}

/* One READ of the active cluster's cycle counter: header + 1 entry. */
static void sync_read_at(struct descriptor *d)
{
	memset(d, 0, 2 * sizeof(*d));
	d[0].header.entries = 1;
	d[0].header.active_cluster_id = 0xa5a5a5a5u;
	d[1].counter.cluster_id = cluster_now();
	d[1].counter.selected_counter = PMU_CYCLE_COUNTER;
	d[1].counter.request_code = PMU_READ_COUNTER;
}

/* A SYNC array at the very end of guest RAM is the guest's to pass; one
 * element further and it reaches into the monitor: refused, untouched. */
static void sync_at_the_end(void)
{
	struct descriptor *end = (struct descriptor *)(guest_ram_end - 2 * sizeof(struct descriptor));
	struct descriptor *over = (struct descriptor *)(guest_ram_end - sizeof(struct descriptor));

	sync_read_at(end);
	check_eq("SYNC with the array ending at the end of guest RAM: 0",
		 (uint32_t)hvc(HVC_SYNC_PMU_COUNTERS, (uint32_t)end), 0);
	check_eq("... fills active_cluster_id", end[0].header.active_cluster_id, cluster_now());
	check_eq("... and the cycle counter's event_type (0x11)", end[1].counter.event_type, 0x11);

	/* the header in guest RAM, its entry in the monitor's first 24 bytes */
	memset(over, 0, sizeof(*over));
	over[0].header.entries = 1;
	over[0].header.active_cluster_id = 0xa5a5a5a5u;
	check_eq("SYNC with the array's entry in the monitor's region: -3",
		 (uint32_t)hvc(HVC_SYNC_PMU_COUNTERS, (uint32_t)over), (uint32_t)BL_HVC_INVALID_PARAMETER);
	check_eq("... header untouched", over[0].header.active_cluster_id, 0xa5a5a5a5u);
	check_eq("SYNC with the array in the monitor's region: -3",
		 (uint32_t)hvc(HVC_SYNC_PMU_COUNTERS, monitor_base), (uint32_t)BL_HVC_INVALID_PARAMETER);
}

void guest_start(uint32_t r0, uint32_t r1, uint32_t r2, uint32_t cpsr);
void guest_start(uint32_t r0, uint32_t r1, uint32_t r2, uint32_t cpsr)
{
	(void)r0; (void)r1; (void)r2; (void)cpsr;
	gprintf("# memshape: -m %lu: /memory, the monitor at the top of RAM, HVC, SYNC at the end\n",
		(unsigned long)ram_mb);
	memory_node();   /* first: the SYNC tests write the end of RAM, the DTB may reach it */
	monitor_unreachable();
	hvc_interface();
	sync_at_the_end();
	test_finish();
}
