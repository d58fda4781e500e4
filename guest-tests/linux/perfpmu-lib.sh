# Checks of the guest module's perf PMUs (docs/linux-module.md "perf per
# cluster") that ARMv7's default suite (tests/default/40-perfpmu.sh) and
# AArch64's (tests/arm64/50-perfpmu.sh) make alike; /lib/perfpmu-tests.sh in
# both initramfs. One copy: a change to what the checks assert holds for both
# architectures. The sourcing suite sources /lib/perf-tests.sh first and sets
#   D                      the module's debugfs directory
#   BIG LIT                the big and LITTLE clusters' PMUs (blmon_cortex_*)
#   BIG_CORE LIT_CORE      their cores' names in the messages (A15, A7 / A57, A53)
#   N                      spin's argument of the sampled runs
#   switching_on, switching_off   how the system is made to switch clusters (the
#                          monitor's timer or the module's) and stopped; _off
#                          also brings it back to cluster 0
#   pmu_swinc COUNT        2 checks: SW_INCR, exact per cluster
#   pmu_sampling T P OFF   3 checks (4 with OFF = yes): perf record
#   pmu_busy_native_first, pmu_busy_blmon_first   1 check each: EBUSY
#   pmu_state3             2 checks: state 3 while an event exists

# pmu_swinc COUNT: HVC_PMU_SWINC COUNT times while switching, through the
# module (typeb_swinc), under perf's sw_incr events of both PMUs: each
# cluster's event counts exactly the calls that cluster took
pmu_swinc() {
	echo 0 > $D/typeb_swinc
	switching_on
	pstat sw -e $BIG/sw_incr/,$LIT/sw_incr/ sh -c "echo $1 > $D/typeb_swinc"
	switching_off
	ps_n=$1
	set -- $(awk '/^cpu0 / { print $3, $5 }' $D/typeb_swinc)
	check "HVC_PMU_SWINC $ps_n times, taken by both clusters ($1 + $2)" \
		sh -c "[ $(( ${1:-0} + ${2:-0} )) = $ps_n ] && [ ${1:-0} -gt 0 ] && [ ${2:-0} -gt 0 ]"
	check_eq "sw_incr counts exactly what each cluster took" "$(val sw $BIG/sw_incr/) $(val sw $LIT/sw_incr/)" "${1:-x} ${2:-x}"
}

# pmu_samples FILE PMU: how many of perf record FILE's samples are PMU's
pmu_samples() { perf script -i "$1" -F event 2>/dev/null | grep -c "$2"; }
# pmu_sampling T P OFF: perf record -c P of spin N, whose native cycles:u
# count is T (a number, or the check fails): the PMU's overflow interrupt.
# OFF = yes: also each PMU alone with switching off (not when the monitor
# switches by itself). Leaves /tmp/p1.data, the run with switches.
pmu_sampling() {
	want=$( isnum "$1" && echo $(($1 / $2)))
	switching_off
	perf record -q -o /tmp/p0.data -e $BIG/cpu_cycles/u -c $2 spin $N >/dev/null 2>&1
	if [ "$3" = yes ]; then
		perf record -q -o /tmp/p7.data -e $LIT/cpu_cycles/u -c $2 spin $N >/dev/null 2>&1
		check_eq "perf record, switching off: floor(cycles:u / P) samples on the $BIG_CORE, none on the $LIT_CORE" \
			"$(pmu_samples /tmp/p0.data $BIG) $(pmu_samples /tmp/p7.data $LIT)" "$want 0"
	fi
	switching_on
	perf record -q -o /tmp/p1.data -e $BIG/cpu_cycles/u -c $2 -e $LIT/cpu_cycles/u -c $2 spin $N >/dev/null 2>&1
	switching_off
	s15=$(pmu_samples /tmp/p1.data $BIG) s7=$(pmu_samples /tmp/p1.data $LIT)
	check "with switches: samples on both clusters ($s15 + $s7)" test "$s15" -gt 0 -a "$s7" -gt 0
	check "... floor(a / P) + floor(b / P) for a + b = cycles:u: floor(total / P) or one less ($want)" \
		test $((s15 + s7)) -le "$want" -a $((s15 + s7)) -ge $((want - 1))
	check_eq "every sample is one period" \
		"$(perf script -i /tmp/p1.data -F period 2>/dev/null | sort -u | tr -d ' ')" "$2"
}

# One driver at a time (the module's perf PMUs and Linux's own): while one
# has an event counting spin 3N in the background, the other's perf stat
# fails with EBUSY and says so. The background counts: /tmp/bg.stat
# (native cycles:u) and /tmp/bg2.stat ($BIG/cpu_cycles/u), for the suite to
# check that the refusal did not touch them.
pmu_busy_native_first() {
	perf stat -x, -o /tmp/bg.stat -e cycles:u spin $((3 * N)) >/dev/null 2>&1 &
	sleep 0.05
	perf stat -e $BIG/cpu_cycles/ true >/tmp/busy.out 2>&1
	r1=$?
	wait
	check "while native events exist a blmon event fails: EBUSY, told (exit status $r1)" \
		sh -c "[ $r1 != 0 ] && grep -q 'Device or resource busy' /tmp/busy.out"
}
pmu_busy_blmon_first() {
	perf stat -x, -o /tmp/bg2.stat -e $BIG/cpu_cycles/u spin $((3 * N)) >/dev/null 2>&1 &
	sleep 0.05
	perf stat -e cycles:u true >/tmp/busy.out 2>&1
	r2=$?
	wait
	check "while blmon events exist a native event fails: EBUSY, told (exit status $r2)" \
		sh -c "[ $r2 != 0 ] && grep -q 'Device or resource busy' /tmp/busy.out"
}

# pmu_state3: 2 checks: the PMU is in state 3 while a blmon event exists
# (perf stat's workload reads the state) and back in state 1 after it
pmu_state3() {
	perf stat -o /tmp/st.stat -e $BIG/cpu_cycles/ cat $D/pmu_state >/tmp/st.out 2>/dev/null
	check_eq "the PMU is in state 3 while a blmon event exists (the workload reads it)" "$(cat /tmp/st.out)" 3
	check_eq "and back in state 1 when the last one is gone" "$(cat $D/pmu_state)" 1
}
