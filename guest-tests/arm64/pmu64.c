/*
 * The AArch64 monitor's PMU, from an EL1 guest (issue #27's first step):
 * Type B calls through `hvc #0` with x0-x3, Type A MRS/MSR of the *_EL0
 * registers on the same state machine, the three states' transitions as
 * guest-tests/typea.c and typeb.c test them on ARMv7, and hostile input.
 * Exact values: the cluster's identity from the Cortex-A57 / Cortex-A53
 * TRMs (the boot cluster is HVC_MONITOR_INFO's r1: blmon.boot_cluster).
 */
#include "guest64.h"

/* pmceid0: the TRMs' PMCEID0_EL0 (DDI 0488 11.8, DDI 0500 12.4.2) */
static const struct { uint32_t midr, idcode, pmceid0; const char *name; } cl[2] = {
	{ 0x411fd070u, 0x01, 0x7fff0f3fu, "Cortex-A57" }, { 0x410fd034u, 0x03, 0x67ffbfffu, "Cortex-A53" },
};

static uint32_t state(void) { return (uint32_t)hvc64(HVC_PMU_GET_STATE, 0, 0, 0).x0; }
static void to_state(uint32_t arg) { (void)hvc64(HVC_PMU_SWITCH, arg, 0, 0); }

static void identity(unsigned me)
{
	struct hvc64 r = hvc64(HVC_MONITOR_INFO, 0, 0, 0);

	check_eq("HVC_MONITOR_INFO r0: ABI version", r.x0, BL_ABI_VERSION);
	check_eq("HVC_MONITOR_INFO r2: the monitor's PSTATE says EL2h", r.x2 & 0xf, 0x9);
	check_eq("MIDR_EL1 is the boot cluster's (VPIDR_EL2)", MRS(MIDR_EL1), cl[me].midr);
	gprintf("# boot cluster %u: %s\n", me, cl[me].name);
}

static void type_b(unsigned me)
{
	unsigned other = 1 - me;
	uint32_t pmcr = 0x41000000u | cl[me].idcode << 16 | 6u << 11;
	struct hvc64 r;

	check_eq("state 1 at boot", state(), 1);
	check_eq("HVC_PMU_SWITCH(1) returns 0", hvc64(HVC_PMU_SWITCH, 1, 0, 0).x0, 0);
	check_eq("... state 3", state(), 3);
	r = hvc64(HVC_PMCR_READ, me, 0, 0);
	check_eq("Type B PMCR of the active cluster: IDCODE, N = 6", r.x0, pmcr);
	check_eq("... status in x3: 0", r.x3, 0);
	check_eq("Type B PMCR of the never-active cluster reads 0", hvc64(HVC_PMCR_READ, other, 0, 0).x0, 0);
	check_eq("PMSELR_WRITE(2)", hvc64(HVC_PMSELR_WRITE, me, 2, 0).x0, 0);
	check_eq("PMSELR_READ", hvc64(HVC_PMSELR_READ, me, 0, 0).x0, 2);
	check_eq("PMXEVTYPER_WRITE(0x11)", hvc64(HVC_PMXEVTYPER_WRITE, me, 0x11, 0).x0, 0);
	check_eq("PMXEVTYPER_READ", hvc64(HVC_PMXEVTYPER_READ, me, 0, 0).x0, 0x11);
	check_eq("PMXEVCNTR_WRITE(0x1234)", hvc64(HVC_PMXEVCNTR_WRITE, me, 0x1234, 0).x0, 0);
	check_eq("PMXEVCNTR_READ", hvc64(HVC_PMXEVCNTR_READ, me, 0, 0).x0, 0x1234);
	check_eq("PMCNTENSET_WRITE(0x80000003)", hvc64(HVC_PMCNTENSET_WRITE, me, 0x80000003u, 0).x0, 0);
	check_eq("PMCNTENCLR_WRITE(1)", hvc64(HVC_PMCNTENCLR_WRITE, me, 1, 0).x0, 0);
	check_eq("PMCNTENSET_READ", hvc64(HVC_PMCNTENSET_READ, me, 0, 0).x0, 0x80000002u);
	(void)hvc64(HVC_PMCNTENCLR_WRITE, me, 0x80000002u, 0);
	/* the cycle counter, stopped (PMCR.E = 0): exact, low/high in x0/x1 */
	check_eq("PMCCNTR_WRITE (x2 low, x3 high)", hvc64(HVC_PMCCNTR_WRITE, me, 0x10, 0x2).x0, 0);
	r = hvc64(HVC_PMCCNTR_READ, me, 0, 0);
	check(r.x0 == 0x10 && r.x1 == 0x2, "PMCCNTR_READ: x0 %llx x1 %llx, want 10 2",
	      (unsigned long long)r.x0, (unsigned long long)r.x1);
	/* the inactive cluster: writes are deferred */
	check_eq("PMSELR_WRITE to the inactive cluster", hvc64(HVC_PMSELR_WRITE, other, 3, 0).x0, 0);
	check_eq("... reads back what was queued", hvc64(HVC_PMSELR_READ, other, 0, 0).x0, 3);
	check_eq("Type B keeps state 3", state(), 3);
	check_eq("HVC_GET_COUNTERS_SIZE: (1 + 2 * 2 + 6 + 6) * 24", hvc64(HVC_GET_COUNTERS_SIZE, 0, 0, 0).x0,
		 (uint64_t)17 * 24);
}

