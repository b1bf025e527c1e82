#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# Reports of a run and sharding, on a fixture run without guests
# (tests/fixtures/report/work: four guests, a pass, a skip, a failed session
# whose diff holds XML's special characters and control characters, and a
# guest that failed as a whole): ci/guests/select-guests,
# ci/report/summarize, ci/report/junit, ci/guests/shard-guests,
# ci/report/merge-shards.
. "$(dirname "$0")/lib.sh"
fx=tests/fixtures/report
SP_GUESTS_LIST=$fx/guests.list
export SP_GUESTS_LIST
S=$SCRATCH
out=$S/run
# report WORKDIR [SELECT-GUESTS-OPTION...]: the report of the guests that ran
report() {
	d=$1; shift
	ci/guests/select-guests "$@" > "$d/selection" && ci/report/summarize "$d"
}

# ---- the report of a whole run ----
cp -R $fx/work "$out"
report "$out" > "$S/full.tap" 2> "$S/full.err"; rc=$?
check "a report alone exits 1 when sessions failed" test $rc -eq 1
check "the report's last line counts the results" \
	sh -c 'tail -n 1 "$1" | grep -qx "3 passed, 3 failed, 1 skipped"' - "$S/full.tap"
cp "$out/results.tsv" "$S/full.tsv"; cp "$out/junit.xml" "$S/full.xml"

# ---- JUnit ----
if command -v xmllint > /dev/null; then
	check "junit.xml is well-formed XML" xmllint --noout "$S/full.xml"
	x() { xmllint --xpath "$1" "$S/full.xml"; }
	counts() {
		[ "$(x 'count(//testcase)')" = "$(wc -l < "$S/full.tsv")" ] &&
		[ "$(x 'count(/testsuites/testsuite)')" = 4 ] &&
		[ "$(x 'string(/testsuites/@tests)')" = 7 ] &&
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
		[ "$(x 'string(//testcase[@classname="gamma"][@name="gamma:guest"]/failure/@message)')" = 'guest image could not be built: E: Unable to locate package libc6' ] &&
		[ "$(x 'string(//testcase[@classname="alpha"]/skipped/@message)')" = './calls is not built on this guest (no libseccomp for x32)' ]
	}
	check "failures carry their diff (escaped, control characters as octal), skips their reason" diffs
else
	T=$((T + 1)); echo "not ok $T - junit.xml checked with xmllint"
	echo "# xmllint is missing: apt-get install libxml2-utils (ci/host-packages)"
fi

# ---- shards ----
shards_cover() {
	a=$(ci/guests/shard-guests 1/2 | tr '\n' ' ') b=$(ci/guests/shard-guests 2/2 | tr '\n' ' ')
	[ "$a" = "alpha gamma " ] && [ "$b" = "beta delta " ] &&
	[ "$(ci/guests/shard-guests 1/1 | tr '\n' ' ')" = "alpha beta gamma delta " ]
}
check "shards deal the guests round-robin in the list's order" shards_cover
fails_with "a shard beyond N is refused" 'want 1 <= K <= N' ci/guests/shard-guests 3/2
fails_with "more shards than guests are refused" 'only 4 guests' ci/guests/shard-guests 1/5
fails_with "a malformed shard is refused" 'want K/N' ci/guests/shard-guests 1-2
fails_with "check-examples refuses a malformed shard before running" 'want K/N' ci/check-examples -s x -w "$S/none" man2/none.2

# The shards' work directories as two machines would leave them.
shard() {	# shard K N DIR
	mkdir -p "$3/guests"; cp -R $fx/work/plans "$3/plans"; : > "$3/log"
	for g in $(ci/guests/shard-guests "$1/$2"); do
		cp -R "$fx/work/guests/$g" "$3/guests/"
		[ "$g" != gamma ] || cp $fx/work/log "$3/log"
	done
}
shard 1 2 "$S/s1"; shard 2 2 "$S/s2"
ci/report/merge-shards "$out" "$S/s1" "$S/s2" > "$S/merged.tap" 2>&1; rc=$?
check "the merge exits as the whole run" test $rc -eq 1
check "the merged TAP is the whole run's" diff -u "$S/full.tap" "$S/merged.tap"
check "the merged results.tsv is the whole run's" diff -u "$S/full.tsv" "$out/results.tsv"
check "the merged junit.xml is the whole run's" diff -u "$S/full.xml" "$out/junit.xml"
missing() {
	ci/report/merge-shards "$S/m" "$S/s1" > "$S/m.tap" 2>&1
	grep -q '^not ok 2 - beta: did not run' "$S/m.tap" &&
		tail -n 1 "$S/m.tap" | grep -qx '1 passed, 4 failed, 1 skipped'
}
check "a shard missing from the merge fails its guests" missing
fails_with "a shard directory that is not there is named" "no such directory" ci/report/merge-shards "$S/m" "$S/s1" "$S/nonesuch"
fails_with "a guest in two shards stops the merge" 'guest alpha is in two shards' \
	ci/report/merge-shards "$S/m" "$S/s1" "$S/s2" "$S/s1"
cp -R "$S/s2" "$S/s3"; echo 'P	man2/other.2	other.2' > "$S/s3/plans/002-other.2.plan"
fails_with "shards of other pages are refused" 'ran other pages' ci/report/merge-shards "$S/m" "$S/s1" "$S/s3"
check "a refused merge leaves the last report alone" cmp "$S/full.xml" "$out/junit.xml"

# ---- tiers: a guest of tier all runs only when every tier is asked for ----
sed 's/^delta \(.*\) default /delta \1 all /' $fx/guests.list > "$S/tier.list"
cp -R $fx/work "$S/t"
SP_GUESTS_LIST=$S/tier.list report "$S/t" > "$S/tier.tap" 2>&1
tier_default() {
	grep -qx '# not run: delta (tiers all and history: ARCHES=all runs them; history-glibc: ARCHES=history)' "$S/tier.tap" &&
	! grep -q '^# Subtest: delta' "$S/tier.tap" && ! grep -q '^delta' "$S/t/results.tsv" &&
	! grep -q 'SKIP.*delta\|skip.*delta' "$S/tier.tap" &&
	grep -qx '1\.\.4' "$S/tier.tap" && tail -n 1 "$S/tier.tap" | grep -qx '2 passed, 2 failed, 1 skipped'
}
check "a default run leaves the guests of tier all out and names them, not as skipped" tier_default
SP_GUESTS_LIST=$S/tier.list report "$S/t" -a all > "$S/tier-all.tap" 2>&1
check "-a all (ARCHES=all) runs every tier: the whole run's report" sh -c 'sed "s|/t/results.tsv|/run/results.tsv|" "$1" | diff -u "$2" -' - "$S/tier-all.tap" "$S/full.tap"
fails_with "-a takes all or history alone" "-a takes all or history \\(make ARCHES=all, ARCHES=history\\), not 'some'" \
	env SP_GUESTS_LIST="$S/tier.list" ci/guests/select-guests -a some
fails_with "check-examples refuses it before running" "-a takes all or history \\(make ARCHES=all, ARCHES=history\\), not 'some'" \
	env SP_GUESTS_LIST="$S/tier.list" ci/check-examples -a some -w "$S/none" man2/none.2
fails_with "an unknown guest is refused" "unknown guest omega" ci/guests/select-guests -g "alpha omega"
check "a summary without a selection is refused" sh -c 'ci/report/summarize "$1"; [ $? -eq 2 ]' - $fx/work
done_testing
