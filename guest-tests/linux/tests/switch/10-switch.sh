# Run by /init in the linux-switch scenario (-smp 1, -icount shift=0,sleep=off,
# blmon.switch_us on the command line): the monitor switches the whole system
# from its own HYP timer from boot on; Linux knows nothing of it. Exact user
# counts, time and the switch rate under it (docs/linux.md).
# The module is used to read HVC_SYSTEM_INFO (`system`) and to stop and
# restart the monitor's timer (`auto_switch`, HVC_AUTO_SWITCH): the counts
# with switching on and off come from one boot, so they differ only by it.
. /lib/perf-tests.sh   # pstat, pstatn, umin, val, isnum, minus, within
D=/sys/kernel/debug/blmon
N=100000000            # spin N: 2N + C user instructions (docs/linux.md), 0.2 s
CPU_WIDE_USER_TOL=16   # perf stat -a: perf's own user code in the window (30-perf.sh)

period_us=$(cmdline blmon.switch_us)
switches() { sed -n 's/^switches //p' $D/system; }
hz=$(cntvct hz | sed -n 's/^cntfrq_hz //p')
check "the scenario passes blmon.switch_us (got '$period_us') and the timer has a frequency ($hz)" \
	test "${period_us:-0}" -gt 0 -a "${hz:-0}" -gt 0
period_ns=$((period_us * 1000))
ticks=$((period_us * hz / 1000000))
# at_most_rate S NS: S switches in NS ns is no more than one per period (+1
# for the one due at the start of the window)
at_most_rate() { [ "$1" -le $(($2 / period_ns + 1)) ]; }

check "insmod blmon_guest.ko" insmod /lib/modules/blmon_guest.ko
s=$(switches); t=$(now_ns)
check "switching from boot: $s whole-system switches in the boot's $((t / 1000000)) ms, at least one per 2 periods" \
	test "$s" -ge $((t / period_ns / 2))
check "... and no more than one per period" at_most_rate "$s" "$t"
set -- $(head -2 $D/system)   # switches N cluster C, from one HVC_SYSTEM_INFO
check_eq "the system's cluster is the switch count's parity (boot cluster 0)" "$4" $(( $2 % 2 ))

# ---- exact user counts with the monitor switching and without -----------------
EV="-e instructions:u,cycles:u"
s0=$(switches)
pstatn on $EV spin $N
pstat on_a -a $EV spin $N
s1=$(switches)
check "the monitor switched during the runs ($((s1 - s0)) switches)" test $((s1 - s0)) -ge 200
check_eq "auto_switch 0 (HVC_AUTO_SWITCH(0)) stops the monitor's timer" \
	"$(echo 0 > $D/auto_switch && echo done)" done
s2=$(switches)
pstatn off $EV spin $N
pstat off_a -a $EV spin $N
check_eq "no switch while it is off" "$(switches)" "$s2"
check_eq "auto_switch $ticks (the boot's period in timer ticks) restarts it" \
	"$(echo $ticks > $D/auto_switch && echo done)" done
check_eq "instructions:u of spin $N: the same with switches as without, exactly (the fewest of $RUNS runs each)" \
	"$(umin on instructions:u)" "$(umin off instructions:u)"
check_eq "cycles:u = instructions:u with switches (-icount: one per instruction)" \
	"$(val on cycles:u)" "$(val on instructions:u)"
check "perf stat -a: instructions:u with switches = without, to within $CPU_WIDE_USER_TOL" \
	within "$(val on_a instructions:u)" "$(val off_a instructions:u)" $CPU_WIDE_USER_TOL
note "instructions:u $(umin on instructions:u) with, $(umin off instructions:u) without (the fewest of $RUNS runs each);" \
	"CPU-wide $(val on_a instructions:u) with, $(val off_a instructions:u) without"

# ---- time: sleep 1 by the virtual counter, the switches meanwhile --------------
# the switch counts are read inside the timed window, so the window holds
# every switch they count (the upper bound) and a little more time
t0=$(now_ns); s0=$(switches)
sleep 1
s1=$(switches); t1=$(now_ns)
d=$((t1 - t0))
check "sleep 1 takes 1 s of virtual time, give or take 50 ms ($d ns with the reads around it)" \
	test "$d" -ge 1000000000 -a "$d" -le 1050000000
check "meanwhile the monitor switched at its period: $((s1 - s0)) switches in $((d / 1000000)) ms, at least 90 %" \
	test $((s1 - s0)) -ge $((d / period_ns * 9 / 10))
check "... and no more than one per period" at_most_rate $((s1 - s0)) "$d"
dmesg > /tmp/dmesg-switch
check "no kernel oops, BUG or warning" sh -c '! grep -qE "Oops|BUG:|WARNING:|Internal error" /tmp/dmesg-switch'
