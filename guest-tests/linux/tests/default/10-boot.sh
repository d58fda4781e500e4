# Run by /init: the kernel booted under the monitor as the launch contract says.
check_eq "the board is one the tests know (root compatible in the device tree)" \
	"$([ "$BOARD" != unknown ] && echo known)" known
check "kernel entered in SVC mode (the monitor keeps HYP)" \
	grep -q "CPU: All CPU(s) started in SVC mode" /tmp/dmesg
check "PMU driver probed through the trapped path: 4 event counters + cycle counter" \
	grep -q "hw perfevents: enabled with armv7_cortex_a15 PMU driver, 5 counters available" /tmp/dmesg
check "/proc/cpuinfo shows the boot cluster's part (Cortex-A15, 0xc0f)" \
	grep -q "CPU part.*: 0xc0f" /proc/cpuinfo
# the monitor owns the top 2 MiB of the RAM QEMU was given (-m, test.ram_mb=)
if [ -n "$RAM_MB" ] && [ "$RAM_BASE" != unknown ]; then
	ram=$(printf '%08x-%08x' $((RAM_BASE)) $((RAM_BASE + (RAM_MB << 20) - 0x200000 - 1)))
	check "System RAM $ram: all of RAM below the monitor" grep -q "^$ram : System RAM" /proc/iomem
else
	not_ok "System RAM below the monitor: no test.ram_mb= on the command line or unknown board"
fi
online=0; [ "${SMP:-1}" -gt 1 ] && online=0-$((SMP - 1))
check_eq "all ${SMP:-1} CPUs online (secondaries started through the monitor)" \
	"$(cat /sys/devices/system/cpu/online)" "$online"
check "no kernel oops or warning" sh -c '! grep -qE "Oops|WARNING:|Internal error" /tmp/dmesg'
