# QEMU vexpress-a15 (-M vexpress-a15,secure=off,virtualization=on -cpu cortex-a15,
# -m 64 to 2048, -smp 1-4; the guest needs -dtb: QEMU builds no tree for this board).
# RAM at 0x80000000. Load address: 62 MiB into RAM, where QEMU puts nothing for
# -m 64 and up (the kernel loads at 64 KiB, the initrd and DTB at min(RAM/2, 128 MiB));
# the image then moves itself to the top of RAM (board/common/reloc.c).
HYP_LOAD_ADDR  := 0x83E00000
BOARD_MAX_CPUS := 4
QEMU_MACHINE   := vexpress-a15,secure=off,virtualization=on
QEMU_CPU       := cortex-a15
QEMU_MEM       := 512
GUEST_RAM_BASE := 0x80000000
GUEST_UART     := 0x1c090000
BOARD_SRCS     := board/common/start.S board/common/boot.c board/common/reloc.c board/common/qemu.c \
                  board/vexpress-a15/board.c board/vexpress-a15/sysreg.c
GUEST_GICH     := 0x2c004000
QEMU_DTB       := build/vexpress-a15/guest.dtb
# No EL3, so no SMC: PSCI through HVC. QEMU's stub passes the board's machine id.
# Without the monitor (plain QEMU) a test guest powers off the board's own way:
# a config-bus SHUTDOWN in SYS_CFGCTRL.
GUEST_PSCI         := hvc
GUEST_MACHINE_ID   := 0x8e0
GUEST_POWEROFF_REG := 0x1c0100a4
GUEST_POWEROFF_VAL := 0xc0800000
# The motherboard's PL041 sound chip: no host audio (QEMU would probe ALSA & co. and
# print their errors)
QEMU_ARGS        := -audiodev none,id=snd0 -global pl041.audiodev=snd0
GUEST_GICD     := 0x2c001000
GUEST_GICC     := 0x2c002000
