# Run by /init: the guest module blmon_guest.ko (docs/linux-module.md) as
# cluster-switch initiator, its Type B path (per-register calls and SYNC, the
# way Gator uses them) and user-space cycle counter reads (PMUSERENR).
# Nothing here depends on wall time: it passes with and without -icount.
D=/sys/kernel/debug/blmon
C0=$D/cluster0
C1=$D/cluster1

# write_err FILE VALUE: "ok", or the error text of the failed write
write_err() {
	r=$( { echo "$2" > "$1"; } 2>&1 ) && echo ok || echo "${r##*: }"
}
# wait_switches N: wait (bounded, in guest time) until `switches` reaches N
wait_switches() {
	i=0
	while [ "$(cat $D/switches)" -lt "$1" ] && [ $i -lt 200 ]; do
		sleep 0.05; i=$((i + 1))
	done
}
# regs DIR: counters 0 and 1, their event types, PMCCNTR, PMCNTENSET of one
# cluster, through the Type B per-register calls
regs() {
	out=""
	for n in 0 1; do echo $n > "$1/pmselr"; out="$out $(cat "$1/pmxevcntr")"; done
	for n in 0 1; do echo $n > "$1/pmselr"; out="$out $(cat "$1/pmxevtyper")"; done
	echo "${out# } $(cat "$1/pmccntr") $(cat "$1/pmcntenset")"
}
# setregs DIR CTR0 CTR1 EVT0 EVT1 CCNTR: counters stopped, exact values
setregs() {
	echo 0xffffffff > "$1/pmcntenclr"
	echo 0 > "$1/pmselr"; echo "$2" > "$1/pmxevcntr"; echo "$4" > "$1/pmxevtyper"
	echo 1 > "$1/pmselr"; echo "$3" > "$1/pmxevcntr"; echo "$5" > "$1/pmxevtyper"
	echo "$6" > "$1/pmccntr"
}

check "insmod blmon_guest.ko (vermagic and symbol versions match the kernel)" \
	insmod /lib/modules/blmon_guest.ko
check "debugfs: /sys/kernel/debug/blmon/ with the contract files" \
	test -e $D/cluster -a -e $D/switch_period_ms -a -e $D/switches

# ---- cluster-switch initiator -------------------------------------------------
echo 0 > $D/cluster
check_eq "switches is 0 after load (the boot cluster is 0)" "$(cat $D/switches)" 0
check_eq "PMUSERENR.EN is 0 after boot" "$(cat $D/user_access)" 0
check_eq "so PL0 MRC PMCCNTR raises UNDEF: SIGILL" \
	"$(pmccnt 1000 | tr '\n' ' ')" "pmuserenr 0 pmccntr sigill "
echo 1 > $D/cluster
check_eq "write 1 to cluster: the CPU is on cluster 1" "$(cat $D/cluster)" 1
check_eq "switches counts the switch" "$(cat $D/switches)" 1
echo 1 > $D/cluster
check_eq "a switch to the active cluster is a no-op, not counted" "$(cat $D/switches)" 1
echo 0 > $D/cluster
check_eq "write 0: back on cluster 0" "$(cat $D/cluster)" 0
check_eq "write 2: the monitor's -3 surfaces as EINVAL" "$(write_err $D/cluster 2)" "Invalid argument"
check_eq "a refused switch changes neither cluster nor switches" \
	"$(cat $D/cluster) $(cat $D/switches)" "0 2"

echo 10 > $D/switch_period_ms
check_eq "switch_period_ms reads back 10" "$(cat $D/switch_period_ms)" 10
wait_switches 8
echo 0 > $D/switch_period_ms
s=$(cat $D/switches)
check "the timer switched clusters (switches 2 -> $s)" test "$s" -ge 8
check_eq "every timer switch toggled the cluster (cluster = switches mod 2)" \
	"$(cat $D/cluster)" $((s % 2))
