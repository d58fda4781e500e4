# Fixture (default/05-init.sh): a script that passes.
check "fixture: a check that passes" true
