/*
 * make bench's virtual GIC lines (tools/bench.sh), both architectures:
 * guest-tests/bench_irq.c (ARMv7) and guest-tests/arm64/bench_irq64.c
 * (AArch64) include this after defining, for their architecture:
 *   now(), freq_hz()       the virtual counter (after an ISB), its frequency
 *   vtimer_arm(ticks)      the guest's virtual timer: fire in ticks, on
 *   vtimer_off()           ... and off (the handler's, before its EOI)
 * and hypcount.h (the guest library's: hypcount(), guestcount()).
 *
 * What the lines count is the monitor's own instructions, by a PMU counter
 * that counts only at HYP / EL2, -icount shift=0:
 *  - a physical interrupt to the guest: the guest's virtual timer (PPI 27)
 *    fires, the monitor takes it, injects it through a list register and
 *    returns to the guest's IRQ vector;
 *  - the guest's EOI: on the virtual CPU interface, no monitor at all
 *    when hardware-linked (soft-linked: QEMU 7.2's maintenance interrupt,
 *    docs/vgic.md);
 *  - an SGI the guest sends itself: the trapped GICD_SGIR write, the
 *    physical SGI taken by the monitor, its injection with the source CPU.
 * The PMU's filter is what makes the lines the monitor's alone, so each
 * loop checks it against the virtual counter: the guest's instructions
 * (counter 2, PL1 / EL1 only) and the monitor's together are the time the
 * loop took (1 instruction = 1 ns); otherwise no "bench done", and
 * tools/bench.sh fails.
 */
#ifndef GUEST_BENCH_IRQ_H
#define GUEST_BENCH_IRQ_H

#include <stdbool.h>
#include <stdint.h>
#include "gic.h"
#include "tap.h"

#ifndef BENCH_IRQ_N   /* -D for a trace of a few */
#define BENCH_IRQ_N  256u
#endif
#define PPI_VTIMER   27u
#define SGI_BENCH    1u
/* the counter's reads at either end (a tick each) and the instructions
 * between them and the counters' reads */
#define BENCH_IRQ_SLACK 64u

static volatile uint32_t fired;
static uint32_t eoi_hyp;   /* monitor instructions across the guest's EOIs */

static void bench_irq_handler(void)
{
	uint32_t iar = gicc_r32(GICC_IAR), before;

	if ((iar & 0x3ff) == PPI_VTIMER)
		vtimer_off();
	before = hypcount();
	gicc_w32(GICC_EOIR, iar);
	eoi_hyp += hypcount() - before;
	fired++;
}

struct bench_irq_span {
	uint64_t t;
	uint32_t hyp, guest;
};

static struct bench_irq_span bench_irq_mark(void)
{
	struct bench_irq_span s;

	s.t = now();
	s.hyp = hypcount();
	s.guest = guestcount();
	return s;
}

/* The monitor's instructions since s, after checking that they and the
 * guest's account for the time that passed */
static bool bench_irq_since(struct bench_irq_span s, uint32_t *hyp)
{
	uint32_t h = hypcount(), g = guestcount();
	uint64_t t = now(), ns = (t - s.t) * (1000000000ull / freq_hz());
	uint64_t counted = (uint64_t)(h - s.hyp) + (g - s.guest);

	*hyp = h - s.hyp;
	if (counted <= ns + BENCH_IRQ_SLACK && ns <= counted + BENCH_IRQ_SLACK)
		return true;
	gprintf("# bench_irq: monitor %lu + guest %lu instructions, but %llu ns passed\n",
		(unsigned long)(h - s.hyp), (unsigned long)(g - s.guest), (unsigned long long)ns);
	return false;
}

static uint32_t bench_irq_per_op(uint32_t total) { return (total + BENCH_IRQ_N / 2) / BENCH_IRQ_N; }

/* "bench <arch><name>, <link>", padded as bench_measure.h's lines */
static void bench_irq_report(const char *arch, const char *name, const char *link, uint32_t n)
{
	const char *part[] = { arch, name, ", ", link };
	char what[96];
	unsigned k = 0;

	for (unsigned i = 0; i < 4; i++)
		for (const char *c = part[i]; *c && k < sizeof(what) - 1; c++)
			what[k++] = *c;
	what[k] = 0;
	gprintf("bench %-50s %6lu instructions/op\n", what, (unsigned long)n);
}

/*
 * The three lines: BENCH_IRQ_N timer interrupts, then as many SGIs to
 * itself, each waited for. arch prefixes the names ("AArch64: "), link
 * says how the monitor links physical interrupts. False if a loop's
 * counts did not add up (nothing reported for it).
 */
static bool bench_irq_run(const char *arch, const char *link)
{
	struct bench_irq_span s;
	uint32_t h;

	gic_guest_init();
	gic_guest_enable(PPI_VTIMER, 0x80);
	gic_guest_enable(SGI_BENCH, 0x80);
	irq_hook = bench_irq_handler;
	irq_enable();

	fired = 0;
	eoi_hyp = 0;
	s = bench_irq_mark();
	for (uint32_t i = 0; i < BENCH_IRQ_N; i++) {
		uint32_t want = fired + 1;

		vtimer_arm(200);
		while (fired < want)
			;
	}
	if (!bench_irq_since(s, &h))
		return false;
	bench_irq_report(arch, "physical IRQ -> guest vector (PPI)", link, bench_irq_per_op(h - eoi_hyp));
	bench_irq_report(arch, "guest EOI of it", link, bench_irq_per_op(eoi_hyp));

	fired = 0;
	eoi_hyp = 0;
	s = bench_irq_mark();
	for (uint32_t i = 0; i < BENCH_IRQ_N; i++) {
		uint32_t want = fired + 1;

		gic_guest_sgi(GICD_SGIR_FILTER_SELF, 0, SGI_BENCH);
		while (fired < want)
			;
	}
	if (!bench_irq_since(s, &h))
		return false;
	bench_irq_report(arch, "guest SGI to itself (GICD_SGIR emulated)", link, bench_irq_per_op(h - eoi_hyp));
	return true;
}

#endif
