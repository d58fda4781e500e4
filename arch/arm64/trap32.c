/*
 * A synchronous exception from AArch32 (vectors.S 0x600: an AArch32 EL1
 * guest, or AArch32 EL0 under either kind of EL1), on the general way:
 * the whole frame saved, ESR_EL2 decoded once, a table by exception class.
 * The ISS of a trapped coprocessor access is ARMv7's HSR layout, decoded
 * by the code the ARMv7 monitor uses (arch/a32_iss.h), but for Rt/Rt2:
 * the ISS gives the AArch64 view of the trapped mode's register, the x
 * register that holds it (r14 in SVC mode: x18; a32_regs.h has the map) -
 * a slot of the frame, 5 bits (a32_iss_xt()). What the
 * monitor does not emulate is an undefined instruction in the guest
 * (guest32.c), never a panic. docs/arm64.md, "AArch32 guests".
 */
#include "exit.h"
#include "esr.h"
#include "dabt.h"
#include "a32_iss.h"
#include "a32_regs.h"   /* A32_MODE_*, A32_PSR_* */
#include "guest32.h"
#include "vcpu.h"
#include "sysregs_access.h"
#include "blmon_log.h"
#include "bl_pmu_abi.h"
#include "cpregs.h"
#include "dbg_regs.h"

typedef void (*ec32_fn)(struct guest_frame *f, struct esr e);

/* The ISS's condition fields of a trapped AArch32 instruction (ARM ARM
 * D17.2.37: CV [24], COND [23:20]) */
#define ISS_CV            (1u << 24)
#define ISS_COND(iss)     (((iss) >> 20) & 0xfu)
#define ISS_CCKNOWNPASS   (1u << 19)   /* EC 0x13: the SMC may have failed */

static inline uint32_t psr_of(const struct guest_frame *f) { return (uint32_t)f->spsr; }
static inline bool at_pl0(const struct guest_frame *f)
{
	return (psr_of(f) & A32_MODE_MASK) == A32_MODE_USR;
}

/* Does the trapped instruction execute? With CV the syndrome's COND;
 * without (Thumb), the IT block's condition, none outside one (as the
 * ARM ARM lets an implementation report it) */
static bool cond_ok(const struct guest_frame *f, uint32_t iss)
{
	uint32_t cond, it;

	if (iss & ISS_CV)
		cond = ISS_COND(iss);
	else if ((it = a32_it_state(psr_of(f))) != 0)
		cond = it >> 4;
	else
		return true;
	return a32_cond_pass((uint8_t)cond, psr_of(f));
}

/* Past the trapped instruction (guest32.c) */
static void step(struct guest_frame *f, struct esr e) { a32_skip_insn(f, e.il); }

static void undef(struct guest_frame *f) { a32_inject_undef_at(f, f->elr); }

static void ec32_undef(struct guest_frame *f, struct esr e)
{
	log_guest("AArch32 EC %02x ISS %07lx at %08lx not emulated: undefined instruction\n", e.ec,
		  (unsigned long)e.iss, (unsigned long)f->elr);
	undef(f);
}

/* AArch32 registers are 32 bits: the upper halves of x0-x3 may hold
 * anything after AArch32 ran (ARM ARM D1.20.1), so the HVC and SMC
 * handlers see w0-w3 zero-extended, as an AArch64 caller's SMC32 call */
static void args32(struct guest_frame *f)
{
	for (unsigned i = 0; i < 4; i++)
		f->r[i] = (uint32_t)f->r[i];
}

/* HVC (EC 0x12): ELR_EL2 is past it (4 bytes in ARM and Thumb alike).
 * #0 is the ABI with r0-r3 as an AArch64 caller's w0-w3; its SMC64 ids
 * (bit 30) take 64-bit registers an AArch32 caller has not: not supported
 * (-1). Another immediate is an undefined instruction at the HVC. An HVC
 * does not trap with a failing condition (ARM and T32 encode none). */
static void ec32_hvc(struct guest_frame *f, struct esr e)
{
	args32(f);
	if (esr_hvc_imm(e.iss) != 0) {
		a32_inject_undef_at(f, (uint32_t)(f->elr - 4u));
		return;
	}
	if (f->r[0] & BL_HVC_SMC64) {
		f->r[0] = (uint32_t)BL_HVC_NOT_SUPPORTED;
		return;
	}
	trap_hvc_abi(f);
}

/* SMC (EC 0x13, HCR_EL2.TSC): PSCI, as from AArch64 (hyp/exit/psci.c),
 * with its SMC32 ids; ELR_EL2 is the SMC itself. It may trap although its
 * condition failed (CCKNOWNPASS): then it is a NOP, stepped over. */
