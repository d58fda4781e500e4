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
#   QEMU_BOARD   board/<name> whose QEMU (board.mk QEMU_SYSTEM, default
#                qemu-system-arm), machine, CPU, RAM, DTB and extra arguments
#                (board.mk QEMU_ARGS) to use (default qemu-virt)
#   QEMU_DTB     DTB for the guest (default the board's, if built; "none": QEMU's own)
#   QEMU_SMP     CPUs (default 1); a -smp in the extra args wins
#   QEMU_MEM     RAM in MiB (default the board's); a -m in the extra args wins
#   QEMU_TESTING 1: tell the guest the RAM size and CPUs it was given
#                (test.ram_mb=N test.smp=N on its command line), which the test
#                guests compare against
# A -cpu, -m, -smp in the extra args replaces the default; -append texts
# are joined.
# board/BOARD/board.mk's "NAME := value" lines (the first of each name),
# read once per board by the shell itself: tools/test-all.sh builds a
# command line per scenario, and a sed per value cost it a dozen processes
# each time (about 0.1-0.3 s per scenario on the loaded 2-core test machine).
declare -A board_mk=()
board_load() { # BOARD: fill board_mk["BOARD NAME"], once
	local line
	[ -n "${board_mk[$1 .loaded]+set}" ] && return
	while IFS= read -r line || [ -n "$line" ]; do
		[[ $line =~ ^([A-Za-z_][A-Za-z0-9_]*)\ *:=\ *(.*)$ ]] || continue
		[ -n "${board_mk[$1 ${BASH_REMATCH[1]}]+set}" ] ||
			board_mk[$1 ${BASH_REMATCH[1]}]=${BASH_REMATCH[2]}
	done < "board/$1/board.mk"
	board_mk[$1 .loaded]=1
}
board_var() { # BOARD VAR: a value from board/BOARD/board.mk
	board_load "$1"
	echo "${board_mk[$1 $2]:-}"
}
abs_path() { # VAR PATH: VAR = PATH from the current directory, absolute (no process)
	case $2 in
	/*) printf -v "$1" '%s' "$2" ;;
	*) printf -v "$1" '%s/%s' "$PWD" "${2#./}" ;;
	esac
}
qemu_cmd() {
	local board=${QEMU_BOARD:-qemu-virt}
	local hyp=$1 guest=$2 hyp_args=() dtb_args=() kernel_args=() extra=() append=""
	shift 2
	local machine cpu mem dtb smp=${QEMU_SMP:-1} panic_exit board_args path
	board_load "$board"
	machine=${board_mk[$board QEMU_MACHINE]:-}
	read -r -a panic_exit <<<"${board_mk[$board QEMU_PANIC_EXIT]:-}"
	read -r -a board_args <<<"${board_mk[$board QEMU_ARGS]:-}"
	cpu=${board_mk[$board QEMU_CPU]:-}
	mem=${QEMU_MEM:-${board_mk[$board QEMU_MEM]:-}}
	dtb=${QEMU_DTB:-${board_mk[$board QEMU_DTB]:-}}
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
	if [ "$hyp" != none ]; then abs_path path "$hyp"; hyp_args=(-device "loader,file=$path,cpu-num=0"); fi
	# -dtb and -append are only allowed with -kernel
	if [ "$guest" = none ]; then dtb=none append=""; else abs_path path "$guest"; kernel_args=(-kernel "$path"); fi
	if [ "$dtb" != none ] && [ -e "$dtb" ]; then abs_path path "$dtb"; dtb_args=(-dtb "$path"); fi
	QEMU_CMD=("${board_mk[$board QEMU_SYSTEM]:-qemu-system-arm}" -M "$machine" -cpu "$cpu" -m "$mem"
		-smp "$smp" -nographic -nic none -monitor none -serial stdio "${board_args[@]}"
		"${panic_exit[@]}" "${hyp_args[@]}"
		"${kernel_args[@]}" "${dtb_args[@]}")
	if [ -n "$append" ]; then QEMU_CMD+=(-append "$append"); fi
	QEMU_CMD+=("${extra[@]}")
}
