#!/usr/bin/env bash
# make bench: boot the benchmark guest with -icount shift=0 (deterministic:
# 1 instruction = 1 ns), twice, check both runs agree to the instruction,
# and write the table to build/bench.txt.
set -euo pipefail
cd "$(dirname "$0")/.."
. qemu/common.sh
out=build/bench.txt
QEMU_TESTING=1 qemu_cmd build/hyp.elf build/qemu-virt/guests/bench.bin -icount shift=0
for run in 1 2; do
	QEMU_LOG=build/logs/bench-run$run.log
	mkdir -p build/logs
	timeout 300 "${QEMU_CMD[@]}" </dev/null >"$QEMU_LOG" 2>&1
	grep -a '^bench ' "$QEMU_LOG" | tr -d '\r' > "build/bench-run$run.txt"
done
if ! grep -q 'bench done' build/bench-run1.txt; then
	echo "bench: the benchmark guest did not finish (see build/logs/bench-run1.log)"; exit 1
fi
if ! cmp -s build/bench-run1.txt build/bench-run2.txt; then
	echo "bench: two runs differ (not repeatable):"; diff build/bench-run1.txt build/bench-run2.txt; exit 1
fi
{ echo "# instructions per operation, QEMU $(qemu-system-arm --version | head -1 | awk '{print $4}') -icount shift=0, $(git rev-parse --short HEAD 2>/dev/null || echo unversioned)"
  grep -v 'bench done' build/bench-run1.txt; } > "$out"
cat "$out"
echo "(two runs identical to the instruction; written to $out)"