sleep 0.1
check_eq "switch_period_ms 0 stops the timer" "$(cat $D/switches)" "$s"
echo 0 > $D/cluster

# ---- Type B, register by register (spec 3.4, Appendix B) ---------------------
echo 1 > $D/pmu_switch
check_eq "HVC_PMU_SWITCH(1): state 3" "$(cat $D/pmu_state)" 3
check_eq "HVC_PMU_SWITCH(2): EINVAL" "$(write_err $D/pmu_switch 2)" "Invalid argument"
check_eq "Type B PMCR of the A15 (active): IDCODE 0x0F, N = 6" \
	"$(( ($(cat $C0/pmcr) >> 11) & 0x1fff ))" $(( (0x0f << 5) | 6 ))
check_eq "PMSELR 5 exists on the A15" "$(write_err $C0/pmselr 5)" ok
check_eq "PMSELR 5 on the A7 (4 counters): EINVAL" "$(write_err $C1/pmselr 5)" "Invalid argument"
check_eq "a 33-bit PMCR value: EINVAL" "$(write_err $C0/pmcr 0x100000000)" "Invalid argument"

A15="0x10000000 0x10000001 0x11 0x8 0x1000000210000003 0x0"
A7="0x20000000 0x20000001 0x8 0x11 0x2000000220000003 0x0"
setregs $C0 0x10000000 0x10000001 0x11 0x08 0x1000000210000003
setregs $C1 0x20000000 0x20000001 0x08 0x11 0x2000000220000003
check_eq "A15 (active), counters stopped: written values read back exactly" "$(regs $C0)" "$A15"
check "A7 (inactive): the writes wait for its switch-in, reads show its saved values" \
	test "$(regs $C1)" != "$A7"
echo 1 > $D/cluster
check_eq "on the A7: the values written for the A7 are there" "$(regs $C1)" "$A7"
check_eq "on the A7: the A15's values are kept for the A15" "$(regs $C0)" "$A15"
check_eq "Type B PMCR of the A7 (active): IDCODE 0x07, N = 4" \
	"$(( ($(cat $C1/pmcr) >> 11) & 0x1fff ))" $(( (0x07 << 5) | 4 ))
mixed=0
for round in 1 2 3 4 5 6 7 8 9 10; do
	for c in 0 1; do
		echo $c > $D/cluster
		[ "$(regs $C0) | $(regs $C1)" = "$A15 | $A7" ] || mixed=$((mixed + 1))
	done
done
check_eq "20 switches: every value stays exact and on its own cluster" "$mixed" 0
check_eq "no Type A access meanwhile: still state 3" "$(cat $D/pmu_state)" 3

# Counting: the cycle counter (64-bit through Type B) on the A15 only.
echo 0 > $D/cluster
echo 0x80000000 > $C0/pmcntenset; echo 1 > $C0/pmcr
a=$(cat $C0/pmccntr); b=$(cat $C0/pmccntr)
check "the A15's cycle counter counts from its value ($a < $b)" \
	test $(( $a > 0x1000000210000003 && $b > $a )) = 1
check_eq "meanwhile the inactive A7's is its own, exact" "$(cat $C1/pmccntr)" 0x2000000220000003
echo 1 > $D/cluster
f=$(cat $C0/pmccntr)
check_eq "on the A7: the A15's count is frozen while inactive" "$(cat $C0/pmccntr)" "$f"
check_eq "on the A7: its cycle counter is not enabled by the A15's enable" \
	"$(cat $C1/pmccntr) $(cat $C1/pmcntenset)" "0x2000000220000003 0x0"
echo 0x80000000 > $C1/pmcntenset; echo 1 > $C1/pmcr
a=$(cat $C1/pmccntr)
check "the A7's cycle counter counts from its own value ($a)" \
	test $(( $a > 0x2000000220000003 && $a < 0x3000000000000000 )) = 1