static struct descriptor sync_desc[2];

static void sync(unsigned me)
{
	sync_desc[0].header.entries = 1;
	sync_desc[0].header.active_cluster_id = 99;
	sync_desc[1].counter.cluster_id = me;
	sync_desc[1].counter.selected_counter = PMU_CYCLE_COUNTER;
	sync_desc[1].counter.request_code = PMU_READ_COUNTER;
	check_eq("SYNC at a 64-bit pointer (its value < 4 GiB) returns 0",
		 hvc64(HVC_SYNC_PMU_COUNTERS, (uintptr_t)sync_desc, 0, 0).x0, 0);
	check_eq("... header: the active cluster", sync_desc[0].header.active_cluster_id, me);
	check_eq("... the stopped cycle counter's low word", sync_desc[1].counter.counter_value, 0x10);
	check_eq("SYNC at an odd address: -3", (uint32_t)hvc64(HVC_SYNC_PMU_COUNTERS, (uintptr_t)sync_desc + 1, 0, 0).x0,
		 (uint32_t)BL_HVC_INVALID_PARAMETER);
	check_eq("SYNC outside guest RAM: -3", (uint32_t)hvc64(HVC_SYNC_PMU_COUNTERS, 0x1000, 0, 0).x0,
		 (uint32_t)BL_HVC_INVALID_PARAMETER);
}

