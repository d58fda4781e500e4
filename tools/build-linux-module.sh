#!/usr/bin/env bash
# Build the Linux guest's kernel module against Debian's headers for the
# guest kernel (fetched into cache/linux/ by tools/fetch-linux.sh):
#   tools/build-linux-module.sh OUT.ko
# Kbuild (6.1) writes its objects next to the sources of an external module,
# so the sources are copied to build/linux/module/ and built there.
set -euo pipefail
cd "$(dirname "$0")/.."
out=$1
src=guest-tests/linux/module
obj=build/linux/module
headers=cache/linux/linux-headers-6.1.0-50-armmp-lpae/usr/src/linux-headers-6.1.0-50-armmp-lpae
[ -e "$headers/Makefile" ] || tools/fetch-linux.sh
mkdir -p "$obj"
cp "$src"/Kbuild "$src"/*.c "$src"/*.h "$obj"/
# W=1: kbuild's extra warnings too; Kbuild adds -Werror.
make -s -C "$headers" M="$PWD/$obj" ARCH=arm CROSS_COMPILE=arm-linux-gnueabihf- \
	BLMON_INCLUDE="$PWD/include" W=1 modules
cp "$obj/$(basename "$out")" "$out"
