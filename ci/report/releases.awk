# SPDX-License-Identifier: GPL-2.0-or-later
# report/releases.awk — a section of census.html (ci/report/census.awk):
# what changed between consecutive releases of each C library, read from
# the output of `seccomp-census diff --releases` in the file `diffs`
# (ci/report/html makes it from the census data of the tree).
# Its lines: "--- SYSTEM<TAB>LIBC RELEASE, Linux KERNEL, ABI", the same
# with "+++" for the next release, then ABI<TAB>ROW<TAB>CHANGE for each row
# that differs (CHANGE: +call and -call words, or "only on SYSTEM", with
# "; failed on ..." notes), the row "(all)" last.
function relpair(   i, r, w, n, k, add, rem, nt, parts, np, j) {
	if (pa == "") return
	printf "<h3>%s &rarr; %s <small>(%s &rarr; %s, %s)</small></h3>\n", h(pl[1]), h(pl[2]), h(pa), h(pb), h(pabi)
	if (nrr == 0) { print "<p>No row differs.</p>"; return }
	print "<table class=\"releases\">"
	print "<thead><tr><th>row</th><th>calls added</th><th>calls removed</th><th>note</th></tr></thead>\n<tbody>"
	for (i = 1; i <= nrr; i++) {
		r = rrow[i]; add = ""; rem = ""; nt = ""
		np = split(rchg[i], parts, "; ")
		if (parts[1] ~ /^only on /) nt = parts[1]
		else {
			n = split(parts[1], w, " ")
			for (k = 1; k <= n; k++) {
				if (w[k] ~ /^\+/) add = add (add == "" ? "" : " ") substr(w[k], 2)
				else if (w[k] ~ /^-/) rem = rem (rem == "" ? "" : " ") substr(w[k], 2)
				else nt = nt (nt == "" ? "" : "; ") w[k]
			}
		}
		for (j = 2; j <= np; j++) nt = nt (nt == "" ? "" : "; ") parts[j]
		printf "<tr%s><th>%s</th><td>%s</td><td>%s</td><td>%s</td></tr>\n", r == "(all)" ? " class=\"total\"" : "",
			r == "(all)" ? "all rows both measured" : h(r), h(add), h(rem), h(nt)
	}
	print "</tbody>\n</table>"
}
# releases(): the section, or a line saying why there is none
function releases(   line, a, n, d) {
	print "<h2 id=\"releases\">What changed between releases</h2>"
	print "<p>For each C library, on each ABI, each release the census measured against the next: the rows whose system calls differ, with the calls added and removed (<code>census/seccomp-census diff --releases</code>, from the census data of this tree, <code>census/census.tsv</code>, not from the run above). The last row of each table is the union over the rows both releases measured: what a filter written for the older release must add, and may drop, for the newer.</p>"
	if (diffs == "" || (getline line < diffs) <= 0) { print "<p>No C library has two releases measured on one ABI.</p>"; return }
	pa = ""; nrr = 0
	do {
		if (line ~ /^--- /) {
			relpair(); pa = substr(line, 5); sub(/\t.*/, "", pa); d = line; sub(/^[^\t]*\t/, "", d)
			split(d, a, ", "); pl[1] = a[1]; pabi = a[3]; nrr = 0
		} else if (line ~ /^\+\+\+ /) {
			pb = substr(line, 5); sub(/\t.*/, "", pb); d = line; sub(/^[^\t]*\t/, "", d)
			split(d, a, ", "); pl[2] = a[1]
		} else if ((n = split(line, a, "\t")) == 3) { nrr++; rrow[nrr] = a[2]; rchg[nrr] = a[3] }
	} while ((getline line < diffs) > 0)
	close(diffs)
	relpair()
}
