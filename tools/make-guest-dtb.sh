#!/usr/bin/env bash
# The DTB a guest gets under the monitor.
#   make-guest-dtb.sh OUT qemu-virt [SMP]   QEMU's own virt tree (-machine dumpdtb)
#       for SMP CPUs, with the PMU node QEMU 7.2 leaves empty for 32-bit CPUs
#       filled in (PPI 7 on every CPU). QEMU rewrites /memory from -m itself
#       and the monitor clips it (hyp/fdt_fixup.c).
#   make-guest-dtb.sh OUT vexpress-a15      Debian's vexpress-v2p-ca15-tc1.dtb
#       plus the PMU node it needs (board/vexpress-a15/README in docs/porting.md)
set -euo pipefail
out=$1 board=$2 smp=${3:-1}
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
case "$board" in
qemu-virt)
	qemu-system-arm -M virt,virtualization=on -cpu cortex-a15 -m 512 -smp "$smp" -nographic -nic none \
		-machine dumpdtb="$tmp/qemu.dtb" >/dev/null 2>&1
	fdtput -t s "$tmp/qemu.dtb" /pmu compatible "arm,cortex-a15-pmu"
	# PPI 7, level high, on CPUs 0..smp-1 (GICv2 PPI flags: CPU mask in bits 15:8)
	fdtput -t i "$tmp/qemu.dtb" /pmu interrupts 1 7 $(( (((1 << smp) - 1) << 8) | 4 ))
	;;
*)
	echo "make-guest-dtb.sh: unknown board $board" >&2; exit 1 ;;
esac
cp "$tmp/qemu.dtb" "$out"
