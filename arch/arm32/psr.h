/* The CPSR / SPSR fields the monitor reads and builds (ARM ARM B1.3.3). */
#ifndef ARCH_PSR_H
#define ARCH_PSR_H

#define PSR_MODE_MASK 0x1fu
#define PSR_MODE_USR  0x10u
#define PSR_MODE_FIQ  0x11u
#define PSR_MODE_IRQ  0x12u
#define PSR_MODE_SVC  0x13u
#define PSR_MODE_ABT  0x17u
#define PSR_MODE_UND  0x1bu
#define PSR_MODE_SYS  0x1fu
#define PSR_T         (1u << 5)
#define PSR_F         (1u << 6)
#define PSR_I         (1u << 7)
#define PSR_A         (1u << 8)
#define PSR_E         (1u << 9)

#endif
