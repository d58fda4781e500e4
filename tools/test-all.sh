#!/usr/bin/env bash
# Runs every host unit test and every QEMU scenario, counts ok / not ok
# lines, and ends with one line "N passed, N failed". Exit status non-zero
# on any failure, timeout, incomplete run, or when no test ran.
#   tools/test-all.sh [--host-only | --guest-only | --only SCENARIO[,SCENARIO...]]
# SCENARIOS=FILE runs the scenarios listed in FILE (make soak: guest-tests/soak.txt).
# LINUX_BUILD=COMMAND (make test) builds what the later scenarios need in the
# background, from the start: the first tests run meanwhile, and the list's
# @build line waits for it (guest-tests/scenarios.txt).
# TEST_JOBS=N: how many scenarios of an @parallel section run at once
# (default: the host's cores).
set -uo pipefail
cd "$(dirname "$0")/.."
. qemu/common.sh
mode=${1:-all}
only=${2:-}
[ "$mode" = --only ] && mode=--guest-only
logs=build/logs
mkdir -p "$logs"
pass=0 fail=0

count() { # file: sets p and n, adds them to the totals, shows failures
	p=$(grep -caE '^ok [0-9]+' "$1" || true)
	n=$(grep -caE '^not ok [0-9]+' "$1" || true)
	pass=$((pass + p)); fail=$((fail + n))
	grep -aE '^not ok [0-9]+' "$1" | sed "s|^|  $(basename "$1" .log): |"
}

incomplete() { # name reason
	echo "not ok - $1: $2"
	fail=$((fail + 1))
}

# The background build (LINUX_BUILD), started before anything else: it is
# mostly one core's work (the download and unpacking of Debian's packages,
# the guest module, the initramfs), which the host tests, lint and the
# -icount scenarios before @build share the cores with.
build_pid="" build_start=0
if [ -n "${LINUX_BUILD:-}" ] && [ "$mode" != --host-only ]; then
	echo "build $LINUX_BUILD: in the background ($logs/build.log)"
	build_start=$SECONDS
	bash -c "$LINUX_BUILD" >"$logs/build.log" 2>&1 &
	build_pid=$!
fi

lint_pid=""
collect_lint() { # the background lint's lines and counts, once
	local p n
	[ -n "$lint_pid" ] || return 0
	wait "$lint_pid"
	lint_pid=""
	grep -aE '^(ok|not ok) -' "$logs/lint.log" | sed 's/^/lint  /'
	p=$(grep -caE '^ok -' "$logs/lint.log" || true); n=$(grep -caE '^not ok -' "$logs/lint.log" || true)
	pass=$((pass + p)); fail=$((fail + n))
	[ $((p + n)) -gt 0 ] || incomplete lint "no result line (see $logs/lint.log)"
}

host_test() { # name command...: one TAP test program, counted
	local name=$1 log=$logs/host-$1.log rc
	shift
	CMOCKA_MESSAGE_OUTPUT=TAP "$@" >"$log" 2>&1
	rc=$?
	count "$log"
	echo "host  $name: $p passed, $n failed"
	if [ $rc -ne 0 ] && [ "$n" -eq 0 ]; then incomplete "host $name" "exit status $rc (crash or sanitizer report, see $log)"; fi
	[ "$p" -eq 0 ] && [ "$n" -eq 0 ] && incomplete "host $name" "ran no test"
}

if [ "$mode" != --guest-only ]; then
	# static checks (about 90 s of one core): in the background while the
	# host tests, the fuzz corpus and the first scenarios run; one ok / not
	# ok line per tool when collected (collect_lint)
	tools/lint.sh >"$logs/lint.log" 2>&1 &
	lint_pid=$!

	for t in build/host/*/test_* tests/*/test_*.sh; do   # unit tests; the tools' own (TAP scripts)
		[ -x "$t" ] && host_test "$(basename "$t" .sh)" "$t"
	done

	# libFuzzer targets replay their saved corpus: every input must pass the oracle
	for t in build/fuzz/fuzz_*; do
		[ -x "$t" ] || continue
		name=$(basename "$t")
		log=$logs/fuzz-$name.log
		"$t" -runs=0 "tests/fuzz/corpus/$name" >"$log" 2>&1
		rc=$?
		files=$(ls "tests/fuzz/corpus/$name" 2>/dev/null | wc -l)
		if [ $rc -eq 0 ] && [ "$files" -gt 0 ]; then
			pass=$((pass + 1)); echo "fuzz  $name: corpus of $files inputs replayed, oracle holds"
		else
			incomplete "fuzz $name" "corpus replay failed (exit $rc, $files inputs; see $log)"
		fi
	done
