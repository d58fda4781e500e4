/*
 * The physical GICv2 as the monitor drives it (addresses from the
 * platform): the distributor and this CPU's interface. Interrupts the
 * monitor keeps for itself are listed here.
 */
#ifndef HYP_GIC_H
#define HYP_GIC_H

#include <stdbool.h>
#include <stdint.h>
#include "gicv2.h"

#define IRQ_HYP_TIMER   GIC_PPI(10)   /* CNTHP: monitor-initiated switches */

void gic_init(void);                  /* boot CPU, once */
void gic_cpu_init(void);              /* every CPU */
uint32_t gic_ack(void);               /* GICC_IAR */
void gic_eoi(uint32_t iar);           /* GICC_EOIR */
void gic_enable(uint32_t id, bool on);
void gic_set_priority(uint32_t id, uint8_t prio);

#endif
