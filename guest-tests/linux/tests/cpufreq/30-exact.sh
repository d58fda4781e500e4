# Run by /init in the linux-cpufreq scenarios: perf stat of a workload whose
# own load makes schedutil switch the system (A7 when idle, A15 under it)
# counts the same user instructions as with no switch at all (performance
# governor): the exactness rule of docs/linux.md, with the governor deciding.
. /lib/perf-tests.sh
. /lib/cpufreq-tests.sh
N=100000000            # spin N: 2N + C user instructions (docs/linux.md)
driver_loaded
EV="-e instructions:u"

governor performance
s0=$(switches)
pstat still $EV spin $N
check_eq "performance: no switch during the run" $(($(switches) - s0)) 0
check "instructions:u counted: at least the loop's 2N ($(val still instructions:u); QEMU counts them only under -icount)" \
	test "$(val still instructions:u)" -ge $((2 * N))
governor schedutil
r=$(wait_cluster 1 1000)
check "schedutil: idle, on the A7 before the run ($r)" seen_on 1 "$r"
s0=$(switches)
pstat moved $EV spin $N
s1=$(switches)
check "schedutil: the run's own load switched the system ($((s1 - s0)) switches)" test $((s1 - s0)) -ge 1
check_eq "instructions:u of spin $N: the same across governor-driven switches as without, exactly" \
	"$(val moved instructions:u)" "$(val still instructions:u)"
note "instructions:u $(val moved instructions:u) with $((s1 - s0)) switches, $(val still instructions:u) without"