static void type_a(unsigned me)
{
	uint32_t pmcr4 = 0x41000000u | cl[me].idcode << 16 | 4u << 11;

	to_state(0);
	check_eq("HVC_PMU_SWITCH(0): state 1", state(), 1);
	check_eq("MRS PMCR_EL0 (trapped): IDCODE, N = 4 (the Type A view)", MRS(PMCR_EL0), pmcr4);
	check_eq("... state 1 -> 2", state(), 2);
	/* MDCR_EL2.TPMCR should trap it; QEMU 7.2 does not for an AArch64 EL1
	 * (measured: the physical core's IDCODE comes back), so only what the
	 * hardware gives too is checked - N = MDCR_EL2.HPMN = 4 (docs/arm64.md) */
	check_eq("MRS PMCR_EL0 in state 2: ARM, N = HPMN = 4", MRS(PMCR_EL0) & 0xff00f800u, 0x41002000u);
	check_eq("... state stays 2", state(), 2);
	/* state 2 runs PMCEID natively (no trap but TPM's, which is off):
	 * QEMU 7.2's own list, SW_INCR and CPU_CYCLES (docs/arm64.md) */
	check_eq("MRS PMCEID0_EL0 in state 2: the physical core's (QEMU's)", MRS(PMCEID0_EL0), 0x20001);
	to_state(1);
	check_eq("state 3 again", state(), 3);
	MSR(PMSELR_EL0, 1);
	check_eq("MSR PMSELR_EL0 (trapped): state 3 -> 2", state(), 2);
	to_state(1);
	MSR(PMXEVCNTR_EL0, 0xabc);
	to_state(1);
	check_eq("MRS PMXEVCNTR_EL0 reads what MSR wrote", MRS(PMXEVCNTR_EL0), 0xabc);
	check_eq("... Type B sees it: the same register file", hvc64(HVC_PMXEVCNTR_READ, me, 0, 0).x0, 0xabc);
	to_state(1);
	MSR(PMSELR_EL0, 5);
	to_state(1);
	check_eq("PMXEVCNTR_EL0 through PMSELR 5: RAZ in the 4-counter view", MRS(PMXEVCNTR_EL0), 0);
	to_state(1);
	MSR(PMXEVTYPER_EL0, 0x08);   /* counter 5 is not in the view: WI */
	to_state(1);
	MSR(PMSELR_EL0, 31);
	to_state(1);
	MSR(PMXEVTYPER_EL0, 0x08000000u);
	to_state(1);
	check_eq("PMSELR 31: PMXEVTYPER_EL0 is PMCCFILTR_EL0", MRS(PMCCFILTR_EL0), 0x08000000u);
	to_state(1);
	MSR_AT(A64_PMEVCNTR(2), 0x55);
	to_state(1);
	MSR(PMSELR_EL0, 2);
	to_state(1);
	check_eq("MSR PMEVCNTR2_EL0 = counter 2 through PMSELR", MRS(PMXEVCNTR_EL0), 0x55);
	to_state(1);
	exc_clear();
	(void)MRS_AT(A64_PMEVCNTR(5));
	check(last_exc.count == 1 && last_exc.ec == 0, "MRS PMEVCNTR5_EL0 (not in the view): undefined instruction (count %u, EC %x)",
	      last_exc.count, last_exc.ec);
	check_eq("... and the state does not move", state(), 3);
	MSR(PMCNTENSET_EL0, 0xf0000003u);
	to_state(1);
	check_eq("MSR PMCNTENSET_EL0: counters 0-3 and the cycle counter only", MRS(PMCNTENSET_EL0), 0x80000003u);
	to_state(1);
	MSR(PMCNTENCLR_EL0, 0xffffffffu);
	to_state(1);
	MSR(PMCCNTR_EL0, 0x500000007ull);
	to_state(1);
	check_eq("MRS PMCCNTR_EL0: all 64 bits", MRS(PMCCNTR_EL0), 0x500000007ull);
	{
		struct hvc64 r = hvc64(HVC_PMCCNTR_READ, me, 0, 0);

		check(r.x0 == 7 && r.x1 == 5, "... Type B reads the same counter: x0 %llx x1 %llx",
		      (unsigned long long)r.x0, (unsigned long long)r.x1);
	}
}

/* The fast ways (issue #29 on AArch64, docs/performance.md): MRS
 * PMCCNTR_EL0 and MSR PMSELR_EL0 from EL1 in their hot form
 * (hyp/exit/sys_trap.c) with every kind of Rt - one the fast frame holds
 * (x5, x30), one only the CPU holds (x20, x27) and XZR (the general way) -
 * give what the general way gives, and an HVC or a hot trap keeps the
 * registers it must (x4-x30). The cycle counter is stopped (type_a): its
 * value is exact. */
