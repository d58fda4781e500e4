# Run by /init: perf per cluster (docs/linux-module.md "perf per cluster"):
# the guest module's perf PMUs blmon_cortex_a15 / blmon_cortex_a7, which
# count through the Type B calls in state 3. Under -icount shift=0 user
# counts are exact, so a cluster's share plus the other's must equal what
# Linux's own driver counts for the same workload; the monitor switches the
# whole system every millisecond from its own timer (auto_switch, the
# mechanism of blmon.switch_us) while they run. 20-module.sh loaded the module.
. /lib/perf-tests.sh   # pstat, val, isnum, minus, within
. /lib/perfpmu-tests.sh   # pmu_swinc, pmu_sampling, pmu_busy_*, pmu_state3 (shared with arm64)
D=/sys/kernel/debug/blmon
BIG=blmon_cortex_a15 LIT=blmon_cortex_a7 BIG_CORE=A15 LIT_CORE=A7
N=100000000            # spin N: 2N + 13,293 user instructions (docs/linux.md)
P=1000003              # perf record period (prime)
# The two PMUs against the native driver, user counts of spin, in one boot.
# Native runs of spin N in this script's boot gave 200,013,293 and, now and
# then, one more (seen on virt, with and without blmon.cluster_cpus; on
# vexpress-a15 QEMU does it in ~1 run in 60 without the monitor too,
# 30-perf.sh): a blmon count is compared with a native one to within 2.
USER_TOL=2

hz=$(cntvct hz | sed -n 's/^cntfrq_hz //p')
ticks_1ms=$((hz / 1000))
switching_on() { echo $ticks_1ms > $D/auto_switch; }
switching_off() { echo 0 > $D/auto_switch; echo 0 > $D/cluster; }
switches() { sed -n 's/^switches //p' $D/system; }
state() { cat $D/pmu_state; }
# group PMU CONFIG...: pmu_group's first line, "opened K errno E"
group() { pmu_group "$@" 2>&1 | head -1; }
dev=/sys/bus/event_source/devices

# ---- the PMUs, their events, and what they refuse ---------------------------
perf list pmu >/tmp/list.txt 2>&1
check "perf list shows both PMUs' cycle events" \
	sh -c "grep -q '$BIG/cpu_cycles/' /tmp/list.txt && grep -q '$LIT/cpu_cycles/' /tmp/list.txt"
check_eq "format/event is the ARMv7 event number" "$(cat $dev/$BIG/format/event $dev/$LIT/format/event)" \
	"config:0-7
config:0-7"
check_eq "events: an alias for what each core has (Table 2: 0x1b A15 only, 0x06 A7 only)" \
	"$(ls $dev/$BIG/events | grep -c '^inst_spec$') $(ls $dev/$BIG/events | grep -c '^ld_retired$') $(ls $dev/$LIT/events | grep -c '^inst_spec$') $(ls $dev/$LIT/events | grep -c '^ld_retired$')" \
	"1 0 0 1"
check_eq "events/cpu_cycles and events/instructions" \
	"$(cat $dev/$LIT/events/cpu_cycles $dev/$BIG/events/instructions)" "event=0x11
event=0x08"
check_eq "cpus: the online CPUs (each has its own pair of cores)" \
	"$(cat $dev/$BIG/cpus) $(cat $dev/$LIT/cpus)" "$(cat /sys/devices/system/cpu/online) $(cat /sys/devices/system/cpu/online)"
s0=$(state)
check_eq "an event the core does not have (0x1b on the A7) is refused: EINVAL" "$(group $LIT 0x1b)" "opened 0 errno 22"
check_eq "... and changes nothing (PMU state $s0)" "$(state)" "$s0"
check_eq "the A7's counters and the cycle counter hold a group of 5 cycles-or-instructions, not 6" \
	"$(group $LIT 0x11 8 8 8 8 8)" "opened 5 errno 22"
check_eq "the A15's hold 7, not 8" "$(group $BIG 0x11 8 8 8 8 8 8 8)" "opened 7 errno 22"
check "sampling by frequency (no fixed period) is refused" \
	sh -c "! perf record -q -o /tmp/f.data -F 1000 -e $BIG/cpu_cycles/u true 2>/dev/null"
check "sampling below the 10,000-count floor is refused" \
	sh -c "! perf record -q -o /tmp/f.data -c 9999 -e $BIG/cpu_cycles/u true 2>/dev/null"
check_eq "dmesg says why for each refusal" \
	"$(dmesg | grep -c -e 'not a Cortex-A7 event' -e 'does not fit' -e 'sampling needs a fixed period' | awk '{ print ($1 >= 4) }')" 1

# ---- state 3 while events exist ------------------------------------------------
pmu_state3

