# The QEMU command line of the launch contract, in one place (README.md,
# docs/launch.md). Sourced by run.sh, debug.sh and the test/bench scripts.
#   qemu_cmd HYP_ELF GUEST_IMAGE [extra qemu args...]
# Environment: QEMU_DTB (default build/guest.dtb if it exists; "none" for
# QEMU's own), QEMU_SMP (default 1).
qemu_cmd() {
	local hyp guest
	hyp=$(readlink -f "$1"); guest=$(readlink -f "$2"); shift 2
	local dtb_args=()
	local dtb=${QEMU_DTB:-build/guest.dtb}
	if [ "$dtb" != none ] && [ -e "$dtb" ]; then dtb_args=(-dtb "$(readlink -f "$dtb")"); fi
	QEMU_CMD=(qemu-system-arm -M virt,virtualization=on -cpu cortex-a15 -m 512
		-smp "${QEMU_SMP:-1}" -nographic -nic none -monitor none -serial stdio
		-device "loader,file=$hyp,cpu-num=0"
		-kernel "$guest" "${dtb_args[@]}" "$@")
}
