/*
 * HVC dispatch, SMCCC style (DEN0020 / DEN0028): r0 = function id,
 * r1..r3 = arguments, results in r0..r3. Services are ranges in one
 * table, checked for order and overlap at start-up. Unknown id -> -1.
 * HVC with a non-zero immediate is not this ABI -> UNDEF in the guest.
 */
#include "trap.h"
#include "cluster.h"
#include "guest_mem.h"
#include "hsr.h"
#include "log.h"
#include "panic.h"
#include "percpu.h"
#include "vcpu.h"

typedef void (*hvc_fn)(struct vcpu *v, uint32_t fid);

struct hvc_service {
	uint32_t first, last;
	hvc_fn fn;
	const char *name;   /* for the start-up log */
};

static inline void ret1(struct vcpu *v, uint32_t r0) { v->f->r[0] = r0; }

/* Table 4: the per-register calls. */
static void hvc_typeb(struct vcpu *v, uint32_t fid)
{
	(void)fid;
	pmu_typeb_regs(&v->cpu->pmu, v->f->r);
}

/* Table 3 and our HVC_PMU_GET_STATE. */
static void hvc_pmu_state(struct vcpu *v, uint32_t fid)
{
	struct hyp_cpu *c = v->cpu;

	if (fid == HVC_PMU_SWITCH) {
		ret1(v, (uint32_t)pmu_hvc_pmu_switch(&c->pmu, v->f->r[1]));
		hyp_update_traps(c);
	} else {
		ret1(v, pmu_state(&c->pmu));
	}
}

/*
 * HVC_SYNC_PMU_COUNTERS: the array is copied into monitor memory, processed
 * there and copied back only on success, so a guest changing it meanwhile
 * (another CPU) can neither race the checks nor get a half-written result.
 */
/* Whole descriptors (24 bytes, word aligned - checked): the compiler
 * copies each with LDM/STM, where newlib-nano's memcpy goes byte by byte. */
static void copy_descriptors(struct descriptor *dst, const struct descriptor *src, uint32_t n)
{
	for (uint32_t i = 0; i < n; i++)
		dst[i] = src[i];
}

static int32_t sync_counters(struct hyp_cpu *c, uint32_t addr)
{
	const struct board_mem *m = board_mem();
	const uint32_t esz = sizeof(struct descriptor);
	struct descriptor *buf = c->sync_buf;

	if ((addr & 3) || !guest_range_ok(m, addr, esz))
		return BL_HVC_INVALID_PARAMETER;
	uint32_t entries = *(const volatile uint32_t *)addr;   /* header.entries */

	if (entries > pmu_sync_max_entries())
		return BL_HVC_INVALID_PARAMETER;
	uint32_t len = (entries + 1) * esz;

	if (!guest_range_ok(m, addr, len))
		return BL_HVC_INVALID_PARAMETER;
	/* one copy in: pmu_sync() checks that entries did not change meanwhile */
	copy_descriptors(buf, (const struct descriptor *)addr, entries + 1);
	int32_t rc = pmu_sync(&c->pmu, buf, entries + 1);

	if (rc == 0)
		copy_descriptors((struct descriptor *)addr, buf, entries + 1);
	return rc;
}

static void hvc_counters(struct vcpu *v, uint32_t fid)
{
	if (fid == HVC_GET_COUNTERS_SIZE)
		ret1(v, pmu_counters_size());
	else
		ret1(v, (uint32_t)sync_counters(v->cpu, v->f->r[1]));
}

/* Code and read-only data never change at run time: tests compare this
 * before and after hostile input to show the guest could not write them. */
static uint32_t image_checksum(void)
{
	extern const uint32_t __image_start[], __ro_end[];
	/* linker symbols: compare addresses, not pointers to distinct objects */
	uintptr_t end = (uintptr_t)__ro_end;
	uint32_t a = 1, b = 0;

	for (uintptr_t p = (uintptr_t)__image_start; p < end; p += 4) {
		a = (a + *(const uint32_t *)p) % 65521u;
		b = (b + a) % 65521u;
	}
	return (b << 16) | a;
}

/* Extensions: cluster switch trigger, automatic switching, identity. */
static void hvc_vendor(struct vcpu *v, uint32_t fid)
{
	struct hyp_cpu *c = v->cpu;

	switch (fid) {
	case HVC_CLUSTER_SWITCH:
		ret1(v, (uint32_t)cluster_switch(c, v->f->r[1]));
		break;
	case HVC_AUTO_SWITCH:
		v->f->r[0] = (uint32_t)hyp_set_auto_period(c, v->f->r[1]);
		v->f->r[1] = c->switches;   /* lets a caller see switches happen */
		break;
	case HVC_MONITOR_INFO: {
		uint32_t cpsr;

		__asm__ volatile("mrs %0, cpsr" : "=r"(cpsr));
		v->f->r[0] = BL_ABI_VERSION;
		v->f->r[1] = pmu_active_cluster(&c->pmu);
		v->f->r[2] = cpsr;   /* lets a test see the monitor runs in HYP */
		v->f->r[3] = c->index;
		break;
	}
	default: /* HVC_MONITOR_CHECKSUM */
		ret1(v, image_checksum());
		break;
	}
}

/* One service per block of 256 ids from 0x9000_1000, in block order, so
 * dispatch is an index (checked at start-up), not a search. */
#define HVC_BLOCK_BASE 0x90001000u
#define HVC_BLOCK(fid) (((fid) - HVC_BLOCK_BASE) >> 8)

static const struct hvc_service services[] = {
	{ HVC_PMCR_READ, HVC_PMINTENCLR_WRITE, hvc_typeb, "per-register (Table 4)" },
	{ HVC_PMU_SWITCH, HVC_PMU_GET_STATE, hvc_pmu_state, "PMU state" },
	{ HVC_GET_COUNTERS_SIZE, HVC_SYNC_PMU_COUNTERS, hvc_counters, "all counters (3.5)" },
	{ HVC_CLUSTER_SWITCH, HVC_MONITOR_CHECKSUM, hvc_vendor, "cluster control, monitor info" },
};

void hvc_check_table(void)
{
	for (unsigned i = 0; i < sizeof(services) / sizeof(services[0]); i++) {
		HYP_ASSERT(services[i].first <= services[i].last);
		HYP_ASSERT(i == 0 || services[i - 1].last < services[i].first);
		HYP_ASSERT(HVC_BLOCK(services[i].first) == i && HVC_BLOCK(services[i].last) == i);
		log_debug("HVC %08lx-%08lx: %s\n", (unsigned long)services[i].first,
			  (unsigned long)services[i].last, services[i].name);
	}
}

void trap_hvc(struct vcpu *v)
{
	uint32_t fid = v->f->r[0];

	/* ELR already points past the HVC (preferred return address). */
	if (hsr_hvc_imm(v->hsr) != 0) {
		v->elr -= (v->hsr & HSR_IL) ? 4 : 2;   /* UNDEF reports the HVC itself */
		vcpu_inject_undef(v);
		return;
	}
	uint32_t block = HVC_BLOCK(fid);   /* wraps to a huge value below the base */

	if (block < sizeof(services) / sizeof(services[0]) && fid >= services[block].first &&
	    fid <= services[block].last) {
		services[block].fn(v, fid);
		return;
	}
	ret1(v, (uint32_t)BL_HVC_NOT_SUPPORTED);
}
