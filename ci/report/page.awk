# SPDX-License-Identifier: GPL-2.0-or-later
# report/page.awk — one manual page of the site: mandoc -Thtml -O fragment on
# stdin (ci/report/html put SPMARK<line> as the first line of each session's
# .EX block), in our frame; after each session, the guests that ran it in
# the last run and their results.
# Variables: facts, results (lib.awk), page (seccomp.2), title, state (fresh,
# stale, absent or norun), note (SP_NOTE: why it is unverified), pages
# (the names the site has, for links: " seccomp.2 seccomp_init.3 ").
function verdict(L,   o, i, g, k, n, cnt, not) {
	if (state != "fresh") return "<div class=\"verdict unverified\"><p>Unverified: " h(note) "</p></div>"
	o = ""; n = 0; not = ""
	for (i = 1; i <= ng; i++) {
		g = gname[i]
		if (!((g, L) in at) && gstatus[g] != "ok" && !ran[g]) {
			n++; cnt["fail"]++
			o = o "<tr class=\"fail\"><td>" h(g) "</td><td>" h(glibc[g]) "</td><td>" h(gkernel[g]) "</td><td>" h(garch[g]) "</td><td>failed: the guest as a whole: " h(gstatus[g]) "</td></tr>\n"
			continue
		}
		if (!((g, L) in at)) { not = not (not == "" ? "" : ", ") g; continue }
		k = at[g, L]; n++; cnt[rs[k]]++
		o = o "<tr class=\"" rs[k] "\"><td>" h(g) "</td><td>" h(glibc[g]) "</td><td>" h(gkernel[g]) "</td><td>" h(garch[g]) "</td><td>"
		if (rs[k] == "pass") o = o (rdet[k] == "cached" ? "passed (cached: an earlier run with the same inputs)" : "passed")
		else if (rs[k] == "skip") o = o "skipped: " h(rdet[k])
		else o = o "<details><summary>failed: " h(rdet[k]) "</summary>" diffpre(k) "</details>"
		o = o "</td></tr>\n"
	}
	if (n == 0) return "<div class=\"verdict unverified\"><p>Unverified: no guest ran this session in the last run.</p></div>"
	return "<div class=\"verdict" (cnt["fail"] ? " failed" : "") "\">\n<table class=\"guests\">\n<caption>Run on " n " guest" (n == 1 ? "" : "s") ": " \
		(cnt["pass"] + 0) " passed, " (cnt["fail"] + 0) " failed, " (cnt["skip"] + 0) " skipped</caption>\n" \
		"<tr><th>guest</th><th>C library</th><th>kernel</th><th>arch</th><th>result</th></tr>\n" o "</table>\n" \
		(not == "" ? "" : "<p class=\"notfor\">Not for: " h(not) " (the session's or example's GUESTS)</p>\n") "</div>"
}
# <b>name</b>(N) → a link when the site has the page.
function xref(line,   o, m, name, sec) {
	o = ""
	while (match(line, /<b>[A-Za-z0-9_.]+<\/b>\([0-9][a-z]*\)/)) {
		m = substr(line, RSTART, RLENGTH)
		name = m; sub(/^<b>/, "", name); sub(/<\/b>.*/, "", name)
		sec = m; sub(/^.*\(/, "", sec); sub(/[a-z]*\)$/, "", sec)
		o = o substr(line, 1, RSTART - 1)
		o = o (index(pages, " " name "." sec " ") ? "<a href=\"" name "." sec ".html\">" m "</a>" : m)
		line = substr(line, RSTART + RLENGTH)
	}
	return o line
}
BEGIN {
	readrun()
	for (i = 1; i <= nres; i++) {
		n = split(rt[i], p, ":")
		if (p[1] == page && n == 3) at[rg[i], p[3]] = i
		if (n == 3) ran[rg[i]] = 1     # a guest that failed as a whole ran nothing
	}
	top(title, "page")
	if (state != "fresh") print "<p class=\"banner unverified\">This page is unverified: " h(note) "</p>"
	print "<article class=\"man\">"
}
{
	line = $0
	if (line ~ /<pre>/) inpre = 1
	if (match(line, /SPMARK[0-9]+$/)) {
		L = substr(line, RSTART + 6); pending = L
		sub(/<pre>SPMARK[0-9]+$/, "<pre id=\"session-" L "\">", line)
		printf "%s", line
		next
	}
	if (inpre && line == "<br/>") next
	if (line == "<p class=\"Pp\"></p>") next
	if (line ~ /^ *<dt><\/dt>$/) next     # .IP without a tag
	if (line ~ /<\/pre>/) {
		inpre = 0
		if (pending != "") {
			k = index(line, "</pre>")
			print xref(substr(line, 1, k + 5))
			print verdict(pending)
			line = substr(line, k + 6); pending = ""
			if (line == "") next
		}
	}
	print xref(line)
}
END {
	print "</article>"
	bottom()
}
