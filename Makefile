# big.LITTLE PMU/debug HYP monitor. `make help` lists the targets.
#
# Build outputs go to build/ (build/<variant>/ for monitor variants).

BOARD        ?= qemu-virt
BOOT_CLUSTER ?= 0
LOG_LEVEL    ?= 3
include board/$(BOARD)/board.mk

CROSS   ?= arm-none-eabi-
CC      := $(CROSS)gcc
OBJCOPY := $(CROSS)objcopy
HOSTCC  ?= gcc
B       := build

HYP_MAX_CPUS   := 4
HYP_STACK_SIZE := 0x2000

WARN := -Wall -Wextra -Werror -Wshadow -Wvla -Wstrict-prototypes
ARCH := -mcpu=cortex-a15 -marm -mfloat-abi=soft -mno-unaligned-access
# The monitor runs on both cores of the pair: tuned for neither (the A15
# tuning saves registers in LDRD/STRD pairs; generic ARMv7-A uses one
# PUSH/POP, fewer instructions on the trap paths - docs/performance.md).
TARGET_CFLAGS := -std=c11 $(ARCH) -mtune=generic-armv7-a -O2 -g -ffreestanding -fno-common \
	-ffunction-sections -fdata-sections $(WARN)
TARGET_LDFLAGS := $(ARCH) -nostartfiles -specs=nano.specs \
	-Wl,--gc-sections -Wl,--no-warn-rwx-segments

MON_INC   := -Iinclude -Ihyp -Ipmu -Iboard
MON_DEFS  := -DLOG_LEVEL=$(LOG_LEVEL) -DHYP_MAX_CPUS=$(HYP_MAX_CPUS) \
	-DHYP_STACK_SIZE=$(HYP_STACK_SIZE)
MON_SRCS  := $(wildcard boot/*.S) $(wildcard hyp/*.c) $(wildcard pmu/*.c) $(BOARD_SRCS)

# Portable logic: builds for the host too and is unit-tested there.
PORTABLE_SRCS := $(wildcard pmu/*.c) hyp/hsr.c hyp/guest_mem.c hyp/fdt_fixup.c \
	$(wildcard hyp/dbg_context.c)

# Monitor variants: name -> extra defines
VARIANTS := hyp hyp-a7boot
hyp_DEFS        := -DBOOT_CLUSTER=$(BOOT_CLUSTER)
hyp-a7boot_DEFS := -DBOOT_CLUSTER=1

GUEST_LIB    := $(wildcard guest-tests/lib/*.c) $(wildcard guest-tests/lib/*.S)
# newlib's hooks are the monitor's own (the guest library provides the two
# board calls they use)
GUEST_SHARED := hyp/syscalls.c
GUEST_SUITES := $(patsubst guest-tests/%.c,%,$(wildcard guest-tests/*.c))
GUEST_CFLAGS := -std=c11 $(ARCH) -O2 -g -ffreestanding -fno-common $(WARN) \
	-Iinclude -Ihyp -Iguest-tests/lib

HOST_TESTS   := $(patsubst tests/%.c,%,$(wildcard tests/test_*.c))
HOST_CFLAGS  := -std=c11 -O1 -g $(WARN) -DHOST_BUILD \
	-fsanitize=address,undefined -fno-sanitize-recover=all \
	-Iinclude -Ihyp -Ipmu -Iboard -Itests/support

.PHONY: all deps run test host-test guest-test bench soak debug help clean distclean
.DEFAULT_GOAL := all
.SECONDARY:

all: $(B)/hyp.elf $(B)/hyp-a7boot/hyp.elf guests $(B)/guest.dtb

help:
	@echo "make            build build/hyp.elf, the test guests and build/guest.dtb"
	@echo "make run        install what is missing, build, boot the monitor + demo guest in QEMU"
	@echo "make test       install what is missing, run host unit tests and every QEMU scenario"
	@echo "make host-test  host unit tests only (cmocka, ASan/UBSan)"
	@echo "make guest-test QEMU scenarios only"
	@echo "make linux-test Debian armhf Linux under the monitor (part of make test)"
	@echo "make linux-measure  boot time and perf stat of Linux, plain QEMU vs under the monitor"
	@echo "make fuzz       run each libFuzzer target for FUZZ_SECONDS (default 60; make test replays the corpus)"
	@echo "make lint       cppcheck + clang-tidy (also part of make test)"
	@echo "make bench      instruction counts per operation (-icount shift=0) -> build/bench.txt"
	@echo "make soak       the differential stress guest with 10x the operations of make test"
	@echo "                (STRESS_SOAK_OPS=n, STRESS_SEED=s to change them; SOAK_TIMEOUT in s)"
	@echo "make debug      boot the demo guest with QEMU waiting for gdb-multiarch on :1234"
	@echo "make docs       re-render docs/states.svg from docs/states.dot"
	@echo "make deps       install the Debian packages the build and tests need"
	@echo "make clean      remove build/ (keeps downloaded packages in cache/)"
	@echo "variables: BOOT_CLUSTER=0|1 (boot cluster of build/hyp.elf), LOG_LEVEL=0..4, BOARD=$(BOARD)"

deps:
	@tools/deps.sh

# ---- monitor ---------------------------------------------------------------
define MONITOR
$(B)/$(1)/objs/%.o: %.c | deps-quiet
	@mkdir -p $$(dir $$@)
	$$(CC) $$(TARGET_CFLAGS) $$(MON_INC) $$(MON_DEFS) $$($(1)_DEFS) -MMD -c $$< -o $$@
$(B)/$(1)/objs/%.o: %.S | deps-quiet
	@mkdir -p $$(dir $$@)
	$$(CC) $(ARCH) $$(MON_INC) $$(MON_DEFS) $$($(1)_DEFS) -MMD -c $$< -o $$@
$(B)/$(1)/hyp.elf: $$(patsubst %,$(B)/$(1)/objs/%.o,$$(basename $$(MON_SRCS))) linker/hyp.ld
	$$(CC) $$(TARGET_LDFLAGS) -T linker/hyp.ld -Wl,--defsym=HYP_BASE=$$(HYP_BASE) \
		-Wl,--defsym=HYP_STACK_SIZE=$$(HYP_STACK_SIZE) -Wl,--defsym=HYP_MAX_CPUS=$$(HYP_MAX_CPUS) \
		-Wl,-Map=$$@.map $$(filter %.o,$$^) -o $$@
-include $$(wildcard $(B)/$(1)/objs/*/*.d $(B)/$(1)/objs/*/*/*.d)
endef
$(foreach v,$(VARIANTS),$(eval $(call MONITOR,$(v))))

