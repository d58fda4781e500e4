# Run by /init: the module's user_access on AArch64 (docs/linux-module.md):
# PMUSERENR_EL0.EN through its MSR (blmon_pmu_regs.h, the Type A path the
# monitor traps), read back by an EL0 program (prog/pmccnt.c: MRS
# PMCCNTR_EL0 at EL0) - without EN the read is an undefined instruction,
# SIGILL; with it the counter reads and moves on. Under the monitor only.
D=/sys/kernel/debug/blmon
[ -e $D/switches ] || insmod /lib/modules/blmon_guest.ko 2>/dev/null
check_eq "user_access: PMUSERENR_EL0.EN is 0 (the kernel's)" "$(cat $D/user_access)" 0
check_eq "so EL0's MRS PMCCNTR_EL0 is an undefined instruction: SIGILL" \
	"$(pmccnt 1000 | tr '\n' ' ')" "pmuserenr 0 pmccntr sigill "
echo 1 > $D/user_access
check_eq "write 1: EN = 1, read back through MRS PMUSERENR_EL0" "$(cat $D/user_access)" 1
check_eq "EL0 reads the cycle counter, which moves on and never goes back (1,000 reads)" \
	"$(pmccnt 1000 | tr '\n' ' ')" "pmuserenr 1 pmccntr advances "
echo 0 > $D/user_access
check_eq "write 0: EN = 0, SIGILL again" \
	"$(cat $D/user_access) $(pmccnt 1000 | tr '\n' ' ')" "0 pmuserenr 0 pmccntr sigill "
