/* The test guests' pseudo-random numbers: xorshift32 (Marsaglia 2003).
 * Small, fast and reproducible from a printed seed; not for anything but
 * choosing test inputs. A zero seed would stay zero, so it is replaced. */
#ifndef GUEST_RNG_H
#define GUEST_RNG_H

#include <stdint.h>

struct rng { uint32_t s; };

static inline struct rng rng_seed(uint32_t seed) { return (struct rng){ seed ? seed : 0x9e3779b9u }; }

static inline uint32_t rng_next(struct rng *r)
{
	r->s ^= r->s << 13;
	r->s ^= r->s >> 17;
	r->s ^= r->s << 5;
	return r->s;
}

/* 0..n-1 (n > 0); the slight modulo bias does not matter for test inputs. */
static inline uint32_t rng_below(struct rng *r, uint32_t n) { return rng_next(r) % n; }

#endif
