#!/usr/bin/env bash
# Copy a dynamically linked ELF into a root tree together with exactly what
# it needs to start: its program interpreter (PT_INTERP) and every shared
# library in the closure of its DT_NEEDED entries, found by soname in the
# library directories of extracted packages.
#   copy-elf-closure.sh ROOT ELF DEST PKGDIR...
#     ROOT    the tree to fill (e.g. cache/linux/rootfs-extra)
#     ELF     the program; it lands at ROOT/DEST
#     PKGDIR  extracted packages (dpkg-deb -x) to take libraries from
# Libraries land in ROOT/lib/arm-linux-gnueabihf/ (ELF_LIBDIR=lib/<triplet>
# for another architecture's) under their soname: that
# is a directory the armhf loader searches by default, so no ld.so.cache
# is needed. Fails, naming it, on a library no PKGDIR provides.
set -euo pipefail
root=$1 elf=$2 dest=$3; shift 3
libdir=${ELF_LIBDIR:-lib/arm-linux-gnueabihf}

find_lib() { # soname PKGDIR... -> path of that library in one of the trees
	local soname=$1 d f; shift
	for d in "$@"; do
		for f in "$d/$libdir/$soname" "$d/usr/$libdir/$soname"; do
			[ -e "$f" ] && { echo "$f"; return; }
		done
	done
	return 1
}
needed() { readelf -d "$1" | sed -n 's/.*(NEEDED).*\[\(.*\)\]/\1/p' | tr '\n' ' '; }

mkdir -p "$root/$(dirname "$dest")" "$root/$libdir"
cp -L "$elf" "$root/$dest"

interp=$(readelf -l "$elf" | sed -n 's/.*Requesting program interpreter: \(.*\)\]/\1/p')
[ -n "$interp" ] || { echo "copy-elf-closure: $elf has no program interpreter"; exit 1; }
soname=$(basename "$interp")
src=$(find_lib "$soname" "$@") || { echo "copy-elf-closure: no package provides $interp"; exit 1; }
mkdir -p "$root/$(dirname "$interp")"
cp -L "$src" "$root$interp"

queue=$(needed "$elf")
seen=" $soname "
while [ -n "${queue// /}" ]; do
	read -r soname queue <<<"$queue"
	case "$seen" in *" $soname "*) continue ;; esac
	seen="$seen$soname "
	src=$(find_lib "$soname" "$@") || { echo "copy-elf-closure: no package provides $soname (needed by $elf)"; exit 1; }
	cp -L "$src" "$root/$libdir/$soname"
	queue="$queue $(needed "$src")"
done
