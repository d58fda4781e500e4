/* The fake PMUv2 (see fake_pmu_hw.h for what is and is not modelled). */
#include <string.h>
#include "fake_pmu_hw.h"

static struct fake_pmu hw;
bool pmu_hw_ccnt64;   /* PMU_HW_CCNT64 of the host build (pmu_hw.h) */
bool pmu_hw_ev_direct;   /* PMU_HW_EV_DIRECT of the host build (pmu_hw.h) */
static uint32_t pmcr_ro = FAKE_PMCR_A15;
static unsigned ncnt = FAKE_PMU_N, nreads, nwrites, nunpredictable, nselr;

unsigned fake_pmu_counters(void) { return ncnt; }
uint32_t fake_pmu_impl_mask(void) { return ((1u << ncnt) - 1u) | (1u << 31); }

void fake_pmu_power_on(void) { fake_pmu_power_on_as(FAKE_PMCR_A15); }

void fake_pmu_power_on_as(uint32_t ro)
{
	unsigned n = (ro >> 11) & 0x1fu;

	pmcr_ro = ro;
	ncnt = n >= 1 && n <= FAKE_PMU_N ? n : FAKE_PMU_N;
	hw.pmcr = FAKE_PMCR_KEEP;
	hw.cnten = hw.inten = hw.ovs = fake_pmu_impl_mask();
	hw.selr = 0x1e;
	hw.userenr = 1;
	hw.ccfiltr = FAKE_CCFILTR_KEEP;
	hw.ccnt = 0xBAD000CCu;
	hw.ccnt_hi = 0;
	pmu_hw_ccnt64 = false;
	pmu_hw_ev_direct = false;
	for (unsigned i = 0; i < FAKE_PMU_N; i++) {
		hw.evtyper[i] = (0xBAD000E0u | i) & FAKE_EVTYPER_KEEP;
		hw.evcntr[i] = 0xBAD00000u | i;
	}
	fake_pmu_reset_counts();
}

struct fake_pmu fake_pmu_peek(void) { return hw; }

void fake_pmu_poke(const struct fake_pmu *s)
{
	uint32_t m = fake_pmu_impl_mask();

	hw.pmcr = s->pmcr & FAKE_PMCR_KEEP;
	hw.cnten = s->cnten & m;
	hw.inten = s->inten & m;
	hw.ovs = s->ovs & m;
	hw.selr = s->selr & 0x1f;
	hw.userenr = s->userenr & 1;
	hw.ccfiltr = s->ccfiltr & FAKE_CCFILTR_KEEP;
	hw.ccnt = s->ccnt;
	hw.ccnt_hi = pmu_hw_ccnt64 ? s->ccnt_hi : 0;
	for (unsigned i = 0; i < ncnt; i++) {   /* counters the core lacks stay as they are */
		hw.evtyper[i] = s->evtyper[i] & FAKE_EVTYPER_KEEP;
		hw.evcntr[i] = s->evcntr[i];
	}
}

bool fake_pmu_equal(const struct fake_pmu *a, const struct fake_pmu *b)
{
	return memcmp(a, b, sizeof(*a)) == 0;   /* all uint32_t: no padding */
}

unsigned fake_pmu_reads(void) { return nreads; }
unsigned fake_pmu_writes(void) { return nwrites; }
unsigned fake_pmu_unpredictable(void) { return nunpredictable; }
unsigned fake_pmu_selr_writes(void) { return nselr; }
void fake_pmu_reset_counts(void) { nreads = nwrites = nunpredictable = nselr = 0; }

/* PMSELR names a counter the core has (or, for PMXEVTYPER, 31: PMCCFILTR):
 * the PMXEV* access is defined. Otherwise it is UNPREDICTABLE: counted,
 * and RAZ/WI here. */
static bool selection_defined(bool type)
{
	if (hw.selr < ncnt || (type && hw.selr == 31))
		return true;
	nunpredictable++;
	return false;
}

/* Add n to a counter; carry out sets its overflow flag. */
static void count(uint32_t *c, uint32_t n, uint32_t ovs_bit)
{
	uint64_t sum = (uint64_t)*c + n;

	*c = (uint32_t)sum;
	if (sum >> 32)
		hw.ovs |= ovs_bit;
}

void fake_pmu_tick(uint32_t n)
{
	if (!(hw.pmcr & 1u))
		return;
	for (unsigned i = 0; i < ncnt; i++)
		if (hw.cnten & (1u << i))
			count(&hw.evcntr[i], n, 1u << i);
	if (hw.cnten & (1u << 31)) {
		uint32_t before = hw.ovs;

		hw.ovs &= ~(1u << 31);
		count(&hw.ccnt, n, 1u << 31);
		if (pmu_hw_ccnt64 && (hw.ovs & (1u << 31)))
			hw.ccnt_hi++;
		hw.ovs |= before & (1u << 31);
	}
}

void fake_pmu_ccnt64(bool on)
{
	pmu_hw_ccnt64 = on;
	hw.ccnt_hi = 0;
}

uint64_t pmu_hw_read_ccnt64(void)
{
	nreads++;
	return (uint64_t)hw.ccnt_hi << 32 | hw.ccnt;
}

void pmu_hw_write_ccnt64(uint64_t v)
{
	nwrites++;
	hw.ccnt = (uint32_t)v;
	hw.ccnt_hi = pmu_hw_ccnt64 ? (uint32_t)(v >> 32) : 0;
}

