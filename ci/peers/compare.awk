# SPDX-License-Identifier: GPL-2.0-or-later
# ci/peers/compare.awk — one guest's peer test results against what is
# expected of them (ci/peers/expected), as TAP subtests and results.tsv
# lines.
#
# usage: awk -f ci/pages/selector-match.awk -f ci/peers/compare.awk -v guest=NAME -v tsv=FILE INFO EXPECTED PARSED
#   INFO      the guest's facts (KEY=VALUE: name, libc, libc_version,
#             kernel_version, abis, libseccomp_version)
#   EXPECTED  ci/peers/expected: test (a name, or a prefix ending in *), guests (a GUESTS: selector, with abi=
#             the ABI the test was built for), outcome (fail, skip, flaky
#             or timeout), reason
#   PARSED    ci/peers/ktap.awk's R and O lines
# A test is expected to pass unless a line of EXPECTED matching it and the
# guest says otherwise; its kselftest XFAIL (the test's own expected failure)
# is a pass.  Any other outcome fails, naming test, guest, both outcomes and
# the test's output.  An expectation for a guest whose suite ran but that
# names a test the suite did not report fails too (it is stale).
# Test names: SUITE:NAME for the guest's first ABI, SUITE.ABI:NAME for the
# others (selftest.x86_64:global.kcmp on the i386 guest).
# Prints the TAP subtests (4 spaces in), writes tsv: guest, test,
# pass|fail|skip, detail.
BEGIN { FS = "\t"; TIMEOUT = "terminated by the harness's timeout" }
# GUESTS: selectors (selector-match.awk), "*" for every guest; a condition
# it cannot read is a failure of peers/expected.
function sel_error(msg) { bad = bad "; " msg }
function sel(s, abi) { return s == "*" || match_sel(s, abi) }
function id(suite, abi, t) { return suite (abi == first ? "" : "." abi) ":" t }
FILENAME == ARGV[1] { i = index($0, "="); if (i) info[substr($0, 1, i - 1)] = substr($0, i + 1); next }
FILENAME == ARGV[2] {
	if ($0 ~ /^[ \t]*(#|$)/) next
	if (NF != 4 || $3 !~ /^(fail|skip|flaky|timeout)$/ || $4 == "") { printf "peers/expected:%d: want test, guests, fail|skip|flaky|timeout, reason (tab-separated)\n", FNR > "/dev/stderr"; exit 2 }
	ne++; et[ne] = $1; eg[ne] = $2; eo[ne] = $3; er[ne] = $4; el[ne] = FNR
	next
}
FNR == 1 && !started { started = 1; split(info["abis"], a, /[ ,]+/); first = a[1] }
$1 == "O" { out[$2, $3, $4, ++nout[$2, $3, $4]] = $5; next }
$1 != "R" { next }
{
	suite = $2; abi = $3; t = $4; res = $5; det = $6
	ran[suite, abi] = 1
	name = suite ":" t
	want = "pass"; why = ""
	for (e = 1; e <= ne; e++) if ((et[e] == name || (et[e] ~ /\*$/ && index(name, substr(et[e], 1, length(et[e]) - 1)) == 1)) && sel(eg[e], abi)) { want = eo[e]; why = er[e]; used[e, abi] = 1; break }
	got = res == "xfail" ? "pass" : res
	k = id(suite, abi, t); n++
	# flaky: it passes at times and fails at others; timeout: it passes,
	# or at times the harness stops it at its per-test timeout (any other
	# failure fails below).  Such a failure is a skip, with the reason,
	# never a pass.
	at = ""
	if (got == "fail" && want == "flaky") at = "failed; fails only at times here: "
	if (got == "fail" && want == "timeout" && det == TIMEOUT) at = TIMEOUT "; at times here: "
	if (at != "") { print "    ok " n " - " k " # SKIP " at why; print guest "\t" k "\tskip\t" at why > tsv; next }
	if (want == "flaky" && got == "pass") want = "pass"
	if (want == "timeout") want = "pass"
	if (got == want) {
		if (want == "pass") { print "    ok " n " - " k; print guest "\t" k "\tpass\t" det > tsv }
		else if (want == "skip") { print "    ok " n " - " k " # SKIP " why; print guest "\t" k "\tskip\t" why (det == "" ? "" : " (the test: " det ")") > tsv }
		else { print "    ok " n " - " k " # fails as expected: " why; print guest "\t" k "\tpass\tfails as expected: " why > tsv }
		next
	}
	msg = k " on " guest ": expected " want ", got " res (det == "" ? "" : " (" det ")")
	print "    not ok " n " - " k
	print "    # " msg
	if (want != "pass") print "    # the expectation (peers/expected:" el[e] "): " why
	for (i = 1; i <= nout[suite, abi, t]; i++) print "    # | " out[suite, abi, t, i]
	print guest "\t" k "\tfail\t" msg > tsv
}
END {
	for (e = 1; e <= ne; e++) {
		split(et[e], q, ":")
		for (sa in ran) {
			split(sa, s2, SUBSEP)
			if (s2[1] != q[1] || !sel(eg[e], s2[2]) || ((e, s2[2]) in used)) continue
			k = id(s2[1], s2[2], substr(et[e], length(q[1]) + 2)); n++
			print "    not ok " n " - " k
			print "    # " k " on " guest ": expected " eo[e] " (peers/expected:" el[e] "), but the suite did not report this test"
			print guest "\t" k "\tfail\tpeers/expected:" el[e] ": expected " eo[e] ", not reported" > tsv
		}
	}
	if (bad != "") { n++; print "    not ok " n " - peers/expected"; print "    # " substr(bad, 3); print guest "\tpeers/expected\tfail\t" substr(bad, 3) > tsv }
	print "    1.." n
}
