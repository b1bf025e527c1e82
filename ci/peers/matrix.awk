# SPDX-License-Identifier: GPL-2.0-or-later
# ci/peers/matrix.awk — the peer tests of the last make check-peers as a
# matrix, test against guest (peers.html of make html).
# Variables: facts, results (ci/report/lib.awk: the guests of the peer run
# and its results, from ci/report/results on its directory).  A test named
# SUITE.ABI:NAME (a guest's second ABI) gets a column GUEST/ABI of its own.
function col(g, t,   m) {
	m = t; sub(/:.*/, "", m)
	return m ~ /\./ ? g "/" substr(m, index(m, ".") + 1) : g
}
function row(t) { sub(/^[^:.]*(\.[^:]*)?:/, "", t); return t }
BEGIN {
	readrun()
	top("seccomp pages: peer tests", "matrix")
	print "<h1>Peer tests: the kernel's seccomp selftests on the guests</h1>"
	if (run == "") {
		print "<p class=\"banner unverified\">No run of <code>make check-peers</code> found (" h(work) "/results.tsv). Run it, then <code>make html</code>.</p>"
		bottom(); exit
	}
	print "<p>Last run, " h(run) ". Each row is a test of <code>seccomp_bpf</code> (tools/testing/selftests/seccomp, from the Debian source of the kernel the guest boots, built for the guest's ABI); each column a guest, or a guest's second ABI. A test expected not to pass (<code>ci/peers/expected</code>) shows its outcome and, in its title, the reason.</p>"
	print "<p class=\"legend\"><span class=\"pass\">pass</span> <span class=\"pass\">xfail</span>: fails as expected <span class=\"fail\">fail</span> <span class=\"skip\">skip</span> <span class=\"none\">not reported</span></p>"
	nc = 0; nt = 0
	for (j = 1; j <= ng; j++) { c = gname[j]; if (!(c in hascol)) { hascol[c] = 1; cols[++nc] = c; cg[c] = c } }
	for (i = 1; i <= nres; i++) {
		if (rg[i] == "-") continue
		c = col(rg[i], rt[i]); r = row(rt[i])
		if (!(c in hascol)) {
			hascol[c] = 1; cg[c] = rg[i]
			# after its guest's columns
			for (k = nc; k >= 1 && cols[k] != rg[i] && index(cols[k], rg[i] "/") != 1; k--) cols[k + 1] = cols[k]
			cols[k + 1] = c; nc++
		}
		if (!(r in seen)) { seen[r] = 1; rows[++nt] = r }
		cell[c, r] = i
	}
	print "<table class=\"matrix\" id=\"peers-matrix\">"
	printf "<thead><tr><th>test</th>"
	for (j = 1; j <= nc; j++) printf "<th title=\"%s\">%s</th>", h(glabel[cg[cols[j]]]), h(cols[j])
	print "</tr></thead>\n<tbody>"
	for (i = 1; i <= nt; i++) {
		r = rows[i]
		printf "<tr><th>%s</th>", h(r)
		for (j = 1; j <= nc; j++) {
			c = cols[j]
			if ((c, r) in cell) {
				k = cell[c, r]; s = rs[k]; w = s
				if (s == "pass" && rdet[k] ~ /^fails as expected/) w = "xfail"
				printf "<td class=\"%s\" title=\"%s\">%s</td>", s, h(c ": " word(s) (rdet[k] == "" ? "" : ": " rdet[k])), w
			} else if (gstatus[cg[c]] != "ok") printf "<td class=\"fail\" title=\"%s\">fail</td>", h(c ": the guest failed: " gstatus[cg[c]])
			else printf "<td class=\"none\" title=\"%s\">&mdash;</td>", h(c ": not reported")
		}
		print "</tr>"
	}
	print "</tbody>\n</table>"
	bottom()
}
