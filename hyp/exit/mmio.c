/*
 * Emulated MMIO from a stage-2 data abort (ARM ARM B3.13.6 / D17.2.37, ISS of EC
 * 0x24: arch/dabt.h): the syndrome gives the size, the register and the direction when
 * ISV is set - a single LDR/STR of a general register, which is what
 * drivers use for device registers. Anything the syndrome does not
 * describe (LDM/STM, LDRD, a register write-back form...) cannot be
 * emulated: a log line and an abort in the guest, as a bus error.
 */
#include "mmio.h"
#include "exit.h"
#include "dabt.h"
#include "blmon_log.h"
#include "vcpu.h"

static struct {
	uint32_t base, size;
	mmio_fn fn;
	void *ctx;
} regions[MMIO_MAX_REGIONS];
static unsigned nregions;

void mmio_register(uint32_t base, uint32_t size, mmio_fn fn, void *ctx)
{
	HYP_ASSERT(nregions < MMIO_MAX_REGIONS);
	regions[nregions].base = base;
	regions[nregions].size = size;
	regions[nregions].fn = fn;
	regions[nregions].ctx = ctx;
	nregions++;
}

struct mmio_hot mmio_hot;

void mmio_register_hot(uint32_t ipa, mmio_hot_fn fn)
{
	unsigned i = 0;

	/* fn stands for the handler mmio_trap() would find for ipa: the region
	 * registered last, not shadowed by an earlier one (a board region
	 * over it would take the general path's stores and not the hot one's) */
	while (i < nregions && ipa - regions[i].base >= regions[i].size)
		i++;
	HYP_ASSERT(i + 1 == nregions);
	HYP_ASSERT(!mmio_hot.fn && (ipa & 3u) == 0);
	mmio_hot.ipa = ipa;
	mmio_hot.fn = fn;
}

static void refuse(struct vcpu *v, uint32_t ipa, const char *why)
{
	log_guest("guest access to emulated device at %08lx (pc %08lx): %s: abort to guest\n",
		 (unsigned long)ipa, (unsigned long)vcpu_pc(v), why);
	vcpu_inject_trapped_dabt(v);
}

bool mmio_trap(struct vcpu *v, uint32_t ipa, const struct dabt *dabt)
{
	unsigned i;

	for (i = 0; i < nregions; i++)
		if (ipa - regions[i].base < regions[i].size)
			break;
	if (i == nregions)
		return false;

	const struct dabt d = *dabt;
	unsigned size = 1u << d.sas;
	uint32_t val = 0;

	if (!d.isv) {
		refuse(v, ipa, "instruction not described by the syndrome (ISV = 0)");
		return true;
	}
	if (size > 4 || (ipa & (size - 1))) {
		refuse(v, ipa, "unaligned or 64-bit access");
		return true;
	}
	if (d.wnr && !vcpu_get_reg(v, d.srt, &val)) {
		refuse(v, ipa, "source register not accessible");
		return true;
	}
	if (d.wnr && size < 4)
		val &= (1u << (8 * size)) - 1;
	if (!regions[i].fn(regions[i].ctx, ipa - regions[i].base, size, d.wnr, &val)) {
		refuse(v, ipa, "refused by the device model");
		return true;
	}
	if (!d.wnr) {
		if (size < 4 && d.sse && (val & (1u << (8 * size - 1))))
			val |= ~((1u << (8 * size)) - 1);
		if (!vcpu_set_reg(v, d.srt, val)) {
			refuse(v, ipa, "destination register not accessible");
			return true;
		}
	}
	vcpu_skip_insn(v);
	return true;
}