static void ec32_smc(struct guest_frame *f, struct esr e)
{
	struct vcpu v = { .f = f, .esr = (uint32_t)e.ec << ESR_EC_SHIFT | ESR_IL | e.iss,
			  .cpu = (struct hyp_cpu *)read_TPIDR_EL2() };

	args32(f);
	if ((e.iss & ISS_CCKNOWNPASS) && !cond_ok(f, e.iss)) {
		step(f, e);
		return;
	}
	if (f->r[0] & BL_HVC_SMC64) {
		f->r[0] = (uint32_t)BL_HVC_NOT_SUPPORTED;
		step(f, e);
		return;
	}
	/* trap_smc() steps past it (vcpu_skip_insn(): 4 bytes, an SMC is 32
	 * bits in ARM and Thumb, and the IT state) and may not return
	 * (CPU_OFF, SYSTEM_OFF) */
	trap_smc(&v);
}

/* PMUv3's AArch32 PMEVCNTR<n> (c14, c8-c11, n % 8 with CRm 8 + n / 8),
 * PMEVTYPER<n> (c14, c12-c15) and PMCCFILTR (PMEVTYPER31's encoding:
 * c14, c15, 7) - AArch64's CRn, CRm and op2 with opc1 0 -, which PMUv2
 * (the CPK_* table) has not: by number, as the AArch64 view serves
 * PMEVCNTR<n>_EL0 (pmu_trap_evreg(): n >= 4 is an undefined instruction);
 * every other register by its key. 0: done. */
#define CP15_PMEV_CRN     14u
#define CP15_PMEVCNTR_CRM 8u
#define CP15_PMEVTYPER_CRM 12u
static int trap_cp15_pmu(const struct hsr_cp32 *d, uint32_t *v, bool pl0)
{
	if (d->opc1 == 0 && d->crn == CP15_PMEV_CRN && d->crm >= CP15_PMEVCNTR_CRM)
		return trap_pmu_evreg(d->crm >= CP15_PMEVTYPER_CRM, (d->crm & 3u) * 8u + d->opc2, d->read, v,
				      pl0);
	return trap_pmu_typea(d->key, d->read, v, pl0);
}

/* MCR/MRC p15 (EC 0x03, MDCR_EL2.TPM/TPMCR): the PMU's registers by
 * their CPK_* keys, the Type A view and state machine an ARMv7 guest's
 * MCR/MRC and an AArch64 guest's MSR/MRS reach (hyp/exit/pmu_sysreg.c);
 * at PL0 with PMUSERENR's rules. Rt 15, or a register the PMU has not:
 * an undefined instruction. */
static void ec32_cp15(struct guest_frame *f, struct esr e)
{
	struct hsr_cp32 d = hsr_decode_cp32(e.iss);
	unsigned x = a32_iss_xt(e.iss);
	uint32_t v;

	if (!cond_ok(f, e.iss)) {
		step(f, e);
		return;
	}
	if (!a32_xt_valid(x)) {
		log_guest("%s p15, %u, x%u, c%u, c%u, %u at %08lx: Rt not a register: undefined instruction\n",
			  d.read ? "MRC" : "MCR", d.opc1, x, d.crn, d.crm, d.opc2, (unsigned long)f->elr);
		undef(f);
		return;
	}
	v = (uint32_t)f->r[x];
	if (trap_cp15_pmu(&d, &v, at_pl0(f)) != 0) {
		log_guest("%s p15, %u, x%u, c%u, c%u, %u at %08lx not emulated: undefined instruction\n",
			  d.read ? "MRC" : "MCR", d.opc1, x, d.crn, d.crm, d.opc2, (unsigned long)f->elr);
		undef(f);
		return;
	}
	if (d.read)
		f->r[x] = v;
	step(f, e);
}

/* MCRR/MRRC p15 (EC 0x04): PMUv3's 64-bit PMCCNTR (opc1 0, CRm 9; Rt the
 * low word, Rt2 the high), as an AArch64 MRS/MSR PMCCNTR_EL0 has it;
 * anything else, or Rt/Rt2 15, is an undefined instruction. (QEMU 7.2's
 * AArch32 has no 64-bit PMCCNTR: the MRRC is undefined at EL1 before
 * EL2 could trap it - measured; hardware with it comes here.) */
