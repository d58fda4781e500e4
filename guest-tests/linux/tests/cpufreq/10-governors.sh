# Run by /init in the linux-cpufreq scenarios (-smp 1 under -icount, -smp 2):
# the guest module's cpufreq driver (cpufreq=1) puts the whole system on the
# cluster of the point the governor picks (docs/linux-module.md). Each check
# reads the cluster three ways: the module's `cluster` file on every CPU, the
# monitor's switch count, and scaling_cur_freq.
. /lib/cpufreq-tests.sh   # POINTS, BOTTOM, LITTLE_TOP, BIG_LOW, TOP, BETWEEN
NP=$(echo $POINTS | wc -w)

check "insmod blmon_guest.ko cpufreq=1" insmod /lib/modules/blmon_guest.ko cpufreq=1
check_eq "the driver is blmon's" "$(cat $P/scaling_driver 2>&1)" blmon
check_eq "one policy for every CPU" "$(cat $P/affected_cpus)" "$(online_cpus | tr '\n' ' ' | sed 's/ $//')"
check_eq "the table: the LITTLE core's points (halved) below the big core's" \
	"$(cat $P/scaling_available_frequencies | sed 's/ *$//')" "$POINTS"
check_eq "cpuinfo_transition_latency: the measured switch, 1 ms" "$(cat $P/cpuinfo_transition_latency)" 1000000
check_eq "the default governor is Debian's, schedutil" "$(cat $P/scaling_governor)" schedutil
check_eq "auto_switch is refused while the governor decides" \
	"$(takes $D/auto_switch 5000)" refused
check_eq "so is switch_period_ms" \
	"$(takes $D/switch_period_ms 10)" refused

# ---- performance, powersave ------------------------------------------------------
governor performance
check_eq "performance: the big core's top point" "$(cat $P/scaling_cur_freq)" $TOP
check_eq "performance: every CPU on the big cluster" "$(clusters)" "$(all_on 0)"
s0=$(switches)
check "powersave (a module) loads and is selected" governor powersave
check_eq "powersave: the LITTLE core's lowest point" "$(cat $P/scaling_cur_freq)" $BOTTOM
check_eq "powersave: every CPU on the LITTLE cluster" "$(clusters)" "$(all_on 1)"
check_eq "powersave: one whole-system switch" $(($(switches) - s0)) 1
governor performance
check_eq "performance again: every CPU on the big cluster, one more switch" "$(clusters) $(($(switches) - s0))" "$(all_on 0) 2"

# ---- userspace: every point, the cluster follows, a switch only across ------------
check "userspace (a module) loads and is selected" governor userspace
s0=$(switches) t0=$(cat $P/stats/total_trans) bad=
for f in $POINTS $(echo $POINTS | tr ' ' '\n' | sort -rn); do
	echo "$f" > $P/scaling_setspeed
	got="$(cat $P/scaling_cur_freq) $(clusters)"
	[ "$got" = "$f $(all_on "$(cluster_of "$f")")" ] || bad="$bad [$f: $got]"
done
check_eq "userspace: every point up and down, scaling_cur_freq is it and every CPU is on its cluster" "$bad" ""
check_eq "userspace: $((2 * NP)) points set from $TOP, 3 whole-system switches (to $BOTTOM, up across, down across)" $(($(switches) - s0)) 3
check_eq "cpufreq stats: $((2 * NP - 1)) transitions ($TOP -> $BOTTOM, $((NP - 1)) up, $((NP - 1)) down)" $(($(cat $P/stats/total_trans) - t0)) $((2 * NP - 1))

# ---- bad input: clamped the way cpufreq does it, or refused ------------------------
echo 99999999 > $P/scaling_setspeed
check_eq "99999999 kHz: clamped to the top point, on the big cluster" "$(cat $P/scaling_cur_freq) $(clusters)" "$TOP $(all_on 0)"
echo 1 > $P/scaling_setspeed
check_eq "1 kHz: clamped to the lowest point, on the LITTLE cluster" "$(cat $P/scaling_cur_freq) $(clusters)" "$BOTTOM $(all_on 1)"
set -- $BETWEEN
check_eq "a point between two: the next above ($1 -> $2)" \
	"$(echo $1 > $P/scaling_setspeed; cat $P/scaling_cur_freq)" $2
s0=$(switches)
check_eq "a word, not a number: refused" "$(takes $P/scaling_setspeed fast)" refused
check_eq "... and nothing changed" "$(cat $P/scaling_cur_freq) $(clusters) $(($(switches) - s0))" "$2 $(all_on 1) 0"

# ---- a switch made by someone else: the driver asks the monitor ---------------------
echo $TOP > $P/scaling_setspeed
echo 1 > $D/cluster   # HVC_CLUSTER_SWITCH, not through cpufreq
check_eq "after an outside switch to the LITTLE cluster, cpuinfo_cur_freq (the driver's get) names its top point" \
	"$(cat $P/cpuinfo_cur_freq)" $LITTLE_TOP
sleep 1
check_eq "... and the governor then puts the system back on its point (userspace: $TOP, the big cluster)" \
	"$(cat $P/scaling_cur_freq) $(clusters)" "$TOP $(all_on 0)"

# ---- ondemand, conservative load and select --------------------------------------
check "ondemand (a module) loads and is selected" governor ondemand
check "conservative (a module) loads and is selected" governor conservative
governor schedutil
dmesg > /tmp/dmesg-cpufreq
check "no kernel oops, BUG or warning" sh -c '! grep -qE "Oops|BUG:|WARNING:|Internal error|Failed to change" /tmp/dmesg-cpufreq'
