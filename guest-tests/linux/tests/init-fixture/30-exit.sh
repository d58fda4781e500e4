# Fixture (default/05-init.sh): a failing check, then a non-zero exit.
check_eq "fixture: a check that fails" a b
exit 3
