# Run by /init in the linux-switch scenario (blmon.switch_us on the command
# line): the monitor's own switching wins over the cpufreq driver, and the
# user is told at load (docs/linux-module.md).
P=/sys/devices/system/cpu/cpufreq/policy0
rmmod blmon_guest 2>/dev/null
check "insmod blmon_guest.ko cpufreq=1 under blmon.switch_us: loads" insmod /lib/modules/blmon_guest.ko cpufreq=1
check "... and says the monitor's switching wins" sh -c 'dmesg | grep -q "blmon: cpufreq: not registered, the monitor switches by itself"'
check "... no cpufreq driver registered" test ! -e $P/scaling_driver
