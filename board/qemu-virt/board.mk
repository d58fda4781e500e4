# QEMU virt (-M virt,virtualization=on -cpu cortex-a15 -m 512)
HYP_BASE      := 0x5FE00000
QEMU_MACHINE  := virt,virtualization=on
QEMU_CPU      := cortex-a15
QEMU_MEM      := 512
BOARD_SRCS    := board/qemu-virt/board.c
