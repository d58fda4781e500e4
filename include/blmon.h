/*
 * blmon as a library (build/libblmon.a): the C API a board's own firmware
 * calls, and the callbacks it must provide.
 *
 * The library is board-independent: it knows nothing of addresses, CPU
 * counts or how a board starts its CPUs. A board image is libblmon.a plus
 * the board's start-up code (which gets each CPU into HYP mode with a stack)
 * and the board_*() callbacks below, which the library leaves undefined.
 * docs/porting.md walks through a port; board/vexpress-a15/ is the worked
 * example, board/qemu-virt/ the other user.
 *
 * Order of calls, all in HYP mode (PL2), MMU off, IRQs masked:
 *   boot CPU:    blmon_init(&platform); blmon_cpu_init(0); blmon_enter_next_stage();
 *   other CPUs:  blmon_cpu_init(n); blmon_enter_next_stage();
 * Other CPUs are started by the monitor itself (board_cpu_on()) when the
 * guest asks for them (PSCI CPU_ON, or a board's own scheme).
 */
#ifndef BLMON_H
#define BLMON_H

#include <stdbool.h>
#include <stdint.h>

/* GICv2 has at most 8 CPU interfaces. */
#define BLMON_MAX_CPUS       8u
/* The monitor's per-CPU state, in storage the board provides. */
#define BLMON_CPU_DATA_SIZE  4096u

struct blmon_cpu_data {
	_Alignas(64) unsigned char opaque[BLMON_CPU_DATA_SIZE];
};

struct blmon_range {
	uint64_t base, size;
};

/*
 * A region of the guest's physical address space the board emulates
 * (stage 2 leaves it unmapped, so every guest access traps). `access`
 * gets the offset into the region, the size in bytes (1, 2 or 4) and
 * whether it is a write; a read returns its value in *val. Return false to
 * give the guest a data abort.
 */
struct blmon_mmio {
	uint32_t base, size;
	bool (*access)(uint32_t offset, unsigned size, bool write, uint32_t *val);
};

/* The SGI the monitor keeps for itself (a board wakes CPUs with it, and
 * the monitor takes it as its own when it arrives in HYP): never the
 * guest's. */
#define BLMON_SGI 15u

/* The GIC does not re-signal a physical interrupt that became pending
 * while it was active when the guest's EOI of a hardware-linked virtual
 * interrupt deactivates it (QEMU 7.2, docs/vgic.md): the monitor links
 * physical interrupts in software and deactivates them itself. */
#define BLMON_QUIRK_GIC_HW_DEACTIVATE (1u << 0)
/* An AArch64 EL2 does not see the SPSR of the AArch32 mode the guest
 * trapped from: the core keeps it outside the banked copies EL2 reads and
 * writes as SPSR_EL1 (SPSR_svc), SPSR_irq ... (QEMU 7.2, docs/arm64.md
 * "AArch32 guests"), so a migration of an AArch32 EL1 guest loses it. No
 * workaround exists from EL2; the monitor says so at boot when it runs
 * such a guest on migrating cores. */
#define BLMON_QUIRK_A32_SPSR_UNREACHED (1u << 1)

#define BLMON_MAX_DEVICE_WINDOWS 4u
#define BLMON_MAX_MMIO           4u

/* What the board tells the monitor: blmon_init() copies it. */
struct blmon_platform {
	/* RAM the guest owns; the monitor's own memory must lie outside it. */
	struct blmon_range guest_ram;
	struct blmon_range monitor;          /* never mapped for the guest */
	/* Device windows the guest may use (stage 2 maps them as Device
	 * memory, minus the GIC's hypervisor pages and the mmio regions). */
	struct blmon_range devices[BLMON_MAX_DEVICE_WINDOWS];
	unsigned ndevices;
	/* GICv2 with the virtualization extensions: physical bases of the
	 * distributor, CPU interface, virtual interface control (GICH) and
	 * virtual CPU interface (GICV), and where the guest expects its CPU
	 * interface (its DTB's GICC: stage 2 maps GICV there). */
	uint32_t gicd, gicc, gich, gicv, guest_gicc;
	/* Board registers the guest reaches only through the board. */
	struct blmon_mmio mmio[BLMON_MAX_MMIO];
	unsigned nmmio;
	/* CPUs: how many the board can have (<= BLMON_MAX_CPUS) and storage
	 * for each one's monitor state. */
	unsigned ncpus;
	struct blmon_cpu_data *cpu_data;
	/* The next stage (the guest), entered in SVC mode on the boot CPU. */
	uint32_t guest_entry;
	uint32_t guest_r0, guest_r1, guest_r2;
	/* What the board's hardware gets wrong that the monitor works around
	 * (BLMON_QUIRK_*). */
	uint32_t quirks;
	/* The device tree the guest gets (0: none). The monitor clips its
	 * /memory to guest_ram and reads its options from /chosen/bootargs
	 * (docs/options.md). dtb_max: bytes the blob may occupy. */
	uint32_t guest_dtb, guest_dtb_max;
};

