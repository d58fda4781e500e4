#!/usr/bin/env bash
# Install the Debian packages the build and the tests need, if missing.
#   tools/deps.sh          what `make`, `make run` and `make test` need
#   tools/deps.sh debug    + gdb-multiarch (make debug)
#   tools/deps.sh docs     + graphviz (make docs)
#   tools/deps.sh --check [debug|docs]   print the missing packages, one a
#                          line, and install nothing
#   tools/deps.sh --list [debug|docs]    the table below: package file...
# A package counts as installed when every file it is listed with below is
# there: a file of each package, not only a command - a cross compiler
# installed without its C library (apt's --no-install-recommends leaves
# libc6-dev-armhf-cross out) is completed. DEPS_ROOT (default /) is where
# the files are looked for (tests/deps/: a fake root).
set -euo pipefail
root=${DEPS_ROOT:-}

# package  file...   (a file may be a glob; one match is enough)
packages() {
	cat <<'EOF'
gcc-arm-none-eabi          /usr/bin/arm-none-eabi-gcc
libnewlib-arm-none-eabi    /usr/lib/arm-none-eabi/newlib/libc_nano.a
qemu-system-arm            /usr/bin/qemu-system-arm
device-tree-compiler       /usr/bin/dtc /usr/bin/fdtput
gcc                        /usr/bin/gcc
make                       /usr/bin/make
libcmocka-dev              /usr/include/cmocka.h
clang                      /usr/bin/clang
libclang-rt-14-dev         /usr/lib/llvm-*/lib/clang/*/lib/linux/libclang_rt.fuzzer-x86_64.a
cppcheck                   /usr/bin/cppcheck
clang-tidy                 /usr/bin/clang-tidy
cpio                       /bin/cpio
binutils                   /usr/bin/readelf
gzip                       /bin/gzip
gcc-arm-linux-gnueabihf    /usr/bin/arm-linux-gnueabihf-gcc
libc6-dev-armhf-cross      /usr/arm-linux-gnueabihf/include/bits/libc-header-start.h /usr/arm-linux-gnueabihf/lib/libc.a
coreutils                  /usr/bin/timeout
gcc-aarch64-linux-gnu      /usr/bin/aarch64-linux-gnu-gcc
libc6-dev-arm64-cross      /usr/aarch64-linux-gnu/include/bits/libc-header-start.h /usr/aarch64-linux-gnu/lib/libc.a
qemu-system-arm            /usr/bin/qemu-system-aarch64
EOF
	case "${1:-}" in
	debug) echo "gdb-multiarch /usr/bin/gdb-multiarch" ;;
	docs) echo "graphviz /usr/bin/dot" ;;
	esac
}

# have FILE: FILE (a glob) exists under the root
have() {
	local m
	for m in $root$1; do [ -e "$m" ] && return 0; done
	return 1
}

missing() {
	local pkg rest f files
	while read -r pkg rest; do
		read -r -a files <<<"$rest"   # split, not globbed: have() globs under the root
		for f in "${files[@]}"; do
			if ! have "$f"; then echo "$pkg"; break; fi
		done
	done < <(packages "$@")
}

if [ "${1:-}" = --list ]; then shift; packages "$@"; exit 0; fi
check=0
if [ "${1:-}" = --check ]; then check=1; shift; fi
mapfile -t need < <(missing "$@" | sort -u)
if [ $check -eq 1 ]; then
	[ ${#need[@]} -eq 0 ] || printf '%s\n' "${need[@]}"
	exit 0
fi
if [ ${#need[@]} -eq 0 ]; then exit 0; fi
echo "deps: installing ${need[*]}"
SUDO=""
[ "$(id -u)" -eq 0 ] || SUDO="sudo"
export DEBIAN_FRONTEND=noninteractive
# A mirror caught mid-sync fails apt-get update as a whole; the install
# below still says exactly what it cannot get.
$SUDO apt-get update -qq || echo "deps: apt-get update reported errors; going on"
$SUDO apt-get install -y --no-install-recommends "${need[@]}"
