# Run by /init in the measurement initramfs (tools/linux-measure.sh, not
# part of make test): perf stat of the fixed workload, printed as
# "# measure NAME VALUE" lines for the host to collect. No checks here: the
# tests of the same counts are in ../tests/30-perf.sh.
echo "# measure $(cntvct)"    # boot: reset to the first /tests script
perf stat -o /tmp/measure.stat -e cycles,instructions,instructions:u spin 200000000 >/dev/null 2>&1
awk '$2 ~ /^(cycles|instructions|instructions:u)$/ { print "# measure " $2 " " $1 }
     /seconds time elapsed/ { print "# measure elapsed_s " $1 }' /tmp/measure.stat
