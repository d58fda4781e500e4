# make soak-linux (issue #18): Debian's kernel on every CPU for
# test.soak_minutes (default 30) while the monitor switches the whole system
# every blmon.switch_us, under perf record, perf stat -a and a context-switch
# heavy load (pingpong between CPU pairs, a busy loop on each CPU), round
# after round. Then: no soft lockup, RCU stall, lost tick, Oops or warning in
# the kernel log; every CPU's timer interrupts and IPIs grew in every round;
# perf worked in every round; the figures for docs/testing.md as notes.
. /lib/perf-tests.sh
cpus=$SMP
minutes=$(cmdline test.soak_minutes); minutes=${minutes:-30}
period_us=$(cmdline blmon.switch_us)
ROUND_S=20
check "the soak runs several CPUs ($cpus) with blmon.switch_us ($period_us)" \
	test "${cpus:-0}" -gt 1 -a "${period_us:-0}" -gt 0
last=$((cpus - 1))
tim_start=$(irqs arch_timer); ipi_start=$(irqs '^ *IPI[0-9]+:')
t_start=$(now_ns); host_start=$(date +%s)
end_ns=$((t_start + minutes * 60 * 1000000000))
rounds=0 quiet=0 perf_bad=0
while [ "$(now_ns)" -lt "$end_ns" ]; do
	tim0=$(irqs arch_timer); ipi0=$(irqs '^ *IPI[0-9]+:')
	for c in $(seq 0 $last); do
		timeout $ROUND_S taskset -c "$c" sh -c 'while :; do :; done' &
		[ "$c" = 0 ] || timeout $ROUND_S pingpong 0 "$c" 1000000 >/dev/null &
	done
	perf record -q -a -o /tmp/soak.data -e cycles -c 1000003 -- sleep $((ROUND_S / 2)) >/dev/null 2>&1 || perf_bad=$((perf_bad + 1))
	perf stat -a -x, -o /tmp/soak.stat -e cycles,task-clock -- sleep $((ROUND_S / 2 - 1)) >/dev/null 2>&1 || perf_bad=$((perf_bad + 1))
	wait
	tim1=$(irqs arch_timer); ipi1=$(irqs '^ *IPI[0-9]+:')
	grew "$tim0" "$tim1" && grew "$ipi0" "$ipi1" || quiet=$((quiet + 1))
	rounds=$((rounds + 1))
done
t_end=$(now_ns); host_end=$(date +%s)
dmesg > /tmp/dmesg-soak
check "$rounds rounds of $ROUND_S s ran" test "$rounds" -ge 1
check_eq "every CPU's timer interrupts and IPIs grew in every round" "$quiet" 0
check_eq "perf record -a and perf stat -a worked in every round" "$perf_bad" 0
for w in "soft lockup" "rcu_sched self-detected stall" "RCU Stall" "rcu: INFO" "Oops" "BUG:" \
	"WARNING:" "hung_task" "clocksource.*unstable"; do
	check "no '$w' in the kernel log" sh -c "! grep -qi '$w' /tmp/dmesg-soak"
done
note "soak: $rounds rounds, $(( (t_end - t_start) / 1000000000 )) s of guest time, $((host_end - host_start)) s of host time"
note "soak: arch_timer per CPU $tim_start-> $(irqs arch_timer); IPIs per CPU $ipi_start-> $(irqs '^ *IPI[0-9]+:')"
