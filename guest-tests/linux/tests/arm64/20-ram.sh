# Run by /init: the AArch64 monitor moved itself to the top 2 MiB of RAM
# (docs/arm64.md) and clipped the tree's /memory to what lies below it, as
# the ARMv7 monitor does; stage 2 leaves it unmapped. Linux never maps,
# allocates or touches it.
if [ -n "$RAM_MB" ]; then
	top=$((RAM_BASE + (RAM_MB << 20)))
	mon=$(printf '%08x' $((top - 0x200000)))
	end=$(printf '%08x' $((top - 0x200000 - 1)))
	check_eq "/memory is all of RAM but the monitor's top 2 MiB" \
		"$(od -An -tx1 /proc/device-tree/memory@40000000/reg | tr -d ' \n')" \
		"0000000040000000$(printf '%016x' $(((RAM_MB << 20) - 0x200000)))"
	check "System RAM is 40000000-$end, one range" \
		sh -c "grep -q '^40000000-$end : System RAM' /proc/iomem &&
		       [ \$(grep -c ' : System RAM\$' /proc/iomem) = 1 ]"
	covering=$(grep ' : System RAM$' /proc/iomem | while IFS='- ' read -r lo hi _; do
		if [ $((0x$hi)) -ge $((0x$mon)) ]; then echo "$lo-$hi"; fi
	done)
	check_eq "no System RAM range reaches the monitor at $mon" "$covering" ""
else
	not_ok "RAM and the monitor: no test.ram_mb= on the command line"
fi
check "no /reserved-memory node of the monitor's" sh -c '! ls -d /proc/device-tree/reserved-memory/blmon@* 2>/dev/null'
# Make the kernel hand out nearly every free page (a file of all but 32 MiB
# of MemFree, in a tmpfs of its own: the initramfs' rootfs may take half of
# RAM only), so that a page of the monitor's, were it the kernel's, would be
# written: that is a stage-2 abort, an oops.
free_mb=$(awk '/^MemFree:/ { print int($2 / 1024) }' /proc/meminfo)
fill=$((free_mb - 32))
[ -e /tmp/zero ] || mknod /tmp/zero c 1 5   # /init mounts no /dev
mkdir -p /tmp/fillfs
mount -t tmpfs -o size=${free_mb}m fill /tmp/fillfs
dd if=/tmp/zero of=/tmp/fillfs/fill bs=1M count=$fill 2>/tmp/fill.err
note "dd: $(tail -1 /tmp/fill.err); MemFree after it: $(awk '/^MemFree:/ { print $2, $3 }' /proc/meminfo)"
check_eq "filled ${fill} MiB of RAM (of ${free_mb} MiB free)" \
	"$(wc -c < /tmp/fillfs/fill 2>/dev/null)" "$((fill << 20))"
umount /tmp/fillfs
check "no abort after that (dmesg)" sh -c '! dmesg | grep -qE "external abort|Internal error|Oops"'
