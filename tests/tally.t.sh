#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# tests/tally and tests/lib.sh: the plan is checked, a script that stops
# early fails, need skips with a reason, verbose mode shows the commands.
. "$(dirname "$0")/lib.sh"
fx=tests/fixtures/tally

check "a script with its plan: passed, skipped, no failure" \
	sh -c '[ "$(tests/tally "$1" | tail -n 1)" = "TALLY 1 1 0" ]' - $fx/good.sh
fails_with "an early exit 0 is a failure, named" "not ok - $fx/early.sh printed no plan" tests/tally $fx/early.sh
check "... counted once" sh -c '[ "$(tests/tally "$1" | tail -n 1)" = "TALLY 1 0 1" ]' - $fx/early.sh
fails_with "a script without a plan fails" "not ok - $fx/noplan.sh printed no plan" tests/tally $fx/noplan.sh
fails_with "a plan that is not what ran fails" "not ok - $fx/wrongplan.sh planned 3 tests but ran 1" tests/tally $fx/wrongplan.sh
check "a failing test is one failure" sh -c '[ "$(tests/tally "$1" | tail -n 1)" = "TALLY 0 0 1" ]' - $fx/failing.sh
check "need: the rest is one skip, with the missing command" \
	sh -c 'tests/tally "$1" > "$2" && grep -qx "ok 2 - the rest of need.sh # SKIP no-such-command-sp is not installed" "$2" &&
		grep -qx "1..2" "$2" && [ "$(tail -n 1 "$2")" = "TALLY 1 1 0" ]' - $fx/need.sh "$SCRATCH/need"
check "verbose mode shows each check's command" \
	sh -c 'sh "$1" -v | grep -qx "# \\$ true" && SP_TEST_VERBOSE=1 sh "$1" | grep -qx "# \\$ true" && ! sh "$1" | grep -q "^# \\$"' - $fx/good.sh
done_testing
