# Run by /init: 30-perf.sh's exact counts while the monitor switches
# clusters (under the monitor only: the module's HVC needs it).
# The guest module (ARMv7's, without its ARMv7-only parts: module/Kbuild)
# asks the monitor for HVC_CLUSTER_SWITCH to the other cluster every
# SWITCH_MS (a delayed work item): the guest moves between the Cortex-A57
# and the Cortex-A53 while perf counts spin (PMU state 2: the hardware
# counters, saved and restored by the monitor at each switch).
BIG=90000000       # 180 ms of guest time: dozens of switches a run
SWITCH_MS=1        # the module's period; its work lands every jiffy (HZ 250)
D=/sys/kernel/debug/blmon
. /lib/perf-tests.sh
C=$SPIN_C_ARM64    # measured on plain QEMU (perf-tests.sh)
EV="-e cycles,instructions,instructions:u"
[ -e $D/switches ] || insmod /lib/modules/blmon_guest.ko 2>/dev/null
check "the guest module is loaded (its switch controls are there)" test -w $D/switch_period_ms
switches() { cat $D/switches 2>/dev/null || echo 0; }
pstatn b1 $EV spin $BIG
s0=$(switches); echo $SWITCH_MS > $D/switch_period_ms 2>/dev/null
pstatn b2 $EV spin $BIG
echo 0 > $D/switch_period_ms 2>/dev/null; s1=$(switches); echo 0 > $D/cluster 2>/dev/null
check "the module switched clusters during the runs ($((s1 - s0)) switches)" test $((s1 - s0)) -ge 60
check "perf stat: every event counted the whole run, with and without switches" whole b1 b2
check_eq "instructions:u of spin 90M = 2N + C, without switches" "$(umin b1 instructions:u)" $((2 * BIG + C))
check_eq "with switches: instructions:u the same, exactly" "$(umin b2 instructions:u)" $((2 * BIG + C))
check_eq "with switches: cycles = instructions" "$(val b2 cycles)" "$(val b2 instructions)"
check_eq "back on cluster 0 at the end" "$(cat $D/cluster 2>/dev/null)" 0
note "spin $BIG: instructions $(val b1 instructions) without switches," \
	"$(val b2 instructions) with $((s1 - s0)) switches"
