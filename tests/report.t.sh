#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# Reports of a run, on a fixture run without guests
# (tests/fixtures/report/work: three guests, a pass, a skip, a failed session
# whose diff holds XML's special characters and control characters, and a
# guest that failed as a whole): check-examples -r, ci/report/junit.
. "$(dirname "$0")/lib.sh"
fx=tests/fixtures/report
SP_GUESTS_LIST=$fx/guests.list
export SP_GUESTS_LIST
S=$SCRATCH
out=$S/run

# ---- the report of a whole run ----
cp -R $fx/work "$out"
ci/check-examples -r -w "$out" > "$S/full.tap" 2> "$S/full.err"; rc=$?
check "a report alone exits 1 when sessions failed" test $rc -eq 1
check "the report's last line counts the results" \
	sh -c 'tail -n 1 "$1" | grep -qx "2 passed, 3 failed, 1 skipped"' - "$S/full.tap"
cp "$out/results.tsv" "$S/full.tsv"; cp "$out/junit.xml" "$S/full.xml"

# ---- JUnit ----
if command -v xmllint > /dev/null; then
	check "junit.xml is well-formed XML" xmllint --noout "$S/full.xml"
	x() { xmllint --xpath "$1" "$S/full.xml"; }
	counts() {
		[ "$(x 'count(//testcase)')" = "$(wc -l < "$S/full.tsv")" ] &&
		[ "$(x 'count(/testsuites/testsuite)')" = 3 ] &&
		[ "$(x 'string(/testsuites/@tests)')" = 6 ] &&
		[ "$(x 'string(/testsuites/@failures)')" = 3 ] &&
		[ "$(x 'string(/testsuites/@skipped)')" = 1 ] &&
		[ "$(x 'count(//testcase/failure)')" = 3 ] &&
		[ "$(x 'count(//testcase/skipped)')" = 1 ]
	}
	check "one testcase per page:example:session and guest; totals as in the TAP" counts
	suites() {
		[ "$(x 'string(/testsuites/testsuite[1]/@name)')" = "alpha (glibc 2.41, Linux 6.12.1, x32)" ] &&
		[ "$(x 'string(/testsuites/testsuite[1]/@skipped)')" = 1 ] &&
		[ "$(x 'string(/testsuites/testsuite[2]/@failures)')" = 1 ] &&
		[ "$(x 'string(//testsuite[1]/properties/property[@name="libc_version"]/@value)')" = 2.41 ] &&
		[ "$(x 'string(//testcase[@classname="alpha"][2]/@name)')" = "demo.2:calls:24" ] &&
		[ "$(x 'string(//testcase[@classname="alpha"][2]/@file)')" = "man2/demo.2" ]
	}
	check "a testsuite per guest, named by its label, with its facts" suites
	diffs() {
		f=$(x 'string(//testcase[@classname="beta"]/failure)')
		printf '%s\n' "$f" | grep -qx -- '-openat' &&
		printf '%s\n' "$f" | grep -qFx -- ' $ ./calls <x> & "y"' &&
		printf '%s\n' "$f" | grep -qF -- '+open \033[1mbold\033[0m' &&
		[ "$(x 'string(//testcase[@classname="beta"]/failure/@message)')" = 'output of "./calls <x> & \"y\"" differs' ] &&
		[ "$(x 'string(//testcase[@classname="gamma"][@name="gamma:guest"]/failure/@message)')" = 'kernel panic: VFS: unable to mount root fs' ] &&
		[ "$(x 'string(//testcase[@classname="alpha"]/skipped/@message)')" = './calls is not built on this guest (no libseccomp for x32)' ]
	}
	check "failures carry their diff (escaped, control characters as octal), skips their reason" diffs
else
	T=$((T + 1)); echo "not ok $T - junit.xml checked with xmllint"
	echo "# xmllint is missing: apt-get install libxml2-utils (ci/host-packages)"
fi

