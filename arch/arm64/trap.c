/*
 * A synchronous exception from the guest (EL1/EL0, AArch64), as
 * vectors.S hands it over with the guest's registers in the frame: ESR_EL2
 * decoded once (esr.h), then a table indexed by the exception class. HVC
 * #0 skips the table (vectors.S compares the whole syndrome, as the
 * AArch32 entry does). Classes the monitor does not emulate are the
 * guest's mistake, not the monitor's: an undefined instruction in the
 * guest, with a log line - never a panic.
 */
#include "exit.h"
#include "esr.h"
#include "dabt.h"
#include "pmu_sysregs.h"
#include "dbg_sysregs.h"
#include "sysregs_access.h"
#include "vcpu.h"
#include "blmon_log.h"

typedef void (*ec_fn)(struct guest_frame *f, struct esr e);

static void ec_undef(struct guest_frame *f, struct esr e)
{
	log_guest("EC %02x ISS %07lx at %08lx not emulated: undefined instruction\n", e.ec,
		  (unsigned long)e.iss, (unsigned long)f->elr);
	frame_inject_undef(f);
}

/* HVC with another immediate (HVC #0 came straight from vectors.S) */
static void ec_hvc64(struct guest_frame *f, struct esr e)
{
	trap_hvc(f, e.iss);
}

/* The portable handlers' view of the trap (vcpu.h) */
static struct vcpu vcpu_of(struct guest_frame *f, struct esr e)
{
	struct vcpu v = {
		.f = f,
		.esr = (uint32_t)e.ec << ESR_EC_SHIFT | (e.il ? ESR_IL : 0u) | e.iss,
		.cpu = (struct hyp_cpu *)read_TPIDR_EL2(),
	};
	return v;
}

/* A stage-2 abort (HCR_EL2.VM): an emulated device - the guest's GIC
 * distributor - (hyp/exit/mmio.c), or the guest touched what it does not
 * own: the monitor's memory, the GIC's hypervisor pages, or an address
 * with nothing behind it. It gets the abort a bus error would have given
 * it, as on ARMv7. The syndrome is AArch32's (arch/dabt.h) with a 5-bit
 * SRT. */
static void ec_dabt(struct guest_frame *f, struct esr e)
{
	struct dabt d = dabt_decode(e.iss, DABT_SRT_A64);
	/* HPFAR_EL2.FIPA [39:4] = IPA[47:12]; emulated regions lie below 4 GiB */
	uint64_t ipa = (read_HPFAR_EL2() & ~0xfull) << 8 | (read_FAR_EL2() & 0xfffu);
	struct vcpu v = vcpu_of(f, e);

	if (!d.s1ptw && ipa < (1ull << 32) && mmio_trap(&v, (uint32_t)ipa, &d))
		return;
	log_debug("stage-2 data abort va=%08lx ipa=%08lx%s fsc %02x at %08lx: abort to guest\n",
		  (unsigned long)read_FAR_EL2(), (unsigned long)ipa, d.wnr ? " (write)" : "", d.dfsc,
		  (unsigned long)f->elr);
	frame_inject_dabt(f, read_FAR_EL2(), d.wnr);
}

/* SMC from EL1 (HCR_EL2.TSC): PSCI, with the SMCCC 64-bit ids too
 * (hyp/exit/psci.c); ELR_EL2 is the SMC itself, psci.c steps over it */
static void ec_smc64(struct guest_frame *f, struct esr e)
{
	struct vcpu v = vcpu_of(f, e);

	trap_smc(&v);
}

static void ec_iabt(struct guest_frame *f, struct esr e)
{
	log_debug("stage-2 instruction abort va=%08lx fsc %02x: abort to guest\n",
		  (unsigned long)read_FAR_EL2(), esr_abort_decode(e.iss).fsc);
	frame_inject_pabt(f, read_FAR_EL2());
}

/* The access to a PMU register, by the kind the map gives it; 1: UNDEF */
static int pmu_sysreg(struct guest_frame *f, const struct esr_sysreg *s, struct pmu_sysreg r)
{
	bool pl0 = frame_is_el0(f);
	uint32_t v = (uint32_t)frame_get_x(f, s->rt);
	uint64_t v64 = frame_get_x(f, s->rt);
	int undef;

	switch (r.kind) {
	case PMU_SR_TYPEA:
		undef = trap_pmu_typea(r.key, s->read, &v, pl0);
		break;
	case PMU_SR_CCNT64:
		undef = trap_pmu_ccnt64(s->read, &v64, pl0);
		if (!undef && s->read)
			frame_set_x(f, s->rt, v64);
		return undef;
	case PMU_SR_EVCNTR:
	case PMU_SR_EVTYPER:
		undef = trap_pmu_evreg(r.kind == PMU_SR_EVTYPER, r.n, s->read, &v, pl0);
		break;
	default:
		return 1;
	}
	/* MRS of a 32-bit register: the value zero-extended */
	if (!undef && s->read)
		frame_set_x(f, s->rt, v);
	return undef;
}

/* A debug register (op0 2): the debug context, by the AArch32 twin's
 * key; 1: UNDEF (not a register the context serves) */
static int dbg_sysreg(struct guest_frame *f, const struct esr_sysreg *s, uint32_t twin)
{
	dbg_reg_t v = frame_get_x(f, s->rt);

	if (trap_dbg_sysreg(twin, s->read, &v))
		return 1;
	if (s->read)
		frame_set_x(f, s->rt, v);
	return 0;
}

/* MSR/MRS (MDCR_EL2.TPM/TPMCR, TDA, TDOSA, TDRA): the PMU's and the
 * debug context's registers are emulated; anything else that traps is an
 * undefined instruction. */
static void ec_sys64(struct guest_frame *f, struct esr e)
{
	struct esr_sysreg s = esr_sysreg_decode(e.iss);
	struct pmu_sysreg r = pmu_sysreg_lookup(s.key);
	uint32_t twin;

	if (r.kind != PMU_SR_NONE && pmu_sysreg(f, &s, r) == 0) {
		frame_skip_insn(f);
		return;
	}
	if (r.kind == PMU_SR_NONE && dbg_sysreg_twin(s.key, &twin)) {
		if (dbg_sysreg(f, &s, twin) == 0) {
			frame_skip_insn(f);
			return;
		}
		log_guest("%s S%u_%u_C%u_C%u_%u (debug) at %08lx: undefined instruction\n",
			  s.read ? "MRS" : "MSR", s.op0, s.op1, s.crn, s.crm, s.op2, (unsigned long)f->elr);
	} else if (r.kind == PMU_SR_NONE)
		log_guest("%s S%u_%u_C%u_C%u_%u, x%u at %08lx not emulated: undefined instruction\n",
			  s.read ? "MRS" : "MSR", s.op0, s.op1, s.crn, s.crm, s.op2, s.rt,
			  (unsigned long)f->elr);
	frame_inject_undef(f);
}

/* Every class not named is ec_undef: the table has no holes to test. */
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Woverride-init"
static const ec_fn ec_table[EC_NR] = {
	[0 ... EC_NR - 1] = ec_undef,
	[EC_HVC64] = ec_hvc64,
	[EC_SYS64] = ec_sys64,
	[EC_SMC64] = ec_smc64,
	[EC_DABT_LOW] = ec_dabt,
	[EC_IABT_LOW] = ec_iabt,
};
#pragma GCC diagnostic pop

void arm64_trap_sync(struct guest_frame *f);   /* vectors.S */
void arm64_trap_sync(struct guest_frame *f)
{
	struct esr e = esr_decode(read_ESR_EL2());

	ec_table[e.ec](f, e);
}
