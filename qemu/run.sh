#!/usr/bin/env bash
# Boot the monitor with a guest: qemu/run.sh HYP_ELF GUEST [qemu args...]
# Ends when the guest powers off (PSCI SYSTEM_OFF) or after RUN_TIMEOUT s.
set -euo pipefail
cd "$(dirname "$0")/.."
. qemu/common.sh
qemu_cmd "$@"
echo "+ ${QEMU_CMD[*]}" >&2
exec timeout --foreground "${RUN_TIMEOUT:-120}" "${QEMU_CMD[@]}"
