#!/usr/bin/env bash
# The DTB a guest gets under the monitor.
#   make-guest-dtb.sh OUT qemu-virt [SMP]   QEMU's own virt tree (-machine dumpdtb)
#       for SMP CPUs, with the PMU node QEMU 7.2 leaves empty for 32-bit CPUs
#       filled in (PPI 7 on every CPU). QEMU rewrites /memory from -m itself
#       and the monitor clips it (hyp/fdt/fdt_fixup.c).
#   make-guest-dtb.sh OUT vexpress-a15 [SMP]  Debian's vexpress-v2p-ca15-tc1.dtb
#       (QEMU builds no tree for vexpress) with SMP CPUs (the TC1 has 2; QEMU
#       does not add CPUs to a -dtb) and a PMU node for them: one SPI each,
#       68 and 69 as on the TC1 (70, 71 beyond: free in this tree), with
#       interrupt-affinity naming the CPUs so Linux need not guess. QEMU
#       wires none of these SPIs (docs/linux.md): counting works, sampling
#       does not, on plain QEMU too.
set -euo pipefail
out=$1 board=$2 smp=${3:-1}
VEXPRESS_DTB=cache/linux/linux-image-6.1.0-50-armmp-lpae/usr/lib/linux-image-6.1.0-50-armmp-lpae/vexpress-v2p-ca15-tc1.dtb
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
case "$board" in
qemu-virt)
	qemu-system-arm -M virt,virtualization=on -cpu cortex-a15 -m 512 -smp "$smp" -nographic -nic none \
		-machine dumpdtb="$tmp/qemu.dtb" >/dev/null 2>&1
	fdtput -t s "$tmp/qemu.dtb" /pmu compatible "arm,cortex-a15-pmu"
	# PPI 7, level high, on CPUs 0..smp-1 (GICv2 PPI flags: CPU mask in bits 15:8)
	fdtput -t i "$tmp/qemu.dtb" /pmu interrupts 1 7 $(( (((1 << smp) - 1) << 8) | 4 ))
	;;
vexpress-a15)
	[ "$smp" -ge 1 ] && [ "$smp" -le 4 ] || { echo "make-guest-dtb.sh: vexpress-a15 has 1-4 CPUs" >&2; exit 1; }
	cp "$VEXPRESS_DTB" "$tmp/qemu.dtb"
	# phandles for the CPUs, above every one the tree uses
	ph=$(dtc -I dtb -O dts "$tmp/qemu.dtb" 2>/dev/null |
		sed -n 's/.*phandle = <\(0x[0-9a-f]*\)>;.*/\1/p' | while read -r p; do echo $((p)); done | sort -n | tail -1)
	# the CPU nodes made anew, last first: fdtput puts a new node before its siblings
	fdtput -r "$tmp/qemu.dtb" /cpus/cpu@0 /cpus/cpu@1
	irqs=() aff=()
	for ((i = smp - 1; i >= 0; i--)); do
		n=/cpus/cpu@$i
		fdtput -c "$tmp/qemu.dtb" $n
		fdtput -t s "$tmp/qemu.dtb" $n device_type cpu
		fdtput -t s "$tmp/qemu.dtb" $n compatible arm,cortex-a15
		fdtput -t i "$tmp/qemu.dtb" $n reg "$i"
		fdtput -t i "$tmp/qemu.dtb" $n phandle $((ph + 1 + i))
		irqs=(0 $((68 + i)) 4 "${irqs[@]}") aff=($((ph + 1 + i)) "${aff[@]}")
	done
	fdtput -t i "$tmp/qemu.dtb" /pmu interrupts "${irqs[@]}"
	fdtput -t i "$tmp/qemu.dtb" /pmu interrupt-affinity "${aff[@]}"
	;;
*)
	echo "make-guest-dtb.sh: unknown board $board" >&2; exit 1 ;;
esac
cp "$tmp/qemu.dtb" "$out"
