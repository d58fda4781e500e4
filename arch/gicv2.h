/*
 * GICv2 with the virtualization extensions (ARM IHI 0048B): register
 * offsets and fields of the distributor (GICD), CPU interface (GICC),
 * virtual interface control (GICH) and list registers.
 */
#ifndef ARCH_GICV2_H
#define ARCH_GICV2_H

#include <stdint.h>

/* Interrupt ids */
#define GIC_NR_SGIS        16u
#define GIC_NR_PRIVATE     32u      /* SGIs + PPIs, banked per CPU */
#define GIC_MAX_IRQS       1020u    /* ids 1020-1023 are special */
#define GIC_SPURIOUS       1023u
#define GIC_PPI(n)         (16u + (n))

/* Distributor (4.3) */
#define GICD_CTLR          0x000u
#define GICD_TYPER         0x004u
#define GICD_IIDR          0x008u
#define GICD_IGROUPR       0x080u
#define GICD_ISENABLER     0x100u
#define GICD_ICENABLER     0x180u
#define GICD_ISPENDR       0x200u
#define GICD_ICPENDR       0x280u
#define GICD_ISACTIVER     0x300u
#define GICD_ICACTIVER     0x380u
#define GICD_IPRIORITYR    0x400u
#define GICD_ITARGETSR     0x800u
#define GICD_ICFGR         0xc00u
#define GICD_SGIR          0xf00u
#define GICD_CPENDSGIR     0xf10u
#define GICD_SPENDSGIR     0xf20u
#define GICD_ID_FIRST      0xfd0u   /* PIDR4 .. CIDR3 */
#define GICD_PIDR2         0xfe8u   /* ArchRev [7:4]: 2 on a GICv2 */
#define GICD_PIDR2_V3      0xffe8u  /* where a GICv3's (64 KiB frame) has it: 3 */
#define GICD_PIDR2_ARCHREV(v) (((v) >> 4) & 0xfu)
#define GICD_SIZE          0x1000u
#define GICD_CTLR_ENABLE   0x3u     /* group 0 and group 1 */
#define GICD_TYPER_LINES(t) (((t) & 0x1fu) + 1u)   /* x32 interrupt ids */
#define GICD_TYPER_CPUS(t) ((((t) >> 5) & 0x7u) + 1u)   /* CPU interfaces */
#define GICD_SGIR_ID(v)    ((v) & 0xfu)
#define GICD_SGIR_TARGETS(v) (((v) >> 16) & 0xffu)
#define GICD_SGIR_FILTER(v) (((v) >> 24) & 0x3u)
#define GICD_SGIR_VALUE(filter, targets, id) \
	(((uint32_t)(filter) << 24) | ((uint32_t)(targets) << 16) | (uint32_t)(id))
#define GICD_SGIR_FILTER_LIST   0u
#define GICD_SGIR_FILTER_OTHERS 1u
#define GICD_SGIR_FILTER_SELF   2u

/* CPU interface (4.4) */
#define GICC_CTLR          0x0000u
#define GICC_PMR           0x0004u
#define GICC_BPR           0x0008u
#define GICC_IAR           0x000cu
#define GICC_EOIR          0x0010u
#define GICC_DIR           0x1000u
#define GICC_CTLR_ENABLE   0x3u      /* group 0 and group 1 */
#define GICC_CTLR_EOIMODE  (1u << 9) /* EOIR drops priority only; DIR deactivates */
#define GICC_IAR_ID(iar)   ((iar) & 0x3ffu)
#define GICC_IAR_CPU(iar)  (((iar) >> 10) & 0x7u)

/* Virtual interface control (5.3) */
#define GICH_HCR           0x000u
#define GICH_VTR           0x004u
#define GICH_VMCR          0x008u
#define GICH_MISR          0x010u
#define GICH_EISR0         0x020u
#define GICH_ELSR0         0x030u
#define GICH_APR           0x0f0u
#define GICH_LR(n)         (0x100u + 4u * (n))
#define GICH_HCR_EN        (1u << 0)
#define GICH_HCR_UIE       (1u << 1)  /* maintenance IRQ when <= 1 LR is valid */
#define GICH_MISR_U        (1u << 1)
#define GICH_VTR_LRS(v)    (((v) & 0x3fu) + 1u)

/* List register (5.3.11) */
#define GICH_LR_VID(id)        ((uint32_t)(id) & 0x3ffu)
#define GICH_LR_PID(id)        (((uint32_t)(id) & 0x3ffu) << 10)   /* HW = 1 */
#define GICH_LR_CPUID(cpu)     (((uint32_t)(cpu) & 0x7u) << 10)    /* HW = 0: an SGI's source */
#define GICH_LR_EOI            (1u << 19)   /* HW = 0: maintenance interrupt when it is EOIed */
#define GICH_LR_PRIO(p)        ((((uint32_t)(p) >> 3) & 0x1fu) << 23)   /* top 5 bits */
#define GICH_LR_PENDING        (1u << 28)
#define GICH_LR_ACTIVE         (2u << 28)
#define GICH_LR_STATE_MASK     (3u << 28)
#define GICH_LR_GRP1           (1u << 30)
#define GICH_LR_HW             (1u << 31)
#define GICH_LR_GET_VID(lr)    ((lr) & 0x3ffu)
#define GICH_LR_GET_CPUID(lr)  (((lr) >> 10) & 0x7u)
#define GICH_LR_GET_PRIO(lr)   ((((lr) >> 23) & 0x1fu) << 3)

#endif
