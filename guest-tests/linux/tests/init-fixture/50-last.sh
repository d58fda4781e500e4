# Fixture (default/05-init.sh): the script after the broken ones.
check "fixture: the script after the broken ones runs" true
