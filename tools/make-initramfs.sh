#!/usr/bin/env bash
# Build the Linux guest's initramfs:  make-initramfs.sh OUT.cpio.gz
#   /bin/busybox         busybox-static (armhf) from cache/linux/
#   /init                guest-tests/linux/init (runs /tests/*.sh)
#   /tests/*.sh          guest-tests/linux/tests/
#   /bin/<prog>          build/linux/bin/* (static programs cross-built from
#                        guest-tests/linux/prog/*.c)
#   /lib/modules/*.ko    build/linux/*.ko (guest kernel modules)
#   /                    cache/linux/rootfs-extra/ if present (e.g. perf and
#                        the shared libraries it needs)
set -euo pipefail
cd "$(dirname "$0")/.."
out=$1
root=$(mktemp -d); trap 'rm -rf "$root"' EXIT
mkdir -p "$root"/{bin,sbin,proc,sys,dev,etc,tmp,tests,lib/modules}
cp cache/linux/busybox-static/bin/busybox "$root/bin/"
cp guest-tests/linux/init "$root/init"
chmod +x "$root/init"
cp guest-tests/linux/tests/*.sh "$root/tests/"
if compgen -G "build/linux/bin/*" >/dev/null; then cp build/linux/bin/* "$root/bin/"; fi
if compgen -G "build/linux/*.ko" >/dev/null; then cp build/linux/*.ko "$root/lib/modules/"; fi
if [ -d cache/linux/rootfs-extra ]; then cp -a cache/linux/rootfs-extra/. "$root/"; fi
(cd "$root" && find . | cpio -o -H newc --quiet | gzip -9 > "$OLDPWD/$out.tmp")
mv "$out.tmp" "$out"