echo 0 > $D/cluster
g=$(cat $C1/pmccntr); b=$(cat $C0/pmccntr)
check "back on the A15: it goes on from its frozen value ($f < $b)" \
	test $(( $b > $f && $b < 0x2000000000000000 )) = 1
check_eq "and the A7's count is frozen" "$(cat $C1/pmccntr)" "$g"

# ---- Type B, all counters at once: the Gator sequence (spec 3.5, App. B) -----
check_eq "HVC_GET_COUNTERS_SIZE: (1 + 8 + 6) x 24 bytes" "$(cat $D/counters_size)" 360
# entries: cluster selected_counter request_code event_type reset_value
echo "0 2 1 0 0  0 3 1 0 0  0 0 1 0 0  1 2 1 0 0  1 3 1 0 0  1 0 1 0 0" > $D/sync
check_eq "SYNC DISABLE on both clusters" "$(head -1 $D/sync)" "active_cluster_id 0"
echo "0 2 5 0 0x111  0 3 5 0 0x333  1 2 5 0 0x222  1 3 5 0 0x444" > $D/sync
READ="0 2 4 0 0  0 3 4 0 0  1 2 4 0 0  1 3 4 0 0"
echo "$READ" > $D/sync
check_eq "SYNC READ_RESET then READ: exact on the A15, the A7's resets still pending" \
	"$(head -3 $D/sync | tr '\n' ' ')" "active_cluster_id 0 0 2 0x11 0x111 0 3 0x8 0x333 "
echo 1 > $D/cluster
echo "$READ" > $D/sync
check_eq "after a switch: each cluster shows exactly its own values and event types" \
	"$(tr '\n' ' ' < $D/sync)" \
	"active_cluster_id 1 0 2 0x11 0x111 0 3 0x8 0x333 1 2 0x8 0x222 1 3 0x11 0x444 "
check_eq "SYNC, cluster 2: EINVAL" "$(write_err $D/sync '2 2 4 0 0')" "Invalid argument"
check_eq "SYNC, counter 4 on the A7 (it has 4): EINVAL" "$(write_err $D/sync '1 6 4 0 0')" "Invalid argument"
check_eq "SYNC, counter 4 on the A15 (it has 6): accepted" "$(write_err $D/sync '0 6 4 0 0')" ok
check_eq "SYNC, CONF of the overflow flag: EINVAL" "$(write_err $D/sync '0 1 2 0 0')" "Invalid argument"
check_eq "SYNC, request code 6: EINVAL" "$(write_err $D/sync '1 2 6 0 0')" "Invalid argument"
check_eq "SYNC, 15 entries (the buffer holds 14): E2BIG" \
	"$(write_err $D/sync "$(for i in 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15; do echo 1 2 4 0 0; done)")" \
	"Argument list too long"
check_eq "SYNC, a number missing: EINVAL" "$(write_err $D/sync '1 2 4 0')" "Invalid argument"
check_eq "a refused SYNC applied none of its entries" \
	"$(write_err $D/sync '1 3 5 0 0x999  2 2 4 0 0') $(echo '1 3 4 0 0' > $D/sync; tail -1 $D/sync)" \
	"Invalid argument 1 3 0x11 0x444"

# Counting, as Gator does: configure event 0x11 (cycles) on both clusters, then
# read both on every sample while the CPU moves between them.
echo "1 2 3 0x11 0  0 2 3 0x11 0" > $D/sync
bad=0; prev0=""; prev1=""
for round in 1 2 3; do
	for c in 0 1; do
		echo $c > $D/cluster
		echo "0 2 4 0 0  1 2 4 0 0" > $D/sync; s1=$(tail -2 $D/sync | tr '\n' ' ')
		echo "0 2 4 0 0  1 2 4 0 0" > $D/sync; s2=$(tail -2 $D/sync | tr '\n' ' ')
		set -- $s1 $s2  # c s event value, A15 then A7, twice
		act1=$(( c == 0 ? $4 : $8 )); act2=$(( c == 0 ? ${12} : ${16} ))
		in1=$(( c == 0 ? $8 : $4 )); in2=$(( c == 0 ? ${16} : ${12} ))
		# both count 0x11; the active one grows (modulo 2^32), the inactive one is frozen
		[ "$3 $7" = "0x11 0x11" ] || bad=$((bad + 1))
		[ $(( (act2 - act1) & 0xffffffff )) -gt 0 ] || bad=$((bad + 1))
		[ $(( (act2 - act1) & 0xffffffff )) -lt $((0x80000000)) ] || bad=$((bad + 1))
		[ "$in1" = "$in2" ] || bad=$((bad + 1))
	done
