# make ARCH=arm64: the AArch64 monitor at EL2 (issue #27's first step,
# docs/arm64.md), included by the Makefile in place of its AArch32 rules.
# build/arm64/hyp.elf (board/qemu-virt-arm64), its test guests in
# build/arm64/guests/ (guest-tests/arm64/), everything under build/arm64/.
# gcc-aarch64-linux-gnu used freestanding: no C library (arch/arm64/string.c).

CROSS   := aarch64-linux-gnu-
CC      := $(CROSS)gcc
AR      := $(CROSS)ar
OBJCOPY := $(CROSS)objcopy
B       := build/arm64
BOARD   := qemu-virt-arm64
LOG_LEVEL ?= 3

WARN := -Wall -Wextra -Werror -Wshadow -Wvla -Wstrict-prototypes
# No FP/SIMD register in the monitor (it does not save the guest's), no
# unaligned access (start-up, the move to the top of RAM and blmon_init()
# run before EL2's MMU is on, on Device memory, and share the code of what
# runs after), no PIC.
CPU_FLAGS := -mcpu=cortex-a57 -mgeneral-regs-only -mstrict-align
# x8-x15 and x18 callee-saved in the monitor's own C (AAPCS64 has them
# caller-saved): an HVC from the guest then saves only x0-x7, x16, x17 and
# x30 before it calls C (vectors.S save_hot + save_caller_rest; the hot
# MRS/MSR x0-x3 and x30 only: SYS_HOT_FLAGS below), as an AArch32 HYP entry
# saves r0-r3, r12 and lr (issue #29 on AArch64, docs/performance.md). The
# whole image is built so; x16/x17 stay caller-saved (linker veneers use
# them). No library code runs with it, so the image links no libgcc (its
# outline atomics use x15: -mno-outline-atomics inlines LDXR/STXR loops).
# No frame pointer: nothing in the monitor walks frames (panic.c reports the
# trap frame), and GCC's default frame record cost every function with a
# frame its X29 set-up (SYNC -9, a switch -9/-16). x4-x7 stay caller-saved:
# -fcall-saved-x4 made GCC 12 restore x4 before a sibling call that passes
# its fifth argument there (trap_dbg_sysreg -> dbg_trap lost its pointer);
# x8 carries no argument (only an indirect result's address, which a
# sibling call passes on unchanged, so its restore is the same value).
A64_CALLEE_SAVED := $(foreach r,8 9 10 11 12 13 14 15 18,-fcall-saved-x$(r)) -mno-outline-atomics -fomit-frame-pointer
TARGET_CFLAGS := -std=c11 $(CPU_FLAGS) $(A64_CALLEE_SAVED) -O2 -g -ffreestanding -fno-common -fno-pie \
	-fno-stack-protector -fno-asynchronous-unwind-tables -ffunction-sections -fdata-sections $(WARN)
TARGET_LDFLAGS := -nostdlib -nostartfiles -static -no-pie -Wl,--gc-sections \
	-Wl,--no-warn-rwx-segments -Wl,--build-id=none
LIBGCC := $(shell $(CC) -print-libgcc-file-name 2>/dev/null)

