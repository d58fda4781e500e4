/*
 * Memory shape under the AArch64 monitor (issue #27 item 7, "self-relocation
 * for any -m"), guest-tests/memshape.c's checks at EL1: run at -m 64, 128,
 * 1024 and 3072. The expected layout comes from the RAM size the harness
 * gave QEMU (test.ram_mb=N, qemu/common.sh), not from anything the monitor
 * says: the guest's RAM is [RAM base, top - 2 MiB) and the tree's /memory
 * says so; the monitor is the 2 MiB above it, wherever that is - a load or
 * a store there is a synchronous external abort, a SYNC array reaching
 * into it -3 - and where QEMU loaded the image (GUEST_HYP_LOAD) is the
 * guest's RAM once the monitor has moved away (above -m 64).
 */
#include "guest64.h"
#include "guest_fdt.h"

#define SZ_1M    0x100000ull
#define MON_SIZE ((uint64_t)GUEST_HYP_SIZE)
#define EC_DABT_CUR 0x25u
#define FSC_SYNC_EXT 0x10u
#define ISS_WNR (1u << 6)
#define INVALID ((uint32_t)BL_HVC_INVALID_PARAMETER)

static uint64_t ram_mb, mon;   /* mon: the monitor's base = the end of the guest's RAM */

static void memory_node(const void *dtb)
{
	uint64_t base = 0, size = 0;

	check(ram_mb != 0, "the harness told the RAM size (test.ram_mb=%llu)", (unsigned long long)ram_mb);
	check(fdt_memory(dtb, &base, &size), "the DTB has a /memory node");
	check_eq("/memory starts at the RAM base", base, GUEST_RAM_BASE);
	check_eq("/memory is all of RAM but the monitor's top 2 MiB", size, ram_mb * SZ_1M - MON_SIZE);
}

/* An access the guest just made that stage 2 refused: one synchronous
 * external abort at insn for addr */
static void aborted(uint64_t addr, uint64_t insn, bool write)
{
	uint32_t iss = (uint32_t)last_exc.esr & 0x1ffffffu;

	check(last_exc.count == 1 && last_exc.ec == EC_DABT_CUR && (iss & 0x3fu) == FSC_SYNC_EXT &&
	      ((iss & ISS_WNR) != 0) == write && last_exc.far == addr && last_exc.elr == insn,
	      "a %s at %llx (the monitor + %llx): an abort (%u), EC %x FSC %x FAR %llx",
	      write ? "store" : "load", (unsigned long long)addr, (unsigned long long)(addr - mon),
	      last_exc.count, last_exc.ec, iss & 0x3fu, (unsigned long long)last_exc.far);
}

static void monitor_unreachable(void)
{
	const uint64_t in_monitor[] = { 0, 8, 0x1000, 0x10000, SZ_1M - 8, SZ_1M, 0x1ff000, MON_SIZE - 8 };
	uint32_t sum = (uint32_t)hvc64(HVC_MONITOR_CHECKSUM, 0, 0, 0).x0;
	uint64_t insn;

	exc_clear();
	guest_store(mon - 8, 0x5a5aa5a55a5aa5a5ull, &insn);
	check(guest_load(mon - 8, &insn) == 0x5a5aa5a55a5aa5a5ull && last_exc.count == 0,
	      "the last word of the guest's RAM (%llx) is the guest's", (unsigned long long)(mon - 8));
	for (unsigned i = 0; i < sizeof(in_monitor) / sizeof(in_monitor[0]); i++) {
		exc_clear();
		check_eq("a load from the monitor does not complete", guest_load(mon + in_monitor[i], &insn), 0xdead);
		aborted(mon + in_monitor[i], insn, false);
		exc_clear();
		guest_store(mon + in_monitor[i], 0xbad0bad0bad0bad0ull, &insn);
		aborted(mon + in_monitor[i], insn, true);
	}
	/* where QEMU loaded the image: the guest's once the monitor moved */
	if (mon != GUEST_HYP_LOAD) {
		exc_clear();
		guest_store(GUEST_HYP_LOAD, 0x600dc0de600dc0deull, &insn);
		guest_store(GUEST_HYP_LOAD + MON_SIZE - 8, ~0x600dc0de600dc0deull, &insn);
		check(guest_load(GUEST_HYP_LOAD, &insn) == 0x600dc0de600dc0deull &&
		      guest_load(GUEST_HYP_LOAD + MON_SIZE - 8, &insn) == ~0x600dc0de600dc0deull &&
		      last_exc.count == 0, "the monitor's load region (%llx) is guest RAM after the move",
		      (unsigned long long)GUEST_HYP_LOAD);
	} else {
		check_eq("-m 64: the monitor stays where QEMU loaded it, the top 2 MiB", ram_mb, 64);
	}
	check_eq("the monitor's code and read-only data are unchanged (checksum)",
		 (uint32_t)hvc64(HVC_MONITOR_CHECKSUM, 0, 0, 0).x0, sum);
	check(sum != 0, "the checksum is not trivially zero");
}

