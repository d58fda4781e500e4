# Run by /init in the linux-switch-smp2 / -smp4 scenarios after 10-cpus.sh,
# and (linked) in the AArch64 suite smp64 (linux64-smp4): the guest module's
# exact SW_INCR counts on every CPU across the monitor's switches, and the
# monitor's own count (docs/linux.md, docs/linux-module.md, docs/arm64.md).
D=/sys/kernel/debug/blmon
cpus=$SMP period_us=$(cmdline blmon.switch_us)

# ---- exact SW_INCR counts on every CPU across switches ---------------------------
check "insmod blmon_guest.ko" insmod /lib/modules/blmon_guest.ko
echo 100000 > $D/swincr
cat $D/swincr > /tmp/swincr
while read -r line; do note "swincr: $line"; done < /tmp/swincr
check_eq "swincr: one result per CPU" "$(grep -c '^cpu [0-9]* counter' /tmp/swincr)" "$cpus"
# cpu N counter C start S increments I read R overflow O switches W
check_eq "swincr: on every CPU the counter reads start + increments exactly, it wrapped, across >= 2 switches" \
	"$(awk '{ if ($10 != ($6 + $8) % 4294967296 || $12 != 1 || $14 < 2 || $8 < 100000) print $2 }' /tmp/swincr |
		tr '\n' ' ')" ""

# ---- the monitor's count ---------------------------------------------------------
t=$(now_ns)
set -- $(head -3 $D/system)   # switches N cluster C online M
check_eq "HVC_SYSTEM_INFO: the monitor's online mask has the $cpus CPUs" "$6" "$(printf 0x%x $(( (1 << cpus) - 1 )))"
check "the monitor switched: $2 switches in $((t / 1000000)) ms, no more than one per period" \
	test "$2" -gt 0 -a "$2" -le $((t / (period_us * 1000) + 1))
check "every CPU took part in switches (HVC_SYSTEM_INFO r3 on each)" \
	awk -v n="$cpus" '/^cpu[0-9]+ / { c++; if ($2 + 0 < 1) bad = 1 } END { exit bad || c != n }' $D/system
dmesg > /tmp/dmesg-smp
check "no kernel oops, BUG or warning" sh -c '! grep -qE "Oops|BUG:|WARNING:|Internal error" /tmp/dmesg-smp'
