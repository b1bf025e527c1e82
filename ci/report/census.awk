# SPDX-License-Identifier: GPL-2.0-or-later
# report/census.awk — the census as a matrix: C library functions against
# guests, each cell the system calls one call made there; one colour per
# distinct list in a row, so a function whose system calls drift between
# releases stands out.
# Variables: facts (lib.awk), census: a file of
#   guest<TAB>a line of that guest's census (ci/census/probe.c's records);
#   diffs: seccomp-census diff --releases (ci/report/releases.awk)
# Functions are in the order the guests list them (a new one goes after the
# one its guest listed before it, as ci/census/table orders them).
function addfunc(f, after,   i, p) {
	if (f in fseen) return
	fseen[f] = 1; p = 0
	for (i = 1; i <= nf; i++) if (forder[i] == after) p = i
	for (i = nf; i > p; i--) forder[i + 1] = forder[i]
	forder[p + 1] = f; nf++
}
BEGIN {
	readrun()
	top("seccomp pages: census", "census")
	print "<h1>Census: the system calls behind C library functions</h1>"
	while ((getline line < census) > 0) {
		g = line; sub(/\t.*/, "", g); rec = substr(line, length(g) + 2)
		n = split(rec, a, /[ \t]+/)
		if (a[1] != "F" || n < 2) continue
		if (g != lastg) { prevf = ""; lastg = g; has[g] = 1 }
		f = a[2]; addfunc(f, prevf); prevf = f
		s = ""; for (i = 3; i <= n; i++) s = s (s == "" ? "" : " ") a[i]
		calls[g, f] = s; got[g, f] = 1
	}
	close(census)
	if (nf == 0) {
		print "<p class=\"banner unverified\">" (run == "" ? "No run found (" h(work) "/results.tsv)" : "The last run left no census") ": nothing measured. Run <code>make check-examples</code> (or <code>make census</code>), then <code>make html</code>.</p>"
		releases(); bottom(); exit
	}
	print "<p>What one call of each function made, measured in each guest by <code>ci/census/probe.c</code> (seccomp(2) carries the same in its tables). In a row, each distinct list of system calls has its own colour: where a row has more than one, the C libraries or their releases differ.</p>"
	print "<table class=\"matrix census\" id=\"census-matrix\">"
	printf "<thead><tr><th>function</th>"
	for (j = 1; j <= ng; j++) if (gname[j] in has) printf "<th title=\"%s\">%s</th>", h(glabel[gname[j]]), h(gname[j])
	print "</tr></thead>\n<tbody>"
	for (i = 1; i <= nf; i++) {
		f = forder[i]; nv = 0; delete v
		printf "<tr><th>%s</th>", h(f)
		for (j = 1; j <= ng; j++) {
			g = gname[j]
			if (!(g in has)) continue
			if (!((g, f) in got)) { printf "<td class=\"none\">&mdash;</td>"; continue }
			s = calls[g, f]
			if (!(s in v)) v[s] = nv++
			printf "<td class=\"v%d\" title=\"%s\">%s</td>", v[s] % 8, h(g ": " f ": " (s == "" ? "no system call" : s)), s == "" ? "<i>none</i>" : h(s)
		}
		print "</tr>"
	}
	print "</tbody>\n</table>"
	releases()
	bottom()
}
