# Run by /init: perf per cluster on AArch64 (docs/linux-module.md "perf per
# cluster"): the guest module's PMUs blmon_cortex_a57 (cluster 0, big) and
# blmon_cortex_a53 (cluster 1, LITTLE), named after the cores the monitor
# reports (their PMCR's IDCODE through Type B), counting through the Type B
# calls in state 3 while the system moves between the clusters. Under
# -icount shift=0 at -smp 1 user counts are exact: a cluster's share plus
# the other's must equal what Linux's own armv8_pmuv3 driver counts for the
# same workload, exactly.
# Who switches: the monitor's timer when the scenario boots with
# blmon.switch_us=N (it switches all the time; the checks with switching
# off are then not made), else the module (HVC_CLUSTER_SWITCH every jiffy,
# switch_period_ms), as 40-switch.sh.
. /lib/perf-tests.sh   # pstat, val, isnum, minus, within, umin, RUNS
. /lib/perfpmu-tests.sh   # pmu_swinc, pmu_sampling, pmu_busy_*, pmu_state3 (shared with ARMv7)
D=/sys/kernel/debug/blmon
BIG=blmon_cortex_a57 LIT=blmon_cortex_a53 BIG_CORE=A57 LIT_CORE=A53
N=50000000             # spin N: 2N + SPIN_C_ARM64 user instructions, 100 ms
dev=/sys/bus/event_source/devices
[ -e $D/switches ] || insmod /lib/modules/blmon_guest.ko 2>/dev/null
check "the guest module is loaded" test -e $D/system
switches() { sed -n 's/^switches //p' $D/system; }
state() { cat $D/pmu_state; }
if grep -q 'blmon\.switch_us=' /proc/cmdline; then
	by=monitor
	switching_on() { :; }
	switching_off() { :; }
else
	by=module
	switching_on() { echo 1 > $D/switch_period_ms; }
	switching_off() { echo 0 > $D/switch_period_ms; echo 0 > $D/cluster; }
fi

# ---- the PMUs: named by the monitor's cores, their events ------------------------
check_eq "the PMUs are the reported cores': cluster 0's PMCR IDCODE 0x01 (A57), cluster 1's 0x03 (A53)" \
	"$(ls -d $dev/blmon_cortex_* | sed 's|.*/||' | sort | tr '\n' ' ')" "$LIT $BIG "
# idn PMCR: its IDCODE and N
idn() { printf '%02x/%d' $(($1 >> 16 & 0xff)) $(($1 >> 11 & 0x1f)); }
check_eq "... as the monitor reports them (Type B PMCR reads: IDCODE/N)" \
	"$(idn "$(cat $D/cluster0/pmcr)") $(idn "$(cat $D/cluster1/pmcr)")" "01/6 03/6"
check_eq "events: an alias for what each core has (PMCEID0: 0x1b A57 only, 0x06 A53 only)" \
	"$(ls $dev/$BIG/events | grep -c '^inst_spec$') $(ls $dev/$BIG/events | grep -c '^ld_retired$') $(ls $dev/$LIT/events | grep -c '^inst_spec$') $(ls $dev/$LIT/events | grep -c '^ld_retired$')" \
	"1 0 0 1"
s0=$(state)
check_eq "an event the core does not have (0x1b on the A53) is refused: EINVAL" \
	"$(pmu_group $LIT 0x1b 2>&1 | head -1)" "opened 0 errno 22"
check_eq "... and changes nothing (PMU state $s0)" "$(state)" "$s0"
check_eq "the A53's 6 counters and the cycle counter hold a group of 7 cycles-or-instructions, not 8" \
	"$(pmu_group $LIT 0x11 8 8 8 8 8 8 8 2>&1 | head -1)" "opened 7 errno 22"
dmesg > /tmp/dmesg-pmu
check "dmesg says why: not a Cortex-A53 event (its TRM's PMCEID0_EL0)" \
	grep -q "not a Cortex-A53 event (its TRM's PMCEID0_EL0)" /tmp/dmesg-pmu
pmu_state3

# ---- counts: each cluster's share, the sum = the native count, exactly --------------
EVB="-e $BIG/cpu_cycles/u,$LIT/cpu_cycles/u,$BIG/instructions/u,$LIT/instructions/u"
EVN="-e cycles:u,instructions:u"
# sum NAME EVENT: the two clusters' counts of EVENT in run NAME added
sum() { a=$(val "$1" "$BIG/$2/u") b=$(val "$1" "$LIT/$2/u"); isnum "$a" && isnum "$b" && echo $((a + b)); }
switching_off
pstatn n $EVN spin $N
if [ $by = module ]; then
	pstat b0 $EVB spin $N
	check_eq "switching off: all of instructions:u on the A57, the native count, none on the A53" \
		"$(val b0 $BIG/instructions/u) $(val b0 $LIT/instructions/u)" "$(umin n instructions:u) 0"
	check_eq "... and all of cpu_cycles:u" \
		"$(val b0 $BIG/cpu_cycles/u) $(val b0 $LIT/cpu_cycles/u)" "$(umin n cycles:u) 0"
else
	note "switching-off checks (2) not run: the monitor switches by itself (blmon.switch_us)"
fi
s0=$(switches); switching_on
pstatn b $EVB spin $N
switching_off; s1=$(switches)
check "switches during the $RUNS runs, made by the $by ($((s1 - s0)))" test $((s1 - s0)) -ge 30
for ev in instructions cpu_cycles; do
	nev=instructions:u; [ $ev = cpu_cycles ] && nev=cycles:u
	best= k=1
	while [ $k -le $RUNS ]; do
		r=b; [ $k = 1 ] || r=b_$k
		t=$(sum $r $ev)
		{ [ -z "$best" ] || { isnum "$t" && [ "$t" -lt "$best" ]; }; } && best=$t bestr=$r
		k=$((k + 1))
	done
	a=$(val $bestr $BIG/$ev/u) b=$(val $bestr $LIT/$ev/u)
	check "with switches: $ev:u on both clusters ($a + $b)" sh -c "[ '${a:-0}' -gt 0 ] && [ '${b:-0}' -gt 0 ]" 2>/dev/null
	check_eq "... A57 + A53 = the native $nev, exactly (the fewest of $RUNS runs each)" "$best" "$(umin n $nev)"
done
note "spin $N with $((s1 - s0)) switches in $RUNS runs: instructions:u A57 $a + A53 $b (run $bestr)," \
	"native $(umin n instructions:u)"

# ---- SW_INCR through HVC_PMU_SWINC: exact per cluster ------------------------------------
# 200,000 calls span several of the module's switches (one a jiffy, 4 ms): 50,000
# (about one jiffy) took one switch near their end (46,081 + 3,919) and, with the
# initramfs a few bytes longer, none (50,000 + 0): -icount repeats a boot exactly,
# not its phase against the jiffies once anything before it changes
pmu_swinc 200000

# ---- sampling: the PMU's overflow interrupt (Linux owns the GIC on AArch64) --------
pmu_sampling "$(umin n cycles:u)" 1000003 "$([ $by = module ] && echo yes)"

# ---- with the native armv8_pmuv3 driver: one at a time -------------------------------
pmu_busy_native_first
pmu_busy_blmon_first
check_eq "dmesg: both refusals named (armv8_pmuv3)" \
	"$(dmesg | grep -c -e 'armv8_pmuv3 events: blmon PMUs busy' -e 'armv8_pmuv3 busy: the blmon PMUs have events')" 2
check_eq "no kernel warning, oops or BUG" "$(dmesg | grep -c -e WARNING -e Oops -e 'BUG:')" 0
