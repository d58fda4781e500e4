# Run by /init in the switch suite (linux64-switch: -icount,
# blmon.switch_us=1000; linux-switch skips it, below): Linux's own hardware
# breakpoint and watchpoint (perf_event_open PERF_TYPE_BREAKPOINT, prog/hwbp.c)
# count exactly while the monitor switches clusters underneath. Each hit is a
# debug exception taken from the guest's debug registers, so a register the
# monitor failed to carry across a switch (spec section 4, Table 20) leaves a
# count short, a stray one makes it long (docs/linux.md).
N=20000   # calls and writes: 143 ms of guest time, 10 x the period at least (below)

# 32-bit ARM Linux counts a user breakpoint or watchpoint hit by stepping
# over it with an address-mismatch breakpoint (arch/arm/kernel/
# hw_breakpoint.c enable_single_step), which QEMU does not implement: on
# plain QEMU too (ARMv7 -icount) `hwbp 20000` counts 1 and 1. arm64 Linux
# steps with MDSCR_EL1.SS, which QEMU has (docs/linux.md).
if [ "$(uname -m)" != aarch64 ]; then
	note "skipped on $(uname -m): QEMU has no address-mismatch breakpoints, which 32-bit ARM Linux steps over a hit with"
	return 0 2>/dev/null || exit 0
fi

period_us=$(cmdline blmon.switch_us)
check "the scenario passes blmon.switch_us (got '$period_us')" test "${period_us:-0}" -gt 0
out=$(hwbp $N)
note "$out (hwbp N exec-count write-count elapsed-ms)"
set -- $out
check_eq "hwbp $N ran and printed its line" "$1 $2" "hwbp $N"
check_eq "execute breakpoint on a function called $N times: $N hits" "$3" "$N"
check_eq "write watchpoint on a variable written $N times: $N hits" "$4" "$N"
# the run's guest time against the switch period: at least 10 periods, so
# the counts above crossed several switches (at -smp 2 the other CPU's
# switches too: a switch is the whole system's)
min_ms=$((10 * ${period_us:-0} / 1000))
check "the run lasted at least 10 switch periods ($min_ms ms; got '${5:-}' ms)" \
	test "${5:-0}" -ge "$min_ms"
