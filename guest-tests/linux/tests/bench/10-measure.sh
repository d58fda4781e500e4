# Run by /init in the measurement initramfs (tools/linux-measure.sh, not
# part of make test): perf stat of the fixed workload, printed as
# "# measure NAME VALUE" lines for the host to collect. No checks here: the
# tests of the same counts are in ../tests/30-perf.sh.
echo "# measure $(cntvct)"    # boot: reset to the first /tests script
perf stat -o /tmp/measure.stat -e cycles,instructions,instructions:u spin 200000000 >/dev/null 2>&1
awk '$2 ~ /^(cycles|instructions|instructions:u)$/ { print "# measure " $2 " " $1 }
     /seconds time elapsed/ { print "# measure elapsed_s " $1 }' /tmp/measure.stat

# A context-switch-heavy workload under perf stat, by the PMU state perf
# finds (docs/performance.md "Linux: perf stat by PMU state"): pingpong
# bounces a byte between two processes on CPU 0 through pipes, ROUNDS times
# (two context switches a round). perf stat -i counts the parent only, so
# every switch to and from the uncounted child schedules perf's events out
# and in: PMU register accesses on every context switch (with inheritance
# both tasks would share a cloned context and Linux swaps it without
# touching the PMU). Each run's time is virtual (-icount: instructions).
ROUNDS=20000
pp() { # NAME [perf stat...]: elapsed ns of pingpong 0 0 ROUNDS, and perf's counts
	n=$1; shift
	rm -f /tmp/pp.stat
	a=$(now_ns)
	"$@" ${1:+-o /tmp/pp.stat} pingpong 0 0 $ROUNDS >/dev/null 2>&1
	b=$(now_ns)
	echo "# measure pp_${n}_ns $((b - a))"
	[ $# -eq 0 ] || awk -v n="$n" '$2 ~ /^(cycles|instructions|context-switches)$/ {
		gsub(",", "", $1); print "# measure pp_" n "_" $2 " " $1 }' /tmp/pp.stat
}
D=/sys/kernel/debug/blmon
echo "# measure pp_rounds $ROUNDS"
pp none
pp state2 perf stat -i -e cycles,instructions,context-switches
# Under the monitor only: plain QEMU starts Linux in HYP mode, with no
# monitor to answer the module's HVCs.
if ! dmesg | grep -q "started in HYP mode" && insmod /lib/modules/blmon_guest.ko &&
	echo 1 > $D/pmu_switch; then
	echo "# measure pp_state3_before $(cat $D/pmu_state)"   # 3: every PMU access traps
	pp state3 perf stat -i -e cycles,instructions,context-switches
	echo "# measure pp_state3_after $(cat $D/pmu_state)"    # 2 again after perf's first access
	# perf per cluster (docs/linux-module.md): the same two hardware events
	# through the blmon PMUs, one per cluster, counted through Type B
	pp blmon perf stat -i -e blmon_cortex_a15/cpu_cycles/,blmon_cortex_a7/cpu_cycles/,context-switches
	awk '$2 ~ /^blmon_cortex_a(15|7)\/cpu_cycles\/$/ { gsub(",", "", $1); split($2, p, "/")
		print "# measure pp_blmon_" p[1] " " $1 }' /tmp/pp.stat
fi
