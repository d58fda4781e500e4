#!/usr/bin/env bash
# tools/deps.sh's detection (issue #18): against a fake root holding a file
# for every package it lists, it wants nothing; with one package's files
# missing - the C library headers of a cross compiler that is there, a
# library found by a glob, a command - it wants exactly that package. TAP.
set -uo pipefail
cd "$(dirname "$0")/../.."
fake=$(mktemp -d)
trap 'rm -rf "$fake"' EXIT
n=0 bad=0
tap() { # ok? name
	n=$((n + 1))
	if [ "$1" = 0 ]; then echo "ok $n - $2"; else echo "not ok $n - $2"; bad=1; fi
}
wants() { DEPS_ROOT=$fake tools/deps.sh --check "$@" | tr '\n' ' ' | sed 's/ $//'; }
expect() { # name want args...
	local name=$1 want=$2 got
	shift 2
	got=$(wants "$@")
	[ "$got" = "$want" ]; tap $? "$name: got '$got', want '$want'"
}

# every listed file, globs made concrete
while read -r pkg files; do
	for f in $(echo "$files" | sed 's/\*/14/g'); do mkdir -p "$fake$(dirname "$f")"; : >"$fake$f"; done
done < <(tools/deps.sh --list debug; tools/deps.sh --list docs)
rows=$(tools/deps.sh --list | wc -l)
[ "$rows" -ge 15 ]; tap $? "the table lists the build's packages ($rows)"

expect "a complete root wants nothing" ""
expect "... nor for make debug" "" debug
expect "... nor for make docs" "" docs
rm "$fake/usr/arm-linux-gnueabihf/include/bits/libc-header-start.h"
expect "the cross compiler without its C headers wants libc6-dev-armhf-cross alone" "libc6-dev-armhf-cross"
rm "$fake/usr/lib/llvm-14/lib/clang/14/lib/linux/libclang_rt.fuzzer-x86_64.a"
expect "... and the fuzzer runtime (a glob) libclang-rt-14-dev" "libc6-dev-armhf-cross libclang-rt-14-dev"
rm "$fake/usr/bin/fdtput"
expect "one of a package's two files missing wants it" \
	"device-tree-compiler libc6-dev-armhf-cross libclang-rt-14-dev"
rm "$fake/usr/bin/gdb-multiarch"
expect "make debug wants gdb-multiarch too" \
	"device-tree-compiler gdb-multiarch libc6-dev-armhf-cross libclang-rt-14-dev" debug
expect "... make test does not" "device-tree-compiler libc6-dev-armhf-cross libclang-rt-14-dev"
exit $bad
