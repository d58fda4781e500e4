# Fixture (default/05-init.sh): a script that does not parse.
check "fixture: a check before the syntax error" true
if then fi
