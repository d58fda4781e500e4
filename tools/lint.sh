#!/usr/bin/env bash
# Static checks: cppcheck and clang-tidy over the monitor, the portable code,
# the bare-metal test guests and the Linux guest's programs (the kernel
# module is checked by kbuild's W=1 -Werror). Zero findings, or a suppression with its reason
# (inline `cppcheck-suppress` / NOLINT comments, .clang-tidy). cppcheck's
# unusedStructMember is off: ABI and assembly-shared structs have members
# the C side never reads. Prints one
# ok / not ok line per tool for tools/test-all.sh, and one for the
# layers' include arrows (tools/check-layers.py).
set -uo pipefail
cd "$(dirname "$0")/.."
mkdir -p build/logs
rc=0
# the AArch32 build's sources (the AArch64 back end, its board and its
# entry points get a pass of their own below, with its target and paths)
SRCS=$(ls arch/arm32/*.c hyp/*/*.c pmu/*.c 2>/dev/null | grep -v '^hyp/exit/sys_trap.c$')
BOARD_SRCS=$(ls board/*/*.c 2>/dev/null | grep -v '^board/qemu-virt-arm64/')
# (arch/arm64/arch.mk's list: all of hyp/ but AArch32's coprocessor traps)
A64_SRCS="arch/arm64/*.c $(ls hyp/*/*.c | grep -v '^hyp/exit/reg_trap.c$' | tr '\n' ' ') pmu/*.c"
A64_INC="-Iinclude -Iarch -Iarch/arm64 -Ipmu $(ls -d hyp/*/ | sed 's|^|-I|; s|/$||' | tr '\n' ' ')"
TIDY_A64=(--target=aarch64-none-elf -mcpu=cortex-a57 -std=c11 -ffreestanding -DLOG_LEVEL=3)
GUEST_SRCS=$(ls guest-tests/*.c guest-tests/lib/*.c guest-tests/common/*.c guest-tests/guest32/*.c 2>/dev/null)
LINUX_PROGS=$(ls guest-tests/linux/prog/*.c 2>/dev/null)   # armhf Linux user space
LINUX64_PROGS=$(ls guest-tests/linux/prog/arm64/*.c 2>/dev/null)   # ... and the arm64 guest's own
DEFS="-DLOG_LEVEL=3"
# the include paths the Makefile gives each layer (docs/architecture.md)
ARCH_INC="-Iinclude -Iarch -Iarch/arm32"
HYP_INC="$ARCH_INC -Ipmu $(ls -d hyp/*/ | sed 's|^|-I|; s|/$||' | tr '\n' ' ')"
BOARD_DEFS="-DBOARD_MAX_CPUS=8 -DHYP_STACK_SIZE=0x2000 -DHYP_SIZE=0x200000"
GUEST_DEFS="-DGUEST_RAM_BASE=0x40000000u -DGUEST_UART=0x09000000u -DGUEST_GICH=0x08030000u -DGUEST_GICD=0x08000000u -DGUEST_GICC=0x08010000u -DGUEST_HYP_LOAD=0x43E00000u -DGUEST_BOARD=\"qemu-virt\"
	-DGUEST_PSCI_HVC=0 -DGUEST_MACHINE_ID=0xffffffffu -DGUEST_POWEROFF_REG=0u -DGUEST_POWEROFF_VAL=0u"
CPPCHECK=(cppcheck --quiet --error-exitcode=1 --enable=warning,style,performance,portability
	--inline-suppr --suppress=missingIncludeSystem --suppress=unusedStructMember)
TIDY_BARE=(--target=armv7a-none-eabi -mcpu=cortex-a15 -std=c11 -ffreestanding
	-isystem /usr/lib/arm-none-eabi/include $ARCH_INC $DEFS)
if { "${CPPCHECK[@]}" --std=c11 $HYP_INC $DEFS $SRCS &&
     "${CPPCHECK[@]}" --std=c11 $ARCH_INC -Iboard/common $BOARD_DEFS $BOARD_SRCS &&
     "${CPPCHECK[@]}" --std=c11 $ARCH_INC -Iguest-tests/lib -Iguest-tests/common $GUEST_DEFS $GUEST_SRCS &&
     "${CPPCHECK[@]}" --std=c11 -Iinclude $LINUX_PROGS $LINUX64_PROGS; } >build/logs/cppcheck.log 2>&1; then
	echo "ok - cppcheck: no findings"
else
	echo "not ok - cppcheck: findings (build/logs/cppcheck.log)"; sed 's/^/  /' build/logs/cppcheck.log | head -20; rc=1
fi
if { clang-tidy --quiet $SRCS -- "${TIDY_BARE[@]}" $HYP_INC &&
     clang-tidy --quiet $BOARD_SRCS -- "${TIDY_BARE[@]}" -Iboard/common $BOARD_DEFS &&
     clang-tidy --quiet $GUEST_SRCS -- "${TIDY_BARE[@]}" -Iguest-tests/lib -Iguest-tests/common $GUEST_DEFS &&
     clang-tidy --quiet $A64_SRCS -- "${TIDY_A64[@]}" $A64_INC &&
     clang-tidy --quiet board/qemu-virt-arm64/*.c board/common/reloc.c -- "${TIDY_A64[@]}" -Iinclude -Iarch -Iarch/arm64 \
	-Iboard/common -DBOARD_MAX_CPUS=8 -DHYP_STACK_SIZE=0x4000 -DHYP_SIZE=0x200000 &&
     clang-tidy --quiet guest-tests/arm64/*.c guest-tests/arm64/lib/*.c guest-tests/common/*.c -- "${TIDY_A64[@]}" -Iinclude -Iarch \
	-Iarch/arm64 -Iguest-tests/arm64/lib -Iguest-tests/common -Ihyp/core -DGUEST_UART=0x09000000u -DGUEST_RAM_BASE=0x40000000u \
	-DGUEST_HYP_LOAD=0x43E00000u -DGUEST_HYP_SIZE=0x200000u -DGUEST_GICD=0x08000000u -DGUEST_GICC=0x08010000u &&
     clang-tidy --quiet $LINUX_PROGS -- --target=arm-linux-gnueabihf -std=gnu11 \
	-isystem /usr/arm-linux-gnueabihf/include -Iinclude &&
     clang-tidy --quiet $LINUX64_PROGS -- --target=aarch64-linux-gnu -std=gnu11 \
	-isystem /usr/aarch64-linux-gnu/include; } >build/logs/clang-tidy.log 2>&1; then
	echo "ok - clang-tidy: no findings"
else
	echo "not ok - clang-tidy: findings (build/logs/clang-tidy.log)"; grep -E "warning:|error:" build/logs/clang-tidy.log | head -20 | sed 's/^/  /'; rc=1
fi
# the layers' arrows (one ok / not ok line of its own)
tools/check-layers.py || rc=1
ARCH=arm64 tools/check-layers.py | sed 's/^\(ok\|not ok\) - layers:/\1 - layers (arm64):/' ; [ "${PIPESTATUS[0]}" = 0 ] || rc=1
exit $rc
