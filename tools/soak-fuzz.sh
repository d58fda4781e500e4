#!/usr/bin/env bash
# make soak's fuzzing: every libFuzzer target of tests/fuzz/ for
# SOAK_FUZZ_SECONDS (default 600) from its corpus, JOBS (default: the cores)
# at a time, new inputs kept in build/fuzz/soak-NAME (not the corpus). One
# ok / not ok line per target with its executions, then "N passed, N failed";
# exit status 1 if an oracle failed or a target did not run.
set -uo pipefail
cd "$(dirname "$0")/.."
secs=${SOAK_FUZZ_SECONDS:-600}
jobs=${JOBS:-$(nproc)}
mkdir -p build/logs
targets=$(ls build/fuzz/fuzz_* 2>/dev/null | grep -v '\.' || true)
[ -n "$targets" ] || { echo "not ok - no fuzz target built (make fuzz-build)"; echo "0 passed, 1 failed"; exit 1; }

run() { # target: fuzz it, write its log
	local t=$1 name
	name=$(basename "$t")
	mkdir -p "build/fuzz/soak-$name"
	(cd "build/fuzz/soak-$name" && "../$name" -max_total_time="$secs" -print_final_stats=1 \
		. "../../../tests/fuzz/corpus/$name") >"build/logs/soak-$name.log" 2>&1
	echo $? >"build/logs/soak-$name.rc"
}

running=0
for t in $targets; do
	run "$t" &
	running=$((running + 1))
	if [ "$running" -ge "$jobs" ]; then wait -n; running=$((running - 1)); fi
done
wait

pass=0 fail=0
for t in $targets; do
	name=$(basename "$t") log=build/logs/soak-$(basename "$t").log
	runs=$(grep -aoE 'stat::number_of_executed_units: *[0-9]+' "$log" | grep -oE '[0-9]+$')
	rc=$(cat "build/logs/soak-$name.rc")
	if [ "$rc" = 0 ] && [ -n "$runs" ]; then
		echo "ok - fuzz $name: $runs executions in $secs s, no oracle failure"
		pass=$((pass + 1))
	else
		echo "not ok - fuzz $name: exit status $rc ($(grep -a -m1 -E '^oracle:|ERROR' "$log" || echo 'see log')), $log"
		fail=$((fail + 1))
	fi
done
echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
