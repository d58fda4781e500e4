/* The rare ends of a trapped MCR/MRC (arch/arm32/cp_trap.h): out of line,
 * so the common path pays nothing for them. */
#include "cp_trap.h"
#include "blmon_log.h"

void __attribute__((noinline)) cp_skip_thumb(struct guest_frame *f, uint32_t hsr)
{
	struct vcpu v;

	vcpu_load(&v, f, hsr);
	vcpu_skip_thumb_insn(&v);
	vcpu_put(&v);
}

void __attribute__((noinline)) cp_undef(struct guest_frame *f, uint32_t hsr)
{
	struct vcpu v;

	if (LOG_LEVEL >= LOG_DEBUG) {   /* the decode only where the log is built in */
		struct hsr_cp32 d = hsr_decode_cp32(hsr);

		log_debug("%s p%u, %u, r%u, c%u, c%u, %u not emulated: UNDEF\n",
			  d.read ? "mrc" : "mcr", HSR_EC(hsr) == EC_CP14_32 ? 14u : 15u, d.opc1,
			  d.rt, d.crn, d.crm, d.opc2);
	}
	vcpu_load(&v, f, hsr);
	vcpu_inject_undef(&v);
	vcpu_put(&v);
}