#define CP64_PMCCNTR_OPC1 0u
#define CP64_PMCCNTR_CRM  9u
static void ec32_cp15_64(struct guest_frame *f, struct esr e)
{
	struct hsr_cp64 d = hsr_decode_cp64(e.iss);
	unsigned lo = a32_iss_xt(e.iss), hi = a32_iss_xt2(e.iss);
	uint64_t v;

	if (!cond_ok(f, e.iss)) {
		step(f, e);
		return;
	}
	if (d.opc1 != CP64_PMCCNTR_OPC1 || d.crm != CP64_PMCCNTR_CRM || !a32_xt_valid(lo) ||
	    !a32_xt_valid(hi)) {
		ec32_undef(f, e);
		return;
	}
	v = (uint32_t)f->r[lo] | (uint64_t)(uint32_t)f->r[hi] << 32;
	if (trap_pmu_ccnt64(d.read, &v, at_pl0(f)) != 0) {
		undef(f);
		return;
	}
	if (d.read) {
		f->r[lo] = (uint32_t)v;
		f->r[hi] = (uint32_t)(v >> 32);
	}
	step(f, e);
}

/* DBGDIDR, AArch32's debug ID - no AArch64 register has it: made from
 * ID_AA64DFR0_EL1's counts (WRPs [23:20], BRPs [15:12], CTX_CMPs
 * [31:28]) and ID_AA64PFR0_EL1's EL3 [15:12], in ARMv8's AArch32 layout:
 * WRPs [31:28], BRPs [27:24], CTX_CMPs [23:20], Version [19:16] = 6
 * (ARMv8 debug), [15] RES1, nSUHD_imp [14] and SE_imp [12] with EL3 */
/* EL3 is implemented (ID_AA64PFR0_EL1.EL3 [15:12] not 0): DBGDIDR's
 * security bits and DBGVCR's Non-secure catches depend on it */
static bool el3_implemented(void)
{
	return ((read_ID_AA64PFR0_EL1() >> 12) & 0xfu) != 0;
}

static uint32_t dbgdidr(void)
{
	uint64_t dfr = read_ID_AA64DFR0_EL1();
	uint32_t el3 = el3_implemented();

	return (uint32_t)((dfr >> 20) & 0xfu) << 28 | (uint32_t)((dfr >> 12) & 0xfu) << 24 |
	       (uint32_t)((dfr >> 28) & 0xfu) << 20 | 6u << 16 | 1u << 15 | el3 << 14 | el3 << 12;
}

#define PSR_NZCV 0xf0000000u
/* AArch32's DBGDSCRint shows MDBGen [15] and UDCCdis [12] of DBGDSCRext
 * (MDSCR_EL1's MDE and TDCC) beside the DCC flags MDCCSR_EL0 holds: Linux
 * (hw_breakpoint.c enable_monitor_mode()) reads MDBGen back there after
 * setting it, and gives up the debug registers when it reads 0 */
#define DSCRINT_FROM_EXT ((1u << 15) | (1u << 12))

/* DBGVCR's bits a guest can set: the Non-secure catches [31:25] exist
 * only with EL3 (ARM ARM, DBGVCR: "When EL3 is implemented"), without it
 * F I D P S U [7:1] alone; everything else RES0, read as 0. */
static uint32_t dbgvcr_writable(void)
{
	return el3_implemented() ? DBGVCR_MASK : DBGVCR_MASK & 0xffu;
}

/* MCR/MRC p14 (EC 0x05, MDCR_EL2.TDA/TDOSA/TDRA): the debug context by
 * the register's key - the AArch32 register is the twin an AArch64
 * guest's MSR/MRS reaches it by (dbg_sysregs.h), so hyp/debug serves both
 * views from one list. A register the context keeps in 64 bits
 * (DBGBVR<n>, a VA) is its low half in AArch32: a write keeps the upper
 * (DBGBXVR's) half. DBGDIDR (AArch32 only) is read-only, made here; the
 * only Rt = 15 form is MRC DBGDSCRint into APSR_nzcv (the PSR's flags).
 * DBGVCR (AArch32 only: dbg_regs.h) is read from the context, and a write
 * goes to DBGVCR32_EL2 too, so the core's vector catch is the guest's -
 * here, on the AArch32 path, not in the AArch64 guest's debug switch.
 * Anything the context does not serve is an undefined instruction. */
