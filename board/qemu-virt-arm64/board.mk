# QEMU virt as an ARMv8 machine: the AArch64 monitor at EL2 (issue #27's
# first step; docs/arm64.md). Built by `make ARCH=arm64` only (BOARD_ARCH):
# build/arm64/hyp.elf, its guests in build/arm64/guests/.
# -M virt,virtualization=on,gic-version=2 -cpu cortex-a57 (or cortex-a53),
# -m 64..3072, -smp 1..8. Load address: 62 MiB into RAM, where QEMU puts
# nothing for -m 64 and up (the kernel near the start of RAM, the initrd
# and DTB at min(RAM/2, 128 MiB)); the image then moves itself to the top of RAM
# (board/common/reloc.c), as the ARMv7 boards' do.
BOARD_ARCH     := arm64
HYP_LOAD_ADDR  := 0x43E00000
BOARD_MAX_CPUS := 8
QEMU_SYSTEM    := qemu-system-aarch64
QEMU_MACHINE   := virt,virtualization=on,gic-version=2
QEMU_CPU       := cortex-a57
QEMU_MEM       := 512
QEMU_DTB       := none
HYP_ELF        := build/arm64/hyp.elf
GUEST_DIR      := build/arm64/guests
GUEST_RAM_BASE := 0x40000000
GUEST_UART     := 0x09000000
GUEST_GICD     := 0x08000000
GUEST_GICC     := 0x08010000
BOARD_SRCS     := board/qemu-virt-arm64/start.S board/qemu-virt-arm64/board.c board/common/reloc.c \
                  board/common/fatal_pvpanic.c board/qemu-virt-arm64/fatal_vectors.S
# A fatal error ends QEMU with exit status 1 through this device
# (board/common/fatal_pvpanic.c), as on the ARMv7 virt board
QEMU_PANIC_EXIT := -device pvpanic-pci -action panic=exit-failure