fi

zeros_file() { # N: a sparse file of N MiB of zeros (build/tmp), made once
	local f=build/tmp/zeros-${1}M
	[ -e "$f" ] || { mkdir -p build/tmp && truncate -s "${1}M" "$f"; }
	echo "$f"
}

console_shows() { # LOG ERE: the console matches ERE (!ERE: never matches it)
	[ -z "$2" ] && return 0
	case "$2" in
	'!'*) ! grep -qaE -- "${2#!}" "$1" ;;
	*) grep -qaE -- "$2" "$1" ;;
	esac
}

what_shows() { # ERE: what console_shows checks, in words
	case "$1" in '!'*) echo "never shows /${1#!}/" ;; *) echo "shows /$1/" ;; esac
}

# switch_line NAME LOG PERIOD_US: a scenario booted with blmon.switch_us must
# end with the monitor's "blmon: switches=N" line (printed at power-off),
# with N switches over the guest's run time T, the virtual counter's reading
# the guest notes last ("# end cntvct_ns T", /init): no more than one per
# period (T / period + 1), and at least one per 20 periods, i.e. switching
# went on all along (a period starts when the last switch is over, so slow
# switches lower the rate: docs/linux.md).
switch_line() {
	local name=$1 log=$2 period_ns=$(($3 * 1000)) slack=${4:-20} n t
	n=$(sed -n 's/^blmon: switches=\([0-9]*\).*/\1/p' "$log" | tail -1)
	t=$(sed -n 's/^# end cntvct_ns \([0-9]*\).*/\1/p' "$log" | tail -1)
	if [ -z "$n" ] || [ -z "$t" ]; then
		incomplete "$name" "no 'blmon: switches=N' line or no end time from the guest (see $log)"
		return
	fi
	local most=$((t / period_ns + 1)) least=$((t / period_ns / slack))
	if [ "$n" -gt 0 ] && [ "$n" -ge "$least" ] && [ "$n" -le "$most" ]; then
		pass=$((pass + 1))
		echo "ok - $name: blmon: switches=$n in $((t / 1000000)) ms, within $least..$most for a period of $3 us"
	else
		incomplete "$name" "blmon: switches=$n in $((t / 1000000)) ms: not within 1, $least..$most for a period of $3 us"
	fi
}

# perftest_results LOG: "N RESULTS" per perf test the guest ran (perftest suite)
perftest_results() {
	tr -d '\r' < "$1" | sed -n 's/^# perftest \([0-9][0-9]*\) \([^ ]*\) .*/\1 \2/p' | sort
}

