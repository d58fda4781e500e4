#ifndef HYP_PANIC_H
#define HYP_PANIC_H

/* Monitor invariants only: never on a value a guest controls. */
void hyp_panic(const char *what) __attribute__((noreturn));
#define HYP_ASSERT(c) do { if (!(c)) hyp_panic("assertion failed: " #c); } while (0)

#endif
