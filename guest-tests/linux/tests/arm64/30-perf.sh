# Run by /init: Debian's perf on the fixed workload (prog/spin_loop.h: two
# instructions per iteration, subs + bne, on AArch64 as on ARMv7), under
# -icount shift=0: every count is deterministic and cycles = instructions
# (QEMU's PMCCNTR counts virtual nanoseconds at 1 GHz, one instruction each).
# The fewest of RUNS runs (/lib/perf-tests.sh: QEMU adds one user instruction
# in a few runs in a hundred).
SMALL=10000000     # spin lengths with the same number of digits: the
MID=20000000       # program's argument parsing costs the same in each
. /lib/perf-tests.sh   # pstat, pstatn, umin, RUNS, whole, SPIN_C_ARM64, val, isnum, minus, within
C=$SPIN_C_ARM64
EV="-e cycles,instructions,instructions:u"

check_eq "perf is Debian's linux-perf 6.1.176 (arm64), loaded with the packed libraries" \
	"$(perf --version)" "perf version 6.1.176"
pstatn t1 $EV spin $SMALL
pstatn t2 $EV spin $MID
check "perf stat: cycles, instructions, instructions:u each counted the whole run" whole t1 t2
check_eq "instructions:u of spin 20M - spin 10M = 2 x 10M, exactly" \
	"$(minus "$(umin t2 instructions:u)" "$(umin t1 instructions:u)")" $(( 2 * (MID - SMALL) ))
note "spin $SMALL: instructions:u $(umin t1 instructions:u) = 2N + $(minus "$(umin t1 instructions:u)" $((2 * SMALL)))"
check_eq "instructions:u of spin 10M = 2N + C, C = $C as on plain QEMU" \
	"$(umin t1 instructions:u)" $((2 * SMALL + C))
check_eq "cycles = instructions (user+kernel), as on plain QEMU under -icount" \
	"$(val t2 cycles)" "$(val t2 instructions)"
note "spin $MID: cycles $(val t2 cycles), instructions $(val t2 instructions), instructions:u $(umin t2 instructions:u)"