# same_results NAME LOG BASE: the perf tests of LOG and of the scenario BASE's
# log ran the same tests, and every test that does not fail on BASE (plain
# QEMU) has the same result here (each subtest Ok, FAILED! or Skip alike):
# one ok / not ok line naming the tests that differ. A test that fails on
# plain QEMU (FAILED! in any subtest, cut off, no result) is not the
# monitor's to fix (docs/linux.md lists them with the reasons): its result
# here is named on the ok line, whatever it is.
same_results() {
	local name=$1 log=$2 base=$3 blog=$logs/qemu-$3.log diff total plainfail
	collect "$base"
	if [ -z "${ran[$base]:-}" ]; then
		incomplete "$name" "$base, to compare with, did not run (--only $base,$name runs both)"
		return
	fi
	# "N RESULT-HERE RESULT-THERE", "missing" where one side did not run N
	join -a1 -a2 -e missing -o 0,1.2,2.2 <(perftest_results "$log") <(perftest_results "$blog") \
		> "$logs/compare-$name.txt"
	total=$(awk '$2 != "missing"' "$logs/compare-$name.txt" | grep -c . || true)
	diff=$(awk -v b="$base" '$3 !~ /FAILED|cut-off|none/ && $2 != $3 {
		printf "%s%s (%s here, %s on %s)", sep, $1, $2, $3, b; sep = "; " }' "$logs/compare-$name.txt")
	plainfail=$(awk '$3 ~ /FAILED|cut-off|none/ { printf "%s%s (%s here)", sep, $1, $2; sep = ", " }' \
		"$logs/compare-$name.txt")
	if [ "$total" -eq 0 ]; then
		incomplete "$name" "no perf test results to compare with $base"
	elif [ -z "$diff" ]; then
		pass=$((pass + 1))
		echo "ok - $name: each of the $total perf tests run has the result it has on $base${plainfail:+, but those that fail there: $plainfail}"
	else
		incomplete "$name" "perf tests whose result differs from $base: $diff"
	fi
}

# Scenarios with --background run while the next ones do (the plain-QEMU
# baselines of the perf test comparison: two QEMUs on the machine's two
# cores); their lines and counts are taken in when a scenario compares with
# them (--same-as), or at the end.
declare -A bg_pid=() ran=()
collect() { # NAME: wait for a background scenario, take in its lines and counts
	local p n base
	[ -n "${bg_pid[$1]:-}" ] || return 0
	wait "${bg_pid[$1]}" 2>/dev/null   # (an @parallel slot may have reaped it already)
	unset "bg_pid[$1]"
	cat "$logs/bg-$1.out"
	read -r p n < "$logs/bg-$1.counts" || { p=0; n=0; incomplete "$1" "its background run left no counts"; }
	pass=$((pass + p)); fail=$((fail + n))
	# its --same-as comparison, left to this shell: the scenario compared
	# with may be another background run, which only this shell can wait for
	if [ -e "$logs/bg-$1.same-as" ]; then
		read -r base < "$logs/bg-$1.same-as"
		same_results "$1" "$logs/qemu-$1.log" "$base"
	fi
}
collect_all() { # everything still running in the background: lint, scenarios
	local name
	collect_lint
	for name in "${!bg_pid[@]}"; do collect "$name"; done
}
wait_build() { # @build: the background build (LINUX_BUILD) is done; status 1 if it failed
	local rc
	[ -n "$build_pid" ] || return 0
	wait "$build_pid"
	rc=$?
	build_pid=""
	if [ $rc -ne 0 ]; then
		tail -30 "$logs/build.log"
		incomplete build "$LINUX_BUILD: exit status $rc (see $logs/build.log); no scenario after @build runs"
		return 1
	fi
	echo "build done: $((SECONDS - build_start)) s after it started"
}
# An @parallel section (up to @wait) runs every scenario in the background,
# at most slots (TEST_JOBS, default the host's cores) at once: the next one
# starts when one of them ends. For scenarios under -icount only: they
# measure virtual time, and sharing the cores changes nothing they check.
slots=0 slot_pids=()
free_slot() { # wait until fewer than $slots scenarios of the section run
	local done_pid p keep
	while [ "${#slot_pids[@]}" -ge "$slots" ]; do
		done_pid=""
		wait -n -p done_pid "${slot_pids[@]}" 2>/dev/null   # (bash 5.1: -p)
		keep=()   # the others still running or not yet reaped
		for p in "${slot_pids[@]}"; do
			[ "$p" != "$done_pid" ] && kill -0 "$p" 2>/dev/null && keep+=("$p")
		done
		slot_pids=("${keep[@]}")
	done
}
in_background=0
start_scenario() { # NAME BOARD GUEST EXPECT [extra...]: run_scenario, maybe in the background
	local a bg=0 args=()
	for a in "$@"; do
		if [ "$a" = --background ]; then bg=1; else args+=("$a"); fi
	done
	ran[$1]=1
	[ "$slots" -gt 0 ] && bg=1 && free_slot
	if [ "$bg" = 0 ]; then
		run_scenario "${args[@]}"
		return
	fi
	echo "qemu  $1: started in the background"
	rm -f "$logs/bg-$1.counts" "$logs/bg-$1.same-as"
	( pass=0 fail=0 in_background=1; run_scenario "${args[@]}"; echo "$pass $fail" > "$logs/bg-$1.counts" ) \
		> "$logs/bg-$1.out" 2>&1 &
	bg_pid[$1]=$!
	[ "$slots" -gt 0 ] && slot_pids+=("$!")
}