/* ---- called by the board's firmware ------------------------------------ */

/* Once, on the boot CPU, before any blmon_cpu_init(). Stops the machine
 * (blmon_fatal) if the platform cannot be served. */
void blmon_init(const struct blmon_platform *p);
/* On every CPU that runs the guest, on its own stack: HYP vectors, stage 2,
 * traps, the virtual GIC's CPU interface, the PMU and debug state. */
void blmon_cpu_init(unsigned cpu);
/* Hand over to the next stage: the guest's entry in SVC mode, IRQs/FIQs/
 * async aborts masked (boot CPU: the platform's entry and r0-r2; a CPU the
 * guest started: the entry and context it asked for). */
void blmon_enter_next_stage(void) __attribute__((noreturn));
/* The trap entry: the HYP vector table blmon_cpu_init() puts in HVBAR. */
extern const char blmon_hyp_vectors[];

/* The guest turned the machine off, or asked for a reset, through board
 * registers the board emulates (blmon_platform.mmio): the monitor's last
 * line ("blmon: switches=N"), then board_system_off() / _reset(). PSCI
 * SYSTEM_OFF and SYSTEM_RESET end here too. */
void blmon_system_off(void) __attribute__((noreturn));
void blmon_system_reset(void) __attribute__((noreturn));
/* Start CPU `cpu` as PSCI CPU_ON does - through the monitor's start-up on
 * that CPU (board_cpu_on), then the guest's `entry` in SVC mode with
 * r0 = context - for boards whose guests start CPUs another way. Returns
 * a PSCI status: 0, -2 (no such CPU), -4 (ALREADY_ON), -5 (ON_PENDING)
 * or board_cpu_on()'s error. */
int32_t blmon_cpu_on(unsigned cpu, uint32_t entry, uint32_t context);

/* Stop the machine with a message ("blmon: fatal: ...") and a failure
 * status (board_fatal_exit). For start-up code that finds a shape it
 * cannot serve. */
void blmon_fatal(const char *fmt, ...) __attribute__((noreturn, format(printf, 1, 2)));
/* A console line through board_console_putc ("blmon: ..."). */
void blmon_print(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

/* Device-tree helpers for start-up code (bounds-checked, read-only). */
/* The header's totalsize, or 0 if fdt is not a device tree. */
uint32_t blmon_fdt_size(const void *fdt);
/* The first /memory region. */
bool blmon_fdt_memory(const void *fdt, uint32_t max_len, struct blmon_range *ram);
/* /chosen linux,initrd-start .. -end. */
bool blmon_fdt_initrd(const void *fdt, uint32_t max_len, struct blmon_range *initrd);

/* ---- provided by the board (left undefined in the library) -------------- */

/* One byte to the console. Must not block forever. */
void board_console_putc(char c);
/* The logical CPU number (0..ncpus-1) of the CPU with this MPIDR, or -1. */
int board_cpu_index(uint32_t mpidr);
/* Start CPU `cpu` (powered off) at the board's start-up code in HYP mode.
 * Returns a PSCI status: 0, or -2 (INVALID_PARAMETERS), -4 (ALREADY_ON),
 * -5 (ON_PENDING) ... */
int32_t board_cpu_on(unsigned cpu);
/* Power the calling CPU down; board_cpu_on() may start it again. */
void board_cpu_off(void) __attribute__((noreturn));
/*
 * Real cluster migration (blmon.cluster_cpus=N, docs/migration.md): the
 * board's CPUs 0..N-1 are one cluster, N..2N-1 the other. The monitor
 * starts every one of them at boot (board_cpu_on), wakes a parked core
 * with BLMON_SGI and parks one in a WFI loop in HYP with only the
 * monitor's interrupts unmasked; what it needs of the board is the
 * clusters' power:
 *   board_cluster_up(c)   - before any core of cluster c is given a
 *                           virtual CPU at a switch: power the cluster
 *                           (and its cores) up if it is down; its cores
 *                           then go on in their park loops (a core that
 *                           lost its state restarts at the board's
 *                           start-up code, which must bring it back to
 *                           blmon_cpu_init + blmon_enter_next_stage).
 *   board_cluster_down(c) - every virtual CPU has left cluster c's cores,
 *                           which are parking: clean its caches to the
 *                           point of coherency (its dirty lines hold the
 *                           guest's data) and program its power
 *                           controller to take it down once every core is
 *                           in WFI. A board without cluster power control
 *                           does nothing (the QEMU boards).
 */
void board_cluster_up(unsigned cluster);
void board_cluster_down(unsigned cluster);
/* Power the machine off / reset it. */
void board_system_off(void) __attribute__((noreturn));
void board_system_reset(void) __attribute__((noreturn));
/* Stop the machine reporting failure (QEMU: a non-zero exit status). */
void board_fatal_exit(void) __attribute__((noreturn));

#endif
