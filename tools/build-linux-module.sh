#!/usr/bin/env bash
# Build the Linux guest's kernel module against Debian's headers for the
# guest kernel (fetched into cache/linux/ by tools/fetch-linux.sh):
#   tools/build-linux-module.sh OUT.ko [arm64]
# arm64: against Debian's arm64 headers (tools/fetch-linux.sh arm64), the
# objects in build/arm64/linux/module/.
# Kbuild (6.1) writes its objects next to the sources of an external module,
# so the sources are copied to build/linux/module/ and built there.
set -euo pipefail
cd "$(dirname "$0")/.."
out=$1
src=guest-tests/linux/module
if [ "${2:-}" = arm64 ]; then
	obj=build/arm64/linux/module karch=arm64 cross=aarch64-linux-gnu-
	headers=cache/linux64/linux-headers-6.1.0-50-arm64/usr/src/linux-headers-6.1.0-50-arm64
	[ -e "$headers/Makefile" ] || tools/fetch-linux.sh arm64
else
	obj=build/linux/module karch=arm cross=arm-linux-gnueabihf-
	headers=cache/linux/linux-headers-6.1.0-50-armmp-lpae/usr/src/linux-headers-6.1.0-50-armmp-lpae
	[ -e "$headers/Makefile" ] || tools/fetch-linux.sh
fi
mkdir -p "$obj"
cp "$src"/Kbuild "$src"/*.c "$src"/*.h "$obj"/
# W=1: kbuild's extra warnings too; Kbuild adds -Werror.
make -s -C "$headers" M="$PWD/$obj" ARCH=$karch CROSS_COMPILE=$cross \
	BLMON_INCLUDE="$PWD/include" W=1 modules
cp "$obj/$(basename "$out")" "$out"
