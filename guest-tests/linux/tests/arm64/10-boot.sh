# Run by /init: Debian's arm64 kernel booted under the AArch64 monitor
check_eq "the board is one the tests know (root compatible in the device tree)" "$BOARD" qemu-virt