ARCH_DIR  := arch/arm64
ARCH_INC  := -Iinclude -Iarch -I$(ARCH_DIR)
PMU_INC   := $(ARCH_INC) -Ipmu
HYP_DIRS  := hyp/core hyp/exit hyp/switch hyp/vgic hyp/debug hyp/fdt hyp/init
HYP_INC   := $(PMU_INC) $(addprefix -I,$(HYP_DIRS))
BOARD_INC := $(ARCH_INC) -Iboard/common
LIB_DEFS  := -DLOG_LEVEL=$(LOG_LEVEL)
# The portable monitor (arch_caps.h says what it carries): all of hyp/
# but AArch32's trapped-coprocessor entry (reg_trap.c)
LIB_SRCS := $(wildcard $(ARCH_DIR)/*.c $(ARCH_DIR)/*.S) $(wildcard pmu/*.c) \
	$(filter-out hyp/exit/reg_trap.c,$(wildcard $(addsuffix /*.c,$(HYP_DIRS))))
LIB_OBJS := $(patsubst %,$(B)/lib/%.o,$(basename $(LIB_SRCS)))

include board/$(BOARD)/board.mk
HYP_SIZE       := 0x200000
HYP_STACK_SIZE := 0x4000
BOARD_DEFS     := -DBOARD_MAX_CPUS=$(BOARD_MAX_CPUS) -DHYP_STACK_SIZE=$(HYP_STACK_SIZE) -DHYP_SIZE=$(HYP_SIZE)

# Guests: EL1 bare-metal AArch64, linked at RAM + 512 KiB (QEMU loads an
# arm64 Image with text_offset 0x80000 there), with the monitor's own
# formatter (hyp/core/fmt.c) for their console and its string functions
# (arch/arm64/string.c: guest-tests/common/fdt.c uses them)
GUEST_SUITES := $(patsubst guest-tests/arm64/%.c,%,$(wildcard guest-tests/arm64/*.c))
GUEST_LIB    := $(wildcard guest-tests/arm64/lib/*.c guest-tests/arm64/lib/*.S guest-tests/common/*.c) hyp/core/fmt.c \
	arch/arm64/string.c
GUEST_CFLAGS := -std=c11 $(CPU_FLAGS) -O2 -g -ffreestanding -fno-common -fno-pie \
	-fno-stack-protector -fno-asynchronous-unwind-tables $(WARN) $(ARCH_INC) \
	-Iguest-tests/arm64/lib -Iguest-tests/common -Ihyp/core -DGUEST_UART=$(GUEST_UART)u -DGUEST_RAM_BASE=$(GUEST_RAM_BASE)u \
	-DGUEST_GICD=$(GUEST_GICD)u -DGUEST_GICC=$(GUEST_GICC)u \
	-DGUEST_HYP_LOAD=$(HYP_LOAD_ADDR)u -DGUEST_HYP_SIZE=$(HYP_SIZE)u
GUEST_LIB_OBJS := $(patsubst %,$(B)/guests/lib/%.o,$(basename $(GUEST_LIB)))

.PHONY: all deps run lib guests clean help deps-quiet
.DEFAULT_GOAL := all
.SECONDARY:

all: $(B)/hyp.elf guests
help:
	@echo "make ARCH=arm64        build/arm64/hyp.elf (the AArch64 monitor at EL2) and its guests"
	@echo "make ARCH=arm64 run    boot it with the AArch64 demo guest in qemu-system-aarch64"
	@echo "make ARCH=arm64 test-arm64   its QEMU scenarios only (make test runs them too)"
	@echo "make ARCH=arm64 linux-guest  build/arm64/linux-initrd.gz: Debian's arm64 kernel's initramfs"
	@echo "make ARCH=arm64 linux-test   Debian's arm64 Linux under the monitor and on plain QEMU"
	@echo "everything else (host tests, lint, bench, the ARMv7 scenarios): make without ARCH"
deps:
	@tools/deps.sh
deps-quiet:
	@command -v $(CC) >/dev/null || { echo "missing $(CC): run 'make deps'"; exit 1; }

# every object depends on this file too: its flags (the ABI: -fcall-saved-x*,
# no outline atomics) must not mix between old and new objects
$(B)/lib/$(ARCH_DIR)/%.o: $(ARCH_DIR)/%.c arch/arm64/arch.mk | deps-quiet
	@mkdir -p $(dir $@)
	$(CC) $(TARGET_CFLAGS) $(ARCH_INC) $(LIB_DEFS) -MMD -MP -c $< -o $@
$(B)/lib/$(ARCH_DIR)/%.o: $(ARCH_DIR)/%.S arch/arm64/arch.mk | deps-quiet
	@mkdir -p $(dir $@)
	$(CC) $(CPU_FLAGS) $(ARCH_INC) -MMD -MP -c $< -o $@
$(B)/lib/pmu/%.o: pmu/%.c arch/arm64/arch.mk | deps-quiet
	@mkdir -p $(dir $@)
	$(CC) $(TARGET_CFLAGS) $(PMU_INC) $(LIB_DEFS) -MMD -MP -c $< -o $@
$(B)/lib/hyp/%.o: hyp/%.c arch/arm64/arch.mk | deps-quiet
	@mkdir -p $(dir $@)
	$(CC) $(TARGET_CFLAGS) $(HYP_INC) $(LIB_DEFS) -MMD -MP -c $< -o $@
# The hot trapped MRS/MSR (hyp/exit/sys_trap.c) runs with only x0-x3 and
# x30 of the guest saved (vectors.S save_hot): its file may not touch x4-x7,
# x16 or x17 (x8-x15, x18-x29 it keeps as any C does), and it calls nothing
# outside itself but vectors.S's guest_sync_slow and guest_store_hot, by
# tail calls only (SP the frame again), and reads mmio_hot (mmio.c's data) -
# checked on the object: no other undefined symbol, and every relocation
# against the two a B (R_AARCH64_JUMP26), none a BL.
# -fno-schedule-insns: the first scheduling pass hoisted loads past what
# four registers hold (a spill of x30 and x8); -fno-thread-jumps: jump
# threading copied the cycle counter's no-wrap tail out of line (a branch
# back on every access); -fno-cse-follow-jumps: CSE across the hot store's
# address compare kept a fifth value live, which cost dabt_store() a frame
# of three registers (two, with the flag; the MRS/MSR paths are the same).
HOT_REG_FLAGS := $(foreach r,4 5 6 7 16 17,-ffixed-x$(r))
SYS_HOT_FLAGS := $(HOT_REG_FLAGS) -fno-schedule-insns -fno-thread-jumps -fno-cse-follow-jumps
# A file built on save_hot alone, compiled and checked on its object:
# $(1) every symbol it may leave undefined (sorted, as nm lists them), $(2)
# the ones it reaches by B alone (an ERE over readelf's relocations), $(3)
# what to say when it calls out.
define HOT_OBJECT
	@mkdir -p $(dir $@)
	$(CC) $(TARGET_CFLAGS) $(SYS_HOT_FLAGS) $(HYP_INC) $(LIB_DEFS) -MMD -MP -MF $(@:.o=.d) -MT $@ -c $< -o $@.tmp
	@if [ "$$($(CROSS)nm -u $@.tmp | awk '{print $$2}' | tr '\n' ' ')" != "$(1) " ] || \
	    $(CROSS)readelf -rW $@.tmp | grep -E '$(2)' | grep -qv R_AARCH64_JUMP26; then \
		echo "$<: $(3) (vectors.S save_hot):"; $(CROSS)nm -u $@.tmp; \
		$(CROSS)readelf -rW $@.tmp | grep -E '$(2)'; rm -f $@.tmp; exit 1; fi
	@mv $@.tmp $@
endef
$(B)/lib/hyp/exit/sys_trap.o: hyp/exit/sys_trap.c arch/arm64/arch.mk | deps-quiet
	$(call HOT_OBJECT,guest_store_hot guest_sync_slow mmio_hot,guest_s(ync_slow|tore_hot),the hot trap path calls out)
# The physical IRQ's common case (hyp/switch/irq_hot.c): the 0x480 vector
# calls it on save_hot alone too, so the same flags and the same check -
# nothing called out but vectors.S's guest_irq_* (irq_call), by B; the
# data it reads are the GIC's base addresses and the vGIC's distributor
# state.
$(B)/lib/hyp/switch/irq_hot.o: hyp/switch/irq_hot.c arch/arm64/arch.mk | deps-quiet
	$(call HOT_OBJECT,gic_base guest_irq_own guest_irq_queue guest_irq_sgi guest_irq_slow mig_vcpu_of vgic_dist,guest_irq_,the hot IRQ path calls out)
# Table 4's reads (pmu/pmu_typeb_read.c): vectors.S calls them with only
# x0-x3 and x30 saved too (ARCH_TYPEB_LEAF_READS), so the file is built not
# to touch x4-x7, x16, x17 and checked on the object (tools/check-leaf64.sh):
# no function of it names them (GCC would still pass a fifth argument in
# x4), and none branches out of it. The writes (pmu_typeb.c) may call out:
# the vector saves what any C may change before them.
$(B)/lib/pmu/pmu_typeb_read.o: pmu/pmu_typeb_read.c arch/arm64/arch.mk tools/check-leaf64.sh | deps-quiet
	@mkdir -p $(dir $@)
	$(CC) $(TARGET_CFLAGS) $(HOT_REG_FLAGS) $(PMU_INC) $(LIB_DEFS) -MMD -MP -MF $(@:.o=.d) -MT $@ -c $< -o $@.tmp
	@CROSS=$(CROSS) tools/check-leaf64.sh $@.tmp '.*' || { rm -f $@.tmp; exit 1; }
	@mv $@.tmp $@
$(B)/libblmon.a: $(LIB_OBJS)
	@rm -f $@
	$(AR) rcs $@ $^
lib: $(B)/libblmon.a

$(B)/board/%.o: board/%.c arch/arm64/arch.mk board/$(BOARD)/board.mk | deps-quiet
	@mkdir -p $(dir $@)
	$(CC) $(TARGET_CFLAGS) $(BOARD_INC) $(BOARD_DEFS) -MMD -MP -c $< -o $@
$(B)/board/%.o: board/%.S arch/arm64/arch.mk | deps-quiet
	@mkdir -p $(dir $@)
	$(CC) $(CPU_FLAGS) $(BOARD_INC) $(BOARD_DEFS) -MMD -MP -c $< -o $@
BOARD_OBJS := $(patsubst board/%,$(B)/board/%.o,$(basename $(BOARD_SRCS)))
# Linked -pie at the load address: every absolute address is an
# R_AARCH64_RELATIVE entry of .rela.dyn, so start-up can move the image to
# the top of RAM (board/common/reloc.c); any other relocation would be an
# address it cannot fix.
HYP_LDFLAGS := -nostdlib -nostartfiles -pie -Wl,-z,notext -Wl,--gc-sections \
	-Wl,--no-warn-rwx-segments -Wl,--build-id=none
$(B)/hyp.elf: $(BOARD_OBJS) $(B)/libblmon.a linker/hyp-arm64.ld
	$(CC) $(HYP_LDFLAGS) -T linker/hyp-arm64.ld -Wl,--defsym=HYP_LOAD_ADDR=$(HYP_LOAD_ADDR) \
		-Wl,--defsym=HYP_SIZE=$(HYP_SIZE) -Wl,--defsym=HYP_STACK_SIZE=$(HYP_STACK_SIZE) \
		-Wl,--defsym=BOARD_MAX_CPUS=$(BOARD_MAX_CPUS) -Wl,-Map=$@.map \
		$(BOARD_OBJS) $(B)/libblmon.a -o $@.tmp
	@bad=$$($(CROSS)readelf -rW $@.tmp | awk '/^[0-9a-f]+ +[0-9a-f]+ +R_AARCH64/ && $$3 != "R_AARCH64_RELATIVE"' | head -3); \
		if [ -n "$$bad" ]; then echo "$@: relocations the image cannot move:"; echo "$$bad"; exit 1; fi
	mv $@.tmp $@

$(B)/guests/lib/%.o: %.c arch/arm64/arch.mk | deps-quiet
	@mkdir -p $(dir $@)
	$(CC) $(GUEST_CFLAGS) -MMD -MP -c $< -o $@
$(B)/guests/lib/%.o: %.S arch/arm64/arch.mk | deps-quiet
	@mkdir -p $(dir $@)
	$(CC) $(CPU_FLAGS) -Iguest-tests/arm64/lib -MMD -MP -c $< -o $@
$(B)/guests/%.o: guest-tests/arm64/%.c arch/arm64/arch.mk | deps-quiet
	@mkdir -p $(dir $@)
	$(CC) $(GUEST_CFLAGS) -MMD -MP -c $< -o $@
$(B)/guests/%.elf: $(B)/guests/%.o $(GUEST_LIB_OBJS) linker/guest-arm64.ld
	$(CC) $(TARGET_LDFLAGS) -T linker/guest-arm64.ld -Wl,--defsym=GUEST_LOAD=$(GUEST_RAM_BASE)+0x80000 \
		$(filter %.o,$^) $(LIBGCC) -o $@
$(B)/guests/%.bin: $(B)/guests/%.elf
	$(OBJCOPY) -O binary $< $@
guests: $(patsubst %,$(B)/guests/%.bin,$(GUEST_SUITES))
-include $(shell find $(B) -name '*.d' 2>/dev/null)

run: deps all
	QEMU_BOARD=$(BOARD) qemu/run.sh $(B)/hyp.elf $(B)/guests/demo.bin

# The AArch64 scenarios alone, the Linux ones too (make test runs them with the rest)
ARM64_SCENARIOS := $(shell awk '$$2 == "$(BOARD)" {print $$1}' guest-tests/scenarios.txt | paste -sd, -)
test-arm64: deps all linux-guest
	@tools/test-all.sh --only $(ARM64_SCENARIOS)
.PHONY: test-arm64

clean:
	rm -rf $(B)

# ---- the AArch64 Linux guest (Debian arm64 kernel + busybox + perf, cached in
# cache/linux64/ by tools/fetch-linux.sh arm64; docs/arm64.md "Linux") -------
LINUX_FETCHED := cache/linux64/.fetched
LINUX_KERNEL  := cache/linux64/linux-image-6.1.0-50-arm64/boot/vmlinuz-6.1.0-50-arm64
$(LINUX_FETCHED): tools/fetch-linux.sh tools/copy-elf-closure.sh
	tools/fetch-linux.sh arm64
	touch $@
$(LINUX_KERNEL): | $(LINUX_FETCHED)
# Static programs run inside the guest, the ARMv7 guest's sources:
# guest-tests/linux/prog/X.c -> build/arm64/linux/bin/X
LINUX_CROSS := aarch64-linux-gnu-
LINUX_PROGS := $(patsubst guest-tests/linux/prog/%.c,$(B)/linux/bin/%,$(wildcard guest-tests/linux/prog/*.c))
$(B)/linux/bin/%: guest-tests/linux/prog/%.c $(wildcard guest-tests/linux/prog/*.h) include/bl_pmu_abi.h | deps-quiet
	@mkdir -p $(dir $@)
	$(LINUX_CROSS)gcc -std=gnu11 -O2 -static -Wall -Wextra -Werror -Iinclude $< -o $@
# ... and the AArch64-only ones (prog/arm64/: what an ARMv7 PL0 cannot do)
LINUX_PROGS += $(patsubst guest-tests/linux/prog/arm64/%.c,$(B)/linux/bin/%,$(wildcard guest-tests/linux/prog/arm64/*.c))
$(B)/linux/bin/%: guest-tests/linux/prog/arm64/%.c | deps-quiet
	@mkdir -p $(dir $@)
	$(LINUX_CROSS)gcc -std=gnu11 -O2 -static -Wall -Wextra -Werror $< -o $@
# The guest module (docs/linux-module.md) without its ARMv7-only parts
# (module/Kbuild), against Debian's arm64 headers: the cluster-switch
# initiator the linux64 scenario drives switches with
LINUX_HEADERS := cache/linux64/linux-headers-6.1.0-50-arm64/usr/src/linux-headers-6.1.0-50-arm64/Makefile
$(LINUX_HEADERS): | $(LINUX_FETCHED)
$(B)/linux/blmon_guest.ko: $(wildcard guest-tests/linux/module/*) include/bl_pmu_abi.h \
		tools/build-linux-module.sh $(LINUX_HEADERS) | deps-quiet
	@mkdir -p $(dir $@)
	tools/build-linux-module.sh $@ arm64
$(B)/linux-initrd.gz: $(LINUX_FETCHED) guest-tests/linux/init guest-tests/linux/lib.sh \
		guest-tests/linux/perf-lib.sh guest-tests/linux/perfpmu-lib.sh \
		guest-tests/linux/cpufreq-lib.sh \
		$(wildcard guest-tests/linux/tests/*/*) $(LINUX_PROGS) $(B)/linux/blmon_guest.ko \
		tools/make-initramfs.sh
	@mkdir -p $(B)
	tools/make-initramfs.sh --arch arm64 $@
