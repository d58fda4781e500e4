# Run by /init in the perftest scenarios: Linux's own `perf test` suite
# (Debian's linux-perf 6.1.176), one test at a time, on plain QEMU and under
# the monitor with switching on. Each test's result is printed as
#   # perftest N RESULTS GUEST_S HOST_S RUNS NAME
# (RESULTS: the test's result, or its subtests' joined by commas: Ok, FAILED!,
# Skip; GUEST_S: seconds of guest time of its first run, virtual under
# -icount; HOST_S: whole seconds of the RTC, which QEMU keeps on host time,
# for all its runs; RUNS: 1, or up to 3 when it failed, below); tools/test-all.sh
# compares the results with the plain-QEMU run of the same -smp
# (docs/linux.md). Here only the run itself is checked.
# Kernel command line:
#   perftest.skip=N,M,...   tests not run in this configuration (which, and
#                           why: docs/linux.md)
#   perftest.only=N,M,...   run only these (for investigating; no scenario uses it)
#   perftest.verbose=1      perf test -v, its output on the console too
#   perftest.timeout=SECS   per test (default 300)
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

arg() { sed -n "s/.*$1=\\([^ ]*\\).*/\\1/p" /proc/cmdline; }
skip=",$(arg perftest.skip),"
only=$(arg perftest.only)
verbose=$(arg perftest.verbose)
per_test=$(arg perftest.timeout); per_test=${per_test:-300}
up() { read -r u _ < /proc/uptime; echo "$u"; }
host() { cat /sys/class/rtc/rtc0/since_epoch 2>/dev/null || echo 0; }

perf test list > /tmp/perftest.list 2>&1
sed -n 's/^ *\([0-9][0-9]*\): \(.*\)$/\1 \2/p' /tmp/perftest.list > /tmp/perftest.tests
total=$(grep -c . /tmp/perftest.tests)
check "perf test list names its tests ($total)" test "$total" -gt 0
# run_one N: one run of test N: its results in $res, guest seconds in $secs
run_one() {
	ro_a=$(up)
	timeout "$per_test" perf test ${verbose:+-v} "$1" > /tmp/perftest.out 2>&1 < /dev/null
	ro_rc=$?
	ro_b=$(up)
	[ -z "$verbose" ] || sed 's/^/# v: /' /tmp/perftest.out
	# " 6.2: Parse ...   : Ok" / " 17: Setup ...  : FAILED!" / ": Skip (reason)";
	# with -v: "Setup ...: FAILED!"
	ro_re='^ *[0-9][0-9.]*: .*: \(Ok\|FAILED!\|Skip\).*$'
	[ -z "$verbose" ] || ro_re='^[^ #].*: \(Ok\|FAILED!\|Skip\).*$'
	res=$(sed -n "s/$ro_re/\\1/p" /tmp/perftest.out | tr '\n' ',')
	res=${res%,}
	if [ "$ro_rc" = 124 ] || [ "$ro_rc" = 143 ]; then res="${res:+$res,}cut-off-after-${per_test}s"; fi
	secs=$(awk -v a="$ro_a" -v b="$ro_b" 'BEGIN { printf "%.2f", b - a }')
}
# A test that fails and took less than RETRY_S seconds runs again, up to 3
# runs, and its result is the first run without a failure (or the last run):
# some tests depend on timing the host's load moves (docs/linux.md lists
# those seen), the same rule applies on plain QEMU and under the monitor, and
# the tests that always fail take longer or cost little to run thrice.
RETRY_S=3
ran=0 noresult=""
while read -r n name; do
	case $skip in *",$n,"*) note "perftest $n not run here: $name"; continue ;; esac
	case ",${only:-$n}," in *",$n,"*) ;; *) continue ;; esac
	ha=$(host)
	runs=0 first=""
	while :; do
		run_one "$n"
		runs=$((runs + 1))
		first=${first:-$secs}
		case $res in *FAILED*|*cut-off*|'') ;; *) break ;; esac
		[ "$runs" -lt 3 ] && awk -v s="$first" -v r=$RETRY_S 'BEGIN { exit !(s < r) }' || break
	done
	hb=$(host)
	[ -n "$res" ] || { res=none; noresult="$noresult $n"; }
	echo "# perftest $n $res $first $((hb - ha)) $runs $name"
	ran=$((ran + 1))
done < /tmp/perftest.tests
check "perf test gave a result for every test it ran ($ran)" test -z "$noresult" -a "$ran" -gt 0
