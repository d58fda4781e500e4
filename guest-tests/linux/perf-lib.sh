# Helpers of the Linux guest's perf checks, /lib/perf-tests.sh in the
# initramfs; sourced by the suites' scripts that run perf (docs/linux.md).
#   pstat NAME ARGS...   perf stat -x, ARGS, counts into /tmp/NAME.stat
#   val NAME EVENT       a count from it, or a text no other count equals
#   isnum X, minus A B, within A B TOL
#   pstatn NAME ARGS...  pstat RUNS times; umin NAME EVENT: the fewest count
#   whole NAME...        every event of these runs counted all the time
#   SPIN_C_ARM64         spin's user instructions besides its loop on AArch64

# pstat NAME ARGS...: perf stat -x, into /tmp/NAME.stat
pstat() { ps_out=/tmp/$1.stat; shift; perf stat -x, -o "$ps_out" "$@" >/dev/null 2>&1; }
# val NAME EVENT: the count of EVENT in /tmp/NAME.stat, or "none(NAME EVENT)":
# a missing count never compares equal to another one
val() {
	v_c=$(awk -F, -v e="$2" '$3 == e { print $1 }' "/tmp/$1.stat" 2>/dev/null)
	if isnum "$v_c"; then echo "$v_c"; else echo "none($1 $2)"; fi
}
# whole NAME...: every event of these runs counted all the time (no
# multiplexing: each of the 3 events of the -e list at 100.00 %)
whole() {
	for w_run in "$@"; do
		awk -F, '/^[0-9]/ { c++; if ($5 != "100.00") bad = 1 } END { exit bad || c != 3 }' \
			"/tmp/$w_run.stat" || return 1
	done
}
# The user instructions of `spin N` on AArch64 besides its loop (static
# glibc's start-up, strtoul, exit), measured once on plain QEMU 7.2
# (scenario linux64-plain, the same kernel and initramfs, Linux at EL2
# there): spin's instructions:u = 2N + this, on plain QEMU and under the
# monitor alike (tests/arm64/30-perf.sh, 40-switch.sh)
SPIN_C_ARM64=11744
isnum() { case $1 in '' | *[!0-9]*) return 1 ;; esac; }
# minus A B: A - B, or "none" unless both are numbers
minus() { if isnum "$1" && isnum "$2"; then echo $(($1 - $2)); else echo none; fi; }
# within A B TOL: |A - B| <= TOL
within() { w_d=$(minus "$1" "$2"); w_d=${w_d#-}; isnum "$w_d" && [ "$w_d" -le "$3" ]; }

# QEMU 7.2 under -icount counts one user instruction more in a few runs in a
# hundred, without the monitor too, on both boards: spin 10M on plain virt,
# 8 runs in 200 one more; each such run had the workload descheduled at least
# once (perf's context-switches >= 2), and no run without that did
# (docs/linux.md, "Exact user counts"). Every exact comparison of user counts
# between runs therefore takes the fewest of RUNS runs: a count the monitor
# gains or loses shows in each of them.
RUNS=3
# pstatn NAME ARGS...: pstat RUNS times (NAME, NAME_2, ...)
pstatn() { pn=$1; shift; pstat "$pn" "$@"; k=2; while [ $k -le $RUNS ]; do pstat "${pn}_$k" "$@"; k=$((k + 1)); done; }
# umin NAME EVENT: the fewest counts of EVENT of pstatn NAME's runs (a
# missing one wins: the check then fails visibly)
umin() {
	um=$(val "$1" "$2"); k=2
	while [ $k -le $RUNS ]; do
		uv=$(val "${1}_$k" "$2")
		if ! isnum "$uv" || { isnum "$um" && [ "$uv" -lt "$um" ]; }; then um=$uv; fi
		k=$((k + 1))
	done
	echo "$um"
}