static void fast_ways(void)
{
	uint64_t a, b, c;

	/* the hot form saves x0-x3 and x30 only: its C cannot touch x4-x7,
	 * x16, x17 (arch.mk SYS_HOT_FLAGS) and any C keeps x8-x29 */
	to_state(1);
	__asm__ volatile("mov x10, #0x1010\n\tmov x4, #0x40000\n\tmov x7, #0x7000000\n\t"
			 "mov x16, #0x16\n\tmov x17, #0x1700\n\tmrs x3, pmccntr_el0\n\tmov %0, x3\n\t"
			 "add %1, x10, x4\n\tadd %1, %1, x7\n\tadd %2, x16, x17"
			 : "=&r"(a), "=&r"(b), "=&r"(c) : : "x3", "x4", "x7", "x10", "x16", "x17");
	check_eq("MRS x3, PMCCNTR_EL0 (hot form, 3 -> 2): all 64 bits", a, 0x500000007ull);
	check_eq("... x4, x7, x10 kept", b, 0x7041010);
	check_eq("... x16, x17 kept", c, 0x1716);
	check_eq("... state 2", state(), 2);
	to_state(1);
	__asm__ volatile("mov x10, %2\n\tmov x21, %3\n\tmrs x5, pmccntr_el0\n\tmov %0, x5\n\tmov %1, x10"
			 : "=&r"(a), "=&r"(b) : "r"(0x1010ull), "r"(0x2121ull) : "x5", "x10", "x21");
	check_eq("MRS x5, PMCCNTR_EL0 (x4-x29: the general way): all 64 bits", a, 0x500000007ull);
	check_eq("... x10 kept", b, 0x1010);
	check_eq("... state 2", state(), 2);
	to_state(1);
	__asm__ volatile("mov x4, %0\n\tmsr pmselr_el0, x4" : : "r"(0x24ull) : "x4");
	check_eq("MSR PMSELR_EL0, x4 (the general way): 4 (5 bits)", MRS(PMSELR_EL0), 4);
	to_state(1);
	__asm__ volatile("mov x3, %0\n\tmsr pmselr_el0, x3" : : "r"(0x21ull) : "x3");
	check_eq("MSR PMSELR_EL0, x3 (hot form): 1 (5 bits)", MRS(PMSELR_EL0), 1);
	to_state(1);
	__asm__ volatile("mrs x20, pmccntr_el0\n\tmov %0, x20" : "=r"(a) : : "x20");
	check_eq("MRS x20, PMCCNTR_EL0 (the general way): the same", a, 0x500000007ull);
	check_eq("... state 2", state(), 2);
	to_state(1);
	__asm__ volatile("mov x30, xzr\n\tmrs x30, pmccntr_el0\n\tmov %0, x30" : "=r"(a) : : "x30");
	check_eq("MRS x30, PMCCNTR_EL0: the same", a, 0x500000007ull);
	to_state(1);
	__asm__ volatile("mrs xzr, pmccntr_el0" : : : "memory");
	check_eq("MRS XZR, PMCCNTR_EL0: done, state 2", state(), 2);
	to_state(1);
	__asm__ volatile("mov x27, %0\n\tmsr pmselr_el0, x27" : : "r"(0x23ull) : "x27");
	check_eq("MSR PMSELR_EL0, x27 (the general way): 3 (5 bits)", MRS(PMSELR_EL0), 3);
	to_state(1);
	__asm__ volatile("mov x30, %0\n\tmsr pmselr_el0, x30" : : "r"(0x22ull) : "x30");
	check_eq("MSR PMSELR_EL0, x30 (hot form): 2", MRS(PMSELR_EL0), 2);
	to_state(1);
	__asm__ volatile("msr pmselr_el0, xzr" : : : "memory");
	check_eq("MSR PMSELR_EL0, XZR (the general way): 0", MRS(PMSELR_EL0), 0);
	check_eq("... state 2", state(), 2);
	/* HVC #0 saves x0-x7, x16, x17 and x30 only: SMCCC keeps x4-x30 */
	__asm__ volatile("mov x0, %3\n\tmov x4, #0x44\n\tmov x17, #0x1717\n\tmov x18, #0x1818\n\t"
			 "mov x30, #0x3030\n\thvc #0\n\tadd %0, x4, x17\n\tmov %1, x18\n\tmov %2, x30"
			 : "=&r"(a), "=&r"(b), "=&r"(c) : "r"((uint64_t)HVC_PMU_GET_STATE)
			 : "x0", "x1", "x2", "x3", "x4", "x17", "x18", "x30", "memory");
	check_eq("HVC #0 keeps x4 and x17", a, 0x44 + 0x1717);
	check_eq("... x18", b, 0x1818);
	check_eq("... x30", c, 0x3030);
}