uint32_t pmu_hw_read(enum pmu_hwreg r)
{
	nreads++;
	switch (r) {
	case PMU_HW_PMCR:       return pmcr_ro | hw.pmcr;
	case PMU_HW_PMCNTENSET:
	case PMU_HW_PMCNTENCLR: return hw.cnten;
	case PMU_HW_PMOVSR:
	case PMU_HW_PMOVSSET:   return hw.ovs;
	case PMU_HW_PMSWINC:    return 0;           /* write-only */
	case PMU_HW_PMSELR:     return hw.selr;
	case PMU_HW_PMCCNTR:    return hw.ccnt;
	case PMU_HW_PMXEVTYPER:
		if (!selection_defined(true))
			return 0;
		return hw.selr == 31 ? hw.ccfiltr : hw.evtyper[hw.selr];
	case PMU_HW_PMXEVCNTR:  return selection_defined(false) ? hw.evcntr[hw.selr] : 0;
	case PMU_HW_PMUSERENR:  return hw.userenr;
	case PMU_HW_PMINTENSET:
	case PMU_HW_PMINTENCLR: return hw.inten;
	default:                return 0;
	}
}

static void software_increment(uint32_t v)
{
	for (unsigned i = 0; i < ncnt; i++) {
		uint32_t bit = 1u << i;

		if ((v & bit) && (hw.pmcr & 1u) && (hw.cnten & bit) &&
		    (hw.evtyper[i] & 0xffu) == 0 && (hw.evtyper[i] & FAKE_NSH))
			count(&hw.evcntr[i], 1, bit);
	}
}

void pmu_hw_write(enum pmu_hwreg r, uint32_t v)
{
	nwrites++;
	switch (r) {
	case PMU_HW_PMCR:
		hw.pmcr = v & FAKE_PMCR_KEEP;
		if (v & 2u)
			memset(hw.evcntr, 0, ncnt * sizeof(hw.evcntr[0]));
		if (v & 4u)
			hw.ccnt = hw.ccnt_hi = 0;
		break;
	case PMU_HW_PMCNTENSET: hw.cnten |= v & fake_pmu_impl_mask(); break;
	case PMU_HW_PMCNTENCLR: hw.cnten &= ~v; break;
	case PMU_HW_PMOVSR:     hw.ovs &= ~v; break;
	case PMU_HW_PMOVSSET:   hw.ovs |= v & fake_pmu_impl_mask(); break;
	case PMU_HW_PMSWINC:    software_increment(v); break;
	case PMU_HW_PMSELR:     hw.selr = v & 0x1f; nselr++; break;
	case PMU_HW_PMCCNTR:    hw.ccnt = v; hw.ccnt_hi = 0; break;
	case PMU_HW_PMXEVTYPER:
		if (!selection_defined(true))
			break;
		if (hw.selr == 31)
			hw.ccfiltr = v & FAKE_CCFILTR_KEEP;
		else
			hw.evtyper[hw.selr] = v & FAKE_EVTYPER_KEEP;
		break;
	case PMU_HW_PMXEVCNTR:
		if (selection_defined(false))
			hw.evcntr[hw.selr] = v;
		break;
	case PMU_HW_PMUSERENR:  hw.userenr = v & 1u; break;
	case PMU_HW_PMINTENSET: hw.inten |= v & fake_pmu_impl_mask(); break;
	case PMU_HW_PMINTENCLR: hw.inten &= ~v; break;
	default: break;
	}
}

void fake_pmu_ev_direct(bool on) { pmu_hw_ev_direct = on; }

/* PMUv3's PMEVTYPER<n>_EL0 / PMEVCNTR<n>_EL0 of a counter the core has;
 * another n is UNPREDICTABLE (counted, RAZ/WI) as a PMSELR naming none. */
static bool counter_defined(unsigned i)
{
	if (i < ncnt)
		return true;
	nunpredictable++;
	return false;
}

uint32_t pmu_hw_ev_read(unsigned i, enum pmu_hwreg r)
{
	if (!pmu_hw_ev_direct)
		return pmu_hw_read(r);   /* the PMUv2 default: PMSELR's view */
	nreads++;
	if (!counter_defined(i))
		return 0;
	return r == PMU_HW_PMXEVCNTR ? hw.evcntr[i] : hw.evtyper[i];
}

void pmu_hw_ev_write(unsigned i, enum pmu_hwreg r, uint32_t v)
{
	if (!pmu_hw_ev_direct) {
		pmu_hw_write(r, v);
		return;
	}
	nwrites++;
	if (!counter_defined(i))
		return;
	if (r == PMU_HW_PMXEVCNTR)
		hw.evcntr[i] = v;
	else
		hw.evtyper[i] = v & FAKE_EVTYPER_KEEP;
}

uint32_t pmu_hw_ccfiltr_read(void)
{
	if (!pmu_hw_ev_direct)
		return pmu_hw_read(PMU_HW_PMXEVTYPER);
	nreads++;
	return hw.ccfiltr;
}

void pmu_hw_ccfiltr_write(uint32_t v)
{
	if (!pmu_hw_ev_direct) {
		pmu_hw_write(PMU_HW_PMXEVTYPER, v);
		return;
	}
	nwrites++;
	hw.ccfiltr = v & FAKE_CCFILTR_KEEP;
}