$(B)/hyp.elf: $(B)/hyp/hyp.elf
	cp $< $@

# ---- guest DTB: QEMU's own tree plus a real PMU node ------------------------
$(B)/guest.dtb: tools/make-guest-dtb.sh | deps-quiet
	@mkdir -p $(B)
	tools/make-guest-dtb.sh $@ "$(QEMU_MACHINE)" $(QEMU_CPU) $(QEMU_MEM)

# ---- test guests -------------------------------------------------------------
.PHONY: guests
guests: $(patsubst %,$(B)/guests/%.bin,$(GUEST_SUITES))

$(B)/guests/lib/%.o: guest-tests/lib/%.c | deps-quiet
	@mkdir -p $(dir $@)
	$(CC) $(GUEST_CFLAGS) -MMD -c $< -o $@
$(B)/guests/lib/%.o: guest-tests/lib/%.S | deps-quiet
	@mkdir -p $(dir $@)
	$(CC) $(ARCH) -Iguest-tests/lib -MMD -c $< -o $@
$(B)/guests/%.o: guest-tests/%.c | deps-quiet
	@mkdir -p $(dir $@)
	$(CC) $(GUEST_CFLAGS) -MMD -c $< -o $@
$(B)/guests/shared/%.o: hyp/%.c | deps-quiet
	@mkdir -p $(dir $@)
	$(CC) $(GUEST_CFLAGS) -Iboard -MMD -c $< -o $@
GUEST_LIB_OBJS := $(patsubst guest-tests/lib/%,$(B)/guests/lib/%.o,$(basename $(GUEST_LIB))) \
	$(patsubst hyp/%.c,$(B)/guests/shared/%.o,$(GUEST_SHARED))
$(B)/guests/%.elf: $(B)/guests/%.o $(GUEST_LIB_OBJS) linker/guest.ld
	$(CC) $(TARGET_LDFLAGS) -T linker/guest.ld $(filter %.o,$^) -o $@