/* SMCCC's 64-bit forms (id bit 30): the cycle counter whole in one
 * register, on the same register file as the 32-bit calls; ids without a
 * 64-bit form answer -1. The counter is stopped (PMCNTENCLR bit 31), so
 * every value is exact. */
static void smc64_forms(unsigned me)
{
	unsigned other = 1 - me;
	struct hvc64 r;

	to_state(1);
	(void)hvc64(HVC_PMU_SWITCH, 1, 0, 0);
	check_eq("PMCNTENCLR_WRITE(bit 31): the cycle counter stopped",
		 hvc64(HVC_PMCNTENCLR_WRITE, me, 0x80000000u, 0).x0, 0);
	r = hvc64(HVC_PMCCNTR_WRITE64, me, 0x123456789abcdef0ull, 0xffff);
	check(r.x0 == 0 && r.x3 == 0, "PMCCNTR_WRITE64 (x2 whole, x3 ignored): x0 %llx x3 %llx",
	      (unsigned long long)r.x0, (unsigned long long)r.x3);
	r = hvc64(HVC_PMCCNTR_READ64, me, 0, 0);
	check(r.x0 == 0x123456789abcdef0ull && r.x1 == 0 && r.x3 == 0,
	      "PMCCNTR_READ64: x0 = the 64 bits, x1 0, x3 0: %llx %llx %llx", (unsigned long long)r.x0,
	      (unsigned long long)r.x1, (unsigned long long)r.x3);
	r = hvc64(HVC_PMCCNTR_READ, me, 0, 0);
	check(r.x0 == 0x9abcdef0u && r.x1 == 0x12345678u,
	      "... the 32-bit PMCCNTR_READ of the same counter: the halves in x0, x1");
	check_eq("... and MRS PMCCNTR_EL0 (state 2 now)", MRS(PMCCNTR_EL0), 0x123456789abcdef0ull);
	(void)hvc64(HVC_PMU_SWITCH, 1, 0, 0);
	r = hvc64(HVC_PMCCNTR_WRITE64, other, 0xfedcba9876543210ull, 0);
	check_eq("PMCCNTR_WRITE64 of the inactive cluster: 0", r.x0, 0);
	r = hvc64(HVC_PMCCNTR_READ64, other, 0, 0);
	check_eq("... PMCCNTR_READ64 of it: its snapshot, 0 (never active; the write waits for its switch-in)",
		 r.x0, 0);
	r = hvc64(HVC_PMCCNTR_READ64, 5, 0, 0);
	check(r.x0 == 0 && r.x1 == 0 && (uint32_t)r.x3 == (uint32_t)BL_HVC_INVALID_PARAMETER,
	      "PMCCNTR_READ64 of cluster 5: x0 0, x3 -3");
	check_eq("PMCCNTR_WRITE64 of cluster 7: -3", (uint32_t)hvc64(HVC_PMCCNTR_WRITE64, 7, 1, 0).x0,
		 (uint32_t)BL_HVC_INVALID_PARAMETER);
	check_eq("... and it changed nothing", hvc64(HVC_PMCCNTR_READ64, me, 0, 0).x0, 0x123456789abcdef0ull);
	check_eq("PMCR_READ | bit 30 (no 64-bit form): -1", (uint32_t)hvc64(HVC_PMCR_READ | BL_HVC_SMC64, me, 0, 0).x0,
		 (uint32_t)BL_HVC_NOT_SUPPORTED);
	check_eq("MONITOR_INFO | bit 30: -1", (uint32_t)hvc64(HVC_MONITOR_INFO | BL_HVC_SMC64, 0, 0, 0).x0,
		 (uint32_t)BL_HVC_NOT_SUPPORTED);
	check_eq("GET_COUNTERS_SIZE | bit 30: -1",
		 (uint32_t)hvc64(HVC_GET_COUNTERS_SIZE | BL_HVC_SMC64, 0, 0, 0).x0, (uint32_t)BL_HVC_NOT_SUPPORTED);
	/* the table's slot is the id's offset from 0x90001000 rotated left by 2
	 * (hyp/exit/hvc.c): an offset of 2 << 30 or 3 << 30 plus a call's, the
	 * ids below the base and past the last are none of the calls */
	{
		static const uint32_t ids[] = {
			HVC_PMU_GET_STATE + 0x80000000u, HVC_PMU_GET_STATE + 0xc0000000u,
			HVC_PMU_GET_STATE - 0x40000000u, 0x90000fffu, HVC_PMU_SWINC + 1u,
			(HVC_PMU_SWINC + 1u) | BL_HVC_SMC64, 0x10001000u, 0x50001000u,
		};

		for (unsigned i = 0; i < sizeof(ids) / sizeof(ids[0]); i++)
			check(hvc64(ids[i], 0, 0, 0).x0 == (uint64_t)(int64_t)BL_HVC_NOT_SUPPORTED ||
				      (uint32_t)hvc64(ids[i], 0, 0, 0).x0 == (uint32_t)BL_HVC_NOT_SUPPORTED,
			      "id %08x (no call's slot): -1", ids[i]);
	}
	check_eq("... and GET_STATE itself still answers", hvc64(HVC_PMU_GET_STATE, 0, 0, 0).x0, state());
	check_eq("0xD0001fff: -1", (uint32_t)hvc64(0xD0001fffu, 0, 0, 0).x0, (uint32_t)BL_HVC_NOT_SUPPORTED);
	sync_desc[0].header.entries = 1;
	sync_desc[0].header.active_cluster_id = 99;
	sync_desc[1].counter.cluster_id = me;
	sync_desc[1].counter.selected_counter = PMU_CYCLE_COUNTER;
	sync_desc[1].counter.request_code = PMU_READ_COUNTER;
	check_eq("SYNC64 at a 64-bit pointer: 0", hvc64(HVC_SYNC_PMU_COUNTERS64, (uintptr_t)sync_desc, 0, 0).x0, 0);
	check(sync_desc[0].header.active_cluster_id == me && sync_desc[1].counter.counter_value == 0x9abcdef0u,
	      "... the header and the stopped cycle counter's low word, exact");
	to_state(1);
}

