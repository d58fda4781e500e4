/* Helpers the PMU scenarios share: state, switches, expected identities. */
#ifndef PMU_GUEST_H
#define PMU_GUEST_H

#include "guest.h"

#define MIDR_A15        0x412FC0F1u
#define MIDR_A7         0x410FC075u
#define IDCODE_A15      0x0Fu
#define IDCODE_A7       0x07u
/* PMCEID0 from the spec's Table 2 (events 0x00-0x1F implemented per core);
 * no event 0x20-0x3F is listed, so PMCEID1 is 0 on both. */
#define PMCEID0_A15     0x3FFF0F3Fu
#define PMCEID0_A7      0x23FFFFFFu

#define PMCR_E  (1u << 0)
#define PMCR_P  (1u << 1)
#define PMCR_C  (1u << 2)
#define PMCR_N(v)       (((v) >> 11) & 0x1f)
#define PMCR_IDCODE(v)  (((v) >> 16) & 0xff)
#define PMCR_IMP(v)     ((v) >> 24)
#define CCNT_BIT        (1u << 31)

static inline uint32_t midr_of(uint32_t cluster) { return cluster ? MIDR_A7 : MIDR_A15; }
/* HVC_SYSTEM_INFO: r0 whole-system switches, r1 cluster, r2 online CPUs,
 * r3 this CPU's switches */
static inline struct bl_hvc_regs system_info(void) { return bl_hvc_regs(HVC_SYSTEM_INFO, 0, 0, 0); }

static inline uint32_t pmu_state_now(void) { return (uint32_t)hvc(HVC_PMU_GET_STATE); }
static inline uint32_t cluster_now(void) { return bl_hvc_regs(HVC_MONITOR_INFO, 0, 0, 0).r1; }
static inline int32_t switch_to(uint32_t c) { return (int32_t)hvc(HVC_CLUSTER_SWITCH, c); }
static inline int32_t pmu_switch(uint32_t s) { return (int32_t)hvc(HVC_PMU_SWITCH, s); }
/* Returns the number of switches done so far (r1). */
static inline uint32_t auto_switch(uint32_t period) { return bl_hvc_regs(HVC_AUTO_SWITCH, period, 0, 0).r1; }

/* Type B (Table 4) calls: value in r0 (reads), status in r3 (docs/abi.md). */
static inline uint32_t typeb_read(uint32_t fid, uint32_t c) { return bl_hvc_regs(fid, c, 0, 0).r0; }
static inline struct bl_hvc_regs typeb_write(uint32_t fid, uint32_t c, uint32_t v) { return bl_hvc_regs(fid, c, v, 0); }
static inline uint64_t typeb_ccnt(uint32_t c)
{
	struct bl_hvc_regs r = bl_hvc_regs(HVC_PMCCNTR_READ, c, 0, 0);

	return ((uint64_t)r.r1 << 32) | r.r0;
}

/* Counter n of cluster c through Type B: select it, then read or write
 * its count or type (on an inactive cluster the selection is queued, and
 * the reads use it: docs/abi.md). */
static inline uint32_t tb_cnt(uint32_t c, uint32_t n) { typeb_write(HVC_PMSELR_WRITE, c, n); return typeb_read(HVC_PMXEVCNTR_READ, c); }
static inline void tb_set_cnt(uint32_t c, uint32_t n, uint32_t v) { typeb_write(HVC_PMSELR_WRITE, c, n); typeb_write(HVC_PMXEVCNTR_WRITE, c, v); }
static inline uint32_t tb_evt(uint32_t c, uint32_t n) { typeb_write(HVC_PMSELR_WRITE, c, n); return typeb_read(HVC_PMXEVTYPER_READ, c); }
static inline void tb_set_evt(uint32_t c, uint32_t n, uint32_t v) { typeb_write(HVC_PMSELR_WRITE, c, n); typeb_write(HVC_PMXEVTYPER_WRITE, c, v); }

/* Element i of a SYNC array d (after the header): the inputs of one
 * request, counter_value cleared. Returns d. */
static inline struct descriptor *sync_set(struct descriptor *d, unsigned i, uint32_t c, uint32_t sel,
					  uint32_t ev, uint32_t reset, uint32_t req)
{
	d[i + 1].counter.cluster_id = c;
	d[i + 1].counter.selected_counter = sel;
	d[i + 1].counter.event_type = ev;
	d[i + 1].counter.counter_value = 0;
	d[i + 1].counter.reset_value = reset;
	d[i + 1].counter.request_code = req;
	return d;
}

/* Select counter n and read/write its count/type. */
static inline void pmn_select(uint32_t n) { write_PMSELR(n); __asm__ volatile("isb"); }
static inline uint32_t pmn_read(uint32_t n) { pmn_select(n); return read_PMXEVCNTR(); }
static inline void pmn_write(uint32_t n, uint32_t v) { pmn_select(n); write_PMXEVCNTR(v); }
static inline uint32_t pmn_type(uint32_t n) { pmn_select(n); return read_PMXEVTYPER(); }
static inline void pmn_set_type(uint32_t n, uint32_t v) { pmn_select(n); write_PMXEVTYPER(v); }

/* n software increments (PMSWINC) of the counters in mask. */
static inline void sw_incr(unsigned n, uint32_t mask)
{
	for (unsigned i = 0; i < n; i++)
		write_PMSWINC(mask);
}

#endif