# ---- counts: each cluster's share, the sum = the native count --------------------
EVB="-e $BIG/cpu_cycles/u,$LIT/cpu_cycles/u,$BIG/instructions/u,$LIT/instructions/u"
EVN="-e cycles:u,instructions:u"
switching_off
pstat n1 $EVN spin $N
pstat b0 $EVB spin $N
pstat n2 $EVN spin $N
tol=$(( $(minus "$(val n1 cycles:u)" "$(val n2 cycles:u)") ))
tol=$(( ${tol#-} + USER_TOL ))
# one_cluster A B NATIVE: A is the native count (to within USER_TOL), B is 0
one_cluster() { within "$1" "$3" $USER_TOL && [ "$2" = 0 ]; }
check "switching off: all of cpu_cycles:u on the boot cluster, the native count ($(val b0 $BIG/cpu_cycles/u) $(val b0 $LIT/cpu_cycles/u))" \
	one_cluster "$(val b0 $BIG/cpu_cycles/u)" "$(val b0 $LIT/cpu_cycles/u)" "$(val n1 cycles:u)"
check "... and all of instructions:u ($(val b0 $BIG/instructions/u) $(val b0 $LIT/instructions/u))" \
	one_cluster "$(val b0 $BIG/instructions/u)" "$(val b0 $LIT/instructions/u)" "$(val n1 instructions:u)"
s0=$(switches); switching_on
pstat b1 $EVB spin $N
pstat n3 $EVN spin $N
switching_off; s1=$(switches)
check "the monitor switched during the runs ($((s1 - s0)) switches)" test $((s1 - s0)) -ge 200
for ev in cpu_cycles instructions; do
	a=$(val b1 $BIG/$ev/u) b=$(val b1 $LIT/$ev/u)
	check "with switches: $ev:u on both clusters ($a + $b)" sh -c "[ '${a:-0}' -gt 0 ] && [ '${b:-0}' -gt 0 ]" 2>/dev/null
	nat=$(val n3 instructions:u); [ $ev = cpu_cycles ] && nat=$(val n3 cycles:u)
	check "... A15 + A7 = the native $ev:u ($nat) to within $tol (native runs: $(val n1 cycles:u), $(val n2 cycles:u))" \
		within "$( isnum "$a" && isnum "$b" && echo $((a + b)))" "$nat" $tol
done
note "spin $N with $((s1 - s0)) switches: cpu_cycles:u A15 $(val b1 $BIG/cpu_cycles/u) + A7 $(val b1 $LIT/cpu_cycles/u)," \
	"native $(val n3 cycles:u)"

# ---- a group read: one SYNC for the event counters ------------------------------
switching_on
set -- $(pmu_group $BIG 0x11 8 8 8 | sed -n 's/^values //p')
g15="$1 $2 $3 $4"
set -- $(pmu_group $LIT 0x11 8 8 8 | sed -n 's/^values //p')
g7="$1 $2 $3 $4"
switching_off
check "a group of cpu_cycles and 3 x instructions per cluster, read whole: equal values in each ($g15 / $g7)" \
	sh -c "echo '$g15' | awk '\$1 > 0 && \$1 == \$2 && \$2 == \$3 && \$3 == \$4 { ok = 1 } END { exit !ok }' &&
	       echo '$g7' | awk '\$1 > 0 && \$1 == \$2 && \$2 == \$3 && \$3 == \$4 { ok = 1 } END { exit !ok }'"

# ---- SW_INCR: exact per cluster -----------------------------------------------------
pmu_swinc 100000

# ---- sampling ---------------------------------------------------------------------
if [ "$PMU_IRQS" = yes ]; then
	pmu_sampling "$(val n1 cycles:u)" $P yes
	check "perf report attributes the samples to spin's main" \
		sh -c "perf report -i /tmp/p1.data --stdio 2>/dev/null | grep -q '  spin  .*\\[\\.\\] main'"
else
	note "perf record checks (5) not run on $BOARD: $PMU_IRQS"
fi

# ---- with the native driver: one at a time, in one boot -----------------------------
# blmon first, on the inactive cluster (the A7 runs, nothing switches): its
# event counts nothing, and its programming of the A15 waits for the A15's
# switch-in; leaving state 3 drops it, so the native run that follows, with
# switches, is not touched by it (docs/abi.md "Leaving state 3")
echo 1 > $D/cluster
pstat x1 -e $BIG/cpu_cycles/u,$LIT/cpu_cycles/u spin $N
switching_on
pstat x2 -e cycles:u spin $N
pstat x3 -e $BIG/cpu_cycles/u,$LIT/cpu_cycles/u spin $N
switching_off
check "an event of the inactive cluster counts nothing while it stays inactive ($(val x1 $BIG/cpu_cycles/u) $(val x1 $LIT/cpu_cycles/u))" \
	one_cluster "$(val x1 $LIT/cpu_cycles/u)" "$(val x1 $BIG/cpu_cycles/u)" "$(val n1 cycles:u)"
x3=$( isnum "$(val x3 $BIG/cpu_cycles/u)" && isnum "$(val x3 $LIT/cpu_cycles/u)" &&
	echo $(( $(val x3 $BIG/cpu_cycles/u) + $(val x3 $LIT/cpu_cycles/u) )))
both_within() { within "$1" "$3" "$4" && within "$2" "$3" "$4"; }
check "one after the other, switching: native, then blmon A15 + A7, each the native count ($(val x2 cycles:u), $x3)" \
	both_within "$(val x2 cycles:u)" "$x3" "$(val n1 cycles:u)" $USER_TOL
pmu_busy_native_first
pstat n9 -e cycles:u spin $((3 * N))
check "... and the native count is untouched ($(val bg cycles:u))" within "$(val bg cycles:u)" "$(val n9 cycles:u)" $USER_TOL
pmu_busy_blmon_first
check "... and the blmon count is untouched ($(val bg2 $BIG/cpu_cycles/u))" within "$(val bg2 $BIG/cpu_cycles/u)" "$(val n9 cycles:u)" $USER_TOL
check_eq "dmesg: both refusals named, no warning, oops or BUG" \
	"$(dmesg | grep -c -e 'blmon PMUs busy' -e 'the blmon PMUs have events') $(dmesg | grep -c -e WARNING -e Oops -e 'BUG:')" "2 0"
