# SPDX-License-Identifier: GPL-2.0-or-later
# ci/peers/ktap.awk — the results of a guest's peer run (the records of
# ci/guests/guest-init.c) as one line per test.
#
# usage: awk -f ci/peers/ktap.awk RESULTS
# A command's ID is SUITE:ABI (ci/peers/run-peers); its output is TAP or KTAP
# as the kselftest harness prints it ("ok N NAME", "not ok N NAME",
# "ok N NAME # SKIP why", "# XFAIL"); for libseccomp's live tests the ID
# is libseccomp:ABI:TEST:ACTION and the status is the result.  Prints
#   R<TAB>suite<TAB>abi<TAB>test<TAB>pass|fail|skip|xfail<TAB>detail
#       (the detail of a test the harness stopped at its per-test timeout:
#       "terminated by the harness's timeout")
#   O<TAB>suite<TAB>abi<TAB>test<TAB>line   the test's own output (after
#                                           its "#  RUN" line), before its R
# and per command a test named "(run)": pass when it exited with 0 or 1
# (1: some test failed) and reported every test of its plan; fail, saying
# why, on a timeout, a signal, another status, output cut, or tests missing.
BEGIN { OFS = "\t" }
function flush_run(   why, want, i) {
	if (id == "") return
	if (suite == "libseccomp") {
		# A live test: its status against its action, as libseccomp's
		# tests/regression reads them (159, SIGSYS, for KILL and
		# KILL_PROCESS; 160 ALLOW, 161 TRAP, 163 ERRNO, 164 LOG).
		want = act == "ALLOW" ? "exit 160" : act == "TRAP" ? "exit 161" : act == "ERRNO" ? "exit 163" : act == "LOG" ? "exit 164" : act ~ /^KILL/ ? "signal 31" : "(unknown action)"
		if (end == want && cut == "") why = ""
		else why = "it ended with " (end == "" ? "nothing (the guest stopped)" : end) ", not " want (cut == "" ? "" : "; output cut: " cut)
		for (i = 1; i <= nbuf; i++) print "O", suite, abi, lt ":" act, buf[i]
		print "R", suite, abi, lt ":" act, why == "" ? "pass" : "fail", why
		id = ""
		return
	}
	why = ""
	if (end == "") why = "no end was reported (the guest stopped)"
	else if (end !~ /^exit [01]$/) why = "it ended with " end
	if (plan != "" && seen + 0 != plan + 0) why = (why == "" ? "" : why "; ") "it planned " plan " tests and reported " (seen + 0)
	if (plan == "") why = (why == "" ? "" : why "; ") "it printed no TAP plan"
	if (cut != "") why = (why == "" ? "" : why "; ") "output cut: " cut
	print "R", suite, abi, "(run)", why == "" ? "pass" : "fail", why == "" ? end : why
	id = ""
}
/^SP-BEGIN / {
	flush_run()
	id = $2; split(id, p, ":"); suite = p[1]; abi = p[2]; lt = p[3]; act = p[4]
	plan = ""; seen = 0; end = ""; cut = ""; cur = ""; nbuf = 0
	next
}
/^SP-END / { end = $0; sub(/^SP-END [^ ]+ /, "", end); next }
/^SP-CUT / { cut = $3 " lines, " $4 " bytes"; next }
/^SP-TIME / { if ($2 == id) flush_run(); next }
/^\| / && id != "" {
	line = substr($0, 3)
	if (suite == "libseccomp") { if (nbuf < 40) buf[++nbuf] = line; next }
	if (line ~ /^1\.\.[0-9]+/ && plan == "") { plan = substr(line, 4) + 0; next }
	if (line ~ /^# +RUN +/) { nbuf = 0; next }
	if (line ~ /^(not )?ok [0-9]+ /) {
		seen++
		res = line ~ /^not / ? "fail" : "pass"
		t = line; sub(/^(not )?ok [0-9]+ /, "", t)
		why = ""
		if (match(t, /(^| )# (SKIP|XFAIL|TODO)( |$)/)) {
			why = substr(t, RSTART); sub(/^ ?# /, "", why); t = substr(t, 1, RSTART - 1)
			if (why ~ /^SKIP/) res = "skip"
			else if (why ~ /^XFAIL/) res = "xfail"
			sub(/^(SKIP|XFAIL|TODO) ?/, "", why)
		}
		sub(/^- /, "", t); sub(/[ \t]+$/, "", t)
		# The harness stopped the test at its per-test timeout (its own
		# line, kselftest_harness.h: "# NAME: Test terminated by timeout").
		if (res == "fail" && why == "")
			for (i = 1; i <= nbuf; i++) if (buf[i] ~ /: Test terminated by timeout$/) why = "terminated by the harness's timeout"
		for (i = 1; i <= nbuf; i++) print "O", suite, abi, t, buf[i]
		print "R", suite, abi, t, res, why
		nbuf = 0
		next
	}
	if (nbuf < 40) buf[++nbuf] = line
	next
}
END { flush_run() }
