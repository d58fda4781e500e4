# Run by /init in the linux-cpufreq scenarios: the governors that scale by
# load move the system to the big cluster under a CPU-bound load on every CPU and back
# to the LITTLE one when idle, and a load held near the boundary does not make them
# switch constantly (the driver's hysteresis). Times are virtual (cntvct);
# the bounds are the measured figures with their margins (docs/linux-module.md).
# What is seen at the moment of arrival is read by waitfor itself: the shell's
# own forks are a load that brings the big cluster back within milliseconds.
. /lib/cpufreq-tests.sh
UP_MS=${UP_MS:-100}        # to the A15 under load (measured: 20 ms, one poll)
DOWN_MS=${DOWN_MS:-1000}   # back to the A7 when idle (measured: 20-100 ms)
MAX_PER_S=${MAX_PER_S:-5}  # switches per second at the boundary load (measured: 2 at most)
driver_loaded

# busy MS: a spin on every online CPU for MS ms (duty 100 %), in the background
busy() { for bc in $(online_cpus); do taskset -c "$bc" duty 1000 1000 "$1" & done; }

for gov in schedutil ondemand; do
	governor $gov
	r=$(wait_cluster 1 $DOWN_MS)
	check "$gov: idle, every CPU on the LITTLE cluster within $DOWN_MS ms, scaling_cur_freq a LITTLE point ($r)" seen_on 1 "$r"
	sleep 1
	s0=$(switches)
	busy 3000
	r=$(wait_cluster 0 $UP_MS)
	check "$gov: a spin on every CPU puts them on the big cluster within $UP_MS ms, scaling_cur_freq a big point ($r)" seen_on 0 "$r"
	wait
	r=$(wait_cluster 1 $DOWN_MS)
	check "$gov: idle again, every CPU back on the LITTLE cluster within $DOWN_MS ms, scaling_cur_freq a LITTLE point ($r)" seen_on 1 "$r"
	note "$gov: $(($(switches) - s0)) switches for one load and one idle"
done

# ---- a load near the boundary ------------------------------------------------------
# duty cycles on one CPU, 2 s each: the switches during the run, with the
# driver's hysteresis and without. cpufreq.duties=P,P.. and cpufreq.hyst=1
# (with the hysteresis only: the runs without it are measurements, no
# check) make the sweep shorter for a scenario that has its figures in docs
# (linux64-cpufreq: docs/linux-module.md)
duties=$(cmdline cpufreq.duties | tr , ' ') hyst=$(cmdline cpufreq.hyst)
governor schedutil
for h in ${hyst:-1 0}; do
	echo $h > /sys/module/blmon_guest/parameters/hysteresis
	for pct in ${duties:-40 50 60 70 80}; do
		s0=$(switches)
		duty $((pct * 100)) 10000 2000
		s1=$(switches)
		note "hysteresis $h, schedutil, duty $pct % of 10 ms on one CPU: $((s1 - s0)) switches in 2 s"
		[ $h = 0 ] || check "schedutil, duty $pct %: at most $MAX_PER_S switches per second ($((s1 - s0)) in 2 s)" \
			test $(((s1 - s0) * 1000)) -le $((MAX_PER_S * 2000))
	done
done
echo 1 > /sys/module/blmon_guest/parameters/hysteresis
dmesg > /tmp/dmesg-load
check "no kernel oops, BUG or warning" sh -c '! grep -qE "Oops|BUG:|WARNING:|Internal error|Failed to change" /tmp/dmesg-load'
