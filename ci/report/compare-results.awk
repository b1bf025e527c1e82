# SPDX-License-Identifier: GPL-2.0-or-later
# compare-results.awk — the program of ci/report/compare-results (see there):
# EXPECT (ci/pages/plan-guest's) against what the guest printed, as TAP.
# Files: RESULTS EXPECT.  Variables: label, tsv, tmp, diffs, keep, show,
# cachedf.  Tab-separated input (-F '\t').
BEGIN {
	while ((getline line < cachedf) > 0) cached[line] = 1
	close(cachedf)
	split(label, lw, " "); guest = lw[1]
	# What bash and dash print when a foreground job dies of a signal (x86).
	sigmsg[1] = "Hangup"; sigmsg[3] = "Quit"; sigmsg[4] = "Illegal instruction"
	sigmsg[5] = "Trace/breakpoint trap"; sigmsg[6] = "Aborted"; sigmsg[7] = "Bus error"
	sigmsg[8] = "Floating point exception"; sigmsg[9] = "Killed"; sigmsg[10] = "User defined signal 1"
	sigmsg[11] = "Segmentation fault"; sigmsg[12] = "User defined signal 2"; sigmsg[14] = "Alarm clock"
	sigmsg[15] = "Terminated"; sigmsg[24] = "CPU time limit exceeded"; sigmsg[25] = "File size limit exceeded"
	sigmsg[31] = "Bad system call"
}
# The guest results first (no tabs in them: read whole lines).
FILENAME != ARGV[2] {
	line = $0
	if (line ~ /^SP-BEGIN /) { id = substr(line, 10); cur = id; n[id] = 0; cutl[id] = 0; got[id] = 1; next }
	if (line ~ /^\| / || line == "|") {
		if (cur == "") next
		if (n[cur] < keep) out[cur, ++n[cur]] = substr(line, 3)
		else { cutl[cur]++; cutb[cur] += length(line) - 1 }
		next
	}
	if (line ~ /^SP-CUT /) { split(substr(line, 8), w, " "); cutl[w[1]] += w[2]; cutb[w[1]] += w[3]; next }
	if (line ~ /^SP-END /) {
		split(substr(line, 8), w, " "); end[w[1]] = w[2]; endval[w[1]] = w[3]
		if (w[2] == "error") { e = line; sub(/^SP-END [^ ]* error /, "", e); endval[w[1]] = e }
		cur = ""; next
	}
	next
}
function norm(s,   i) { for (i = 1; i <= nvary; i++) gsub(vary[i], "<VARY>", s); return s }
# The lines a terminal would have shown for command i after its output:
# what was cut, the shell message for a signal, a timeout, an error.
function tail_lines(i, id,   m) {
	m = 0
	if (cutl[id] > 0) tl[++m] = "[output cut: " cutl[id] " more lines (" cutb[id] " bytes) not kept]"
	if (end[id] == "signal") { if (sigmsg[endval[id]] != "") tl[++m] = sigmsg[endval[id]] }
	else if (end[id] == "timeout") tl[++m] = "[TIMEOUT: killed after the per-command timeout]"
	else if (end[id] == "error") tl[++m] = "[error: " endval[id] "]"
	else if (end[id] != "exit") tl[++m] = "[no result: the guest ended during this command]"
	return m
}
# Prints the first lines of the diff of f1 and f2; all of it goes to a file
# when it is longer.
function show_diff(f1, f2,   d, keepf, line, k, cmd) {
	d = tmp "/diff"
	system("diff -u --label \"" page " (line " sline ")\" --label \"" guest "\" " f1 " " f2 " > " d)
	k = 0
	while ((getline line < d) > 0) if (++k <= show) print "    # " line
	close(d)
	if (k <= show) return
	keepf = diffs "/" page "-" example "-" sline ".diff"
	if (system("mkdir -p \"" diffs "\" && cp " d " \"" keepf "\"") != 0) keepf = "(could not be kept)"
	printf "    # ... %d more lines; the whole diff: %s\n", k - show, keepf
}
function finish(   i, j, id, f1, f2, bad, why, st, m, nt, differs, a) {
	if (test == "") return
	f1 = tmp "/expected"; f2 = tmp "/actual"; bad = ""; why = ""
	printf "" > f1; printf "" > f2
	for (i = 1; i <= ncmd; i++) {
		id = cid[i]
		print prompt[i] " " ctext[i] > f1
		print prompt[i] " " ctext[i] > f2
		for (j = 1; j <= nexp[i]; j++) { es[j] = norm(want[i, j]); print es[j] > f1 }
		if (!(id in got)) { print "[no result: the guest ended before this command]" > f2; why = why "; \"" ctext[i] "\" did not run"; continue }
		nt = tail_lines(i, id)
		m = n[id] + nt
		differs = m != nexp[i]
		for (j = 1; j <= m; j++) {
			a = j <= n[id] ? norm(out[id, j]) : tl[j - n[id]]
			print a > f2
			if (!differs && a != es[j]) differs = 1
		}
		st = ""
		if (end[id] == "exit") st = endval[id]
		else if (end[id] == "signal") st = 128 + endval[id]
		if (differs) why = why "; output of \"" ctext[i] "\" differs" (cutl[id] > 0 ? " (" cutl[id] " lines cut)" : "")
		if (cstatus[i] != "-" && st != cstatus[i]) {
			why = why "; \"" ctext[i] "\" exited with status " (st == "" ? "none" : st) ", the page says " cstatus[i]
			bad = bad ", " ctext[i]
		}
	}
	close(f1); close(f2)
	k++
	if (why == "") {
		printf "    ok %d - %s\n", k, test; print guest "\t" test "\tpass\t" (test in cached ? "cached" : "") >> tsv; passed++
	} else {
		printf "    not ok %d - %s\n", k, test
		printf "    # %s: example %s, session at line %s, on %s: %s\n", page, example, sline, label, substr(why, 3)
		fflush()
		show_diff(f1, f2)
		print guest "\t" test "\tfail\t" substr(why, 3) >> tsv; failed++
	}
	test = ""
}
$1 == "T" { finish(); test = $2; page = $3; example = $4; sline = $5; ncmd = 0; nvary = 0; next }
$1 == "V" { vary[++nvary] = $2; next }
$1 == "C" { ncmd++; cid[ncmd] = $2; cstatus[ncmd] = $3; prompt[ncmd] = $4; ctext[ncmd] = $5; nexp[ncmd] = 0; next }
$1 == "O" { nexp[ncmd]++; want[ncmd, nexp[ncmd]] = $2; next }
$1 == "K" { finish(); k++; printf "    ok %d - %s # SKIP %s\n", k, $2, $3; print guest "\t" $2 "\tskip\t" $3 >> tsv; skipped++; next }
$1 == "F" { finish(); k++; printf "    not ok %d - %s\n    # %s (on %s)\n", k, $2, $3, label; print guest "\t" $2 "\tfail\t" $3 >> tsv; failed++; next }
END {
	finish()
	printf "    1..%d\n", k
	exit failed > 0
}
