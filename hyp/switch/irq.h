/* Physical interrupts in HYP (hyp/switch/irq.c). */
#ifndef HYP_IRQ_H
#define HYP_IRQ_H

struct hyp_cpu;

/* Take every interrupt pending at this CPU's interface - for a CPU waiting
 * inside a switch: the guest's go into its virtual GIC as usual, the
 * monitor's SGI and maintenance interrupt are consumed, the switch timer
 * is held back (irq_timer_mask) until the switch is over. */
void irq_drain(struct hyp_cpu *c);
/* The switch timer's interrupt masked at the timer while a switch is in
 * progress; unmasked after (hyp/switch/switch.c). */
void irq_timer_mask(struct hyp_cpu *c);
void irq_timer_unmask(struct hyp_cpu *c);

#endif