/* One READ of the active cluster's cycle counter, header + 1 entry */
static void sync_read_at(struct descriptor *d, unsigned me)
{
	d[0].header.entries = 1;
	d[0].header.active_cluster_id = 0xa5a5a5a5u;
	d[1].counter.cluster_id = me;
	d[1].counter.selected_counter = PMU_CYCLE_COUNTER;
	d[1].counter.event_type = 0xeeee;
	d[1].counter.counter_value = 0xcccc;
	d[1].counter.reset_value = 0;
	d[1].counter.request_code = PMU_READ_COUNTER;
}

/* A SYNC array at the very end of the guest's RAM is the guest's to pass;
 * one element further and it reaches into the monitor: refused, untouched */
static void sync_at_the_end(unsigned me)
{
	struct descriptor *end = (struct descriptor *)(uintptr_t)(mon - 2 * sizeof(struct descriptor));
	struct descriptor *over = (struct descriptor *)(uintptr_t)(mon - sizeof(struct descriptor));

	sync_read_at(end, me);
	check_eq("SYNC of an array ending at the end of the guest's RAM: 0",
		 hvc64(HVC_SYNC_PMU_COUNTERS, (uintptr_t)end, 0, 0).x0, 0);
	check_eq("... its active_cluster_id filled in", end[0].header.active_cluster_id, me);
	check_eq("... and the cycle counter's event_type (0x11)", end[1].counter.event_type, 0x11);
	sync_read_at(end, me);
	check_eq("SYNC64 of the same array: 0", hvc64(HVC_SYNC_PMU_COUNTERS64, (uintptr_t)end, 0, 0).x0, 0);
	/* the header the guest's, its entry the monitor's first 24 bytes */
	over[0].header.entries = 1;
	over[0].header.active_cluster_id = 0xa5a5a5a5u;
	check_eq("SYNC of an array whose entry is in the monitor: -3",
		 hvc64(HVC_SYNC_PMU_COUNTERS, (uintptr_t)over, 0, 0).x0, INVALID);
	check_eq("... its header untouched", over[0].header.active_cluster_id, 0xa5a5a5a5u);
	check_eq("SYNC of an array in the monitor: -3", hvc64(HVC_SYNC_PMU_COUNTERS, mon, 0, 0).x0, INVALID);
	check_eq("SYNC64 of the monitor's last element: -3",
		 hvc64(HVC_SYNC_PMU_COUNTERS64, mon + MON_SIZE - 24, 0, 0).x0, INVALID);
}

void guest_main(uint64_t dtb);
void guest_main(uint64_t dtb)
{
	unsigned me = (unsigned)hvc64(HVC_MONITOR_INFO, 0, 0, 0).x1 & 1u;
	uint64_t top;

	ram_mb = fdt_bootarg_u32((const void *)(uintptr_t)dtb, "test.ram_mb", 0);
	top = (uint64_t)GUEST_RAM_BASE + ram_mb * SZ_1M;
	mon = (top & ~(MON_SIZE - 1)) - MON_SIZE;
	gprintf("# memshape64: -m %llu: /memory, the monitor at %llx, SYNC at the end of the guest's RAM\n",
		(unsigned long long)ram_mb, (unsigned long long)mon);
	memory_node((const void *)(uintptr_t)dtb);   /* first: the DTB may lie near the end */
	monitor_unreachable();
	sync_at_the_end(me);
	test_finish();
}
