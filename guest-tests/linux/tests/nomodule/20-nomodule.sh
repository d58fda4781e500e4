# Run by /init in linux-nomodule, after 10-cpus.sh (the smp suite's, linked):
# the done-when, Debian's kernel at -smp 2 with blmon.switch_us=2000
# and no guest module; the runner checks the monitor's "blmon: switches=N" at
# power-off against the period and the run time (docs/linux.md).
check_eq "no module was loaded" "$(cat /proc/modules)" ""
check "no blmon debugfs directory" test ! -e /sys/kernel/debug/blmon
dmesg > /tmp/dmesg-nomodule
check "no kernel oops, BUG or warning" sh -c '! grep -qE "Oops|BUG:|WARNING:|Internal error" /tmp/dmesg-nomodule'
