#!/usr/bin/env bash
# Fetch the Linux guest's ingredients from Debian's package registry, by
# name and pinned version, verify each by SHA-256, and extract them under
# cache/linux/ (kept by `make clean`; `make distclean` removes it), one
# directory per package.
#   tools/fetch-linux.sh   -> cache/linux/<package>/... (kernel, busybox, and
#                             the kernel's headers + kbuild tools to build
#                             guest modules against, tools/build-linux-module.sh)
set -euo pipefail
cd "$(dirname "$0")/.."
dir=cache/linux
mkdir -p "$dir/debs"
# package:arch  version  sha256
# (linux-kbuild-6.1 is pinned to bookworm main's version, the one the headers
# were made with; bookworm-security carries a newer one.)
PKGS=(
  "linux-image-6.1.0-50-armmp-lpae:armhf 6.1.176-1 7a1a2b179324d910db6415d67b73c7495a58d239f61103d9cf2b79a11b7ece3e"
  "busybox-static:armhf 1:1.35.0-4+deb12u1+b1 2f68dbeaebeda49f3cde34ac421d5add85fb1c837ff7c4a4971945340d9d66ff"
  "linux-headers-6.1.0-50-armmp-lpae:armhf 6.1.176-1 79a9838061250ddd822ac01904ab88eed25d62cfec32943d57ea4c90d668d30b"
  "linux-headers-6.1.0-50-common:all 6.1.176-1 7f6f7bee50efbc36dc02c976be5982b96cf36abe544f03f09368e98cfcc5ac3b"
  "linux-kbuild-6.1:amd64 6.1.176-1 667d2e1e94047031c3bcefa4bb67c2520bbc3cc1cce0aa592e67b108dbbead03"
)
SUDO=""; [ "$(id -u)" -eq 0 ] || SUDO=sudo
ensure_armhf() {
	if ! dpkg --print-foreign-architectures | grep -qx armhf; then
		$SUDO dpkg --add-architecture armhf
	fi
	if ! apt-cache show "linux-image-6.1.0-50-armmp-lpae:armhf=6.1.176-1" >/dev/null 2>&1; then
		# A mirror caught mid-sync (seen: bookworm-security's armhf index)
		# makes apt-get update fail as a whole although the suites we
		# take packages from are fine; what matters is checked next.
		$SUDO apt-get update -qq || echo "fetch-linux: apt-get update reported errors; going on"
	fi
}
for entry in "${PKGS[@]}"; do
	read -r pkg ver sum <<<"$entry"
	name=${pkg%:*} arch=${pkg#*:}
	deb=$(ls "$dir/debs/${name}_"*"_$arch.deb" 2>/dev/null | head -1 || true)
	if [ -z "$deb" ] || ! echo "$sum  $deb" | sha256sum -c --quiet - 2>/dev/null; then
		ensure_armhf
		rm -f "$dir/debs/${name}_"*"_$arch.deb"
		(cd "$dir/debs" && apt-get download -q "$name:$arch=$ver" 2>&1 | grep -v '^W: Download is performed unsandboxed' || true)
		deb=$(ls "$dir/debs/${name}_"*"_$arch.deb" | head -1)
		echo "$sum  $deb" | sha256sum -c --quiet - || { echo "checksum mismatch for $deb"; exit 1; }
	fi
	stamp="$dir/.extracted-$name-$sum"
	if [ ! -e "$stamp" ]; then
		rm -rf "$dir/$name"; mkdir -p "$dir/$name"
		dpkg-deb -x "$deb" "$dir/$name"
		touch "$stamp"
	fi
done
ls "$dir/linux-image-6.1.0-50-armmp-lpae/boot/vmlinuz-6.1.0-50-armmp-lpae" >/dev/null

# The headers expect to be installed in / : their scripts/ and tools/ are
# symlinks into /usr/lib/linux-kbuild-6.1 (relative, so they point inside the
# wrong package's directory here) and the flavour's Makefile includes the
# common one by absolute path. Point both at the extracted packages (paths
# relative to the tree, so the cache can move), instead of installing in /.
flavour=$dir/linux-headers-6.1.0-50-armmp-lpae/usr/src/linux-headers-6.1.0-50-armmp-lpae
common=$dir/linux-headers-6.1.0-50-common/usr/src/linux-headers-6.1.0-50-common
kbuild=$dir/linux-kbuild-6.1/usr/lib/linux-kbuild-6.1
for tree in "$flavour" "$common"; do
	for link in scripts tools; do
		ln -sfn "$(realpath --relative-to="$tree" "$kbuild/$link")" "$tree/$link"
	done
done
# (edited only when needed: its date is what the module rule depends on)
if grep -q "^include /usr/src/" "$flavour/Makefile"; then
	sed -i "s|^include /usr/src/linux-headers-6.1.0-50-common/Makefile\$|include $(realpath --relative-to="$flavour" "$common")/Makefile|" \
		"$flavour/Makefile"
fi
grep -q "^include \.\./" "$flavour/Makefile"
