/* The vgic-ref cases, both architectures (vgic_ref_cases.c). */
#ifndef GUEST_VGIC_REF_CASES_H
#define GUEST_VGIC_REF_CASES_H

#include <stdbool.h>

/* Cases 1-8 with IRQs masked and GICC polled; 9 (the monitor's SGI 15)
 * unless plain (QEMU's own GIC). vtimer is the guest's: the virtual timer
 * (PPI 27) due now (TVAL 0) and enabled, or disabled - CNTV_TVAL/CNTV_CTL
 * or their _EL0 forms - then an ISB. */
void vgic_ref_run(bool plain, void (*vtimer)(bool on));

#endif
