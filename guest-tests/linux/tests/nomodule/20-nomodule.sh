# Run by /init in linux-nomodule, after 10-cpus.sh (the smp suite's, linked):
# the done-when, Debian's kernel at -smp 2 with blmon.switch_us=2000
# and no guest module; the runner checks the monitor's "blmon: switches=N" at
# power-off against the period and the run time (docs/linux.md).
check_eq "no module was loaded" "$(cat /proc/modules)" ""
check "no blmon debugfs directory" test ! -e /sys/kernel/debug/blmon
dmesg > /tmp/dmesg-nomodule
check "no kernel oops, BUG or warning" sh -c '! grep -qE "Oops|BUG:|WARNING:|Internal error" /tmp/dmesg-nomodule'
if [ "$(cmdline test.nopmu)" = 1 ]; then
	# Debian's armhf kernel under the AArch64 monitor (linux32-on64): its
	# hw_breakpoint clears DBGVCR first (reset_ctrl_regs); unserved, that MCR
	# was an undefined instruction and the kernel gave up its debug registers.
	# The monitor serves DBGVCR now (docs/arm64.md, "AArch32 guests").
	check "dmesg: no debug register access caused an undefined instruction" \
		sh -c '! grep -q "caused undefined instruction" /tmp/dmesg-nomodule'
	check "dmesg: hw-breakpoint found its breakpoint and watchpoint registers" \
		grep -qE "hw-breakpoint: found [0-9]+ .*breakpoint and [0-9]+ watchpoint registers" /tmp/dmesg-nomodule
fi
