# The Linux guest's test library, /lib/tests.sh in the initramfs (docs/linux.md).
# Sourced by /init and by the shell each test script runs in:
#   check NAME CMD...          ok when CMD exits 0
#   check_eq NAME GOT WANT     ok when the two strings are equal
#   note TEXT                  a "# TEXT" line (measurements, context)
#   run_suite DIR SECONDS [ONLY]  every DIR/*.sh, each in a shell of its own
#   summary                    the "N passed, N failed" line
#   cmdline KEY                the value of KEY= on the kernel command line
#   now_ns                     the guest's time since reset, in ns, from the
#                              virtual counter (prog/cntvct.c)
# and sets what a script may assume of the machine (machine_facts, below).
# Nothing is exported: the programs the scripts run (perf and its workload)
# get the environment the kernel gave init, so their user-mode instruction
# counts do not depend on the test library (default/30-perf.sh compares them).
# Every check appends one line, "ok" or "not ok", to the results file
# $init_results: its line count numbers the checks and it is the one place
# they are counted, so a script that dies keeps the checks it made, and a
# check made in a subshell counts too.
init_results=${init_results:-/tmp/init.results}

init_record() { # ok|"not ok" TEXT
	echo "$1" >> "$init_results"
	echo "$1 $(wc -l < "$init_results") - $2"
}
ok()     { init_record ok "$1"; }
not_ok() { init_record "not ok" "$1"; }
check() {
	init_name=$1; shift
	if "$@" >/dev/null 2>&1; then ok "$init_name"; else not_ok "$init_name"; fi
}
check_eq() {
	if [ "$2" = "$3" ]; then ok "$1"; else not_ok "$1: got '$2', want '$3'"; fi
}
note() { echo "# $*"; }

summary() {
	echo "$(grep -cx ok "$init_results") passed, $(grep -cx 'not ok' "$init_results") failed"
}

init_uptime() { read -r init_up _ < /proc/uptime; echo "${init_up%.*}"; }

# cmdline KEY: the value of KEY= on the kernel command line, or nothing
cmdline() {
	for init_a in $(cat /proc/cmdline); do
		case $init_a in "$1"=*) echo "${init_a#*=}"; return ;; esac
	done
}

now_ns() { cntvct | sed -n 's/^cntvct_ns //p'; }

# irqs PATTERN: the per-CPU counts of the /proc/interrupts lines matching
# PATTERN, summed line by line, for the $SMP CPUs: "count0 count1 ..."
irqs() {
	awk -v p="$1" -v n="$SMP" '$0 ~ p { for (i = 2; i <= n + 1; i++) s[i] += $i }
		END { for (i = 2; i <= n + 1; i++) printf "%d ", s[i] }' /proc/interrupts
}
# grew BEFORE AFTER: every CPU's count is larger after
grew() {
	awk -v a="$1" -v b="$2" -v n="$SMP" 'BEGIN { split(a, x); split(b, y)
		for (i = 1; i <= n; i++) if (y[i] + 0 <= x[i] + 0) bad = 1; exit bad }'
}

# machine_facts: what the scripts may assume of the machine: BOARD, RAM_BASE
# and PMU_IRQS (yes if the board delivers the PMU's overflow interrupt, else
# the reason it does not) from the device tree's root compatible; RAM_MB and
# SMP from the command line the harness builds (qemu/common.sh: test.ram_mb=,
# test.smp=)
machine_facts() {
	RAM_MB=$(cmdline test.ram_mb) SMP=$(cmdline test.smp)
	case "$(tr '\0' ' ' </proc/device-tree/compatible)" in
	*linux,dummy-virt*) BOARD=qemu-virt RAM_BASE=0x40000000 PMU_IRQS=yes ;;
	*arm,vexpress*) BOARD=vexpress-a15 RAM_BASE=0x80000000
		PMU_IRQS="QEMU's vexpress-a15 does not connect the PMU's interrupt to the GIC (hw/arm/vexpress.c; plain QEMU alike)" ;;
	*) BOARD=unknown RAM_BASE=unknown PMU_IRQS="unknown board" ;;
	esac
}
machine_facts

# run_suite DIR SECONDS [ONLY]: run DIR/*.sh in name order (with ONLY, a
# comma-separated list of names without .sh, only those). Each runs in a busybox
# shell of its own (this library sourced) and in a session of its own: a
# script that exits non-zero (a shell error is status 2, e.g. an arithmetic
# syntax error), is killed, or is still running after SECONDS (then sent TERM:
# status 143) is one "not ok" naming it, and the next script runs. A script
# that runs to its end passes whatever its last command returned. What a
# script leaves running is killed when it ends: its session, and, when this
# is PID 1 (/init), every other process too.
# The timeout is a sleeping watcher (one `sleep`), not busybox timeout: that
# one wakes every second and runs user code, which CPU-wide user counts
# (default/30-perf.sh's perf stat -a) would see.
run_suite() {
	rs_dir=$1 rs_secs=$2 rs_only=${3:-}
	set -- "$rs_dir"/*.sh
	if [ ! -e "$1" ]; then
		not_ok "test suite $rs_dir: no scripts"
		return
	fi
	for rs_t in "$@"; do
		rs_name=${rs_t##*/}
		case ",${rs_only:-${rs_name%.sh}}," in *",${rs_name%.sh},"*) ;; *) continue ;; esac
		note "${rs_t#/tests/}"
		rs_start=$(init_uptime)
		setsid /bin/busybox sh -c 'init_results=$2; . /lib/tests.sh; . "$1"; exit 0' \
			sh "$rs_t" "$init_results" &
		rs_pid=$!
		setsid /bin/busybox sh -c 'sleep "$1"; kill -TERM "$2"' sh "$rs_secs" "$rs_pid" &
		rs_watch=$!
		wait "$rs_pid"
		rs_rc=$?
		kill -KILL -"$rs_watch" -"$rs_pid" 2>/dev/null
		if [ "$$" = 1 ]; then kill -KILL -1 2>/dev/null; fi
		[ "$rs_rc" = 0 ] && continue
		if [ "$rs_rc" = 143 ] && [ $(( $(init_uptime) - rs_start )) -ge "$rs_secs" ]; then
			not_ok "$rs_t: still running after $rs_secs s: cut off (exit status $rs_rc)"
		else
			not_ok "$rs_t: exit status $rs_rc"
		fi
	done
}
