# Fixture (default/05-init.sh): a script that never ends, with a process
# of its own in the background; the run's timeout cuts it off.
sleep 997 &
check "fixture: a check before the hang" true
while :; do sleep 1; done
