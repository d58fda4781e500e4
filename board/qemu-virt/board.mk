# QEMU virt (-M virt,virtualization=on -cpu cortex-a15, any -m from 64 MiB to 3 GiB, -smp 1-8)
# Load address: 62 MiB into RAM, where QEMU puts nothing for -m 64 and up
# (the kernel loads at 64 KiB, the initrd and DTB at min(RAM/2, 128 MiB));
# the image then moves itself to the top of RAM (board/common/reloc.c).
HYP_LOAD_ADDR  := 0x43E00000
BOARD_MAX_CPUS := 8
QEMU_MACHINE   := virt,virtualization=on
QEMU_CPU       := cortex-a15
QEMU_MEM       := 512
GUEST_RAM_BASE := 0x40000000
GUEST_UART     := 0x09000000
BOARD_SRCS     := board/common/start.S board/common/boot.c board/common/reloc.c board/common/qemu.c \
                  board/qemu-virt/board.c board/common/fatal_pvpanic.c board/qemu-virt/fatal_vectors.S \
                  board/qemu-virt/phys_window.c
GUEST_GICH     := 0x08030000
QEMU_DTB       := build/guest.dtb
GUEST_GICD     := 0x08000000
GUEST_GICC     := 0x08010000
# A fatal error ends QEMU with exit status 1 through this device
# (board/common/fatal_pvpanic.c)
QEMU_PANIC_EXIT := -device pvpanic-pci -action panic=exit-failure
