#!/usr/bin/env bash
# Build the Linux guest's initramfs:  make-initramfs.sh OUT.cpio.gz [TESTS]
#   /bin/busybox         busybox-static (armhf) from cache/linux/
#   /init                guest-tests/linux/init (runs /tests/*.sh)
#   /tests/*.sh          TESTS/*.sh (default guest-tests/linux/tests; the
#                        measurement initramfs uses guest-tests/linux/bench)
#   /bin/<prog>          build/linux/bin/* (static programs cross-built from
#                        guest-tests/linux/prog/*.c)
#   /lib/modules/*.ko    build/linux/*.ko (guest kernel modules, debug
#                        sections stripped)
#   /                    cache/linux/rootfs-extra/ if present (e.g. perf and
#                        the shared libraries it needs)
set -euo pipefail
cd "$(dirname "$0")/.."
out=$(realpath -m "$1")
tests=${2:-guest-tests/linux/tests}
root=$(mktemp -d); trap 'rm -rf "$root"' EXIT
mkdir -p "$root"/{bin,sbin,proc,sys,dev,etc,tmp,tests,lib/modules}
cp cache/linux/busybox-static/bin/busybox "$root/bin/"
cp guest-tests/linux/init "$root/init"
chmod +x "$root/init"
cp "$tests"/*.sh "$root/tests/"
if compgen -G "build/linux/bin/*" >/dev/null; then cp build/linux/bin/* "$root/bin/"; fi
# modules without their debug sections (a tenth of the size; insmod needs
# none of it). Programs keep their symbols: perf report names functions.
for ko in build/linux/*.ko; do
	if [ -e "$ko" ]; then arm-linux-gnueabihf-strip --strip-debug -o "$root/lib/modules/${ko##*/}" "$ko"; fi
done
if [ -d cache/linux/rootfs-extra ]; then cp -a cache/linux/rootfs-extra/. "$root/"; fi
# The same inputs give the same bytes (file order, dates, inode numbers):
# with -icount shift=0 the boot's instruction count then repeats exactly.
find "$root" -exec touch -h -d @0 {} +
(cd "$root" && find . | LC_ALL=C sort | cpio -o -H newc --quiet --reproducible | gzip -9 -n > "$out.tmp")
mv "$out.tmp" "$out"
