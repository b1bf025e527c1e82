# SPDX-License-Identifier: GPL-2.0-or-later
# report/index.awk — the site's index: the last run, its guests, the pages.
# Variables: facts, results (lib.awk), pagelist: a file of
#   page-name<TAB>state<TAB>note<TAB>alias-target<TAB>description
function counts(c) { return (c["pass"] + 0) " passed, " (c["fail"] + 0) " failed, " (c["skip"] + 0) " skipped" }
BEGIN {
	readrun()
	top("seccomp pages: where each example was verified", "index")
	print "<h1>seccomp manual pages</h1>"
	print "<p>Every shell session in these pages runs in QEMU guests built from Debian packages, one per C library, ABI and kernel; next to each session, the page shows which guests ran it and what they printed against what the page shows.</p>"
	for (i = 1; i <= nres; i++) {
		tot[rs[i]]++
		split(rt[i], p, ":"); pc[p[1], rs[i]]++
		if (rg[i] != "-") gc[rg[i], rs[i]]++
	}
	if (run == "") {
		print "<p class=\"banner unverified\" id=\"run\">No run found (" h(work) "/results.tsv): every page is <strong>unverified</strong>. Run <code>make check-examples</code>, then <code>make html</code>.</p>"
	} else {
		print "<p class=\"banner " (tot["fail"] ? "failed" : "passed") "\" id=\"run\">Last run, " h(run) ": " counts(tot) " (page:example:session on each guest).</p>"
		print "<h2>Guests</h2>"
		print "<table class=\"list\" id=\"guests\">"
		print "<tr><th>guest</th><th>C library</th><th>kernel</th><th>arch</th><th>sessions</th><th>guest</th></tr>"
		for (i = 1; i <= ng; i++) {
			g = gname[i]
			delete c; c["pass"] = gc[g, "pass"]; c["fail"] = gc[g, "fail"]; c["skip"] = gc[g, "skip"]
			print "<tr class=\"" (gstatus[g] == "ok" && !c["fail"] ? "pass" : "fail") "\"><td>" h(g) "</td><td>" h(glibc[g]) "</td><td>" h(gkernel[g]) "</td><td>" h(garch[g]) "</td><td>" counts(c) "</td><td>" (gstatus[g] == "ok" ? "ran" : "failed: " h(gstatus[g])) "</td></tr>"
		}
		print "</table>"
		for (i = 1; i <= nres; i++) if (rg[i] == "-" && rs[i] != "pass") {
			if (!w++) print "<h2>Checks of the whole matrix</h2>\n<ul class=\"checks\">"
			print "<li class=\"" rs[i] "\">" h(rt[i]) ": " word(rs[i]) ": " h(rdet[i]) "</li>"
		}
		if (w) print "</ul>"
	}
	print "<h2>Pages</h2>"
	print "<table class=\"list\" id=\"pages\">"
	print "<tr><th>page</th><th>what it is about</th><th>last run</th></tr>"
	while ((getline line < pagelist) > 0) {
		split(line, a, "\t"); name = a[1]; sec = name; sub(/^.*\./, "", sec); base = name; sub(/\.[^.]*$/, "", base)
		link = "<a href=\"" h(name) ".html\">" h(base) "(" h(sec) ")</a>"
		if (a[4] != "") {
			t = a[4]; ts = t; sub(/^.*\./, "", ts); tb = t; sub(/\.[^.]*$/, "", tb)
			print "<tr class=\"alias\"><td>" link "</td><td>see <a href=\"" h(t) ".html\">" h(tb) "(" h(ts) ")</a></td><td></td></tr>"
			continue
		}
		delete c; c["pass"] = pc[name, "pass"]; c["fail"] = pc[name, "fail"]; c["skip"] = pc[name, "skip"]
		if (a[2] != "fresh") st = "<td class=\"unverified\">unverified: " h(a[3]) "</td>"
		else if (c["pass"] + c["fail"] + c["skip"] == 0) st = "<td class=\"none\">no sessions</td>"
		else st = "<td class=\"" (c["fail"] ? "fail" : "pass") "\">" counts(c) "</td>"
		print "<tr><td>" link "</td><td>" h(a[5]) "</td>" st "</tr>"
	}
	close(pagelist)
	print "</table>"
	bottom()
}