static void cluster_switch(unsigned c)
{
	check_eq("HVC_CLUSTER_SWITCH", hvc64(HVC_CLUSTER_SWITCH, c, 0, 0).x0, c);
}

/* Issue #27's PMUv3 details, exact values: the clusters' event lists
 * (trapped PMCEID0/1_EL0, each cluster's after a switch), PMOVSSET_EL0
 * (trapped in states 1 and 3, native in 2, on the one overflow register
 * file Type B reads) and PMCCNTR_EL0's 64 bits above 2^32 in every state
 * and across switches (the counter stopped). */
static void pmuv3(unsigned me)
{
	unsigned other = 1 - me;
	struct hvc64 r;

	to_state(0);
	check_eq("MRS PMCEID0_EL0 in state 1 (trapped): the TRM's list", MRS(PMCEID0_EL0), cl[me].pmceid0);
	check_eq("... state 1 -> 2", state(), 2);
	to_state(1);
	check_eq("MRS PMCEID1_EL0 in state 3 (trapped): 0", MRS(PMCEID1_EL0), 0);
	to_state(1);
	cluster_switch(other);
	check_eq("after a switch, trapped PMCEID0_EL0: the other cluster's list", MRS(PMCEID0_EL0),
		 cl[other].pmceid0);
	cluster_switch(me);

	/* PMOVSSET_EL0 */
	check_eq("PMCNTENCLR_WRITE(all): nothing counts", hvc64(HVC_PMCNTENCLR_WRITE, me, 0xffffffffu, 0).x0, 0);
	MSR(PMOVSCLR_EL0, 0xffffffffu);
	to_state(0);
	MSR(PMOVSSET_EL0, 0x800000f5u);
	check_eq("MSR PMOVSSET_EL0 in state 1 (trapped): state 2", state(), 2);
	check_eq("... sets the view's flags (0-3, 31): PMOVSCLR_EL0 natively", MRS(PMOVSCLR_EL0), 0x80000005u);
	to_state(1);
	check_eq("MRS PMOVSSET_EL0 in state 3 (trapped): the flags", MRS(PMOVSSET_EL0), 0x80000005u);
	check_eq("... state 3 -> 2", state(), 2);
	MSR(PMOVSSET_EL0, 0x2);
	check_eq("MSR PMOVSSET_EL0 in state 2 (native): one more", MRS(PMOVSSET_EL0), 0x80000007u);
	check_eq("... the register Type B reads", hvc64(HVC_PMOVSR_READ, me, 0, 0).x0, 0x80000007u);
	cluster_switch(other);
	check_eq("... migrated by a state-2 switch", hvc64(HVC_PMOVSR_READ, other, 0, 0).x0, 0x80000007u);
	cluster_switch(me);
	to_state(0);
	MSR(PMOVSCLR_EL0, 0x80000001u);
	to_state(1);
	check_eq("trapped PMOVSCLR_EL0 clears what PMOVSSET_EL0 set", MRS(PMOVSSET_EL0), 0x6);
	MSR(PMOVSCLR_EL0, 0xffffffffu);

	/* PMCCNTR_EL0: 64 bits, one value for the hardware and the monitor */
	to_state(0);
	MSR(PMCCNTR_EL0, 0x123456789ull);
	check_eq("MSR PMCCNTR_EL0 = 0x1_23456789 in state 1 (trapped): state 2", state(), 2);
	check_eq("... MRS in state 2 (native): all 64 bits", MRS(PMCCNTR_EL0), 0x123456789ull);
	r = hvc64(HVC_PMCCNTR_READ, me, 0, 0);
	check(r.x0 == 0x23456789u && r.x1 == 1, "... Type B: x0 %llx x1 %llx", (unsigned long long)r.x0,
	      (unsigned long long)r.x1);
	MSR(PMCCNTR_EL0, 0xab00000001ull);
	check_eq("MSR PMCCNTR_EL0 = 0xab_00000001 in state 2 (native): PMCCNTR_READ64",
		 hvc64(HVC_PMCCNTR_READ64, me, 0, 0).x0, 0xab00000001ull);
	to_state(1);
	check_eq("... MRS in state 3 (trapped)", MRS(PMCCNTR_EL0), 0xab00000001ull);
	to_state(0);
	check_eq("... MRS in state 1 (trapped)", MRS(PMCCNTR_EL0), 0xab00000001ull);
	cluster_switch(other);
	check_eq("... across a state-2 switch, native on the other cluster", MRS(PMCCNTR_EL0), 0xab00000001ull);
	check_eq("... and the outbound's snapshot (Type B)", hvc64(HVC_PMCCNTR_READ64, me, 0, 0).x0,
		 0xab00000001ull);
	cluster_switch(me);
	to_state(1);
	check_eq("PMCCNTR_WRITE64 in state 3: 0x7_fffffffe",
		 hvc64(HVC_PMCCNTR_WRITE64, me, 0x7fffffffeull, 0).x0, 0);
	cluster_switch(other);
	check_eq("... a state-3 switch keeps it as the outbound's", hvc64(HVC_PMCCNTR_READ64, me, 0, 0).x0,
		 0x7fffffffeull);
	check_eq("... the inbound has its own (state 2's migration above)", MRS(PMCCNTR_EL0), 0xab00000001ull);
	to_state(1);
	cluster_switch(me);
	check_eq("... and back: trapped MRS in state 3", MRS(PMCCNTR_EL0), 0x7fffffffeull);
	check_eq("... native MRS in state 2", MRS(PMCCNTR_EL0), 0x7fffffffeull);
	to_state(1);
}

