# Sourced by /init: the kernel booted under the monitor as the launch contract says.
check "kernel entered in SVC mode (the monitor keeps HYP)" \
	grep -q "CPU: All CPU(s) started in SVC mode" /tmp/dmesg
check "PMU driver probed through the trapped path: 4 event counters + cycle counter" \
	grep -q "hw perfevents: enabled with armv7_cortex_a15 PMU driver, 5 counters available" /tmp/dmesg
check "/proc/cpuinfo shows the boot cluster's part (Cortex-A15, 0xc0f)" \
	grep -q "CPU part.*: 0xc0f" /proc/cpuinfo
check "System RAM ends below the monitor (0x5fdfffff)" \
	grep -q "^40000000-5fdfffff : System RAM" /proc/iomem
check "no kernel oops or warning" sh -c '! grep -qE "Oops|WARNING:|Internal error" /tmp/dmesg'
