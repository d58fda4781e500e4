#!/usr/bin/env bash
# Like run.sh, but QEMU waits for a debugger before the first instruction:
#   gdb-multiarch build/hyp.elf -ex 'target remote :1234'
# (add-symbol-file build/<board>/guests/<name>.elf for the guest's symbols).
set -euo pipefail
cd "$(dirname "$0")/.."
. qemu/common.sh
qemu_cmd "$@" -S -gdb tcp::${GDB_PORT:-1234}
echo "waiting for gdb on :${GDB_PORT:-1234}: gdb-multiarch build/hyp.elf -ex 'target remote :${GDB_PORT:-1234}'" >&2
exec "${QEMU_CMD[@]}"
