# Run by /init: /init's own script runner (run_suite, lib.sh) on a suite
# that passes, fails, breaks and hangs on purpose (../init-fixture/), with a
# results file of its own. One bad script must cost one "not ok" naming it
# and its exit status, the scripts after it must still run, the checks made
# before a script broke must still count, and a script that hangs must be cut
# off by the timeout with what it started.
# The run's output is compared with newlines as " | ": its "ok N" lines must
# not reach the console, where tools/test-all.sh would count them.
F=/tests/init-fixture
got=$(
	init_results=/tmp/fixture.results
	: > "$init_results"
	run_suite $F 2 2>/tmp/fixture.err
	summary
)
got=$(echo "$got" | tr '\n' '|' | sed 's/|/ | /g')
want="# init-fixture/10-pass.sh | ok 1 - fixture: a check that passes |"
want="$want # init-fixture/20-arith.sh | ok 2 - fixture: a check before the shell error |"
want="$want not ok 3 - $F/20-arith.sh: exit status 2 |"
want="$want # init-fixture/25-syntax.sh | ok 4 - fixture: a check before the syntax error |"
want="$want not ok 5 - $F/25-syntax.sh: exit status 2 |"
want="$want # init-fixture/30-exit.sh | not ok 6 - fixture: a check that fails: got 'a', want 'b' |"
want="$want not ok 7 - $F/30-exit.sh: exit status 3 |"
want="$want # init-fixture/40-hang.sh | ok 8 - fixture: a check before the hang |"
want="$want not ok 9 - $F/40-hang.sh: still running after 2 s: cut off (exit status 143) |"
want="$want # init-fixture/50-last.sh | ok 10 - fixture: the script after the broken ones runs |"
want="$want 5 passed, 5 failed | "
check_eq "run_suite: each broken script is one not ok with its status, the rest run, every check counts" \
	"$got" "$want"
check "run_suite: the shell's own error message went to stderr" grep -q "arithmetic syntax error" /tmp/fixture.err
check "run_suite: what the cut-off script started was killed with it" sh -c '! ps | grep -q "[s]leep 997"'
