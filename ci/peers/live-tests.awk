# SPDX-License-Identifier: GPL-2.0-or-later
# ci/peers/live-tests.awk — the "live" tests of libseccomp's regression
# suite (tests/*.tests, the batch files its tests/regression reads): the
# lines of a "test type: live" section, as test<TAB>api<TAB>action.
# usage: awk -f ci/peers/live-tests.awk TESTS-DIR/*.tests
/^[ \t]*#/ || NF == 0 { next }
/^test type:/ { live = $3 == "live"; next }
live && NF >= 3 { print $1 "\t" $2 "\t" $3 }
