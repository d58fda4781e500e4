# Run by /init in the linux-cpufreq scenarios: perf stat of a workload whose
# own load makes schedutil switch the system (LITTLE when idle, big under it)
# counts the same user instructions as with no switch at all (performance
# governor): the exactness rule of docs/linux.md, with the governor deciding.
. /lib/perf-tests.sh
. /lib/cpufreq-tests.sh
N=100000000            # spin N: 2N + C user instructions (docs/linux.md)
driver_loaded
EV="-e instructions:u"

governor performance
s0=$(switches)
pstatn still $EV spin $N
check_eq "performance: no switch during the $RUNS runs" $(($(switches) - s0)) 0
check "instructions:u counted: at least the loop's 2N ($(val still instructions:u); QEMU counts them only under -icount)" \
	test "$(val still instructions:u)" -ge $((2 * N))
# the same number of runs with the governor deciding, each from idle on the A7
governor schedutil
k=1 idle=yes fewest=""
while [ $k -le $RUNS ]; do
	r=$(wait_cluster 1 1000)
	seen_on 1 "$r" || idle="no: before run $k, $r"
	s0=$(switches)
	if [ $k = 1 ]; then pstat moved $EV spin $N; else pstat moved_$k $EV spin $N; fi
	s1=$(switches)
	if [ -z "$fewest" ] || [ $((s1 - s0)) -lt "$fewest" ]; then fewest=$((s1 - s0)); fi
	k=$((k + 1))
done
check "schedutil: idle, on the LITTLE cluster before each of the $RUNS runs ($idle)" test "$idle" = yes
check "schedutil: each run's own load switched the system (at least $fewest switches)" test "$fewest" -ge 1
check_eq "instructions:u of spin $N: the same across governor-driven switches as without, exactly (the fewest of $RUNS runs each)" \
	"$(umin moved instructions:u)" "$(umin still instructions:u)"
note "instructions:u $(umin moved instructions:u) with switches, $(umin still instructions:u) without (the fewest of $RUNS runs each)"
