# SPDX-License-Identifier: GPL-2.0-or-later
# report/lib.awk — what the site's awk programs share (ci/report/html):
# escaping, the frame of a page, the guests' facts and the run's results.
#
# Facts (from ci/report/html): G<TAB>name<TAB>label<TAB>libc<TAB>kernel<TAB>arch<TAB>status
# Results (ci/report/results): R<TAB>guest<TAB>test<TAB>status<TAB>detail, D<TAB>line
# run (when the last run was, or empty), work (its directory) and note come
# from the environment: -v would take backslashes in them for escapes.
BEGIN {
	for (i = 1; i < 128; i++) ord[sprintf("%c", i)] = i
	run = ENVIRON["SP_RUN"]; work = ENVIRON["SP_WORK"]; note = ENVIRON["SP_NOTE"]
}
# Text for HTML; control characters, which HTML must not hold, as \ooo.
function h(s,   i, c, o) {
	gsub(/&/, "\\&amp;", s); gsub(/</, "\\&lt;", s); gsub(/>/, "\\&gt;", s); gsub(/"/, "\\&quot;", s)
	if (s ~ /[\001-\010\013\014\016-\037\177]/) {
		o = ""
		for (i = 1; i <= length(s); i++) {
			c = substr(s, i, 1)
			o = o (c ~ /[\001-\010\013\014\016-\037\177]/ ? sprintf("\\%03o", ord[c]) : c)
		}
		s = o
	}
	return s
}
function top(title, id) {
	print "<!DOCTYPE html>"
	print "<html lang=\"en\">"
	print "<head>"
	print "<meta charset=\"utf-8\">"
	print "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">"
	print "<title>" h(title) "</title>"
	print "<link rel=\"stylesheet\" href=\"style.css\">"
	print "</head>"
	print "<body class=\"" id "\">"
	print "<nav><a href=\"index.html\">Pages</a> <a href=\"results.html\">Results matrix</a> <a href=\"census.html\">Census</a> <a href=\"peers.html\">Peer tests</a></nav>"
	print "<main>"
}
function bottom() {
	print "</main>"
	print "<footer>Made by <code>make html</code> (ci/report/html) from " (run == "" ? "no run: every session is unverified" : "the run of " h(run) " in " h(work)) ".</footer>"
	print "</body>"
	print "</html>"
}
# Read the facts and the results (files named by facts= and results=).
function readrun(   line, a, n, k) {
	ng = 0
	while ((getline line < facts) > 0) {
		split(line, a, "\t")
		if (a[1] != "G") continue
		gname[++ng] = a[2]; glabel[a[2]] = a[3]; glibc[a[2]] = a[4]
		gkernel[a[2]] = a[5]; garch[a[2]] = a[6]; gstatus[a[2]] = a[7]
	}
	close(facts)
	nres = 0
	if (results == "") return
	while ((getline line < results) > 0) {
		if (substr(line, 1, 2) == "D\t") { rd[nres, ++rnd[nres]] = substr(line, 3); continue }
		n = split(line, a, "\t")
		if (a[1] != "R") continue
		nres++; rg[nres] = a[2]; rt[nres] = a[3]; rs[nres] = a[4]; rdet[nres] = n >= 5 ? a[5] : ""; rnd[nres] = 0
		k = a[2] SUBSEP a[3]; byk[k] = nres
	}
	close(results)
}
function word(st) { return st == "pass" ? "passed" : st == "fail" ? "failed" : st == "skip" ? "skipped" : st }
# A failure's lines (what differs, then the diff) as a <pre>, diff lines marked.
function diffpre(i,   j, l, c, o) {
	o = "<pre class=\"diff\">"
	for (j = 1; j <= rnd[i]; j++) {
		l = rd[i, j]; c = substr(l, 1, 1)
		if (l ~ /^(---|\+\+\+) /) o = o "<span class=\"hd\">" h(l) "</span>\n"
		else if (l ~ /^@@ /) o = o "<span class=\"hunk\">" h(l) "</span>\n"
		else if (c == "-") o = o "<del>" h(l) "</del>\n"
		else if (c == "+") o = o "<ins>" h(l) "</ins>\n"
		else o = o h(l) "\n"
	}
	return o "</pre>"
}
