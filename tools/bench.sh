#!/usr/bin/env bash
# make bench: boot the benchmark guests with -icount shift=0 (deterministic:
# 1 instruction = 1 ns), each twice, check both runs agree to the
# instruction, and write the table to build/bench.txt.
#   bench      the trap paths, Type B, SYNC, single-CPU switches (guest-tests/bench.c)
#   bench_irq  the virtual GIC: interrupt injection, EOI, SGIs (guest-tests/bench_irq.c)
#   bench_smp  whole-system switches at -smp 1, 2, 4 (guest-tests/bench_smp.c;
#              sleep=off: a CPU waiting in WFI costs no virtual time)
#   with blmon.cluster_cpus (issue #16): migrations, N = 1 (bench) and N = 4 (bench_smp)
#   arm64/bench64  the AArch64 monitor's (issue #27): trap, Type B, SYNC
#              (guest-tests/arm64/bench64.c; build/arm64/, make ARCH=arm64)
#   arm64/bench_irq64  its virtual GIC, bench_irq's lines (guest-tests/common/bench_irq.h)
#   arm64/bench_smp64  its whole-system switches at -smp 1, 2, 4 (as bench_smp)
#   with blmon.cluster_cpus on AArch64 (issue #28 item 5): migrations, N = 1
#              (bench64) and N = 4 (bench_smp64)
set -euo pipefail
cd "$(dirname "$0")/.."
. qemu/common.sh
out=build/bench.txt
mkdir -p build/logs
runs=(
	"bench|-icount shift=0"
	"bench_irq|-icount shift=0"
	"bench_irq|-icount shift=0 -append blmon.vgic_hw=1"
	"bench_smp|-smp 1 -icount shift=0,sleep=off"
	"bench_smp|-smp 2 -icount shift=0,sleep=off"
	"bench_smp|-smp 4 -icount shift=0,sleep=off"
	"bench|-smp 2 -icount shift=0,sleep=off -append blmon.cluster_cpus=1"
	"bench_smp|-smp 8 -icount shift=0,sleep=off -append blmon.cluster_cpus=4"
	"arm64/bench64|-icount shift=0"
	"arm64/bench_irq64|-icount shift=0"
	"arm64/bench_irq64|-icount shift=0 -append blmon.vgic_hw=1"
	"arm64/bench_smp64|-smp 1 -icount shift=0,sleep=off"
	"arm64/bench_smp64|-smp 2 -icount shift=0,sleep=off"
	"arm64/bench_smp64|-smp 4 -icount shift=0,sleep=off"
	"arm64/bench64|-smp 2 -icount shift=0,sleep=off -append blmon.cluster_cpus=1"
	"arm64/bench_smp64|-smp 8 -icount shift=0,sleep=off -append blmon.cluster_cpus=4"
)
: > build/bench-all.txt
for r in "${runs[@]}"; do
	guest=${r%%|*} args=${r#*|}
	# arm64/NAME: the AArch64 monitor and its guest, on its board
	board=qemu-virt hyp=build/hyp.elf dir=build/qemu-virt/guests
	if [ "${guest%%/*}" = arm64 ]; then
		guest=${guest#arm64/} board=qemu-virt-arm64 hyp=build/arm64/hyp.elf dir=build/arm64/guests
	fi
	tag=$guest-$(echo "$args" | tr -c 'a-z0-9' _)
	# shellcheck disable=SC2086
	QEMU_BOARD=$board QEMU_TESTING=1 qemu_cmd "$hyp" "$dir/$guest.bin" $args
	for run in 1 2; do
		log=build/logs/bench-$tag-run$run.log
		timeout 300 "${QEMU_CMD[@]}" </dev/null >"$log" 2>&1 || true
		grep -a '^bench ' "$log" | tr -d '\r' > "build/bench-$tag-run$run.txt"
	done
	if ! grep -q 'bench done' "build/bench-$tag-run1.txt"; then
		echo "bench: $guest ($args) did not finish (see build/logs/bench-$tag-run1.log)"; exit 1
	fi
	if ! cmp -s "build/bench-$tag-run1.txt" "build/bench-$tag-run2.txt"; then
		echo "bench: two runs of $guest ($args) differ (not repeatable):"
		diff "build/bench-$tag-run1.txt" "build/bench-$tag-run2.txt"; exit 1
	fi
	grep -v 'bench done' "build/bench-$tag-run1.txt" >> build/bench-all.txt
done
{ echo "# instructions per operation, QEMU $(qemu-system-arm --version | head -1 | awk '{print $4}') -icount shift=0, $(git rev-parse --short HEAD 2>/dev/null || echo unversioned)"
  cat build/bench-all.txt; } > "$out"
cat "$out"
echo "(every benchmark run twice, identical to the instruction; written to $out)"
