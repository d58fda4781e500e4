#include "probe.h"
#include "exit.h"
#include "blmon_log.h"

static volatile bool armed, faulted;

void probe_arm(void)
{
	faulted = false;
	armed = true;
	__asm__ volatile("" ::: "memory");
}

bool probe_disarm(void)
{
	__asm__ volatile("" ::: "memory");
	armed = false;
	return faulted;
}

void hyp_undef_in_hyp(struct guest_frame *f);

/* boot/vectors.S, vector +0x04: UNDEF taken in HYP itself. */
void hyp_undef_in_hyp(struct guest_frame *f)
{
	uint32_t elr;

	if (!armed)
		hyp_panic_exception(f, 1);
	__asm__ volatile("mrs %0, elr_hyp" : "=r"(elr));
	faulted = true;
	elr += 4;   /* the probe accessors are ARM instructions */
	__asm__ volatile("msr elr_hyp, %0" : : "r"(elr));
}
