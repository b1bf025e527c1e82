#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# The peer tests' reading of a guest's results and their comparison with
# the expectations (ci/peers/ktap.awk, ci/peers/compare.awk), on a fixture
# (tests/fixtures/peers: a guest of two ABIs whose x32 run has a pass, an
# expected failure, an expected skip, an unexpected failure and a skip
# matched by a prefix, a test the harness's timeout stopped and one that
# failed by itself, and whose x86_64 run timed out short of its plan).
. "$(dirname "$0")/lib.sh"
fx=tests/fixtures/peers
S=$SCRATCH
awk -f ci/peers/ktap.awk $fx/results > "$S/parsed"
r() { awk -F '\t' -v a="$1" -v t="$2" '$1 == "R" && $3 == a && $4 == t { print $5 "\t" $6 }' "$S/parsed"; }
check "a passed test is read as pass" test "$(r x32 global.kcmp)" = "pass	"
check "a failed test is read as fail" test "$(r x32 global.mode_strict_support)" = "fail	"
check "a SKIP directive is read as skip, with its reason" \
	test "$(r x32 global.negative_ENOSYS)" = "skip	arm32 does not support calling syscall -1"
check "a failed test keeps its own output lines" \
	grep -q '^O	selftest	x32	TSYNC.siblings_fail_prctl	# seccomp_bpf.c:99:' "$S/parsed"
check "a failure the harness's timeout ended says so" \
	test "$(r x32 TRACE_x.slow)" = "fail	terminated by the harness's timeout"
check "a failure of its own is not read as a timeout" \
	test "$(r x32 TRACE_x.broken)" = "fail	"
check "a run that exited 1 with its whole plan reported is a pass" test "$(r x32 '(run)')" = "pass	exit 1"
check "a run cut by its timeout, short of its plan, fails saying both" \
	sh -c 'test "$(awk -F "\t" "\$3 == \"x86_64\" && \$4 == \"(run)\" { print \$5 \": \" \$6 }" "$1")" = "fail: it ended with timeout; it planned 3 tests and reported 2"' - "$S/parsed"

awk -f ci/pages/selector-match.awk -f ci/peers/compare.awk -v guest=alpha -v tsv="$S/tsv" $fx/info $fx/expected "$S/parsed" > "$S/tap"
t() { awk -F '\t' -v t="$1" '$2 == t { print $3 }' "$S/tsv"; }
check "an expected failure passes, saying so" \
	sh -c 'grep -q "^alpha	selftest:global.mode_strict_support	pass	fails as expected: strict mode is broken for x32\$" "$1"' - "$S/tsv"
check "an expected skip is a skip with the expectation's reason" sh -c 'grep -q "^alpha	selftest:global.negative_ENOSYS	skip	skips itself (the test: arm32" "$1"' - "$S/tsv"
check "a prefix with * matches a family of tests" test "$(t selftest:UPROBE.a.b)" = skip
check "an unexpected failure fails, naming test, guest and output" \
	sh -c 'grep -q "selftest:TSYNC.siblings_fail_prctl on alpha: expected pass, got fail" "$1" && grep -q "# | # seccomp_bpf.c:99:" "$1"' - "$S/tap"
check "the guest's second ABI names its tests SUITE.ABI:NAME" test "$(t 'selftest.x86_64:(run)')" = fail
check "a test the x86_64 build passed where x32 is expected to fail passes" test "$(t selftest.x86_64:global.mode_strict_support)" = pass
check "an expectation whose test was not reported fails as stale" \
	sh -c 'grep -q "selftest:global.KILL_thread	fail	peers/expected:5: expected fail, not reported" "$1"' - "$S/tsv"
check "an expectation for another guest does not apply" sh -c '! grep -q ERRNO_valid "$1"' - "$S/tsv"
check "the TAP plan counts every line of results.tsv" \
	test "$(sed -n 's/^    1\.\.//p' "$S/tap")" = "$(wc -l < "$S/tsv")"
printf 'selftest:x\t*\tmaybe\tno\n' > "$S/bad"
printf 'selftest:global.kcmp\tkernel~6\tfail\tno\n' > "$S/badsel"
awk -f ci/pages/selector-match.awk -f ci/peers/compare.awk -v guest=alpha -v tsv="$S/tsv3" $fx/info "$S/badsel" "$S/parsed" > /dev/null || :
check "an expectation whose selector cannot be read fails peers/expected, naming the condition" \
	grep -q '^alpha	peers/expected	fail	bad condition "kernel~6"' "$S/tsv3"
fails_with "an expectation with an unknown outcome stops the comparison" 'want test, guests, fail\|skip\|flaky\|timeout, reason' \
	awk -f ci/pages/selector-match.awk -f ci/peers/compare.awk -v guest=alpha -v tsv="$S/tsv2" $fx/info "$S/bad" "$S/parsed"
check "a flaky test that failed is a skip with its reason, never a pass" \
	sh -c 'grep -q "^alpha	selftest:global.sometimes	skip	failed; fails only at times here: fails at times\$" "$1"' - "$S/tsv"
check "a timeout expected at times is a skip with its reason, never a pass" \
	sh -c 'grep -q "^alpha	selftest:TRACE_x.slow	skip	terminated by the harness'"'"'s timeout; at times here: a race in the tracer\$" "$1"' - "$S/tsv"
check "a test expected to time out at times that fails otherwise fails" \
	sh -c 'grep -q "selftest:TRACE_x.broken on alpha: expected pass, got fail" "$1" && grep -q "^alpha	selftest:TRACE_x.broken	fail	" "$2"' - "$S/tap" "$S/tsv"
# Which listed source serves a guest's version: itself, else the nearest of
# its series (of two as near, the higher), never another series.
printf 'sid\t2.6.1-1\ta.tar\ts1\ntrixie\t2.6.0-2\tb.tar\ts2\nsid\t2.6.1-1\ta.tar\ts1\nbookworm\t2.5.4-1+deb12u1\tc.tar\ts3\nforky\t2.6.2-1\td.tar\ts4\n' > "$S/listed"
check "fetch-source: the version asked for comes first, then the nearest of its series" \
	test "$(awk -F '\t' -v w=2.6.1-1 -f ci/peers/candidates.awk "$S/listed" | sort -n -k1,1 | cut -f3 | xargs)" = "2.6.1-1 2.6.2-1 2.6.0-2"
done_testing
