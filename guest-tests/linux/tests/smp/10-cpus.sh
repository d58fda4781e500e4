# Run by /init in the linux-switch-smp2 / -smp4 scenarios and (linked) in
# linux-nomodule and in the AArch64 suite smp64 (-smp N, no icount,
# blmon.switch_us on the command line): Linux on every CPU while the monitor
# switches the whole system from boot on (docs/linux.md, docs/arm64.md); no
# module. Both architectures: only the level the kernel enters at differs
# (below). Without -icount the
# instruction event does not count (PLATFORM.md) and time is the host's: the
# checks are bounds, not exact counts.
LOAD_S=3               # seconds of load

cpus=$SMP   # the -smp the harness gave QEMU (test.smp=, /init)
period_us=$(cmdline blmon.switch_us)
check "the scenario runs several CPUs (test.smp: '$cpus') and blmon.switch_us ('$period_us')" \
	test "${cpus:-0}" -gt 1 -a "${period_us:-0}" -gt 0
last=$((cpus - 1))

# ---- every CPU came up --------------------------------------------------------
check_eq "/proc/cpuinfo lists $cpus processors" "$(grep -c ^processor /proc/cpuinfo)" "$cpus"
check_eq "/sys/devices/system/cpu/online is 0-$last" "$(cat /sys/devices/system/cpu/online)" "0-$last"
# the level every CPU entered the kernel at, as Linux reports it: one below
# the monitor's (SVC under HYP, EL1 under EL2), or, on plain QEMU (a --plain
# scenario says test.plain=1), the hypervisor level, which Linux keeps
case $(uname -m),$(cmdline test.plain) in
aarch64,1) entry="at EL2" why="plain QEMU: no monitor" ;;
aarch64,*) entry="at EL1" why="the monitor keeps EL2" ;;
*,1) entry="in HYP mode" why="plain QEMU: no monitor" ;;
*) entry="in SVC mode" why="the monitor keeps HYP" ;;
esac
check "every CPU entered $entry ($why)" \
	grep -q "CPU: All CPU(s) started $entry" /tmp/dmesg
check "the kernel brought up $cpus CPUs" grep -q "SMP: Total of $cpus processors activated" /tmp/dmesg

# ---- IPIs and timers on every CPU, perf stat -a per CPU ------------------------
tim0=$(irqs arch_timer); ipi0=$(irqs '^ *IPI[0-9]+:')
t0=$(now_ns)
for c in $(seq 0 $last); do
	timeout $LOAD_S taskset -c "$c" sh -c 'while :; do :; done' &
	[ "$c" = 0 ] || pingpong 0 "$c" 1000 >/dev/null &
done
perf stat -a -A -x, -o /tmp/smp.stat -e cycles,task-clock -- sleep $((LOAD_S - 1)) >/dev/null 2>&1
wait
t1=$(now_ns)
tim1=$(irqs arch_timer); ipi1=$(irqs '^ *IPI[0-9]+:')
note "arch_timer per CPU: $tim0-> $tim1; IPIs per CPU: $ipi0-> $ipi1"
check "timer interrupts on every CPU during the load" grew "$tim0" "$tim1"
check "IPIs on every CPU during the load" grew "$ipi0" "$ipi1"

# percpu EVENT: "count0 count1 ..." from perf stat -a -A (CSV: CPUn,count,unit,event,...)
percpu() {
	awk -F, -v e="$1" -v n="$cpus" '$4 == e && $1 ~ /^CPU[0-9]+$/ { v[substr($1, 4)] = $2 }
		END { for (i = 0; i < n; i++) printf "%s ", (i in v ? v[i] : "none") }' /tmp/smp.stat
}
cyc=$(percpu cycles); clk=$(percpu task-clock)
win_ns=$((t1 - t0))
note "perf stat -a -A over $((win_ns / 1000000)) ms: cycles $cyc; task-clock (ms) $clk"
# every value a number above 0 and below MAX
in_range() {
	awk -v l="$1" -v max="$2" -v n="$cpus" 'BEGIN { c = split(l, v)
		for (i = 1; i <= c; i++) if (v[i] !~ /^[0-9.]+$/ || v[i] + 0 <= 0 || v[i] + 0 > max) bad = 1
		exit bad || c != n }'
}
check "perf stat -a: task-clock on every CPU, each > 0 and <= the window's ms" \
	in_range "$clk" $((win_ns / 1000000))
if [ "$(cmdline test.nopmu)" = 1 ]; then
	# Debian's armhf kernel under the AArch64 monitor (linux32-on64): its 6.1
	# has no driver for the cores' PMUv3 (arm_pmuv3 is arm64-only before
	# Linux 6.4), so perf has no hardware event - said by the scenario line,
	# and checked as such, with the core the kernel runs on
	check_eq "/proc/cpuinfo: every CPU a Cortex-A57 or A53 (CPU part 0xd07 / 0xd03: the monitor's ARMv8 pair)" \
		"$(grep -cE '^CPU part[[:space:]]*: 0xd0[37]$' /proc/cpuinfo)" "$cpus"
	check_eq "perf stat -a: cycles <not supported> on every CPU (test.nopmu=1: no PMU driver in this kernel)" \
		"$cyc" "$(printf '<not supported> %.0s' $(seq 1 "$cpus"))"
else
	# QEMU's cycle counter runs at 1 GHz of virtual time (host time without icount),
	# stopped in HYP: no CPU can count more cycles than the window has ns
	check "perf stat -a: cycles counted on every CPU, each > 0 and <= the window's ns" \
		in_range "$cyc" "$win_ns"
	# Over the same perf window, a CPU's cycles (1 per ns while it runs the guest)
	# against its task-clock (all the time): at most all of it (5 % for the two
	# events' enable times), and at least 10 %: the monitor's switches take the
	# rest, and a period starts only when the last switch is over (docs/linux.md)
	check "perf stat -a: on every CPU, cycles are 10 % to 105 % of the task-clock's ns" \
		awk -v c="$cyc" -v k="$clk" -v n="$cpus" 'BEGIN { split(c, x); split(k, y)
			for (i = 1; i <= n; i++) { r = x[i] / (y[i] * 1000000 + 1); if (r < 0.10 || r > 1.05) bad = 1 }
			exit bad }'
fi
