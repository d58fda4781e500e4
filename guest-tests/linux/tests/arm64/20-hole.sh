# Run by /init: the AArch64 monitor sits inside the guest's RAM (linked at
# RAM + 62 MiB, 2 MiB; docs/arm64.md) and stage 2 leaves it unmapped. The
# monitor's device-tree fix-up tells Linux (/reserved-memory, no-map), so
# Linux never maps, allocates or touches it.
HOLE=43e00000 HOLE_END=43ffffff
R=/proc/device-tree/reserved-memory/blmon@$HOLE
check "the tree has /reserved-memory/blmon@$HOLE, no-map" test -e $R/no-map
check_eq "... its reg is the monitor's 2 MiB" "$(od -An -tx1 $R/reg | tr -d ' \n')" \
	00000000${HOLE}0000000000200000
if [ -n "$RAM_MB" ]; then
	end=$(printf '%08x' $((RAM_BASE + (RAM_MB << 20) - 1)))
	check "System RAM 40000000-43dfffff and 44000000-$end: all of RAM but the monitor" \
		sh -c "grep -q '^40000000-43dfffff : System RAM' /proc/iomem &&
		       grep -q '^44000000-$end : System RAM' /proc/iomem"
else
	not_ok "System RAM around the monitor: no test.ram_mb= on the command line"
fi
covering=$(grep ' : System RAM$' /proc/iomem | while IFS='- ' read -r lo hi _; do
	if [ $((0x$lo)) -le $((0x$HOLE_END)) ] && [ $((0x$hi)) -ge $((0x$HOLE)) ]; then echo "$lo-$hi"; fi
done)
check_eq "no System RAM range covers the monitor" "$covering" ""
# Make the kernel hand out nearly every free page (a file of all but 32 MiB
# of MemFree, in a tmpfs of its own: the initramfs' rootfs may take half of
# RAM only), so that a page of the hole, were it the kernel's,
# would be written: that is a stage-2 abort, an oops.
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
