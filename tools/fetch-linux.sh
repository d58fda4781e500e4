#!/usr/bin/env bash
# Fetch the Linux guest's ingredients from Debian's package registry, by
# name and pinned version, verify each by SHA-256, and extract them under
# cache/linux/ (kept by `make clean`; `make distclean` removes it).
#   tools/fetch-linux.sh            -> cache/linux/{kernel,busybox}/...
set -euo pipefail
cd "$(dirname "$0")/.."
dir=cache/linux
mkdir -p "$dir/debs"
# package  version  sha256
PKGS=(
  "linux-image-6.1.0-50-armmp-lpae 6.1.176-1 7a1a2b179324d910db6415d67b73c7495a58d239f61103d9cf2b79a11b7ece3e"
  "busybox-static 1:1.35.0-4+deb12u1+b1 2f68dbeaebeda49f3cde34ac421d5add85fb1c837ff7c4a4971945340d9d66ff"
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
	read -r name ver sum <<<"$entry"
	deb=$(ls "$dir/debs/${name}_"*"_armhf.deb" 2>/dev/null | head -1 || true)
	if [ -z "$deb" ] || ! echo "$sum  $deb" | sha256sum -c --quiet - 2>/dev/null; then
		ensure_armhf
		rm -f "$dir/debs/${name}_"*"_armhf.deb"
		(cd "$dir/debs" && apt-get download -q "$name:armhf=$ver" 2>&1 | grep -v '^W: Download is performed unsandboxed' || true)
		deb=$(ls "$dir/debs/${name}_"*"_armhf.deb" | head -1)
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
