# The QEMU command line of the launch contract, in one place (README.md,
# docs/launch.md). Sourced by run.sh, debug.sh and the test/bench scripts.
#   qemu_cmd HYP_ELF GUEST_IMAGE [extra qemu args...]
# sets QEMU_CMD (the command line) and QEMU_GUEST_CPUS (the CPUs the guest
# has: -smp, or N with blmon.cluster_cpus=N).
# HYP_ELF "none": plain QEMU, no loader line (the guest starts at QEMU's own
# entry, in HYP mode) - the baseline tools/linux-measure.sh compares with.
# GUEST_IMAGE "none": no -kernel (a machine shape the monitor refuses).
# --no-panic-exit in the extra args leaves out the board's QEMU_PANIC_EXIT
# (the device a fatal error ends QEMU with status 1 through): the launch
# line as it was before it had one.
# Environment:
#   QEMU_BOARD   board/<name> whose machine, CPU, RAM, DTB and extra arguments
#                (board.mk QEMU_ARGS) to use (default qemu-virt)
#   QEMU_DTB     DTB for the guest (default the board's, if built; "none": QEMU's own)
#   QEMU_SMP     CPUs (default 1); a -smp in the extra args wins
#   QEMU_MEM     RAM in MiB (default the board's); a -m in the extra args wins
#   QEMU_TESTING 1: tell the guest the RAM size and CPUs it was given
#                (test.ram_mb=N test.smp=N on its command line), which the test
#                guests compare against
# A -cpu, -m, -smp in the extra args replaces the default; -append texts
# are joined.
board_var() { # BOARD VAR: a value from board/BOARD/board.mk
	sed -n "s/^$2 *:= *//p" "board/$1/board.mk" | head -1
}
qemu_cmd() {
	local board=${QEMU_BOARD:-qemu-virt}
	local hyp=$1 guest=$2 hyp_args=() dtb_args=() kernel_args=() extra=() append=""
	shift 2
	local machine cpu mem dtb smp=${QEMU_SMP:-1} panic_exit board_args
	machine=$(board_var "$board" QEMU_MACHINE)
	read -r -a panic_exit <<<"$(board_var "$board" QEMU_PANIC_EXIT)"
	read -r -a board_args <<<"$(board_var "$board" QEMU_ARGS)"
	cpu=$(board_var "$board" QEMU_CPU)
	mem=${QEMU_MEM:-$(board_var "$board" QEMU_MEM)}
	dtb=${QEMU_DTB:-$(board_var "$board" QEMU_DTB)}
	while [ $# -gt 0 ]; do
		case "$1" in
		-m) mem=$2; shift 2 ;;
		-smp) smp=$2; shift 2 ;;
		-cpu) cpu=$2; shift 2 ;;
		-append) append="${append:+$append }$2"; shift 2 ;;
		--no-panic-exit) panic_exit=(); shift ;;
		*) extra+=("$1"); shift ;;
		esac
	done
	# QEMU does not add CPUs to a -dtb it is given: the board's tree for this -smp
	if [ -z "${QEMU_DTB:-}" ] && [ "${smp%%,*}" -gt 1 ] && [ -e "build/$board/guest-smp${smp%%,*}.dtb" ]; then
		dtb=build/$board/guest-smp${smp%%,*}.dtb
	fi
	# the guest's CPUs (QEMU_GUEST_CPUS, for the caller too): all of them,
	# or N with migration (blmon.cluster_cpus=N)
	QEMU_GUEST_CPUS=${smp%%,*}
	if [[ " $append " =~ \ blmon\.cluster_cpus=([0-9]+)\  ]]; then QEMU_GUEST_CPUS=${BASH_REMATCH[1]}; fi
	if [ "${QEMU_TESTING:-0}" = 1 ]; then append="${append:+$append }test.ram_mb=$mem test.smp=$QEMU_GUEST_CPUS"; fi
	if [ "$hyp" != none ]; then hyp_args=(-device "loader,file=$(readlink -f "$hyp"),cpu-num=0"); fi
	# -dtb and -append are only allowed with -kernel
	if [ "$guest" = none ]; then dtb=none append=""; else kernel_args=(-kernel "$(readlink -f "$guest")"); fi
	if [ "$dtb" != none ] && [ -e "$dtb" ]; then dtb_args=(-dtb "$(readlink -f "$dtb")"); fi
	QEMU_CMD=(qemu-system-arm -M "$machine" -cpu "$cpu" -m "$mem"
		-smp "$smp" -nographic -nic none -monitor none -serial stdio "${board_args[@]}"
		"${panic_exit[@]}" "${hyp_args[@]}"
		"${kernel_args[@]}" "${dtb_args[@]}")
	if [ -n "$append" ]; then QEMU_CMD+=(-append "$append"); fi
	QEMU_CMD+=("${extra[@]}")
}
