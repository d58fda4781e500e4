# Fixture (default/05-init.sh): a shell error ends the script's shell
# (status 2), as an arithmetic syntax error did to /init before issue #11.
check "fixture: a check before the shell error" true
n=$(( 1 + ))
check "fixture: never reached ($n)" true