static void ec32_cp14(struct guest_frame *f, struct esr e)
{
	struct hsr_cp32 d = hsr_decode_cp32(e.iss);
	unsigned x = a32_iss_xt(e.iss);
	bool nzcv = x == 31u && d.read && d.key == CPK_DBGDSCRINT;
	dbg_reg_t v = 0, old;

	if (!cond_ok(f, e.iss)) {
		step(f, e);
		return;
	}
	if (!a32_xt_valid(x) && !nzcv) {
		ec32_undef(f, e);
		return;
	}
	if (d.key == CPK_DBGDIDR) {
		if (!d.read) {
			ec32_undef(f, e);
			return;
		}
		v = dbgdidr();
	} else if (d.read) {
		if (trap_dbg_sysreg(d.key, true, &v)) {
			ec32_undef(f, e);
			return;
		}
		if (d.key == CPK_DBGDSCRINT && trap_dbg_sysreg(CPK_DBGDSCREXT, true, &old) == 0)
			v |= old & DSCRINT_FROM_EXT;
	} else {
		v = (uint32_t)f->r[x];
		if (d.key == CPK_DBGVCR)
			v &= dbgvcr_writable();
		if (trap_dbg_sysreg(d.key, true, &old) == 0)
			v |= old & ~(dbg_reg_t)0xffffffffu;
		if (trap_dbg_sysreg(d.key, false, &v)) {
			ec32_undef(f, e);
			return;
		}
		if (d.key == CPK_DBGVCR)
			write_DBGVCR32_EL2(v);   /* the ERET to the guest synchronizes it */
	}
	if (nzcv)
		f->spsr = (f->spsr & ~(uint64_t)PSR_NZCV) | ((uint32_t)v & PSR_NZCV);
	else if (d.read)
		f->r[x] = (uint32_t)v;
	step(f, e);
}

/* A stage-2 abort: an emulated device (the guest's GIC distributor,
 * hyp/exit/mmio.c), as for an AArch64 guest (trap.c ec_dabt) - SRT is the
 * AArch64 view of the register, as Rt is (a32_iss.h), a load's result
 * zero-extended (SF is 0 from AArch32) -, or a bus error: a synchronous
 * external abort in Abort mode, DFAR = the address. mmio.c steps past an
 * emulated access with vcpu_skip_insn(), which knows a 16-bit Thumb one
 * and the IT state (vcpu.h); a refusal takes the guest to its Abort mode's
 * vector (vcpu.c vcpu_inject_trapped_dabt()). */
static void ec32_dabt(struct guest_frame *f, struct esr e)
{
	struct dabt d = dabt_decode(e.iss, DABT_SRT_A64);
	/* HPFAR_EL2.FIPA [39:4] = IPA[47:12]; emulated regions lie below 4 GiB */
	uint64_t ipa = (read_HPFAR_EL2() & ~0xfull) << 8 | (read_FAR_EL2() & 0xfffu);
	struct vcpu v = { .f = f, .esr = (uint32_t)e.ec << ESR_EC_SHIFT | (e.il ? ESR_IL : 0u) | e.iss,
			  .cpu = (struct hyp_cpu *)read_TPIDR_EL2() };

	if (!d.s1ptw && (!d.isv || a32_xt_valid(d.srt)) && ipa < (1ull << 32) &&
	    mmio_trap(&v, (uint32_t)ipa, &d))
		return;
	log_guest("AArch32 stage-2 data abort va=%08lx%s at %08lx: abort to guest\n",
		  (unsigned long)(uint32_t)read_FAR_EL2(), d.wnr ? " (write)" : "", (unsigned long)f->elr);
	a32_inject_dabt(f, (uint32_t)read_FAR_EL2(), d.wnr);
}

static void ec32_iabt(struct guest_frame *f, struct esr e)
{
	(void)e;
	a32_inject_pabt(f, (uint32_t)read_FAR_EL2());
}

/* Every class not named is ec32_undef - LDC/STC p14 and MRRC p14 (0x06,
 * 0x0C: DBGDTR transfers, DBGDRAR/DBGDSAR), and whatever else could
 * trap. */
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Woverride-init"
static const ec32_fn ec32_table[EC_NR] = {
	[0 ... EC_NR - 1] = ec32_undef,
	[EC_CP15_32] = ec32_cp15,
	[EC_CP15_64] = ec32_cp15_64,
	[EC_CP14_32] = ec32_cp14,
	[EC_HVC32] = ec32_hvc,
	[EC_SMC32] = ec32_smc,
	[EC_DABT_LOW] = ec32_dabt,
	[EC_IABT_LOW] = ec32_iabt,
};
#pragma GCC diagnostic pop

void arm64_trap_sync_a32(struct guest_frame *f);   /* vectors.S */
void arm64_trap_sync_a32(struct guest_frame *f)
{
	struct esr e = esr_decode(read_ESR_EL2());

	ec32_table[e.ec](f, e);
}
