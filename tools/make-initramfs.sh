#!/usr/bin/env bash
# Build the Linux guest's initramfs: busybox (static, armhf) and the test
# /init from guest-tests/linux/.   make-initramfs.sh OUT.cpio.gz
set -euo pipefail
cd "$(dirname "$0")/.."
out=$1
root=$(mktemp -d); trap 'rm -rf "$root"' EXIT
mkdir -p "$root"/{bin,sbin,proc,sys,dev,etc,tmp}
cp cache/linux/busybox-static/bin/busybox "$root/bin/"
cp guest-tests/linux/init "$root/init"
chmod +x "$root/init"
(cd "$root" && find . | cpio -o -H newc --quiet | gzip -9 > "$OLDPWD/$out.tmp")
mv "$out.tmp" "$out"