static void hostile(unsigned me)
{
	struct hvc64 r;

	check_eq("unknown id: -1", (uint32_t)hvc64(0x90001fffu, 0, 0, 0).x0, (uint32_t)BL_HVC_NOT_SUPPORTED);
	check_eq("not an id of the ABI at all: -1", (uint32_t)hvc64(0x12345678u, 0, 0, 0).x0,
		 (uint32_t)BL_HVC_NOT_SUPPORTED);
	check_eq("HVC_CLUSTER_SWITCH to a cluster that does not exist: -3",
		 (uint32_t)hvc64(HVC_CLUSTER_SWITCH, 5, 0, 0).x0, (uint32_t)BL_HVC_INVALID_PARAMETER);
	check_eq("HVC_SWITCH_PERIOD: no switch timer without blmon.switch_us, 0",
		 (uint32_t)hvc64(HVC_SWITCH_PERIOD, 0, 0, 0).x0, 0);
	r = hvc64(HVC_PMCR_READ, 5, 0, 0);
	check_eq("bad cluster id (read): -3 in x3", (uint32_t)r.x3, (uint32_t)BL_HVC_INVALID_PARAMETER);
	check_eq("bad cluster id (write): -3", (uint32_t)hvc64(HVC_PMCR_WRITE, 7, 1, 0).x0,
		 (uint32_t)BL_HVC_INVALID_PARAMETER);
	check_eq("PMSELR value no counter has: -3", (uint32_t)hvc64(HVC_PMSELR_WRITE, me, 9, 0).x0,
		 (uint32_t)BL_HVC_INVALID_PARAMETER);
	r = hvc64(HVC_PMCR_READ, 0x100000000ull | me, 0, 0);
	check(r.x3 == 0 && (r.x0 & 0xffff0000u) == (0x41000000u | cl[me].idcode << 16),
	      "32-bit call: x1's upper half is ignored (w1 = the cluster): x0 %llx x3 %llx",
	      (unsigned long long)r.x0, (unsigned long long)r.x3);
	r = hvc64(0xdead00000000ull | HVC_PMU_GET_STATE, 0, 0, 0);
	check_eq("... and x0's (w0 = the id)", r.x0, state());
	exc_clear();
	__asm__ volatile("hvc #1" ::: "memory");
	check(last_exc.count == 1 && last_exc.ec == 0, "HVC #1: undefined instruction at the HVC (count %u, EC %x)",
	      last_exc.count, last_exc.ec);
	exc_clear();
	check_eq("MRS MDSCR_EL1 (trapped, the debug context): 0 at reset", MRS(MDSCR_EL1), 0);
	MSR(MDSCR_EL1, 0xffffffffffffffffull);
	check_eq("MSR MDSCR_EL1 of all ones: the self-hosted bits (MDE, KDE, TDCC, SS) only",
		 MRS(MDSCR_EL1), 0xb001);
	MSR(MDSCR_EL1, 0);
	check_eq("... no exception", last_exc.count, 0);
	check_eq("the monitor still answers", hvc64(HVC_MONITOR_INFO, 0, 0, 0).x0, BL_ABI_VERSION);
}

void guest_main(uint64_t dtb);
void guest_main(uint64_t dtb)
{
	unsigned me = (unsigned)hvc64(HVC_MONITOR_INFO, 0, 0, 0).x1;

	gprintf("# pmu64: AArch64 guest at EL1, DTB at %llx\n", (unsigned long long)dtb);
	if (me > 1)
		me = 0;
	identity(me);
	type_b(me);
	sync(me);
	type_a(me);
	fast_ways();
	smc64_forms(me);
	pmuv3(me);
	hostile(me);
	test_finish();
}
