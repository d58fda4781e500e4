#!/usr/bin/env bash
# Fetch the Linux guest's ingredients from Debian's package registry, by
# name and pinned version, verify each by SHA-256, and extract them under
# cache/linux/ (kept by `make clean`; `make distclean` removes it), one
# directory per package.
#   tools/fetch-linux.sh   -> cache/linux/<package>/... (kernel, busybox, perf
#                             and its libraries, and the kernel's headers +
#                             kbuild tools to build guest modules against,
#                             tools/build-linux-module.sh)
#                             cache/linux/rootfs-extra/ (perf and exactly the
#                             libraries it loads, copied into the initramfs)
#   tools/fetch-linux.sh arm64 -> cache/linux64/<package>/... and
#                             cache/linux64/rootfs-extra/: the AArch64 guest's
#                             kernel, busybox and perf with its libraries
#                             (PKGS_ARM64), cache/linux64/perftest-root/
set -euo pipefail
cd "$(dirname "$0")/.."
guest_arch=${1:-armhf}
case $guest_arch in
armhf) dir=cache/linux triplet=arm-linux-gnueabihf probe="linux-image-6.1.0-50-armmp-lpae:armhf=6.1.176-1" ;;
arm64) dir=cache/linux64 triplet=aarch64-linux-gnu probe="linux-image-6.1.0-50-arm64:arm64=6.1.176-1" ;;
*) echo "fetch-linux: $guest_arch: armhf (the default) or arm64"; exit 1 ;;
esac
mkdir -p "$dir/debs"
# package:arch  version  sha256 (the SHA256 field of Debian's bookworm index)
# (linux-kbuild-6.1 is pinned to bookworm main's version, the one the headers
# were made with; bookworm-security carries a newer one.)
PKGS=(
  "linux-image-6.1.0-50-armmp-lpae:armhf 6.1.176-1 7a1a2b179324d910db6415d67b73c7495a58d239f61103d9cf2b79a11b7ece3e"
  "busybox-static:armhf 1:1.35.0-4+deb12u1+b1 2f68dbeaebeda49f3cde34ac421d5add85fb1c837ff7c4a4971945340d9d66ff"
  "linux-headers-6.1.0-50-armmp-lpae:armhf 6.1.176-1 79a9838061250ddd822ac01904ab88eed25d62cfec32943d57ea4c90d668d30b"
  "linux-headers-6.1.0-50-common:all 6.1.176-1 7f6f7bee50efbc36dc02c976be5982b96cf36abe544f03f09368e98cfcc5ac3b"
  "linux-kbuild-6.1:amd64 6.1.176-1 667d2e1e94047031c3bcefa4bb67c2520bbc3cc1cce0aa592e67b108dbbead03"
  # perf, built from the same kernel source as the image above
  "linux-perf:armhf 6.1.176-1 1db7461a95b5a5fa3901bd94e06bc7576d67ee50cfd6a1a9d9ab16e4d070a05a"
  # the packages holding the closure of perf's DT_NEEDED libraries (28 .so
  # files plus the loader; tools/copy-elf-closure.sh takes only those)
  "libc6:armhf 2.36-9+deb12u14 758c68b92654747025b48476a45c315bf16df1321224abdd9be672bfd120be45"
  "libgcc-s1:armhf 12.2.0-14+deb12u1 f58562bf01efd6112b914182147ee149e0d4c90869046e31844da8803669eeb3"
  "libstdc++6:armhf 12.2.0-14+deb12u1 66d53ddeb10a37f22e455611c2c515f9d444e523b55d873ff48bde47267963db"
  "zlib1g:armhf 1:1.2.13.dfsg-1 b52fcc443085ff9c676648b4d0fc97cd31b8f119bdd4e7534e50b6e9386502ba"
  "liblzma5:armhf 5.4.1-1+deb12u1 bfbb78b257213e3d66a8c5940c1f5e922dc3bad5c427c9077324657a5eb78e00"
  "libzstd1:armhf 1.5.4+dfsg2-5 a2ca48bc43bb51d3cbc6beb07aefd3fe252859868a4ccb9c1edbfc942786e4b1"
  "libbz2-1.0:armhf 1.0.8-5+b1 aeed5e720eb41badf6ab8b0e719007fe446c13ce93a8d75ca37d1cdfaaf7f5b4"
  "libelf1:armhf 0.188-2.1 74c36e48beb30384d95b4d8e419c295b8339b6a7cf74158933ea838bc7c59612"
  "libdw1:armhf 0.188-2.1 1e76247996b1a8dacae6c32a95f1fb38cce0f91095da13ad8893830029a209fc"
  "libunwind8:armhf 1.6.2-3 aa9670860a4210317313a24115c02e4c42c781e05bb31b87163f9e4fc1fe4e92"
  "libopencsd1:armhf 1.3.3-1 73a2cdd16a134314e0c130ea2c6b17c3c73cee051295192d9e5fa4709ce8fa76"
  "libaudit1:armhf 1:3.0.9-1 64b557f4f8afff896a52432f3371003666f3b4c352c37b71b43ad5c1dabe7c45"
  "libcap-ng0:armhf 0.8.3-1+b3 f99ba8bd232b4106ab6dbdc28aa5cbf086c00a2bfc563cad4ae1f4cf657de8e5"
  "libcap2:armhf 1:2.66-4+deb12u3+b1 26c599095f5bdac228385ea99ff82344ab1395c828cb24e7e55da823f3ca2e8c"
  "libslang2:armhf 2.3.3-3 4a3fe6a9cd5581e5e96b57b34824bba837b5ae236b3b952f30aa4a4da9949769"
  "libnuma1:armhf 2.0.16-1 46c29006596ae99e593faa7ee591f1c569e7acc40934817eeed38a969b3a9b6b"
  "libperl5.36:armhf 5.36.0-7+deb12u3 46e60ef29014d818f991c695696401cb1d172e6eec35a3ed6c48efb36a5297c5"
  "libcrypt1:armhf 1:4.4.33-2 6bb061a2279a27ff61791cda6edc8925455e5423e475e5e6c41ad7e04d8efc3c"
  "libpython3.11:armhf 3.11.2-6+deb12u8 13b6c7f39ebed9330fdb66763198bc642a98d19205cfd5edecc8372116cc35b9"
  "libexpat1:armhf 2.5.0-1+deb12u2 e1cbf8b00e34295cd92865747abf80999218b6511ddc68daffd6b0e5f9fe0d63"
  "libbabeltrace1:armhf 1.5.11-1+b2 453fbe10fb617a829717b698be1aedff3222fbc41400a70409d839e893b62a84"
  "libglib2.0-0:armhf 2.74.6-2+deb12u9 0b687efd895b4963445b848a0acb931358f85f636365824c308689b1e920223b"
  "libpcre2-8-0:armhf 10.42-1 71a2a91cf8c22665c596e0426c45ee50815405e20aeedd7627eddeee20bb7a42"
  "libuuid1:armhf 2.38.1-5+deb12u3 8e7bdaf72a70a29520cae0d3da81ab814a6954b17dedd33d68b7eebcdc9de56c"
  # the userland Linux's own `perf test` calls (the perftest suite,
  # docs/linux.md): shells, coreutils, grep, sed, find, objdump, python,
  # ping, and the libraries they load; assembled into cache/linux/perftest-root
  "bash:armhf 5.2.15-2+b13 216816bcf81d4baf43c8033bf7dfa622ba01230a1a45c21288d0b3c03f2676df"
  "dash:armhf 0.5.12-2 a2ad8a24025cb188260c74a8bc911bccc8b3c55ceb3130e69dbd977afbe62f9d"
  "coreutils:armhf 9.1-1 63b1179dc344a063777a369f12f23a4e7ff4b02468b6df42ab6936d63648f4b5"
  "grep:armhf 3.8-5 dc364e54dab4d768295caad23c9f6fc2c54b3443f47fcd10362a4f64f6418f7b"
  "sed:armhf 4.9-1+deb12u1 e955673dfabae0c99c45b35b3d0d36467af1a8dcfc165f13cb34819976059f67"
  "findutils:armhf 4.9.0-4 8ae49a272fd85ef1360483e3572bb7979ac7a75f5a2c4b23282340151f46daa7"
  "iputils-ping:armhf 3:20221126-1+deb12u1 3543cb89dc7d0e2a47c7e1259d9d4691fa87dfd61522e5e4582ecc3dce055fad"
  "python3.11-minimal:armhf 3.11.2-6+deb12u8 3464ec52751fa9c9bd09e66452b27150ea78f4373533b5490a529b3f5c6cdab1"
  "libpython3.11-minimal:armhf 3.11.2-6+deb12u8 a8984ddc0c2a29feedb34861ed9e839a05e02543b71965e6d09c1bdefa5b5e6d"
  "libpython3.11-stdlib:armhf 3.11.2-6+deb12u8 75cb85717ba70b0c239394120413abe4e43e75694fbbfc45412f5b6d2e44e584"
  "binutils-arm-linux-gnueabihf:armhf 2.40-2 520045faaeb134f9e89917e6a0f97aa71e6a3d1aee3707ace210e7db02690c3f"
  "libbinutils:armhf 2.40-2 0bd013381eca874d05f36c2ad599c198acde3d80e261bc9478c17d7faa8edefa"
  "libctf-nobfd0:armhf 2.40-2 720a81a9d03ffd99789350d2bd06ddddb19459814113aaf89da02ea11c9216e3"
  "libctf0:armhf 2.40-2 a9bdbf40d3d736945309117543d78b16ad9f9dc0ee3b83756dc10a6bf8724653"
  "libjansson4:armhf 2.14-2 4200351f40944a9333152100935b2f53dd8cf3231b30830bb2fcbfb24a200acd"
  "libacl1:armhf 2.3.1-3 825a955bc00fe2d0df2a4a91d06495dfef02b3121180d1f394ec731de1f266e7"
  "libattr1:armhf 1:2.5.1-4 10ef4dc484fb01ab03e855e6d9226358ad65840d785d9b8620f10f6c22b9a8d4"
  "libselinux1:armhf 3.4-1+b6 ca51aaac511bd83291d2d701cd08b12a8bdc4c646d4d6f7eed869c0dc188ebd8"
  "libgmp10:armhf 2:6.2.1+dfsg1-1.1 240b6cc98c7fbd4781e8aa90d0bb68ccbc4a0931565cff7565509836bbd807ad"
  "libssl3:armhf 3.0.20-1~deb12u2 8e7bfa25f6be0b5b0257e093ffad36f6ccb72f51ead97d8b7e78fafac59184a4"
  "libtinfo6:armhf 6.4-4 5990d010cc1f96d166c1fb1bce06822f14665dc9d83e528b166e129982b09d7b"
  "libidn2-0:armhf 2.3.3-1+b1 4bd11a1c6619d311b6b6dd44208d708f18ebcf70ee387a51fde849f783b1fdc8"
  "libunistring2:armhf 1.0-2 238765946297dfea3c383338f5ceaa665a5c870ec014a1cccc639bd1a23cf3b7"
)
# The AArch64 guest (docs/arm64.md): the same versions as the armhf ones
PKGS_ARM64=(
  "linux-image-6.1.0-50-arm64:arm64 6.1.176-1 914f75b57a8e165d85fb910c3e2dcc7000a05a9fea3f42f90b26e8dd590d5f06"
  "busybox-static:arm64 1:1.35.0-4+deb12u1+b1 732c9135564fc71337e0e05fb4da4d11e6c28c1834bce3e405e575afef2a52f5"
  "linux-perf:arm64 6.1.176-1 c7b9e0b0e2fe8455152e149fe3269ca9854255077cd6c5cb634a613dfbdcc0e6"
  "libc6:arm64 2.36-9+deb12u14 01f4330719fd4f65580e16ea5a0527f372fca750e8f588d26deaf09f2d3b1cf4"
  "libgcc-s1:arm64 12.2.0-14+deb12u1 576926b283613db80168ddf76380a3bd877602778cf0d226caa7bfbfa71eacf3"
  "libstdc++6:arm64 12.2.0-14+deb12u1 26e138c677a985775331373828a6c286c551ff397cb735d00e2383cb273d1cb2"
  "zlib1g:arm64 1:1.2.13.dfsg-1 52b8b8a145bbe1956bba82034f77022cbef0c3d0885c9e32d9817a7932fe1913"
  "liblzma5:arm64 5.4.1-1+deb12u1 647ce9d81e41c30071ce6ac0d3324579216a33aaa1d28971d6952315f6a95a75"
  "libzstd1:arm64 1.5.4+dfsg2-5 95e173c9538f96ede4fc275ec7863f395a97dd0ea62454be9bc914efa1b9be93"
  "libbz2-1.0:arm64 1.0.8-5+b1 d3a96ece03326498b39ff093a76800dfcbcb1d4049d6ae6e9f6fa1aa7a590ad6"
  "libelf1:arm64 0.188-2.1 32971952d8f5d563447bf275f24e26057500924da2d855c1edb53b0f0400bd11"
  "libdw1:arm64 0.188-2.1 3b403c886653e2ea496b74cf3b5c89aa0f50a7c2af9eda343be185970d3f440d"
  "libunwind8:arm64 1.6.2-3 f83ce7c58caaf15cfb0b6ced538751ea11ded920443aecfe617049ae184b715e"
  "libopencsd1:arm64 1.3.3-1 e526954fa16bb58fc1afb08da5a4d487863f593542c218efb1444ab24d24e188"
  "libaudit1:arm64 1:3.0.9-1 619606427a334cba955e0afb18bf4a636df4141d32ea474a79cc512b5ca358e7"
  "libcap-ng0:arm64 0.8.3-1+b3 24e74ad29a37d2a3940b8977d11298a7afc77379ef414b561d79c64147d740e0"
  "libcap2:arm64 1:2.66-4+deb12u3+b1 b3a21ae1cef9c2f3fa340007100fb0aa934ab6a4d8aed131660de9713db2bb6e"
  "libslang2:arm64 2.3.3-3 9dafcae211f5fccd147858384dd4ef161fae8a7d681256aaa7a772cbce15df55"
  "libnuma1:arm64 2.0.16-1 b4ed2547f387eb2e97d13c0b423b034d2a4d052b2131dfe043e45a84915452c5"
  "libperl5.36:arm64 5.36.0-7+deb12u3 9f88187766759ddc21b4b2fe2956929c4883a6674884cedde261e3ccf9a32d5c"
  "libcrypt1:arm64 1:4.4.33-2 eea0ad76ea5eb507127fea0c291622ea4ecdbb71c4b9a8ed9c76ae33fc1a0127"
  "libpython3.11:arm64 3.11.2-6+deb12u8 124978ff6bdfb972b5ab4eb44899fde190d3e651fdf941d141fd1b5a68bedc80"
  "libexpat1:arm64 2.5.0-1+deb12u2 8dc1976735acf825e3a922d82f171e20feec7394da2b8c616091983e38706275"
  "libbabeltrace1:arm64 1.5.11-1+b2 ae914a416a552cf1d943ccc3b8a4ca3f8e1fbd9b3e1552ebf8aaa88a8e6aeb0f"
  "libglib2.0-0:arm64 2.74.6-2+deb12u9 61d92fffada7e27fc0ed9d23e047b45bca3b2e3bfe1a918f4ec16559282859f4"
  "libpcre2-8-0:arm64 10.42-1 b2448d0a8a3db7fbeac231e7ef93811346c1fb5f96ccf6f631701d8a4eb39206"
  "libuuid1:arm64 2.38.1-5+deb12u3 3b2d19df0f3190108cf54228c4cfc822226c06d8f3615a5ab16a7dffb1f58aed"
  # the headers the guest module is built against (tools/build-linux-module.sh)
  "linux-headers-6.1.0-50-arm64:arm64 6.1.176-1 64c93d13ce119aaaf6604482f3237a132709217723a6f78f3775380cbc8519be"
  "linux-headers-6.1.0-50-common:all 6.1.176-1 7f6f7bee50efbc36dc02c976be5982b96cf36abe544f03f09368e98cfcc5ac3b"
  "linux-kbuild-6.1:amd64 6.1.176-1 667d2e1e94047031c3bcefa4bb67c2520bbc3cc1cce0aa592e67b108dbbead03"
  # the perf-test userland (the perftest suite), as armhf's below
  "bash:arm64 5.2.15-2+b13 fdb470b5ec1773b90014138bfc1deda4505c1c23e7f5731e8b527c636ac03385"
  "dash:arm64 0.5.12-2 c1358e2a8054eb93efd460adf480224a16ea9e0b4d7b4c6cbcf8c8c91902a1d7"
  "coreutils:arm64 9.1-1 ec8f090a14c684879dce251254d8d9ed0876d4480f750d5807ef04e5435e1c4d"
  "grep:arm64 3.8-5 2caf08393ef6ea18a52e7e4609a7bd13811ff53733b4e45d2c7b0957e8d592cf"
  "sed:arm64 4.9-1+deb12u1 a0ba2ac0e2f4fe2bfe9d74793b66061dbdf3a89a007e85c5277d6232e087e4e4"
  "findutils:arm64 4.9.0-4 cc8792e769ff4a1280ff1a43b11a1858a72d858fb6eb871ec327ec8eebe99eaa"
  "iputils-ping:arm64 3:20221126-1+deb12u1 590a9f9226ed2c7fc71132d84d5eff8cf0e932f3744b42cbd02712ba7c9a2aca"
  "python3.11-minimal:arm64 3.11.2-6+deb12u8 6a07dd571f1a15af2f855d64571766fe44b73a57cc3b5ca79502bc89156a5e12"
  "libpython3.11-minimal:arm64 3.11.2-6+deb12u8 c48bac178c0fc43a2bf8ace784c762b5ee83e2b981894a991dc3ccfd3ec7cd4b"
  "libpython3.11-stdlib:arm64 3.11.2-6+deb12u8 e79876de55c6c2dca10d044b2fa69ccd863950ea01714220c1982d16008105f9"
  "binutils-aarch64-linux-gnu:arm64 2.40-2 fa154fed9b3bb5e11c4c152c3faaa5b56dce9ea39fed68156c3d656c97b4a11e"
  "libbinutils:arm64 2.40-2 1987db5a2ca550be3153dce8b23d6b2e038079c4de0b26b349e5b742e293ad23"
  "libctf-nobfd0:arm64 2.40-2 27a232cba9b33bd8495e7ccc8ffbe24c729574a8073df0851decba037fb12a63"
  "libctf0:arm64 2.40-2 539036b9ecf8af5e803962ffcf0639332dcb3a027a7ab10b174f8f92272f5b21"
  "libjansson4:arm64 2.14-2 49fda2bcfdf6b78098a5cdc9eaee23ef1f3b331559f02f1e32bc26f1fb6b4aec"
  "libacl1:arm64 2.3.1-3 2b0eef11a2e271e7355adaf1f6cbf8d2e83835ae1b6cf15165d59b8289c08342"
  "libattr1:arm64 1:2.5.1-4 481e1c3fcad6773ba1c9d7f1de59e4fc80d95326c9b20192e13b7111013c932a"
  "libselinux1:arm64 3.4-1+b6 29201edf23ebae40844d6c289afdb9bba52f927d55096ed1b1cd37e040135edc"
  "libgmp10:arm64 2:6.2.1+dfsg1-1.1 9906387c1dd806518c915bd8616d072c741061d7fa26b222e52763456060b31a"
  "libssl3:arm64 3.0.20-1~deb12u2 a256e03cc3abd7243ac5c6ee91a9deb56478221ef0d3c2b0748551e13140c0bf"
  "libtinfo6:arm64 6.4-4 baef0f6776f84c7eed4f1146d6e5774689567dad43216894d41da02e6608e4b3"
  "libidn2-0:arm64 2.3.3-1+b1 12a3efc056671bf1c1bed4c3444c2559c8d5e0c158a13316fc728f263b83ddc4"
  "libunistring2:arm64 1.0-2 05b0b7700bfe269ff7af61f45e92055d7ef4c532c9584e4e2a352cf0bd4de5b1"
)
[ "$guest_arch" = arm64 ] && PKGS=("${PKGS_ARM64[@]}")
# Packages whose whole tree (minus documentation) goes into perftest-root;
# of binutils only the ELF tools (objdump, nm, addr2line, ...; their
# libraries are libbinutils') are taken, not the 6 MB of linkers and
# assemblers: nothing here compiles (the tests that need gcc skip).
PERFTEST_TREES=(bash dash coreutils grep sed findutils iputils-ping python3.11-minimal
  libpython3.11-minimal libpython3.11-stdlib libbinutils libctf-nobfd0 libctf0 libjansson4
  libacl1 libattr1 libselinux1 libgmp10 libssl3 libtinfo6 libidn2-0 libunistring2)
