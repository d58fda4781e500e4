#!/usr/bin/env bash
# Build the Linux guest's initramfs, one for every Linux scenario:
#   make-initramfs.sh [--no-perftest] [--arch arm64] OUT.cpio.gz [SUITES]
#   /bin/busybox         busybox-static (armhf) from cache/linux/
#   /init                guest-tests/linux/init (runs the suite test.suite= names)
#   /lib/tests.sh        guest-tests/linux/lib.sh (check, check_eq, note, run_suite)
#   /lib/perf-tests.sh   guest-tests/linux/perf-lib.sh (helpers of the perf checks)
#   /lib/perfpmu-tests.sh guest-tests/linux/perfpmu-lib.sh (the perf-PMU checks
#                        ARMv7's default suite and arm64's make alike)
#   /lib/cpufreq-tests.sh guest-tests/linux/cpufreq-lib.sh (the cpufreq suite's)
#   /tests/NAME/*.sh     SUITES/NAME/*.sh: one directory per suite (default
#                        guest-tests/linux/tests)
#   /bin/<prog>          build/linux/bin/* (static programs cross-built from
#                        guest-tests/linux/prog/*.c)
#   /lib/modules/*.ko    build/linux/*.ko (guest kernel modules, debug
#                        sections stripped), and the cpufreq governors
#                        Debian builds as modules (the cpufreq suite)
#   /                    cache/linux/rootfs-extra/ if present (perf and the
#                        shared libraries it needs), and, unless --no-perftest,
#                        cache/linux/perftest-root/ (what Linux's own `perf test`
#                        calls; the perftest suite makes /bin/sh dash, the
#                        other suites keep busybox's)
# --arch arm64: the AArch64 guest's (docs/arm64.md): busybox, perf and its
# libraries and the perf-test userland from cache/linux64/ (tools/fetch-linux.sh
# arm64), the programs from build/arm64/linux/bin/, the module
# build/arm64/linux/*.ko, the cpufreq governors of the arm64 kernel. Either architecture takes every
# suite but those whose directory has a file "arch" naming the other one
# (arm32 or arm64).
# tools/linux-measure.sh uses --no-perftest: its boot-time figures are those of
# the initramfs without the 13.7 MB the perf tests add.
set -euo pipefail
cd "$(dirname "$0")/.."
perftest=1 arch=arm32 cache=cache/linux bin=build/linux strip=arm-linux-gnueabihf-strip
if [ "${1:-}" = --no-perftest ]; then perftest=0; shift; fi
if [ "${1:-}" = --arch ] && [ "${2:-}" = arm64 ]; then
	arch=arm64 cache=cache/linux64 bin=build/arm64/linux strip=aarch64-linux-gnu-strip; shift 2
fi
out=$(realpath -m "$1")
suites=${2:-guest-tests/linux/tests}
root=$(mktemp -d); trap 'rm -rf "$root"' EXIT
mkdir -p "$root"/{bin,sbin,proc,sys,dev,etc,tmp,tests,lib/modules}
cp "$cache/busybox-static/bin/busybox" "$root/bin/"
cp guest-tests/linux/init "$root/init"
chmod +x "$root/init"
cp guest-tests/linux/lib.sh "$root/lib/tests.sh"
cp guest-tests/linux/perf-lib.sh "$root/lib/perf-tests.sh"
cp guest-tests/linux/perfpmu-lib.sh "$root/lib/perfpmu-tests.sh"
cp guest-tests/linux/cpufreq-lib.sh "$root/lib/cpufreq-tests.sh"
for dir in "$suites"/*/; do
	name=$(basename "$dir")
	if [ -e "$dir/arch" ] && [ "$(cat "$dir/arch")" != "$arch" ]; then continue; fi
	mkdir -p "$root/tests/$name"
	cp "$dir"*.sh "$root/tests/$name/"
done
if compgen -G "$bin/bin/*" >/dev/null; then cp "$bin"/bin/* "$root/bin/"; fi
# modules without their debug sections (a tenth of the size; insmod needs
# none of it). Programs keep their symbols: perf report names functions.
for ko in "$bin"/*.ko; do
	if [ -e "$ko" ]; then $strip --strip-debug -o "$root/lib/modules/${ko##*/}" "$ko"; fi
done
# powersave, userspace, ondemand and conservative are modules in Debian's
# kernel (schedutil and performance are built in); none depends on another.
kmods=cache/linux/linux-image-6.1.0-50-armmp-lpae/lib/modules/6.1.0-50-armmp-lpae/kernel
if [ "$arch" = arm64 ]; then kmods=$cache/linux-image-6.1.0-50-arm64/lib/modules/6.1.0-50-arm64/kernel; fi
for gov in powersave userspace ondemand conservative; do
	cp "$kmods/drivers/cpufreq/cpufreq_$gov.ko" "$root/lib/modules/"
done
if [ -d "$cache/rootfs-extra" ]; then cp -a "$cache/rootfs-extra/." "$root/"; fi
if [ "$perftest" = 1 ]; then
	cp -a "$cache/perftest-root/." "$root/"
	rm "$root/bin/sh"   # dash's; busybox --install makes it busybox's
fi
# The same inputs give the same bytes (file order, dates, inode numbers):
# with -icount shift=0 the boot's instruction count then repeats exactly.
find "$root" -exec touch -h -d @0 {} +
(cd "$root" && find . | LC_ALL=C sort | cpio -o -H newc --quiet --reproducible | gzip -9 -n > "$out.tmp")
mv "$out.tmp" "$out"
