#!/usr/bin/env bash
# check-leaf64.sh OBJ FUNCS: the functions of an AArch64 object whose names
# match the extended regular expression FUNCS are called by the exception
# vector with only x0-x3 and x30 of the guest saved (arch/arm64/vectors.S
# save_hot; arch/arm64/arch.mk builds the file with -ffixed-x4 ... -x7,
# -x16, -x17, each function in its own section; GCC's clones - NAME.isra.0,
# NAME.constprop.0 ... - count as NAME). Fails, listing what it
# found, when one of them
#  - names x4-x7, x16 or x17 in an instruction (with the registers fixed,
#    GCC still passes a fifth argument in x4), or
#  - branches to or calls a function that is not one of them, defined in
#    the object (B or BL to another symbol, or any BR/BLR): what that one
#    does is not checked.
set -euo pipefail
obj=$1 re=$2
X=${CROSS:-aarch64-linux-gnu-}
# the listed functions' instructions, each line prefixed with its function
code=$("${X}objdump" -d "$obj" | awk -v re="^($re)\$" '
	function base(n) { while (sub(/\.(constprop|isra|part|cold)(\.[0-9]+)?$/, "", n)); return n }
	/^[0-9a-f]+ <.*>:$/ { f = $2; gsub(/[<>:]/, "", f); in_set = base(f) ~ re; next }
	in_set && /^ +[0-9a-f]+:/ { print f ": " $0 }')
if [ -z "$code" ]; then
	echo "$obj: no function matches $re"; exit 1
fi
bad=$(echo "$code" | grep -E '\b[wx](4|5|6|7|16|17)\b' || true)
if [ -n "$bad" ]; then
	echo "$obj: x4-x7, x16 or x17 used (the vector does not save them):"; echo "$bad"; exit 1
fi
# relocations of the listed functions: every B/BL to one of them, defined
# here (a static callee may be named by its section's symbol, .text.NAME)
defined=$("${X}nm" "$obj" | awk '$2 ~ /^[tT]$/ { printf "%s ", $3 }')
out=$("${X}readelf" -rW "$obj" | awk -v re="^($re)\$" -v defined=" $defined" '
	function base(n) { while (sub(/\.(constprop|isra|part|cold)(\.[0-9]+)?$/, "", n)); return n }
	function ours(n) { return index(defined, " " n " ") && base(n) ~ re }
	/^Relocation section/ { f = $3; gsub(/\047/, "", f); in_set = sub(/^\.rela\.text\./, "", f) && ours(f); next }
	in_set && /R_AARCH64_(CALL26|JUMP26)/ { s = $5; sub(/^\.text\./, "", s); if (!ours(s)) print f ": " $0 }')
if [ -n "$out" ]; then
	echo "$obj: a function the vector calls calls out:"; echo "$out"; exit 1
fi
ind=$(echo "$code" | grep -E '\b(br|blr)\b' || true)
if [ -n "$ind" ]; then
	echo "$obj: an indirect branch in a function the vector calls:"; echo "$ind"; exit 1
fi
