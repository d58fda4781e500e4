# Run by /init in the smp64 suite after 20-module.sh (linux64-smp4: -smp N,
# no icount, blmon.switch_us on the command line; the module loaded): the
# MIDR_EL1 each CPU sees is the part of the cluster the monitor has the
# whole system on (VPIDR_EL2: QEMU's Cortex-A57 for cluster 0, Cortex-A53 for
# cluster 1, as the bare guests smp64 and switch64 check at EL1).
# `midr` (prog/arm64/midr.c) reads it from EL0, which Linux answers with the
# CPU's live MIDR_EL1; sysfs's regs/identification/midr_el1 is the value
# Linux stored when the CPU came up, on whichever cluster the system was then.
D=/sys/kernel/debug/blmon
A57=0x411fd070 A53=0x410fd034
WINDOW_MS=500          # each CPU's reads while the monitor switches (below)
cpus=$SMP last=$((SMP - 1))
period_us=$(cmdline blmon.switch_us)
hz=$(cntvct hz | sed -n 's/^cntfrq_hz //p')
ticks=$((period_us * hz / 1000000))
part() { if [ "$1" = 0 ]; then echo $A57; else echo $A53; fi; }
cluster() { sed -n 's/^cluster //p' $D/system; }
switches() { sed -n 's/^switches //p' $D/system; }
[ -e $D/system ] || insmod /lib/modules/blmon_guest.ko 2>/dev/null
check "the guest module is loaded (HVC_SYSTEM_INFO, HVC_AUTO_SWITCH)" test -w $D/auto_switch

# ---- what Linux stored at each CPU's bring-up ------------------------------------
check "sysfs midr_el1 of every CPU is the Cortex-A57's or the Cortex-A53's" \
	awk -v a=$A57 -v b=$A53 -v n="$cpus" '{ v = tolower($1); sub(/^0x0*/, "0x", v)
		if (v != a && v != b) bad = 1; c++ } END { exit bad || c != n }' \
	$(for c in $(seq 0 $last); do echo /sys/devices/system/cpu/cpu$c/regs/identification/midr_el1; done)

# ---- while the monitor switches: both parts on every CPU, nothing else ------------
# every CPU reads for WINDOW_MS at once, each pinned: at least a dozen
# switches even at the runner's lowest rate, one per 20 periods
s0=$(switches)
for c in $(seq 0 $last); do taskset -c "$c" midr $WINDOW_MS > /tmp/midr.$c & done
wait
s1=$(switches)
both="" only="" counts=""
for c in $(seq 0 $last); do
	a=$(awk -v v=$A57 '$2 == v { print $4 }' /tmp/midr.$c) b=$(awk -v v=$A53 '$2 == v { print $4 }' /tmp/midr.$c)
	other=$(awk -v x=$A57 -v y=$A53 '$2 != x && $2 != y { printf "%s x %s ", $2, $4 }' /tmp/midr.$c)
	counts="$counts cpu$c A57 ${a:-0} A53 ${b:-0}${other:+ other $other};"
	[ "${a:-0}" -gt 0 ] && [ "${b:-0}" -gt 0 ] && both="$both$c "
	[ -z "$other" ] && [ -s /tmp/midr.$c ] && only="$only$c "
done
note "MIDR_EL1 reads per CPU in $WINDOW_MS ms, $((s1 - s0)) switches meanwhile:$counts"
check_eq "every CPU's reads: each the A57's or the A53's part" "$only" "$(seq -s ' ' 0 $last) "
check_eq "every CPU saw both parts (the switches reached each)" "$both" "$(seq -s ' ' 0 $last) "

# ---- the monitor's timer stopped: the cluster it reports, on every CPU -----------
# one read per CPU, pinned; "V V ..." in CPU order
live() { for c in $(seq 0 $last); do taskset -c "$c" midr | awk '{ printf "%s ", $2 }'; done; }
all() { for c in $(seq 0 $last); do printf '%s ' "$1"; done; }
check_eq "auto_switch 0 (HVC_AUTO_SWITCH(0)) stops the monitor's timer" \
	"$(echo 0 > $D/auto_switch && echo done)" done
cl=$(cluster) s2=$(switches)
check_eq "cluster $cl (HVC_SYSTEM_INFO): every CPU's MIDR_EL1 is its part" "$(live)" "$(all "$(part "$cl")")"
other=$((1 - cl))
check_eq "HVC_CLUSTER_SWITCH to cluster $other (the module's cluster file)" \
	"$(echo $other > $D/cluster && cluster)" $other
check_eq "cluster $other: every CPU's MIDR_EL1 is its part" "$(live)" "$(all "$(part $other)")"
check_eq "one whole-system switch, none from the stopped timer" "$(switches)" $((s2 + 1))
check_eq "auto_switch $ticks (the boot's period in timer ticks) restarts the timer" \
	"$(echo $ticks > $D/auto_switch && echo done)" done
s3=$(switches); sleep 1; s4=$(switches)
check "the monitor switches again ($((s4 - s3)) switches in 1 s)" test $((s4 - s3)) -gt 0
dmesg > /tmp/dmesg-midr
check "no kernel oops, BUG or warning" sh -c '! grep -qE "Oops|BUG:|WARNING:|Internal error" /tmp/dmesg-midr'
