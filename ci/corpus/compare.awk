# SPDX-License-Identifier: GPL-2.0-or-later
# ci/corpus/compare.awk — one guest's corpus run against what it must print.
#   awk -f compare.awk -v guest=NAME -v tsv=FILE [-v noboot=1] TABLE MANIFEST RESULTS
#   noboot    the guest was not booted, having nothing to run (no set-up then)
#   TABLE     "NUMBER<TAB>NAME": the ABI's system calls (ci/corpus/table.awk)
#   MANIFEST  ci/corpus/run-corpus's, one line a test, tab-separated:
#             T TEST EXPECTED-FILE COVERAGE-LINE   a test that ran
#             S TEST REASON                        skipped
#             B TEST REASON                        not built: failed
#             G TEST REASON                        not run, a known gap
#             (a later S or B line of a test replaces what came before)
#   RESULTS   the records of ci/guests/guest-init.c (SP-BEGIN, | lines,
#             SP-END ID exit N | signal N | timeout | error TEXT)
# Prints TAP subtests (indented four blanks, with their plan) and appends
# "guest<TAB>test<TAB>state<TAB>detail" lines to tsv, state pass, fail,
# skip or gap.  A test passes when it exited 0 and printed its expected
# file exactly (what corpus-load's diagnosis run printed is not part of
# it).  A test whose coverage line (seccomp-census --for) says that some
# imported functions are not measured is a known gap whatever it did,
# never a pass; what it did is said.  A kill names the call that the
# diagnosis run's si_syscall gave, by name from TABLE.
function tsvline(t, st, d) { gsub(/[\t\n]/, " ", d); printf "%s\t%s\t%s\t%s\n", guest, t, st, d >> tsv }
function readfile(path, a,   n, l) {
	n = 0
	while ((getline l < path) > 0) a[++n] = l
	close(path)
	return n
}
FILENAME == ARGV[1] { split($0, tb, "\t"); callname[tb[1]] = tb[2]; next }
FILENAME == ARGV[2] {
	n = split($0, f, "\t")
	if (f[1] == "T" || f[1] == "S" || f[1] == "B" || f[1] == "G") {
		if (!(f[2] in kind)) order[++ntests] = f[2]
		if (f[1] != "T" || !(f[2] in kind)) { kind[f[2]] = f[1]; arg[f[2]] = f[3]; cov[f[2]] = f[4] }
	}
	next
}
/^SP-BEGIN / { cur = $2; nout[cur] = 0; diag[cur] = 0; began[cur] = 1; next }
/^\| / || $0 == "|" {
	if (cur == "") next
	l = substr($0, 3)
	if (l ~ /^corpus-load: diagnosis run/) diag[cur] = 1
	if (l ~ /^corpus-load: SIGSYS: system call [0-9]+/) {
		s = l; sub(/^corpus-load: SIGSYS: system call /, "", s); sub(/ .*/, "", s); sysnr[cur] = s
		if (l ~ /not the filter's/) { s = l; sub(/^.*\(arch /, "", s); sub(/, not the filter's.*/, "", s); foreign[cur] = s }
	}
	else if (diag[cur] && l ~ /^corpus-load: /) diagnote[cur] = l
	if (!diag[cur]) out[cur, ++nout[cur]] = l
	next
}
/^SP-CUT / { cut[$2] = 1; next }
/^SP-END / { id = $2; e = $0; sub(/^SP-END [^ ]+ /, "", e); endst[id] = e; cur = ""; next }
END {
	# The set-up (the loopback interface up) must have worked.
	if (!noboot && (!("corpus:setup" in endst) || endst["corpus:setup"] != "exit 0")) {
		order[++ntests] = "corpus:setup"; kind["corpus:setup"] = "B"
		arg["corpus:setup"] = "the set-up (corpus-load -u) " (("corpus:setup" in endst) ? "ended with " endst["corpus:setup"] ": " out["corpus:setup", 1] : "did not run")
	}
	for (i = 1; i <= ntests; i++) {
		t = order[i]; k = kind[t]
		if (k == "S") { printf "    ok %d - %s # SKIP %s\n", i, t, arg[t]; tsvline(t, "skip", arg[t]); continue }
		if (k == "B") { printf "    not ok %d - %s\n    # %s\n", i, t, arg[t]; tsvline(t, "fail", arg[t]); continue }
		if (k == "G") { printf "    not ok %d - %s # TODO known gap: %s\n", i, t, arg[t]; tsvline(t, "gap", arg[t]); continue }
		gap = ""
		if (cov[t] ~ /^coverage: [0-9]+ of [0-9]+ /) {
			split(cov[t], w, " ")
			if (w[2] + 0 < w[4] + 0) { gap = cov[t]; sub(/^coverage: /, "", gap) }
		} else gap = "no coverage line from seccomp-census --for"
		split("", want); nexp = readfile(arg[t], want)
		why = ""
		if (!(t in began)) why = "did not run"
		else if (!(t in endst)) why = "did not end"
		else if (endst[t] == "signal 31" || endst[t] == "exit 159") {
			if (t in foreign) why = "killed by SIGSYS at a call of another architecture or ABI (arch " foreign[t] ", number " sysnr[t] ")"
			else if (t in sysnr) why = "killed by SIGSYS at " ((sysnr[t] in callname) ? callname[sysnr[t]] : "an unknown call") " (" sysnr[t] "): not in the allowlist"
			else why = "killed by SIGSYS; the diagnosis run named no call" (diagnote[t] != "" ? " (" diagnote[t] ")" : "")
		} else if (endst[t] != "exit 0") why = "ended with " endst[t] ", not exit 0"
		same = (nout[t] == nexp) && !cut[t]
		for (j = 1; same && j <= nexp; j++) if (out[t, j] != want[j]) same = 0
		if (why == "" && !same) why = "printed other than " arg[t]
		showdiff = (t in began) && !same && why !~ /^killed/
		if (gap != "") {
			printf "    %s %d - %s # TODO known gap: %s\n", (why == "" ? "ok" : "not ok"), i, t, gap
			if (why != "") printf "    # %s\n", why
			tsvline(t, "gap", gap "; " (why == "" ? "ran to its expected output" : why))
		} else if (why == "") {
			printf "    ok %d - %s\n", i, t
			tsvline(t, "pass", "")
			continue
		} else {
			printf "    not ok %d - %s\n    # %s\n", i, t, why
			tsvline(t, "fail", why)
		}
		if (showdiff) {
			for (j = 1; j <= nexp && j <= 20; j++) printf "    # -%s\n", want[j]
			for (j = 1; j <= nout[t] && j <= 20; j++) printf "    # +%s\n", out[t, j]
		}
	}
	printf "    1..%d\n", ntests
}