run_scenario() { # NAME BOARD GUEST EXPECT [extra...]  (EXPECT: scenarios.txt's "-- ...")
	local name=$1 board=$2 guest=$3 expect=$4; shift 4
	local log=$logs/qemu-$name.log args=() want_exit="" tmo="" re
	local hyp base="" switch_us="" slack="" hostview=""
	# the board's image and guests: board.mk HYP_ELF, GUEST_DIR (the AArch64
	# board's are under build/arm64/), else build/BOARD/
	board_load "$board"
	hyp=${board_mk[$board HYP_ELF]:-build/$board/hyp.elf}
	# the runner's own options among the QEMU arguments: --plain (QEMU
	# without the monitor: no loader line), --same-as SCENARIO (compare
	# perf test results) and --hostview (tools/hostview.py checks every
	# CPU through QEMU's monitor); --background is start_scenario's
	while [ $# -gt 0 ]; do
		case "$1" in
		--plain) hyp=none ;;
		--same-as) base=$2; shift ;;
		--switch-slack) slack=$2; shift ;;
		--hostview) hostview=build/tmp/$name.sock ;;
		@zeros:*) args+=("$(zeros_file "${1#@zeros:}")") ;;
		*blmon.switch_us=*) args+=("$1"); switch_us=${1##*blmon.switch_us=}; switch_us=${switch_us%% *} ;;
		*) args+=("$1") ;;
		esac
		shift
	done
	while [[ $expect =~ ^(exit|timeout)=([0-9]+)\ *(.*)$ ]]; do
		if [ "${BASH_REMATCH[1]}" = exit ]; then want_exit=${BASH_REMATCH[2]}; else tmo=${BASH_REMATCH[2]}; fi
		expect=${BASH_REMATCH[3]}
	done
	re=$expect
	[ -z "$tmo" ] && tmo=${SCENARIO_TIMEOUT:-120} && [ -n "$want_exit" ] && tmo=${SHAPE_TIMEOUT:-10}
	case "$guest" in */*|none) ;; *) guest=${board_mk[$board GUEST_DIR]:-build/$board/guests}/$guest.bin ;; esac
	QEMU_BOARD=$board QEMU_TESTING=1 qemu_cmd "$hyp" "$guest" "${args[@]}"
	local hlog=$logs/hostview-$name.log hpid=""
	if [ -n "$hostview" ]; then   # the watcher follows the console and asks QEMU's monitor
		mkdir -p build/tmp && rm -f "$hostview" "$log"
		QEMU_CMD+=(-monitor "unix:$hostview,server,nowait")
		rm -f "$hlog"
		tools/hostview.py "$hostview" "$log" "$QEMU_GUEST_CPUS" "$hlog" --timeout $((tmo + 10)) 2>"$hlog.err" &
		hpid=$!
		# QEMU only once the watcher runs (it opens its output first): with
		# QEMU's 8 CPU threads and other work on the host's cores, Python's
		# start-up took longer than the guest's first rounds (up to 5 s)
		for _ in {1..50}; do [ -e "$hlog" ] && break; sleep 0.1; done
	fi
	# the run's wall time, to a tenth of a second, from the shell's own clock
	# (no date or awk process: they were a part of the runner's time per scenario)
	local start=${EPOCHREALTIME//[!0-9]/}
	timeout "$tmo" "${QEMU_CMD[@]}" </dev/null >"$log" 2>&1
	local rc=$?
	local secs=$(( (${EPOCHREALTIME//[!0-9]/} - start + 50000) / 100000 ))
	secs=$((secs / 10)).$((secs % 10))
	if [ -n "$want_exit" ]; then   # a shape the monitor refuses: one test
		if [ "$rc" -ne "$want_exit" ]; then incomplete "$name" "QEMU exit status $rc, want $want_exit (see $log)"
		elif ! console_shows "$log" "$re"; then incomplete "$name" "the console $(what_shows "$re"): not so (see $log)"
		else pass=$((pass + 1)); echo "qemu  $name: exit status $rc, the console $(what_shows "$re") (${secs}s)"
		fi
		return
	fi
	count "$log"
	echo "qemu  $name: $p passed, $n failed (${secs}s)"
	local summary
	summary=$(grep -aE '^[0-9]+ passed, [0-9]+ failed' "$log" | tail -1 | tr -d '\r')
	if [ $rc -eq 124 ]; then incomplete "$name" "timed out after ${tmo}s (see $log)"
	elif [ $rc -ne 0 ]; then incomplete "$name" "QEMU exit status $rc (see $log)"
	elif [ -z "$summary" ]; then incomplete "$name" "no summary line from the guest (see $log)"
	elif [ "$summary" != "$p passed, $n failed" ]; then incomplete "$name" "summary '$summary' does not match $p ok / $n not ok lines"
	elif [ "$p" -eq 0 ]; then incomplete "$name" "ran no test"
	elif ! console_shows "$log" "$re"; then incomplete "$name" "the console $(what_shows "$re"): not so (see $log)"
	fi
	if [ "$hyp" != none ] && [ "${switch_us:-0}" -gt 0 ]; then switch_line "$name" "$log" "$switch_us" "$slack"; fi
	if [ -n "$base" ] && [ "$in_background" = 1 ]; then echo "$base" > "$logs/bg-$name.same-as"   # collect's
	elif [ -n "$base" ]; then same_results "$name" "$log" "$base"
	fi
	if [ -n "$hpid" ]; then
		wait "$hpid"
		rm -f "$hostview"
		[ -s "$hlog.err" ] || rm -f "$hlog.err"
		count "$hlog"
		echo "host-view $name: $p passed, $n failed"
		[ $((p + n)) -gt 0 ] || incomplete "$name" "host view: no result from tools/hostview.py (see $hlog.err)"
	fi
}

if [ "$mode" != --host-only ]; then
	# "all": the AArch32 boards (an AArch64 one names its BOARD_ARCH)
	all_boards=$(grep -L '^BOARD_ARCH' board/*/board.mk | sed 's|board/\(.*\)/board.mk|\1|')
	while read -r name boards guest rest; do
		case "$name" in ''|'#'*) continue;; esac
		# @wait: what runs in the background is done first (the scenarios
		# after it need both cores to themselves: no icount, host time);
		# it also ends an @parallel section
		case "$name" in @*) echo "time  $name: $SECONDS s into the run" ;; esac   # where the time goes
		case "$name" in
		@wait) collect_all; slots=0 slot_pids=(); continue ;;
		@parallel) slots=${TEST_JOBS:-$(nproc)}; continue ;;
		@build) wait_build || break; continue ;;
		esac
		qemu_args=$rest expect="" padded=" $rest "
		if [[ $padded == *" -- "* ]]; then
			qemu_args=${padded%%" -- "*} expect=${padded#*" -- "} expect=${expect% }
		fi
		[ "$boards" = all ] && boards=$(echo $all_boards | tr ' ' ,)
		for board in ${boards//,/ }; do
			full=$name
			[ "$board" = qemu-virt ] || full=$name@$board
			[ -n "$only" ] && [[ ",$only," != *",$name,"* ]] && [[ ",$only," != *",$full,"* ]] && continue
			# shellcheck disable=SC2086
			start_scenario "$full" "$board" "$guest" "$expect" $qemu_args
		done
	done < "${SCENARIOS:-guest-tests/scenarios.txt}"
fi
wait_build   # (a list without @build)
collect_all

echo "time  end: $SECONDS s into the run"
echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ] && [ "$pass" -gt 0 ]
