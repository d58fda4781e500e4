# Helpers of the cpufreq suite (guest-tests/linux/tests/cpufreq), the guest
# module's cpufreq driver: /lib/cpufreq-tests.sh in the initramfs.
#   clusters          the module's `cluster` file read on every online CPU
#   all_on C          what `clusters` prints when every online CPU is on C
#   POINTS, BOTTOM, LITTLE_TOP, BIG_LOW, TOP: the driver's table (the
#                     pair the monitor emulates: TC2's on ARMv7, Juno r0's on
#                     AArch64, docs/linux-module.md), BETWEEN="F P": a
#                     frequency between two points and the point above it
#   cluster_of FREQ   the cluster serving a point: 1 (LITTLE) below BIG_LOW, else 0
#   switches          the monitor's whole-system switches (HVC_SYSTEM_INFO),
#                     read with a shell builtin (no fork: a load the governor
#                     would see)
#   driver_loaded     the module with cpufreq=1 unless its driver is there
#   takes FILE VALUE  "taken" if writing VALUE to FILE succeeds, else "refused"
#   governor NAME     load the governor's module if it is one, select it
#   wait_cluster C MS poll every 20 ms until every CPU's cluster is C:
#                     "NS C0 C1 .. FREQ" with scaling_cur_freq read last,
#                     or "none" after MS ms (prog/waitfor.c: a shell loop, or
#                     a program per CPU, would be a load the governor sees)
#   seen_on C LINE    wait_cluster's LINE has every online CPU on C and a
#                     scaling_cur_freq of C
D=/sys/kernel/debug/blmon
P=/sys/devices/system/cpu/cpufreq/policy0
if [ "$(uname -m)" = aarch64 ]; then
	# Juno r0: Cortex-A53 450-850 MHz halved, Cortex-A57 450-1100 MHz
	POINTS="225000 287500 350000 387500 425000 450000 625000 800000 950000 1100000"
	LITTLE_TOP=425000 BIG_LOW=450000 BETWEEN="300000 350000"
else
	# TC2: Cortex-A7 350-900 MHz halved, Cortex-A15 500-1200 MHz
	POINTS="175000 250000 350000 450000 500000 600000 800000 1000000 1200000"
	LITTLE_TOP=450000 BIG_LOW=500000 BETWEEN="400000 450000"
fi
BOTTOM=${POINTS%% *} TOP=${POINTS##* }
online_cpus() {
	for oc in /sys/devices/system/cpu/cpu[0-9]*; do
		if [ ! -e "$oc/online" ] || [ "$(cat "$oc/online")" = 1 ]; then echo "${oc##*cpu}"; fi
	done
}
clusters() { for cc in $(online_cpus); do taskset -c "$cc" cat $D/cluster; done | tr '\n' ' '; }
all_on() { for ao in $(online_cpus); do printf '%s ' "$1"; done; }
cluster_of() { if [ "$1" -lt $BIG_LOW ]; then echo 1; else echo 0; fi; }
switches() { read -r sw_word sw_n < $D/system; echo "$sw_n"; }
driver_loaded() {
	[ -e $P/scaling_governor ] || check "insmod blmon_guest.ko cpufreq=1" insmod /lib/modules/blmon_guest.ko cpufreq=1
}
takes() { if echo "$2" > "$1" 2>/dev/null; then echo taken; else echo refused; fi; }
governor() {
	[ -e "/lib/modules/cpufreq_$1.ko" ] && ! grep -qw "$1" $P/scaling_available_governors &&
		insmod "/lib/modules/cpufreq_$1.ko"
	echo "$1" > $P/scaling_governor
}
wait_cluster() { waitfor "$2" "$1" $D/cluster $P/scaling_cur_freq; }
seen_on() {
	so_c=$1 so_n=$(online_cpus | grep -c .)
	set -- $2
	[ "$1" != none ] && [ $# = $((so_n + 2)) ] || return 1
	shift
	while [ $# -gt 1 ]; do [ "$1" = "$so_c" ] || return 1; shift; done
	[ "$(cluster_of "$1")" = "$so_c" ]
}