$(B)/guests/%.bin: $(B)/guests/%.elf
	$(OBJCOPY) -O binary $< $@
-include $(wildcard $(B)/guests/*.d $(B)/guests/lib/*.d)

# ---- host unit tests ------------------------------------------------------------
$(B)/host/%: tests/%.c $(PORTABLE_SRCS) $(wildcard tests/support/*.c) $(wildcard tests/support/*.h) \
		$(wildcard pmu/*.h hyp/*.h include/*.h) | deps-quiet
	@mkdir -p $(dir $@)
	$(HOSTCC) $(HOST_CFLAGS) $< $(PORTABLE_SRCS) $(wildcard tests/support/*.c) -lcmocka -o $@

host-tests-build: $(patsubst %,$(B)/host/%,$(HOST_TESTS)) fuzz-build
.PHONY: host-tests-build

# ---- libFuzzer targets (clang): `make fuzz` fuzzes, `make test` replays ------
FUZZ_TARGETS := $(patsubst tests/fuzz/%.c,%,$(wildcard tests/fuzz/fuzz_*.c))
FUZZ_SECONDS ?= 60
$(B)/fuzz/%: tests/fuzz/%.c $(PORTABLE_SRCS) $(wildcard tests/support/*.c) \
		$(wildcard pmu/*.h hyp/*.h include/*.h tests/support/*.h) | deps-quiet
	@mkdir -p $(dir $@)
	clang -std=c11 -O1 -g -Wall -Wextra -Werror -DHOST_BUILD -fsanitize=fuzzer,address,undefined \
		-fno-sanitize-recover=all -Iinclude -Ihyp -Ipmu -Iboard -Itests/support \
		$< $(PORTABLE_SRCS) $(wildcard tests/support/*.c) -o $@
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
	qemu/run.sh $(B)/hyp.elf $(B)/guests/demo.bin

debug: all
	@tools/deps.sh debug
	qemu/debug.sh $(B)/hyp.elf $(B)/guests/demo.bin

# ---- the Linux guest (Debian armhf kernel + busybox, cached in cache/) ------
LINUX_KERNEL := cache/linux/linux-image-6.1.0-50-armmp-lpae/boot/vmlinuz-6.1.0-50-armmp-lpae
# The stamp is older than the fetch script whenever its package list changes;
# the script itself skips what is cached and verified already.
LINUX_FETCHED := cache/linux/.fetched
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
$(B)/linux-initrd.gz: $(LINUX_FETCHED) guest-tests/linux/init $(wildcard guest-tests/linux/tests/*.sh) \
		$(LINUX_PROGS) $(LINUX_MODULES) tools/make-initramfs.sh
	@mkdir -p $(B)
	tools/make-initramfs.sh $@
linux-test: deps all linux-guest
	@tools/test-all.sh --only linux
# Not a test: boot time and perf stat, plain QEMU vs under the monitor (docs/linux.md)
linux-measure: deps all linux-guest
	@tools/linux-measure.sh
.PHONY: linux-guest linux-test linux-measure

test: deps all host-tests-build linux-guest
	@tools/test-all.sh

host-test: deps host-tests-build
	@tools/test-all.sh --host-only

guest-test: deps all
	@tools/test-all.sh --guest-only

lint: deps
	@tools/lint.sh
.PHONY: lint

bench: deps all
	@tools/bench.sh

# ---- soak: the stress guest (guest-tests/stress.c) with 10x the operations ----
STRESS_SOAK_OPS ?= 1000000
SOAK_TIMEOUT    ?= 1200
# rebuilt every time: the seed and the count come from the command line
$(B)/guests/stress-soak.o: guest-tests/stress.c FORCE | deps-quiet
	@mkdir -p $(dir $@)
	$(CC) $(GUEST_CFLAGS) -DSTRESS_OPS=$(STRESS_SOAK_OPS) \
		$(if $(STRESS_SEED),-DSTRESS_SEED=$(STRESS_SEED)) -MMD -c $< -o $@
soak: deps $(B)/hyp.elf $(B)/guests/stress-soak.bin
	@SCENARIOS=guest-tests/soak.txt SCENARIO_TIMEOUT=$(SOAK_TIMEOUT) tools/test-all.sh --guest-only
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
