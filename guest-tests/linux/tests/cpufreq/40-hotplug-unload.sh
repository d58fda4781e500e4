# Run by /init in the linux-cpufreq scenarios: CPU hot-plug keeps the one
# policy whole; unloading the module while switches are being made is safe.
. /lib/cpufreq-tests.sh
driver_loaded

if [ "$SMP" -ge 2 ]; then
	governor userspace
	last=$((SMP - 1))
	echo 0 > /sys/devices/system/cpu/cpu$last/online
	check_eq "cpu$last offline: the policy keeps the others" "$(cat $P/affected_cpus)" "$(seq -s ' ' 0 $((last - 1)))"
	s0=$(switches)
	echo $BOTTOM > $P/scaling_setspeed
	check_eq "... a switch with cpu$last off: the online CPUs on the LITTLE cluster" "$(clusters) $(($(switches) - s0))" "$(all_on 1) 1"
	echo 1 > /sys/devices/system/cpu/cpu$last/online
	check_eq "cpu$last online again: in the policy" "$(cat $P/affected_cpus)" "$(seq -s ' ' 0 $last)"
	check_eq "... and on the system's cluster, the LITTLE cluster, as the others" "$(clusters)" "$(all_on 1)"
	echo $TOP > $P/scaling_setspeed
	check_eq "... a switch with every CPU back: all on the big cluster" "$(clusters) $(cat $P/scaling_cur_freq)" "$(all_on 0) $TOP"
else
	note "hot-plug: one CPU, nothing to take off line (the -smp 2 scenario checks it)"
fi

# ---- unload while the governor switches ----------------------------------------------
governor userspace
( while :; do echo $BOTTOM > $P/scaling_setspeed; echo $TOP > $P/scaling_setspeed; done ) 2>/dev/null &
flip=$!
sleep 1
s0=$(switches)
sleep 1
check "switches are being made ($(($(switches) - s0)) in 1 s)" test $(($(switches) - s0)) -ge 2
check "rmmod while they are" rmmod blmon_guest
kill $flip; wait
check "the policy is gone with the driver" test ! -e $P/scaling_driver
check "insmod blmon_guest.ko cpufreq=1 again" insmod /lib/modules/blmon_guest.ko cpufreq=1
check_eq "... the driver is back" "$(cat $P/scaling_driver)" blmon
check "rmmod, insmod without cpufreq=1: no driver" sh -c "rmmod blmon_guest && insmod /lib/modules/blmon_guest.ko && test ! -e $P/scaling_driver"
dmesg > /tmp/dmesg-unload
check "no kernel oops, BUG or warning" sh -c '! grep -qE "Oops|BUG:|WARNING:|Internal error|Failed to change" /tmp/dmesg-unload'
