#!/usr/bin/env bash
# What the monitor costs the Linux guest (docs/linux.md): the same kernel and
# initramfs booted by plain QEMU (QEMU's own entry, no loader line: Linux
# starts in HYP mode) and under the monitor (launch contract), each with
# -icount shift=0 (virtual time: 1 instruction = 1 ns, repeatable) and
# without icount (host time, noisy on a shared machine). Reports boot time
# (QEMU reset to /init's first script, by the virtual counter: prog/cntvct.c)
# and perf stat of `spin 200000000` in the guest (the bench suite,
# guest-tests/linux/tests/bench/);
# and the monitor's own start-up: reset to the first instruction of a
# bare-metal guest (guest-tests/boot_time.c).
#   tools/linux-measure.sh  -> table on stdout and in build/linux-measure.txt
#   tools/linux-measure.sh --report   the table again from the last runs' logs
#   QEMU_BOARD=vexpress-a15 tools/linux-measure.sh   the same on another board
#       (build/linux-measure-BOARD.txt; make linux-measure BOARD=...)
set -euo pipefail
cd "$(dirname "$0")/.."
. qemu/common.sh
kernel=cache/linux/linux-image-6.1.0-50-armmp-lpae/boot/vmlinuz-6.1.0-50-armmp-lpae
initrd=build/linux-measure-initrd.gz
board=${QEMU_BOARD:-qemu-virt}
export QEMU_BOARD=$board
logs=build/logs/measure-$board out=build/linux-measure-$board.txt
[ "$board" = qemu-virt ] && logs=build/logs out=build/linux-measure.txt
mkdir -p "$logs"

boot() { # NAME plain|monitor GUEST [qemu args...] -> $logs/measure-NAME.log
	local name=$1 hyp=build/$board/hyp.elf
	[ "$2" = plain ] && hyp=none   # the same line without the loader
	shift 2
	qemu_cmd "$hyp" "$@"
	timeout 300 "${QEMU_CMD[@]}" </dev/null >"$logs/measure-$name.log" 2>&1
}
linux=(-initrd "$initrd" -append "console=ttyAMA0 test.suite=bench")
# get NAME KEY: a measured value from a run's log
get() {
	sed -n "s/^# measure $2 \\([0-9.]*\\).*/\\1/p" "$logs/measure-$1.log" | tr -d '\r'
}

# Virtual time repeats run to run only without the board's other inputs:
# idle time skipped (sleep=off) instead of passing in host time, no random
# DTB seeds (the kernel's RNG steers hash seeds and slab layouts), an RTC on
# the virtual clock. What is left varies by ~20 us of a 3.8 s boot.
# (vexpress has no such switch: its DTB is Debian's, which has no seeds to randomize.)
repeatable="-icount shift=0,sleep=off -rtc base=2026-01-01T00:00:00,clock=vm"
[ "$board" = qemu-virt ] && repeatable="$repeatable -M dtb-randomness=off"
if [ "${1:-}" != --report ]; then
	tools/make-initramfs.sh --no-perftest "$initrd"
	# shellcheck disable=SC2086  # $repeatable is several arguments
	{
	boot plain-entry plain "build/$board/guests/boot_time.bin" $repeatable
	boot monitor-entry monitor "build/$board/guests/boot_time.bin" $repeatable
	boot plain-icount plain "$kernel" "${linux[@]}" $repeatable
	boot monitor-icount monitor "$kernel" "${linux[@]}" $repeatable
	# real migration (issue #16): one virtual CPU moving between two
	# physical ones, against plain QEMU with one CPU
	boot migrate-icount monitor "$kernel" "${linux[@]}" -smp 2 -append blmon.cluster_cpus=1 $repeatable
	}
	boot plain-host plain "$kernel" "${linux[@]}"
	boot monitor-host monitor "$kernel" "${linux[@]}"
fi

row() { # LABEL RUN-SUFFIX KEY [MONITOR-RUN]
	local p m
	p=$(get "plain-$2" "$3"); m=$(get "${4:-monitor-$2}" "$3")
	awk -v l="$1" -v p="$p" -v m="$m" 'BEGIN {
		printf "| %s | %s | %s | %+.9g | %s |\n", l, p, m, m - p,
			(p > 0 ? sprintf("%.4f", m / p) : "-") }'
}
{
	echo "| measure | plain QEMU | under the monitor | difference | monitor / plain |"
	echo "| --- | --- | --- | --- | --- |"
	row "reset to a bare-metal guest's first instruction, ns of virtual time (-icount shift=0)" entry entry_ns
	row "boot: reset to /init's first script, ns of virtual time (-icount shift=0)" icount cntvct_ns
	row "spin 200M: instructions:u" icount instructions:u
	row "spin 200M: instructions (user+kernel)" icount instructions
	row "spin 200M: cycles" icount cycles
	row "spin 200M: elapsed, s of virtual time" icount elapsed_s
	row "pingpong 20000 rounds on one CPU (no perf), ns of virtual time" icount pp_none_ns
	row "pingpong under perf stat -i, state 2, ns of virtual time" icount pp_state2_ns
	row "pingpong under perf stat -i, state 2: instructions (parent, user+kernel)" icount pp_state2_instructions
	row "pingpong under perf stat -i, state 2: context switches" icount pp_state2_context-switches
	row "boot with blmon.cluster_cpus=1 at -smp 2 (migration) against plain -smp 1, ns of virtual time" icount cntvct_ns migrate-icount
	row "spin 200M with migration: instructions:u" icount instructions:u migrate-icount
	row "pingpong under perf stat -i with migration, ns of virtual time" icount pp_state2_ns migrate-icount
	row "boot: reset to /init's first script, ns (no icount: ~host time)" host cntvct_ns
	row "spin 200M: elapsed, s of host time (no icount)" host elapsed_s
} | tee "$out"
# The state-3 start exists under the monitor only (HVC_PMU_SWITCH(1) through
# the guest module right before perf stat): one column
{
	echo
	echo "| under the monitor, -icount shift=0 | state 2 | started in state 3 | difference |"
	echo "| --- | --- | --- | --- |"
	for k in ns instructions cycles context-switches; do
		a=$(get monitor-icount "pp_state2_$k"); b=$(get monitor-icount "pp_state3_$k")
		awk -v k="$k" -v a="$a" -v b="$b" 'BEGIN { printf "| pingpong under perf stat -i: %s | %s | %s | %+d |\n", k, a, b, b - a }'
	done
	echo "| HVC_PMU_GET_STATE before / after perf stat | 2 | $(get monitor-icount pp_state3_before) / $(get monitor-icount pp_state3_after) | |"
	# perf per cluster: the blmon PMUs (one cpu_cycles event per cluster,
	# Type B) against the native driver's two events; target <= +2 %
	a=$(get monitor-icount pp_state2_ns); b=$(get monitor-icount pp_blmon_ns)
	awk -v a="$a" -v b="$b" 'BEGIN { printf "| pingpong under perf stat -i: ns, native cycles,instructions / blmon_cortex_a15+a7 cpu_cycles | %s | %s | %+d (%+.2f %%) |\n", a, b, b - a, (a > 0 ? (b - a) * 100 / a : 0) }'
} | tee -a "$out"
