# Run by /init: Debian's arm64 kernel booted under the AArch64 monitor as
# docs/arm64.md says (-smp 1, no virtual GIC: the guest owns the GIC).
check_eq "the board is one the tests know (root compatible in the device tree)" "$BOARD" qemu-virt
check "kernel entered at EL1 (the monitor keeps EL2)" \
	grep -q "CPU: All CPU(s) started at EL1" /tmp/dmesg
# the monitor's view of PMUv3: 4 event counters (PMUv2's register file) + the cycle counter
check "PMU driver probed through the trapped path: armv8_pmuv3, 4 event counters + cycle counter" \
	grep -q "hw perfevents: enabled with armv8_pmuv3 PMU driver, 5 counters available" /tmp/dmesg
check "/proc/cpuinfo shows the boot cluster's part (Cortex-A57, 0xd07)" \
	grep -q "CPU part.*: 0xd07" /proc/cpuinfo
check "no kernel oops or warning" sh -c '! grep -qE "Oops|WARNING:|Internal error|external abort" /tmp/dmesg'
