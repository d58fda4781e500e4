#!/usr/bin/env bash
# The DTB a guest gets under the monitor: QEMU's own tree for the board
# (-machine dumpdtb), with the PMU node QEMU 7.2 leaves empty for 32-bit
# CPUs filled in, and /memory ending below the monitor. The monitor also
# clips /memory in whatever DTB QEMU hands the guest (hyp/fdt_fixup.c).
#   make-guest-dtb.sh OUT MACHINE CPU MEM_MB
set -euo pipefail
out=$1 machine=$2 cpu=$3 mem=$4
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
qemu-system-arm -M "$machine" -cpu "$cpu" -m "$mem" -nographic -nic none \
	-machine dumpdtb="$tmp/qemu.dtb" >/dev/null 2>&1
fdtput -t s "$tmp/qemu.dtb" /pmu compatible "arm,cortex-a15-pmu"
fdtput -t i "$tmp/qemu.dtb" /pmu interrupts 1 7 0x104
# guest RAM: 0x40000000 .. top of RAM minus the monitor's 2 MiB
size=$(( mem * 1024 * 1024 - 0x200000 ))
mnode=$(fdtget -l "$tmp/qemu.dtb" / | grep '^memory' | head -1)
fdtput -t x "$tmp/qemu.dtb" "/$mnode" reg 0 40000000 0 "$(printf '%x' "$size")"
cp "$tmp/qemu.dtb" "$out"
