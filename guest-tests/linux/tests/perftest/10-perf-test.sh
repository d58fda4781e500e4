# Run by /init in the perftest scenarios: Linux's own `perf test` suite
# (Debian's linux-perf 6.1.176) on plain QEMU and under the monitor with
# switching on. Each test's result is printed as
#   # perftest N RESULTS RUNS GUEST_S HOST_S NAME
# RESULTS: the test's result, or its subtests' joined by commas (Ok, FAILED!,
# Skip); RUNS: how many times it ran (below); GUEST_S, HOST_S: with
# perftest.each=1, seconds of guest time of its first run (virtual under
# -icount) and whole seconds of the RTC (QEMU keeps it on host time) of all
# its runs, else "-". tools/test-all.sh compares the results with the
# plain-QEMU run of the same -smp (docs/linux.md); here only the run itself
# is checked.
# Kernel command line:
#   perftest.skip=N,M,...   tests not run in this configuration (which, and
#                           why: docs/linux.md)
#   perftest.retry=N,M,...  tests seen to fail now and then on plain QEMU: a
#                           failure runs them again, up to 3 runs in all, the
#                           first without a failure counting (docs/linux.md)
#   perftest.each=1         one perf test process per test, timed (how the
#                           times in docs/linux.md were measured)
#   perftest.only=N,M-K,... run only these (M-K: M to K), perftest.verbose=1:
#                           perf test -v, its output on the console (for
#                           investigating); ranges make the parts of a long
#                           comparison (guest-tests/long.txt, AArch64 -smp 2)
#   perftest.timeout=SECS   per test run alone (default 300); all of them in
#                           one process get SECS x 10
# The environment perf's tests expect of a Debian system: dash as /bin/sh,
# GNU tools first in PATH (busybox's sh runs its own applets, whose options
# differ), the usual filesystems, /etc files, loopback up. Nothing else runs
# in this boot, so the changes need no undoing.
ln -sf dash /bin/sh
export PATH=/usr/sbin:/usr/bin:/sbin:/bin
mount -t tracefs tracefs /sys/kernel/tracing 2>/dev/null
mount -t devtmpfs devtmpfs /dev 2>/dev/null
mkdir -p /dev/pts /dev/shm
mount -t devpts devpts /dev/pts
mount -t tmpfs tmpfs /dev/shm
printf 'root:x:0:0:root:/root:/bin/sh\n' > /etc/passwd
printf 'root:x:0:\n' > /etc/group
printf '127.0.0.1 localhost\n::1 localhost\n' > /etc/hosts
mkdir -p /root
ip link set lo up
hostname guest
echo 1 > /proc/sys/kernel/printk   # kernel messages off the console (they stay in dmesg)
cd /tmp || exit 1

skip=",$(cmdline perftest.skip),"
retry=",$(cmdline perftest.retry),"
# perftest.only's ranges M-K as the numbers M to K
only=$(cmdline perftest.only | awk -F, '{ for (i = 1; i <= NF; i++) {
	if (split($i, r, "-") == 2) for (j = r[1] + 0; j <= r[2] + 0; j++) { printf "%s%d", s, j; s = "," }
	else { printf "%s%s", s, $i; s = "," } } }')
verbose=$(cmdline perftest.verbose)
each=$(cmdline perftest.each)
[ -z "$verbose" ] || each=1   # -v output has no test numbers to sort by
per_test=$(cmdline perftest.timeout); per_test=${per_test:-300}
up() { read -r u _ < /proc/uptime; echo "$u"; }
host() { cat /sys/class/rtc/rtc0/since_epoch 2>/dev/null || echo 0; }
# results FILE: "N RESULTS" for each test in perf test's output FILE, from its
# lines "  6: name : Ok" / "  6.2: name : Skip (reason)" / ": FAILED!"
# (with -v: "name: FAILED!", one test per file: N is $2)
results() {
	awk -v v="$verbose" -v n1="${2:-}" '
		{ line = $0; n = "" }
		v == "" && match(line, /^ *[0-9]+(\.[0-9]+)?: .*: (Ok|FAILED!|Skip)/) { n = $1; sub(/[.:].*/, "", n) }
		v != "" && match(line, /^[^ #].*: (Ok|FAILED!|Skip)/) { n = n1 }
		n != "" { r = line; sub(/.*: /, "", r); sub(/ .*/, "", r)
			if (n in res) res[n] = res[n] "," r
			else { order[++k] = n; res[n] = r } }
		END { for (i = 1; i <= k; i++) print order[i], res[order[i]] }' "$1"
}
# run_one N: N alone: its results in $res, its guest seconds in $secs
run_one() {
	ro_a=$(up)
	timeout "$per_test" perf test ${verbose:+-v} "$1" > /tmp/perftest.out 2>&1 < /dev/null
	ro_rc=$?
	ro_b=$(up)
	[ -z "$verbose" ] || sed 's/^/# v: /' /tmp/perftest.out
	res=$(results /tmp/perftest.out "$1" | sed -n "s/^$1 //p")
	if [ "$ro_rc" = 124 ] || [ "$ro_rc" = 143 ]; then res="${res:+$res,}cut-off-after-${per_test}s"; fi
	secs=$(awk -v a="$ro_a" -v b="$ro_b" 'BEGIN { printf "%.2f", b - a }')
}

perf test list > /tmp/perftest.list 2>&1
sed -n 's/^ *\([0-9][0-9]*\): \(.*\)$/\1 \2/p' /tmp/perftest.list > /tmp/perftest.tests
total=$(grep -c . /tmp/perftest.tests)
check "perf test list names its tests ($total)" test "$total" -gt 0
sel=""
while read -r n name; do
	case $skip in *",$n,"*) note "not run here: perftest $n $name"; continue ;; esac
	case ",${only:-$n}," in *",$n,"*) sel="$sel $n" ;; esac
done < /tmp/perftest.tests
# One perf test process for all of them (it forks a child per test, as it
# does for one): a process start instead of one per test, about half a
# second of host time each. A test the batch left without a result (cut off)
# runs alone afterwards.
: > /tmp/perftest.batch
if [ -z "$each" ]; then
	# shellcheck disable=SC2086  # $sel is the list of numbers
	timeout $((per_test * 10)) perf test $sel > /tmp/perftest.out 2>&1 < /dev/null
	results /tmp/perftest.out > /tmp/perftest.batch
fi
ran=0 noresult=""
for n in $sel; do
	name=$(sed -n "s/^$n //p" /tmp/perftest.tests)
	res=$(sed -n "s/^$n //p" /tmp/perftest.batch) secs=- ha=$(host) runs=1
	[ -n "$res" ] || run_one "$n"
	first=$secs
	while :; do
		case $res in *FAILED*|*cut-off*|'') ;; *) break ;; esac
		case $retry in *",$n,"*) ;; *) break ;; esac
		[ "$runs" -lt 3 ] || break
		run_one "$n"
		runs=$((runs + 1))
	done
	hb=$(host)
	[ -n "$res" ] || { res=none; noresult="$noresult $n"; }
	if [ -n "$each" ]; then h=$((hb - ha)); else h=-; fi
	echo "# perftest $n $res $runs $first $h $name"
	ran=$((ran + 1))
done
check "perf test gave a result for every test it ran ($ran)" test -z "$noresult" -a "$ran" -gt 0
