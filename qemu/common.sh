# The QEMU command line of the launch contract, in one place (README.md,
# docs/launch.md). Sourced by run.sh, debug.sh and the test/bench scripts.
#   qemu_cmd HYP_ELF GUEST_IMAGE [extra qemu args...]
# HYP_ELF "none": plain QEMU, no loader line (the guest starts at QEMU's own
# entry, in HYP mode) - the baseline tools/linux-measure.sh compares with.
# Environment: QEMU_DTB (default build/guest.dtb if it exists; "none" for
# QEMU's own), QEMU_SMP (default 1).
qemu_cmd() {
	local guest hyp_args=()
	if [ "$1" != none ]; then hyp_args=(-device "loader,file=$(readlink -f "$1"),cpu-num=0"); fi
	guest=$(readlink -f "$2"); shift 2
	local dtb_args=()
	local dtb=${QEMU_DTB:-build/guest.dtb}
	if [ "$dtb" != none ] && [ -e "$dtb" ]; then dtb_args=(-dtb "$(readlink -f "$dtb")"); fi
	QEMU_CMD=(qemu-system-arm -M virt,virtualization=on -cpu cortex-a15 -m 512
		-smp "${QEMU_SMP:-1}" -nographic -nic none -monitor none -serial stdio
		"${hyp_args[@]}"
		-kernel "$guest" "${dtb_args[@]}" "$@")
}