SUDO=""; [ "$(id -u)" -eq 0 ] || SUDO=sudo
ensure_arch() {
	if ! dpkg --print-foreign-architectures | grep -qx "$guest_arch"; then
		$SUDO dpkg --add-architecture "$guest_arch"
	fi
	if ! apt-cache show "$probe" >/dev/null 2>&1; then
		# A mirror caught mid-sync (seen: bookworm-security's armhf index)
		# makes apt-get update fail as a whole although the suites we
		# take packages from are fine; what matters is checked next.
		$SUDO apt-get update -qq || echo "fetch-linux: apt-get update reported errors; going on"
	fi
}
# deb_ok NAME ARCH SUM: the cached .deb of NAME, if its checksum is SUM
deb_ok() {
	local deb
	deb=$(ls "$dir/debs/${1}_"*"_$2.deb" 2>/dev/null | head -1 || true)
	[ -n "$deb" ] && echo "$3  $deb" | sha256sum -c --quiet - 2>/dev/null && echo "$deb"
}
# Every missing package in one apt-get download: apt loads its package lists
# (the armhf index is large) once, not once a package (53 calls took about
# three minutes of CPU on a fresh clone; one takes seconds).
want=()
for entry in "${PKGS[@]}"; do
	read -r pkg ver sum <<<"$entry"
	name=${pkg%:*} arch=${pkg#*:}
	if ! deb_ok "$name" "$arch" "$sum" >/dev/null; then
		rm -f "$dir/debs/${name}_"*"_$arch.deb"
		want+=("$name:$arch=$ver")
	fi
done
if [ ${#want[@]} -gt 0 ]; then
	ensure_arch
	(cd "$dir/debs" && apt-get download -q "${want[@]}" 2>&1 | grep -v '^W: Download is performed unsandboxed' || true)
fi
pkgdirs=()
for entry in "${PKGS[@]}"; do
	read -r pkg ver sum <<<"$entry"
	name=${pkg%:*} arch=${pkg#*:}
	[ "$arch" = "$guest_arch" ] && pkgdirs+=("$dir/$name")  # where perf's libraries may come from
	deb=$(deb_ok "$name" "$arch" "$sum") || {
		echo "fetch-linux: $name:$arch=$ver: not downloaded, or checksum mismatch (Debian may have replaced it: bump the pin in PKGS)"
		exit 1
	}
	stamp="$dir/.extracted-$name-$sum"
	if [ ! -e "$stamp" ]; then
		rm -rf "$dir/$name"; mkdir -p "$dir/$name"
		dpkg-deb -x "$deb" "$dir/$name"
		touch "$stamp"
	fi
done
flavour_name=armmp-lpae
[ "$guest_arch" = arm64 ] && flavour_name=arm64
ls "$dir/linux-image-6.1.0-50-$flavour_name/boot/vmlinuz-6.1.0-50-$flavour_name" >/dev/null

# The headers expect to be installed in / : their scripts/ and tools/ are
# symlinks into /usr/lib/linux-kbuild-6.1 (relative, so they point inside the
# wrong package's directory here) and the flavour's Makefile includes the
# common one by absolute path. Point both at the extracted packages (paths
# relative to the tree, so the cache can move), instead of installing in /.
flavour=$dir/linux-headers-6.1.0-50-$flavour_name/usr/src/linux-headers-6.1.0-50-$flavour_name
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


# Debian's /usr/bin/perf in 6.1.176-1 is the ELF itself (no perf_6.1 wrapper);
# copy-elf-closure refuses a script, so a future wrapper would be noticed.
rm -rf "$dir/rootfs-extra.tmp"
ELF_LIBDIR=lib/$triplet tools/copy-elf-closure.sh "$dir/rootfs-extra.tmp" \
	"$dir/linux-perf/usr/bin/perf" usr/bin/perf "${pkgdirs[@]}"
rm -rf "$dir/rootfs-extra"
mv "$dir/rootfs-extra.tmp" "$dir/rootfs-extra"

# The perf-test userland (tools/make-initramfs.sh puts it in the initramfs;
# only the perftest suite uses it): perf's own test scripts and data from
# linux-perf, and the programs they call. Every ELF in it must find its
# libraries in it or in rootfs-extra, or the fetch stops naming the one missing.
pt=$dir/perftest-root.tmp
rm -rf "$pt"; mkdir -p "$pt/usr/lib/python3" "$pt/usr/share" "$pt/usr/bin"
for name in "${PERFTEST_TREES[@]}"; do
	cp -a "$dir/$name/." "$pt/"
done
rm -rf "$pt"/usr/share/{doc,man,info,locale,lintian,bug,menu,doc-base} "$pt"/usr/lib/python3.11/test
for tool in addr2line ar c++filt nm objcopy objdump readelf size strings strip; do
	cp -a "$dir/binutils-$triplet/usr/bin/$triplet-$tool" "$pt/usr/bin/$tool"
done
cp -a "$dir/linux-perf/usr/lib/perf-core" "$dir/linux-perf/usr/lib/traceevent" "$pt/usr/lib/"
cp -a "$dir/linux-perf/usr/share/perf-core" "$pt/usr/share/"
cp -a "$dir/linux-perf/usr/lib/python3/dist-packages" "$pt/usr/lib/python3/"
ln -sfn python3.11 "$pt/usr/bin/python3"
# lacking: for the files named on stdin (NUL-separated), "FILE<tab>SONAME" for
# every library an ELF among them needs that neither tree has. One readelf
# reads them all (with /dev/null first it names each file, "File: F", even
# when xargs passes one; what is not an ELF prints nothing, and makes xargs
# end with status 123, which is therefore no error): a readelf and an od per
# file took 37 of the fetch's 63 s, on 908 files.
lacking() {
	local f so d
	{ xargs -0 -r readelf -d /dev/null 2>/dev/null || [ $? -eq 123 ]; } |
		awk '/^File: / { f = substr($0, 7) }
		     /\(NEEDED\)/ { so = $0; sub(/.*\[/, "", so); sub(/\].*/, "", so); print f "\t" so }' |
		while IFS=$'\t' read -r f so; do
			for d in "$pt" "$dir/rootfs-extra"; do
				[ -e "$d/lib/$so" ] || [ -e "$d/lib/$triplet/$so" ] ||
					[ -e "$d/usr/lib/$triplet/$so" ] || continue
				continue 2
			done
			printf '%s\t%s\n' "$f" "$so"
		done
}
# Python's extension modules for libraries perf's tests never use (sqlite,
# curses, readline, ctypes' libffi, dbm, nis) are left out: importing one
# fails with ImportError, as it does on a system without those libraries.
printf '%s\0' "$pt"/usr/lib/python3.11/lib-dynload/*.so | lacking | cut -f1 | sort -u |
	while IFS= read -r f; do rm "$f"; done
missing=$(find "$pt" -type f -print0 | lacking | cut -f2 | sort -u | tr '\n' ' ')
[ -z "$missing" ] || { echo "fetch-linux: perftest-root lacks $missing"; exit 1; }
rm -rf "$dir/perftest-root"
mv "$pt" "$dir/perftest-root"