linux-guest: $(B)/linux-initrd.gz
LINUX_SCENARIOS := $(shell awk '$$2 == "$(BOARD)" && $$1 ~ /^linux/ {print $$1}' guest-tests/scenarios.txt | paste -sd, -)
linux-test: deps all linux-guest
	@tools/test-all.sh --only $(LINUX_SCENARIOS)
.PHONY: linux-guest linux-test

# ---- AArch32 test guests (docs/arm64.md "AArch32 guests") ------------------
# guest-tests/guest32/*.c: AArch32 EL1 guests of this board, ARMv7 code on
# the ARMv7 guests' library (guest-tests/lib, guest-tests/common: TAP
# checks, HVC helpers, exception capture), built with the ARMv7 monitor's
# compiler and flags for this board's memory map (QEMU virt's, the same for
# both architectures). QEMU's AArch64 -kernel loads a raw image at RAM +
# 512 KiB: linker/guest.ld puts the image at GUEST_RAM_BASE + 64 KiB, so it
# gets GUEST_RAM_BASE + 448 KiB. head.S, linked first, is the zImage header
# the monitor knows an AArch32 kernel by. -> build/arm64/guests/NAME.bin
G32_CC      := arm-none-eabi-gcc
G32_OBJCOPY := arm-none-eabi-objcopy
G32_CPU     := -mcpu=cortex-a15 -marm -mfloat-abi=soft -mno-unaligned-access
G32_DEFS    := -DGUEST_RAM_BASE=$(GUEST_RAM_BASE)u -DGUEST_UART=$(GUEST_UART)u -DGUEST_GICH=0x08030000u \
	-DGUEST_GICD=$(GUEST_GICD)u -DGUEST_GICC=$(GUEST_GICC)u -DGUEST_HYP_LOAD=$(HYP_LOAD_ADDR)u \
	-DGUEST_BOARD=\"$(BOARD)\" -DGUEST_PSCI_HVC=0 -DGUEST_MACHINE_ID=0xffffffffu \
	-DGUEST_POWEROFF_REG=0u -DGUEST_POWEROFF_VAL=0u
