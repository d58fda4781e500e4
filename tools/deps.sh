#!/usr/bin/env bash
# Install the Debian packages the build and the tests need, if missing.
#   tools/deps.sh          what `make`, `make run` and `make test` need
#   tools/deps.sh debug    + gdb-multiarch (make debug)
#   tools/deps.sh docs     + graphviz (make docs)
set -euo pipefail
need=()
have_cmd() { command -v "$1" >/dev/null 2>&1; }
have_cmd arm-none-eabi-gcc || need+=(gcc-arm-none-eabi)
[ -e /usr/lib/arm-none-eabi/newlib/libc_nano.a ] || need+=(libnewlib-arm-none-eabi)
have_cmd qemu-system-arm || need+=(qemu-system-arm)
have_cmd dtc || need+=(device-tree-compiler)
have_cmd fdtput || need+=(device-tree-compiler)
have_cmd gcc || need+=(gcc)
have_cmd make || need+=(make)
[ -e /usr/include/cmocka.h ] || need+=(libcmocka-dev)
have_cmd clang || need+=(clang)
[ -n "$(ls /usr/lib/llvm-*/lib/clang/*/lib/linux/libclang_rt.fuzzer-x86_64.a 2>/dev/null | head -1)" ] || need+=(libclang-rt-14-dev)
have_cmd cppcheck || need+=(cppcheck)
have_cmd clang-tidy || need+=(clang-tidy)
have_cmd cpio || need+=(cpio)
have_cmd readelf || need+=(binutils)   # tools/copy-elf-closure.sh
have_cmd gzip || need+=(gzip)
have_cmd arm-linux-gnueabihf-gcc || need+=(gcc-arm-linux-gnueabihf libc6-dev-armhf-cross)
have_cmd timeout || need+=(coreutils)
case "${1:-}" in
debug) have_cmd gdb-multiarch || need+=(gdb-multiarch) ;;
docs) have_cmd dot || need+=(graphviz) ;;
esac
if [ ${#need[@]} -eq 0 ]; then exit 0; fi
mapfile -t need < <(printf '%s\n' "${need[@]}" | sort -u)
echo "deps: installing ${need[*]}"
SUDO=""
[ "$(id -u)" -eq 0 ] || SUDO="sudo"
export DEBIAN_FRONTEND=noninteractive
# A mirror caught mid-sync fails apt-get update as a whole; the install
# below still says exactly what it cannot get.
$SUDO apt-get update -qq || echo "deps: apt-get update reported errors; going on"
$SUDO apt-get install -y --no-install-recommends "${need[@]}"
