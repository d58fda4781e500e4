# Run by /init in the linux-cpufreq scenarios (-smp 1 under -icount, -smp 2):
# the guest module's cpufreq driver (cpufreq=1) puts the whole system on the
# cluster of the point the governor picks (docs/linux-module.md). Each check
# reads the cluster three ways: the module's `cluster` file on every CPU, the
# monitor's switch count, and scaling_cur_freq.
. /lib/cpufreq-tests.sh
POINTS="175000 250000 350000 450000 500000 600000 800000 1000000 1200000"

check "insmod blmon_guest.ko cpufreq=1" insmod /lib/modules/blmon_guest.ko cpufreq=1
check_eq "the driver is blmon's" "$(cat $P/scaling_driver 2>&1)" blmon
check_eq "one policy for every CPU" "$(cat $P/affected_cpus)" "$(online_cpus | tr '\n' ' ' | sed 's/ $//')"
check_eq "the table: the A7's points (halved) below the A15's" \
	"$(cat $P/scaling_available_frequencies | sed 's/ *$//')" "$POINTS"
check_eq "cpuinfo_transition_latency: the measured switch, 1 ms" "$(cat $P/cpuinfo_transition_latency)" 1000000
check_eq "the default governor is Debian's, schedutil" "$(cat $P/scaling_governor)" schedutil
check_eq "auto_switch is refused while the governor decides" \
	"$(takes $D/auto_switch 5000)" refused
check_eq "so is switch_period_ms" \
	"$(takes $D/switch_period_ms 10)" refused

# ---- performance, powersave ------------------------------------------------------
governor performance
check_eq "performance: the A15's top point" "$(cat $P/scaling_cur_freq)" 1200000
check_eq "performance: every CPU on the A15" "$(clusters)" "$(all_on 0)"
s0=$(switches)
check "powersave (a module) loads and is selected" governor powersave
check_eq "powersave: the A7's lowest point" "$(cat $P/scaling_cur_freq)" 175000
check_eq "powersave: every CPU on the A7" "$(clusters)" "$(all_on 1)"
check_eq "powersave: one whole-system switch" $(($(switches) - s0)) 1
governor performance
check_eq "performance again: every CPU on the A15, one more switch" "$(clusters) $(($(switches) - s0))" "$(all_on 0) 2"

# ---- userspace: every point, the cluster follows, a switch only across ------------
check "userspace (a module) loads and is selected" governor userspace
s0=$(switches) t0=$(cat $P/stats/total_trans) bad=
for f in $POINTS $(echo $POINTS | tr ' ' '\n' | sort -rn); do
	echo "$f" > $P/scaling_setspeed
	got="$(cat $P/scaling_cur_freq) $(clusters)"
	[ "$got" = "$f $(all_on "$(cluster_of "$f")")" ] || bad="$bad [$f: $got]"
done
check_eq "userspace: every point up and down, scaling_cur_freq is it and every CPU is on its cluster" "$bad" ""
check_eq "userspace: 18 points set from 1.2 GHz, 3 whole-system switches (to 175 MHz, up across, down across)" $(($(switches) - s0)) 3
check_eq "cpufreq stats: 17 transitions (1.2 GHz -> 175 MHz, 8 up, 8 down)" $(($(cat $P/stats/total_trans) - t0)) 17

# ---- bad input: clamped the way cpufreq does it, or refused ------------------------
echo 99999999 > $P/scaling_setspeed
check_eq "99999999 kHz: clamped to the top point, on the A15" "$(cat $P/scaling_cur_freq) $(clusters)" "1200000 $(all_on 0)"
echo 1 > $P/scaling_setspeed
check_eq "1 kHz: clamped to the lowest point, on the A7" "$(cat $P/scaling_cur_freq) $(clusters)" "175000 $(all_on 1)"
check_eq "a point between two: the next above (400 MHz -> 450000)" \
	"$(echo 400000 > $P/scaling_setspeed; cat $P/scaling_cur_freq)" 450000
s0=$(switches)
check_eq "a word, not a number: refused" "$(takes $P/scaling_setspeed fast)" refused
check_eq "... and nothing changed" "$(cat $P/scaling_cur_freq) $(clusters) $(($(switches) - s0))" "450000 $(all_on 1) 0"

# ---- a switch made by someone else: the driver asks the monitor ---------------------
echo 1200000 > $P/scaling_setspeed
echo 1 > $D/cluster   # HVC_CLUSTER_SWITCH, not through cpufreq
check_eq "after an outside switch to the A7, cpuinfo_cur_freq (the driver's get) names the A7's top point" \
	"$(cat $P/cpuinfo_cur_freq)" 450000
sleep 1
check_eq "... and the governor then puts the system back on its point (userspace: 1.2 GHz, the A15)" \
	"$(cat $P/scaling_cur_freq) $(clusters)" "1200000 $(all_on 0)"

# ---- ondemand, conservative load and select --------------------------------------
check "ondemand (a module) loads and is selected" governor ondemand
check "conservative (a module) loads and is selected" governor conservative
governor schedutil
dmesg > /tmp/dmesg-cpufreq
check "no kernel oops, BUG or warning" sh -c '! grep -qE "Oops|BUG:|WARNING:|Internal error|Failed to change" /tmp/dmesg-cpufreq'