G32_CFLAGS  := -std=c11 $(G32_CPU) -O2 -g -ffreestanding -fno-common $(WARN) -Iinclude -Iarch -Iarch/arm32 \
	-Iguest-tests/lib -Iguest-tests/common $(G32_DEFS)
G32_LDFLAGS := $(G32_CPU) -nostartfiles -specs=nano.specs -Wl,--gc-sections -Wl,--no-warn-rwx-segments
G32_LINK_BASE := $(shell printf '0x%x' $$(($(GUEST_RAM_BASE) + 0x80000 - 0x10000)))
G32_SUITES  := $(patsubst guest-tests/guest32/%.c,%,$(wildcard guest-tests/guest32/*.c))
G32_LIB     := $(wildcard guest-tests/lib/*.c guest-tests/lib/*.S guest-tests/common/*.c)
G32_LIB_OBJS := $(patsubst %,$(B)/guests32/lib/%.o,$(basename $(G32_LIB)))

$(B)/guests32/lib/%.o: %.c arch/arm64/arch.mk
	@mkdir -p $(dir $@)
	$(G32_CC) $(G32_CFLAGS) -MMD -MP -c $< -o $@
$(B)/guests32/lib/%.o: %.S arch/arm64/arch.mk
	@mkdir -p $(dir $@)
	$(G32_CC) $(G32_CPU) -Iguest-tests/lib -MMD -MP -c $< -o $@
$(B)/guests32/%.o: guest-tests/guest32/%.c arch/arm64/arch.mk
	@mkdir -p $(dir $@)
	$(G32_CC) $(G32_CFLAGS) -MMD -MP -c $< -o $@
$(B)/guests32/head.o: guest-tests/guest32/head.S arch/arm64/arch.mk
	@mkdir -p $(dir $@)
	$(G32_CC) $(G32_CPU) -c $< -o $@
$(B)/guests32/%.elf: $(B)/guests32/head.o $(B)/guests32/%.o $(G32_LIB_OBJS) linker/guest.ld
	$(G32_CC) $(G32_LDFLAGS) -T linker/guest.ld -Wl,--defsym=GUEST_RAM_BASE=$(G32_LINK_BASE) \
		$(filter %.o,$^) -o $@
$(B)/guests/%.bin: $(B)/guests32/%.elf
	@mkdir -p $(dir $@)
	$(G32_OBJCOPY) -O binary $< $@
guests32: $(patsubst %,$(B)/guests/%.bin,$(G32_SUITES))
guests: guests32
.PHONY: guests32