done
check_eq "6 switches: the active cluster's count grows, the inactive one's is frozen" "$bad" 0
echo "0 2 1 0 0  1 2 1 0 0  0 0 1 0 0  1 0 1 0 0" > $D/sync
echo 0 > $D/cluster

# ---- user-space cycle counter reads (PMUSERENR) --------------------------------
# (PMUSERENR accesses from the module are Type A: they end state 3.)
check_eq "Type B and SYNC never changed the state: still 3" "$(cat $D/pmu_state)" 3
echo 1 > $D/user_access
check_eq "setting PMUSERENR is a Type A access: state 3 -> 2" "$(cat $D/pmu_state)" 2
check_eq "user_access 1: PMUSERENR.EN = 1" "$(cat $D/user_access)" 1
check_eq "PL0 MRC PMCCNTR: it advances, never backwards" \
	"$(pmccnt 100000 | tr '\n' ' ')" "pmuserenr 1 pmccntr advances "
s=$(cat $D/switches)
echo 5 > $D/switch_period_ms
out=$(pmccnt 5000000 | tr '\n' ' ')
echo 0 > $D/switch_period_ms
check_eq "5,000,000 PL0 reads while the timer switches clusters: never backwards" \
	"$out" "pmuserenr 1 pmccntr advances "
check "... and the timer did switch meanwhile ($s -> $(cat $D/switches))" \
	test "$(cat $D/switches)" -gt "$s"
echo 1 > $D/pmu_switch
check_eq "in state 3 (PL0 PMU accesses trapped): the monitor answers PL0 reads" \
	"$(pmccnt 1000 | tr '\n' ' ')" "pmuserenr 1 pmccntr advances "
check_eq "a PL0 PMU access is a Type A access too: state 3 -> 2" "$(cat $D/pmu_state)" 2
echo 0 > $D/user_access
check_eq "user_access 0: PMUSERENR.EN = 0" "$(cat $D/user_access)" 0
check_eq "PL0 MRC PMCCNTR with PMUSERENR.EN = 0: SIGILL" "$(pmccnt 1000 | tr '\n' ' ')" "pmuserenr 0 pmccntr sigill "

# ---- what an HVC costs from Linux (figures: docs/linux-module.md) -------------
cat $D/bench > /tmp/bench
while read -r op calls cost; do note "bench $op: $cost ns per call over $calls calls"; done < /tmp/bench
check "bench: four operations, each HVC costs more than an empty loop turn" \
	awk 'NR > 1 && $3 <= 0 { bad = 1 } END { exit bad || NR != 4 }' /tmp/bench

# ---- unload with the timer running, load again ----------------------------------
echo 5 > $D/switch_period_ms
check "rmmod with the switch timer running" rmmod blmon_guest
check "debugfs files gone" test ! -e $D
check "insmod again" insmod /lib/modules/blmon_guest.ko
check_eq "fresh state: period 0, switches 0" \
	"$(cat $D/switch_period_ms) $(cat $D/switches)" "0 0"
echo 0 > $D/cluster
dmesg > /tmp/dmesg-module
check "no kernel oops, BUG or warning from the module" \
	sh -c '! grep -qE "Oops|BUG:|WARNING:|Internal error" /tmp/dmesg-module'
