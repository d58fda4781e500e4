# big.LITTLE PMU/debug HYP monitor. `make help` lists the targets.
#
# The monitor is a library (build/libblmon.a, include/blmon.h) and each board
# image is that library plus the board's start-up code and callbacks
# (board/<name>/): build/<name>/hyp.elf. build/hyp.elf is the default board's
# (the README's launch contract). Guests are linked per board too:
# build/<name>/guests/*.bin.

# Only from the command line (make ARCH=...): an ARCH in the environment
# (some shells and build systems export one) names something else.
ifneq ($(origin ARCH),command line)
ARCH := arm32
endif
# ARCH=arm64: the AArch64 monitor (issue #27's first step) has rules of its
# own, arch/arm64/arch.mk; everything below is the AArch32 build, whose
# boards are those without a BOARD_ARCH line in their board.mk.
ifeq ($(ARCH),arm64)
include arch/arm64/arch.mk
else

BOARD     ?= qemu-virt
BOARDS    := $(patsubst board/%/board.mk,%,$(shell grep -L '^BOARD_ARCH' board/*/board.mk))
LOG_LEVEL ?= 3

CROSS   ?= arm-none-eabi-
CC      := $(CROSS)gcc
AR      := $(CROSS)ar
OBJCOPY := $(CROSS)objcopy
READELF := $(CROSS)readelf
HOSTCC  ?= gcc
B       := build

WARN := -Wall -Wextra -Werror -Wshadow -Wvla -Wstrict-prototypes
# ARCH names the architecture back end (arch/$(ARCH)/, docs/architecture.md);
# CPU_FLAGS are the compiler's flags for it.
CPU_FLAGS := -mcpu=cortex-a15 -marm -mfloat-abi=soft -mno-unaligned-access
# The monitor runs on both cores of the pair: tuned for neither (the A15
# tuning saves registers in LDRD/STRD pairs; generic ARMv7-A uses one
# PUSH/POP, fewer instructions on the trap paths - docs/performance.md).
# -mword-relocations: every absolute address is one word the image can fix
# up when it moves itself (board/common/reloc.c), no MOVW/MOVT pairs.
TARGET_CFLAGS := -std=c11 $(CPU_FLAGS) -mtune=generic-armv7-a -O2 -g -ffreestanding -fno-common \
	-ffunction-sections -fdata-sections -mword-relocations $(WARN)
TARGET_LDFLAGS := $(CPU_FLAGS) -nostartfiles -specs=nano.specs \
	-Wl,--gc-sections -Wl,--no-warn-rwx-segments

# Layers point one way (docs/architecture.md): the monitor's subsystems
# (hyp/*/) use the PMU core (pmu/); both reach the hardware through the
# architecture's seam headers (arch/*.h, implemented in arch/$(ARCH)/); and
# the public headers (include/). The PMU core is compiled without hyp/ on
# its include path, and board code sees only include/, arch/ and
# board/common/.
ARCH_DIR   := arch/$(ARCH)
ifeq ($(wildcard $(ARCH_DIR)/*.h),)
$(error ARCH=$(ARCH): no back end in $(ARCH_DIR)/ (arm32 and arm64 are the ones there are; docs/architecture.md says what a back end implements))
endif
HYP_DIRS   := hyp/core hyp/exit hyp/switch hyp/vgic hyp/debug hyp/fdt hyp/init
LIB_DEFS   := -DLOG_LEVEL=$(LOG_LEVEL)
ARCH_INC   := -Iinclude -Iarch -I$(ARCH_DIR)
PMU_INC    := $(ARCH_INC) -Ipmu
HYP_INC    := $(PMU_INC) $(addprefix -I,$(HYP_DIRS))
BOARD_INC  := $(ARCH_INC) -Iboard/common
# hyp/exit/sys_trap.c: AArch64's trapped MSR/MRS hot forms, hyp/switch/irq_hot.c
# its physical IRQ's common case (arm64)
LIB_SRCS   := $(filter-out hyp/exit/sys_trap.c hyp/switch/irq_hot.c,$(wildcard $(ARCH_DIR)/*.S boot/*.S $(ARCH_DIR)/*.c pmu/*.c $(addsuffix /*.c,$(HYP_DIRS))))
LIB_OBJS   := $(patsubst %,$(B)/lib/%.o,$(basename $(LIB_SRCS)))

# Portable logic: builds for the host too and is unit-tested there.
PORTABLE_SRCS := $(wildcard pmu/*.c) $(ARCH_DIR)/hsr.c hyp/fdt/fdt.c \
	hyp/fdt/fdt_fixup.c hyp/debug/dbg_context.c hyp/core/fmt.c hyp/core/options.c \
	hyp/vgic/vgic_lr.c hyp/vgic/vgic_sgi.c hyp/vgic/vgic_queue.c hyp/vgic/vgic_held.c \
	hyp/vgic/vgic_dist.c hyp/core/pmu_phys.c hyp/vgic/vgic_topo.c

# guest-tests/common/: the guests' library parts both architectures share
GUEST_LIB    := $(wildcard guest-tests/lib/*.c) $(wildcard guest-tests/lib/*.S) $(wildcard guest-tests/common/*.c)
GUEST_SUITES := $(patsubst guest-tests/%.c,%,$(wildcard guest-tests/*.c))
GUEST_CFLAGS := -std=c11 $(CPU_FLAGS) -O2 -g -ffreestanding -fno-common $(WARN) \
	$(ARCH_INC) -Iguest-tests/lib -Iguest-tests/common

HOST_TESTS   := $(patsubst tests/%.c,%,$(wildcard tests/*/test_*.c))
# what the unit tests (gcc) and the fuzz targets (clang) are both built with
HOST_COMMON  := -std=c11 -O1 -g -DHOST_BUILD -DLOG_LEVEL=2 -fno-sanitize-recover=all \
	$(HYP_INC) -Itests/support
HOST_CFLAGS  := $(HOST_COMMON) $(WARN) -fsanitize=address,undefined

# QEMU does not add CPUs to a -dtb it is given: trees for the -smp the tests use
VIRT_SMP_DTBS := $(patsubst %,$(B)/qemu-virt/guest-smp%.dtb,2 4 8)
VEXPRESS_DTBS := $(B)/vexpress-a15/guest.dtb $(patsubst %,$(B)/vexpress-a15/guest-smp%.dtb,2 4)

.PHONY: all deps run test host-test guest-test bench soak debug help clean distclean lib boards
.DEFAULT_GOAL := all
.SECONDARY:

all: $(B)/$(BOARD)/hyp.elf guests-$(BOARD) $(if $(filter qemu-virt,$(BOARD)),$(B)/hyp.elf $(B)/guest.dtb) \
	$(if $(filter vexpress-a15,$(BOARD)),$(VEXPRESS_DTBS))
boards: boards-unfetched $(if $(filter vexpress-a15,$(BOARDS)),$(VEXPRESS_DTBS))
# what needs nothing from Debian's packages (the vexpress-a15 trees are made
# from its kernel package's): make test builds it first and the rest of the
# boards and the Linux guest in the background while the first tests run
boards-unfetched: $(foreach b,$(BOARDS),$(B)/$(b)/hyp.elf guests-$(b)) $(B)/hyp.elf $(B)/guest.dtb $(VIRT_SMP_DTBS)
.PHONY: boards-unfetched

help:
	@echo "make            build build/$(BOARD)/hyp.elf (BOARD=$(BOARD)), its test guests; for virt also"
	@echo "                build/hyp.elf and build/guest.dtb"
	@echo "make BOARD=vexpress-a15   the same for QEMU's vexpress-a15 (build/vexpress-a15/hyp.elf)"
	@echo "make lib        build/libblmon.a, the board-independent library (include/blmon.h)"
	@echo "make run        install what is missing, build, boot the monitor + demo guest in QEMU"
	@echo "make ARCH=arm64 [run]  the AArch64 monitor at EL2, build/arm64/hyp.elf (make ARCH=arm64 help)"
	@echo "make test       install what is missing, run host unit tests and every QEMU scenario"
	@echo "                (but those of make test-long)"
	@echo "make test-long  the scenarios long by nature that make test leaves out (guest-tests/long.txt)"
	@echo "make host-test  host unit tests only (cmocka, ASan/UBSan)"
	@echo "make guest-test QEMU scenarios only"
	@echo "make linux-test Debian armhf Linux under the monitor (part of make test)"
	@echo "make linux-test ARCH=arm64  Debian arm64 Linux under the AArch64 monitor (part of make test)"
	@echo "make linux-measure  boot time and perf stat of Linux, plain QEMU vs under the monitor"
	@echo "make fuzz       run each libFuzzer target for FUZZ_SECONDS (default 60; make test replays the corpus)"
	@echo "make lint       cppcheck + clang-tidy (also part of make test)"
	@echo "make bench      instruction counts per operation (-icount shift=0) -> build/bench.txt"
	@echo "make soak       every fuzz target for SOAK_FUZZ_SECONDS (600), then the differential"
	@echo "                stress guest with 10x the operations of make test"
	@echo "                (STRESS_SOAK_OPS=n, STRESS_SEED=s to change them; SOAK_TIMEOUT in s)"
	@echo "make soak-linux Debian's kernel at -smp 4 under 1 ms switching, perf and a context-switch"
	@echo "                load for SOAK_MINUTES (default 30)"
	@echo "make debug      boot the demo guest with QEMU waiting for gdb-multiarch on :1234"
	@echo "make docs       re-render docs/states.svg from docs/states.dot"
	@echo "make deps       install the Debian packages the build and tests need"
	@echo "make clean      remove build/ (keeps downloaded packages in cache/)"
	@echo "variables: BOARD=qemu-virt|vexpress-a15, LOG_LEVEL=0..4"

deps:
	@tools/deps.sh

# Debian's packages for the Linux guest (tools/fetch-linux.sh), cached in cache/
LINUX_FETCHED := cache/linux/.fetched

# ---- the library: board-independent -----------------------------------------
# The back end sees only include/ and arch/: it cannot reach into the
# portable monitor but through the seam headers (arch/*.h).
$(B)/lib/arch/%.o: arch/%.c | deps-quiet
	@mkdir -p $(dir $@)
	$(CC) $(TARGET_CFLAGS) $(ARCH_INC) $(LIB_DEFS) -MMD -MP -c $< -o $@
$(B)/lib/pmu/%.o: pmu/%.c | deps-quiet
	@mkdir -p $(dir $@)
	$(CC) $(TARGET_CFLAGS) $(PMU_INC) $(LIB_DEFS) -MMD -MP -c $< -o $@
$(B)/lib/%.o: %.c | deps-quiet
	@mkdir -p $(dir $@)
	$(CC) $(TARGET_CFLAGS) $(HYP_INC) $(LIB_DEFS) -MMD -MP -c $< -o $@
$(B)/lib/%.o: %.S | deps-quiet
	@mkdir -p $(dir $@)
	$(CC) $(CPU_FLAGS) $(HYP_INC) -MMD -MP -c $< -o $@
$(B)/libblmon.a: $(LIB_OBJS)
	@rm -f $@
	$(AR) rcs $@ $^
lib: $(B)/libblmon.a
-include $(wildcard $(B)/lib/*/*.d $(B)/lib/*/*/*.d)

# ---- board images: start-up + callbacks + the library ------------------------
# $(1) = board name. board/$(1)/board.mk sets HYP_LOAD_ADDR, BOARD_MAX_CPUS,
# BOARD_SRCS, the QEMU machine and what the test guests need to know: RAM
# base, UART, GICH, PSCI conduit (GUEST_PSCI smc|hvc, default smc), the
# machine id QEMU's boot stub passes in r1 (GUEST_MACHINE_ID, default ~0) and,
# for a board without PSCI firmware, the register write that powers it off
# when no monitor runs (GUEST_POWEROFF_REG/_VAL, default none).
HYP_SIZE       := 0x200000
HYP_STACK_SIZE := 0x2000
define BOARD_IMAGE
GUEST_PSCI         := smc
GUEST_MACHINE_ID   := 0xffffffff
GUEST_POWEROFF_REG := 0
GUEST_POWEROFF_VAL := 0
include board/$(1)/board.mk
$(1)_LOAD_ADDR := $$(HYP_LOAD_ADDR)
$(1)_MAX_CPUS  := $$(BOARD_MAX_CPUS)
$(1)_SRCS      := $$(BOARD_SRCS)
$(1)_RAM_BASE  := $$(GUEST_RAM_BASE)
$(1)_GUEST_DEFS := -DGUEST_RAM_BASE=$$(GUEST_RAM_BASE)u -DGUEST_UART=$$(GUEST_UART)u \
	-DGUEST_GICH=$$(GUEST_GICH)u -DGUEST_GICD=$$(GUEST_GICD)u -DGUEST_GICC=$$(GUEST_GICC)u \
	-DGUEST_HYP_LOAD=$$(HYP_LOAD_ADDR)u -DGUEST_BOARD=\"$(1)\" \
	-DGUEST_PSCI_HVC=$$(if $$(filter hvc,$$(GUEST_PSCI)),1,0) -DGUEST_MACHINE_ID=$$(GUEST_MACHINE_ID)u \
	-DGUEST_POWEROFF_REG=$$(GUEST_POWEROFF_REG)u -DGUEST_POWEROFF_VAL=$$(GUEST_POWEROFF_VAL)u
$(1)_DEFS      := -DBOARD_MAX_CPUS=$$(BOARD_MAX_CPUS) -DHYP_STACK_SIZE=$(HYP_STACK_SIZE) \
	-DHYP_SIZE=$(HYP_SIZE)
$(B)/$(1)/objs/%.o: %.c | deps-quiet
	@mkdir -p $$(dir $$@)
	$$(CC) $$(TARGET_CFLAGS) $$(BOARD_INC) $$($(1)_DEFS) -MMD -MP -c $$< -o $$@
$(B)/$(1)/objs/%.o: %.S | deps-quiet
	@mkdir -p $$(dir $$@)
	$$(CC) $$(CPU_FLAGS) $$(BOARD_INC) $$($(1)_DEFS) -MMD -MP -c $$< -o $$@
# Linked with -pie: the image can move itself (board/common/reloc.c); any
# relocation other than R_ARM_RELATIVE would be an address it cannot fix.
$(B)/$(1)/hyp.elf: $$(patsubst %,$(B)/$(1)/objs/%.o,$$(basename $$($(1)_SRCS))) $(B)/libblmon.a linker/hyp.ld
	$$(CC) $$(TARGET_LDFLAGS) -Wl,-pie -Wl,-z,notext -T linker/hyp.ld \
		-Wl,--defsym=HYP_LOAD_ADDR=$$($(1)_LOAD_ADDR) -Wl,--defsym=HYP_SIZE=$(HYP_SIZE) \
		-Wl,--defsym=HYP_STACK_SIZE=$(HYP_STACK_SIZE) -Wl,--defsym=BOARD_MAX_CPUS=$$($(1)_MAX_CPUS) \
		-Wl,-Map=$$@.map $$(filter %.o,$$^) $(B)/libblmon.a -o $$@.tmp
	@bad=$$$$($(READELF) -rW $$@.tmp | awk '/^[0-9a-f]+ +[0-9a-f]+ +R_ARM/ && $$$$3 != "R_ARM_RELATIVE"' | head -3); \
		if [ -n "$$$$bad" ]; then echo "$$@: relocations the image cannot move:"; echo "$$$$bad"; exit 1; fi
	mv $$@.tmp $$@
-include $$(wildcard $(B)/$(1)/objs/*/*/*.d)

# guests linked for this board: RAM base and UART from board.mk
$(B)/$(1)/guests/lib/%.o: guest-tests/lib/%.c | deps-quiet
	@mkdir -p $$(dir $$@)
	$$(CC) $$(GUEST_CFLAGS) $$($(1)_GUEST_DEFS) -MMD -MP -c $$< -o $$@
$(B)/$(1)/guests/lib/%.o: guest-tests/common/%.c | deps-quiet
	@mkdir -p $$(dir $$@)
	$$(CC) $$(GUEST_CFLAGS) $$($(1)_GUEST_DEFS) -MMD -MP -c $$< -o $$@
$(B)/$(1)/guests/lib/%.o: guest-tests/lib/%.S | deps-quiet
	@mkdir -p $$(dir $$@)
	$$(CC) $$(CPU_FLAGS) -Iguest-tests/lib -MMD -MP -c $$< -o $$@
$(B)/$(1)/guests/%.o: guest-tests/%.c | deps-quiet
	@mkdir -p $$(dir $$@)
	$$(CC) $$(GUEST_CFLAGS) $$($(1)_GUEST_DEFS) -MMD -MP -c $$< -o $$@
$(1)_GUEST_LIB_OBJS := $$(addprefix $(B)/$(1)/guests/lib/,$$(addsuffix .o,$$(notdir $$(basename $(GUEST_LIB)))))
$(B)/$(1)/guests/%.elf: $(B)/$(1)/guests/%.o $$($(1)_GUEST_LIB_OBJS) linker/guest.ld
	$$(CC) $$(TARGET_LDFLAGS) -T linker/guest.ld -Wl,--defsym=GUEST_RAM_BASE=$$($(1)_RAM_BASE) \
		$$(filter %.o,$$^) -o $$@
$(B)/$(1)/guests/%.bin: $(B)/$(1)/guests/%.elf
	$$(OBJCOPY) -O binary $$< $$@
guests-$(1): $$(patsubst %,$(B)/$(1)/guests/%.bin,$(GUEST_SUITES))
.PHONY: guests-$(1)
-include $$(wildcard $(B)/$(1)/guests/*.d $(B)/$(1)/guests/lib/*.d)
endef
$(foreach b,$(BOARDS),$(eval $(call BOARD_IMAGE,$(b))))

$(B)/hyp.elf: $(B)/qemu-virt/hyp.elf
	cp $< $@

# ---- guest DTBs: QEMU's own tree plus a real PMU node (virt); Debian's
# vexpress-v2p-ca15-tc1.dtb plus a PMU node (vexpress-a15) ---------------------
$(B)/guest.dtb: tools/make-guest-dtb.sh | deps-quiet
	@mkdir -p $(B)
	tools/make-guest-dtb.sh $@ qemu-virt
$(B)/qemu-virt/guest-smp%.dtb: tools/make-guest-dtb.sh | deps-quiet
	@mkdir -p $(dir $@)
	tools/make-guest-dtb.sh $@ qemu-virt $*
$(B)/vexpress-a15/guest.dtb: tools/make-guest-dtb.sh $(LINUX_FETCHED) | deps-quiet
	@mkdir -p $(dir $@)
	tools/make-guest-dtb.sh $@ vexpress-a15
$(B)/vexpress-a15/guest-smp%.dtb: tools/make-guest-dtb.sh $(LINUX_FETCHED) | deps-quiet
	@mkdir -p $(dir $@)
	tools/make-guest-dtb.sh $@ vexpress-a15 $*

# ---- host unit tests ------------------------------------------------------------
# Each source compiled once (with the sanitizers), each test linked from them
HOST_HDRS    := $(wildcard pmu/*.h hyp/*/*.h arch/*.h $(ARCH_DIR)/*.h include/*.h tests/support/*.h)
HOST_OBJS    := $(patsubst %.c,$(B)/host/objs/%.o,$(PORTABLE_SRCS) $(wildcard tests/support/*.c))
$(B)/host/objs/%.o: %.c $(HOST_HDRS) | deps-quiet
	@mkdir -p $(dir $@)
	$(HOSTCC) $(HOST_CFLAGS) -c $< -o $@
$(B)/host/%: tests/%.c $(HOST_OBJS) $(HOST_HDRS) | deps-quiet
	@mkdir -p $(dir $@)
	$(HOSTCC) $(HOST_CFLAGS) $< $(HOST_OBJS) -lcmocka -o $@

# hyp/debug/dbg_context.c a second time, with the AArch64 register list
# (arch/arm64/dbg_regs.h, dbg_reg_t 64 bits) on a fake AArch64 debug
# register file (tests/support64/): -iquote puts arch/arm64 first for the
# quoted includes only ("dbg_regs.h", "dbg_sysregs.h"), so <string.h> and
# the rest stay the host's
DBG64_CFLAGS := $(HOST_CFLAGS) -iquote arch/arm64 -Itests/support64
DBG64_HDRS   := $(HOST_HDRS) $(wildcard arch/arm64/*.h tests/support64/*.h)
DBG64_OBJS   := $(B)/host64/objs/hyp/debug/dbg_context.o $(B)/host64/objs/tests/support64/fake_dbg_hw64.o
$(B)/host64/objs/%.o: %.c $(DBG64_HDRS) | deps-quiet
	@mkdir -p $(dir $@)
	$(HOSTCC) $(DBG64_CFLAGS) -c $< -o $@
$(B)/host/debug64/test_dbg_context64: tests/debug64/test_dbg_context64.c $(DBG64_OBJS) $(DBG64_HDRS) | deps-quiet
	@mkdir -p $(dir $@)
	$(HOSTCC) $(DBG64_CFLAGS) $< $(DBG64_OBJS) -lcmocka -o $@

host-tests-build: $(patsubst %,$(B)/host/%,$(HOST_TESTS)) fuzz-build
.PHONY: host-tests-build

# ---- libFuzzer targets (clang): `make fuzz` fuzzes, `make test` replays ------
FUZZ_TARGETS := $(patsubst tests/fuzz/%.c,%,$(wildcard tests/fuzz/fuzz_*.c))
FUZZ_SECONDS ?= 60
# the fakes, without the unit tests' cmocka helpers (pmu_calls.c)
FUZZ_SUPPORT := $(filter-out tests/support/pmu_calls.c,$(wildcard tests/support/*.c))
FUZZ_CFLAGS  := $(HOST_COMMON) -Wall -Wextra -Werror -fsanitize=fuzzer-no-link,address,undefined
FUZZ_OBJS    := $(patsubst %.c,$(B)/fuzz/objs/%.o,$(PORTABLE_SRCS) $(FUZZ_SUPPORT))
$(B)/fuzz/objs/%.o: %.c $(HOST_HDRS) | deps-quiet
	@mkdir -p $(dir $@)
	clang $(FUZZ_CFLAGS) -c $< -o $@
$(B)/fuzz/%: tests/fuzz/%.c $(FUZZ_OBJS) $(HOST_HDRS) | deps-quiet
	@mkdir -p $(dir $@)
	clang $(FUZZ_CFLAGS) -fsanitize=fuzzer $< $(FUZZ_OBJS) -o $@
# fuzz_dbg64: the AArch64 debug context, built as its host test is
DBG64_FUZZ_OBJS := $(patsubst $(B)/host64/%,$(B)/fuzz64/%,$(DBG64_OBJS))
$(B)/fuzz64/objs/%.o: %.c $(DBG64_HDRS) | deps-quiet
	@mkdir -p $(dir $@)
	clang $(FUZZ_CFLAGS) -iquote arch/arm64 -Itests/support64 -c $< -o $@
$(B)/fuzz/fuzz_dbg64: tests/fuzz/fuzz_dbg64.c $(DBG64_FUZZ_OBJS) $(DBG64_HDRS) | deps-quiet
	@mkdir -p $(dir $@)
	clang $(FUZZ_CFLAGS) -iquote arch/arm64 -Itests/support64 -fsanitize=fuzzer $< $(DBG64_FUZZ_OBJS) -o $@
fuzz-build: $(patsubst %,$(B)/fuzz/%,$(FUZZ_TARGETS))
fuzz: deps fuzz-build
	@for t in $(FUZZ_TARGETS); do \
		echo "fuzzing $$t for $(FUZZ_SECONDS)s"; mkdir -p $(B)/fuzz/new-$$t; \
		$(B)/fuzz/$$t -max_total_time=$(FUZZ_SECONDS) -print_final_stats=1 \
			$(B)/fuzz/new-$$t tests/fuzz/corpus/$$t || exit 1; \
	done
.PHONY: fuzz fuzz-build

# ---- running -------------------------------------------------------------------
run: deps all
	QEMU_BOARD=$(BOARD) qemu/run.sh $(B)/$(BOARD)/hyp.elf $(B)/$(BOARD)/guests/demo.bin

debug: all
	@tools/deps.sh debug
	QEMU_BOARD=$(BOARD) qemu/debug.sh $(B)/$(BOARD)/hyp.elf $(B)/$(BOARD)/guests/demo.bin

# ---- the Linux guest (Debian armhf kernel + busybox, cached in cache/) ------
LINUX_KERNEL := cache/linux/linux-image-6.1.0-50-armmp-lpae/boot/vmlinuz-6.1.0-50-armmp-lpae
# The stamp is older than the fetch script whenever its package list changes;
# the script itself skips what is cached and verified already.
linux-guest: $(B)/linux-initrd.gz
$(LINUX_FETCHED): tools/fetch-linux.sh tools/copy-elf-closure.sh
	tools/fetch-linux.sh
	touch $@
$(LINUX_KERNEL): | $(LINUX_FETCHED)
# Static armhf programs run inside the Linux guest: guest-tests/linux/prog/X.c -> build/linux/bin/X
LINUX_CROSS  := arm-linux-gnueabihf-
LINUX_PROGS  := $(patsubst guest-tests/linux/prog/%.c,$(B)/linux/bin/%,$(wildcard guest-tests/linux/prog/*.c))
$(B)/linux/bin/%: guest-tests/linux/prog/%.c $(wildcard guest-tests/linux/prog/*.h) include/bl_pmu_abi.h | deps-quiet
	@mkdir -p $(dir $@)
	$(LINUX_CROSS)gcc -std=gnu11 -O2 -static -Wall -Wextra -Werror -Iinclude $< -o $@
# Everything the initramfs packs (tools/make-initramfs.sh); LINUX_MODULES is
# the list of guest kernel modules, build/linux/*.ko.
LINUX_MODULES := $(B)/linux/blmon_guest.ko
# The guest module (docs/linux-module.md), built with kbuild against Debian's
# headers for the guest kernel.
LINUX_HEADERS := cache/linux/linux-headers-6.1.0-50-armmp-lpae/usr/src/linux-headers-6.1.0-50-armmp-lpae/Makefile
$(LINUX_HEADERS): | $(LINUX_FETCHED)
$(B)/linux/blmon_guest.ko: $(wildcard guest-tests/linux/module/*) include/bl_pmu_abi.h \
		tools/build-linux-module.sh $(LINUX_HEADERS) | deps-quiet
	@mkdir -p $(dir $@)
	tools/build-linux-module.sh $@
$(B)/linux-initrd.gz: $(LINUX_FETCHED) guest-tests/linux/init guest-tests/linux/lib.sh \
		guest-tests/linux/perf-lib.sh guest-tests/linux/perfpmu-lib.sh \
		guest-tests/linux/cpufreq-lib.sh \
		$(wildcard guest-tests/linux/tests/*/*.sh) \
		$(LINUX_PROGS) $(LINUX_MODULES) tools/make-initramfs.sh
	@mkdir -p $(B)
	tools/make-initramfs.sh $@
linux-test: deps boards linux-guest
	@tools/test-all.sh --only linux
# Not a test: boot time and perf stat, plain QEMU vs under the monitor (docs/linux.md)
linux-measure: deps all linux-guest
	@QEMU_BOARD=$(BOARD) tools/linux-measure.sh
.PHONY: linux-guest linux-test linux-measure

# The build on every core (nproc), then the tests (tools/test-all.sh shares
# the cores out itself). What needs Debian's packages - their download, the
# vexpress-a15 trees, the guest module and the initramfs: about a minute on a
# fresh clone, mostly on one core - is built by tools/test-all.sh in the
# background (LINUX_BUILD) while the host tests, lint and the first scenarios
# run; scenarios.txt's @build waits for it. The same targets as `boards
# lib host-tests-build linux-guest` and `make ARCH=arm64 linux-guest` (the
# AArch64 Linux guest, docs/arm64.md).
NPROC := $(shell nproc 2>/dev/null || echo 1)
test: deps
	@$(MAKE) --no-print-directory -j$(NPROC) boards-unfetched lib host-tests-build
	@$(MAKE) --no-print-directory -j$(NPROC) ARCH=arm64 all
	@LINUX_BUILD="$(MAKE) --no-print-directory -j$(NPROC) boards linux-guest && \
		$(MAKE) --no-print-directory -j$(NPROC) ARCH=arm64 linux-guest" tools/test-all.sh

# What is long by nature (guest-tests/long.txt says what and why), out of
# make test; make test keeps a run of each kind
test-long: deps boards linux-guest
	@$(MAKE) --no-print-directory ARCH=arm64 all linux-guest
	@SCENARIOS=guest-tests/long.txt tools/test-all.sh --guest-only
.PHONY: test-long

host-test: deps host-tests-build
	@tools/test-all.sh --host-only

guest-test: deps boards
	@$(MAKE) --no-print-directory ARCH=arm64 all
	@tools/test-all.sh --guest-only

lint: deps
	@tools/lint.sh
.PHONY: lint

bench: deps all
	@$(MAKE) --no-print-directory ARCH=arm64 all
	@tools/bench.sh

# ---- soak: the stress guest (guest-tests/stress.c) with 10x the operations ----
STRESS_SOAK_OPS ?= 1000000
SOAK_TIMEOUT    ?= 1200
# rebuilt every time: the seed and the count come from the command line
$(B)/qemu-virt/guests/stress-soak.o: guest-tests/stress.c FORCE | deps-quiet
	@mkdir -p $(dir $@)
	$(CC) $(GUEST_CFLAGS) $(qemu-virt_GUEST_DEFS) \
		-DSTRESS_OPS=$(STRESS_SOAK_OPS) $(if $(STRESS_SEED),-DSTRESS_SEED=$(STRESS_SEED)) -MMD -MP -c $< -o $@
# ... and every fuzz target for SOAK_FUZZ_SECONDS (tools/soak-fuzz.sh)
SOAK_FUZZ_SECONDS ?= 600
soak: deps $(B)/hyp.elf $(B)/qemu-virt/guests/stress-soak.bin fuzz-build
	@SOAK_FUZZ_SECONDS=$(SOAK_FUZZ_SECONDS) tools/soak-fuzz.sh
	@SCENARIOS=guest-tests/soak.txt SCENARIO_TIMEOUT=$(SOAK_TIMEOUT) tools/test-all.sh --guest-only
# Debian's kernel at -smp 4 under 1 ms switching for SOAK_MINUTES (30)
SOAK_MINUTES ?= 30
soak-linux: deps boards linux-guest
	@mkdir -p $(B)/tmp
	@sed -e 's/SOAK_MINUTES/$(SOAK_MINUTES)/' -e 's/TIMEOUT_S/$(shell echo $$(( $(SOAK_MINUTES) * 60 + 600 )))/g' \
		guest-tests/soak-linux.txt > $(B)/tmp/soak-linux.txt
	@SCENARIOS=$(B)/tmp/soak-linux.txt tools/test-all.sh --guest-only
.PHONY: soak-linux
FORCE:
.PHONY: FORCE

# Cheap check used as an order-only prerequisite: fails early, with the
# fix, when the toolchain is missing (run `make deps`, or `make run/test`).
deps-quiet:
	@command -v $(CC) >/dev/null || { echo "missing $(CC): run 'make deps'"; exit 1; }
.PHONY: deps-quiet

# The state diagram is committed rendered; this re-renders it from its source.
docs: docs/states.svg
docs/states.svg: docs/states.dot
	@tools/deps.sh docs
	dot -Tsvg $< -o $@
.PHONY: docs

clean:
	rm -rf $(B)

distclean: clean
	rm -rf cache

endif   # ARCH=arm64: arch/arm64/arch.mk
