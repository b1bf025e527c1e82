# SPDX-License-Identifier: GPL-2.0-or-later
# report/matrix.awk — every page:example:session against every guest.
# Variables: facts, results (lib.awk), order: the pages in the
# order of the run (" seccomp.2 seccomp_unotify.2 ... ").
function key(t,   p) { split(t, p, ":"); return sprintf("%06d %08d", index(order, " " p[1] " "), p[3]) }
BEGIN {
	readrun()
	top("seccomp pages: results matrix", "matrix")
	print "<h1>Results matrix</h1>"
	if (run == "") {
		print "<p class=\"banner unverified\">No run found (" h(work) "/results.tsv): nothing is verified. Run <code>make check-examples</code>, then <code>make html</code>.</p>"
		bottom(); exit
	}
	print "<p>Last run, " h(run) ". Each row is a page:example:session (a session by the line of its first command), each column a guest.</p>"
	print "<p class=\"legend\"><span class=\"pass\">pass</span> <span class=\"fail\">fail</span> <span class=\"skip\">skip</span> <span class=\"none\">not for this guest</span></p>"
	nt = 0
	for (i = 1; i <= nres; i++) {
		t = rt[i]
		if (split(t, p, ":") == 3) ran[rg[i]] = 1
		if (rg[i] == "-" || split(t, p, ":") != 3 || (t in seen)) continue
		seen[t] = 1; tests[++nt] = t
	}
	# Insertion sort by page order, then line.
	for (i = 2; i <= nt; i++) {
		t = tests[i]; kt = key(t)
		for (j = i - 1; j >= 1 && key(tests[j]) > kt; j--) tests[j + 1] = tests[j]
		tests[j + 1] = t
	}
	print "<table class=\"matrix\" id=\"results-matrix\">"
	printf "<thead><tr><th>page:example:session</th>"
	for (j = 1; j <= ng; j++) printf "<th title=\"%s\">%s</th>", h(glabel[gname[j]]), h(gname[j])
	print "</tr></thead>\n<tbody>"
	for (i = 1; i <= nt; i++) {
		t = tests[i]; split(t, p, ":")
		printf "<tr><th><a href=\"%s.html#session-%s\">%s</a></th>", h(p[1]), h(p[3]), h(t)
		for (j = 1; j <= ng; j++) {
			g = gname[j]
			if ((g SUBSEP t) in byk) {
				k = byk[g SUBSEP t]
				printf "<td class=\"%s\" title=\"%s\">%s</td>", rs[k], h(g ": " word(rs[k]) (rdet[k] == "" ? "" : ": " rdet[k])), rs[k]
			} else if (gstatus[g] != "ok" && !ran[g]) printf "<td class=\"fail\" title=\"%s\">fail</td>", h(g ": the guest failed: " gstatus[g])
			else printf "<td class=\"none\" title=\"%s\">&mdash;</td>", h(g ": not for this guest")
		}
		print "</tr>"
	}
	print "</tbody>\n</table>"
	bottom()
}
