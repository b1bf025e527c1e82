# SPDX-License-Identifier: GPL-2.0-or-later
# render-text.awk — the census as plain tables (ci/census/table text;
# after read.awk and groups.awk).  Prints even when the check failed, with
# the reasons on stderr and exit status 1.
function tdisplay(f) {
	if (f == "startup") return "(start-up)"
	if (f ~ /@first$/) return "  -> first call"
	if (f ~ /\/child$/) return "  -> child"
	if (f ~ /\/thread$/) return "  -> thread"
	if (f ~ /\/other-thread$/) return "  -> other thread"
	return f
}

# ---- text ----
function pad(s, w) { return sprintf("%-" w "s", s) }
function wrap(prefix, text, width,    n, a, i, line, out) {
	n = words(text, a); line = prefix; out = ""
	for (i = 1; i <= n; i++) {
		if (length(line) + 1 + length(a[i]) > width && line != prefix) {
			out = out line "\n"; line = sprintf("%" length(prefix) "s", "")
		}
		line = line (line ~ / $/ || line == "" ? "" : " ") a[i]
	}
	return out line
}
function text(    i, j, g, f, w, wf, n, a, h, r, c, k, cell, lines, maxh) {
	print "Census of the system calls C library functions make, one call each"
	print ""
	printf "%-10s %-10s %-12s %-8s %s\n", "label", "guest", "C library", "Linux", "ABI"
	for (i = 1; i <= ng; i++) {
		g = G[i]
		printf "%-10s %-10s %-12s %-8s %s\n", label[g], g, info[g, "libc"] " " info[g, "libc_version"], majmin(info[g, "kernel_version"]), abi[g]
	}
	print ""
	wf = 14
	for (j = 1; j <= nf; j++) if (length(tdisplay(forder[j])) > wf) wf = length(tdisplay(forder[j]))
	for (i = 1; i <= ng; i++) {
		g = G[i]; w[g] = length(label[g])
		for (j = 1; j <= nf; j++) {
			n = cellines(g, forder[j], a)
			for (k = 1; k <= n; k++) if (length(a[k]) > w[g]) w[g] = length(a[k])
		}
	}
	line = pad("function", wf)
	for (i = 1; i <= ng; i++) line = line "  " pad(label[G[i]], w[G[i]])
	sub(/ +$/, "", line); print line
	for (j = 1; j <= nf; j++) {
		f = forder[j]; maxh = 1
		for (i = 1; i <= ng; i++) { h[i] = cellines(G[i], f, a); for (k = 1; k <= h[i]; k++) cl[i, k] = a[k]; if (h[i] > maxh) maxh = h[i] }
		for (k = 1; k <= maxh; k++) {
			line = pad(k == 1 ? tdisplay(f) : "", wf)
			for (i = 1; i <= ng; i++) line = line "  " pad(k <= h[i] ? cl[i, k] : "", w[G[i]])
			sub(/ +$/, "", line); print line
		}
	}
	for (r = 1; r <= nh; r++) printf "history: %s: %s: %s (%s)\n", hfunc[r], hrel[r], hcalls[r], hsrc[r]
	print ""
	print "The newer system call answered with ENOSYS / EPERM: what the caller got"
	print "(- the function did not make that call there)"
	line = pad("function", wf) "  " pad("answered", 12)
	for (i = 1; i <= ng; i++) { g = G[i]; fw[g] = length(label[g]) < 13 ? 13 : length(label[g]); line = line "  " pad(label[g], fw[g]) }
	sub(/ +$/, "", line); print line
	for (j = 1; j <= nr; j++) {
		f = rorder[j]
		if (!fallbackrow(f)) continue
		line = pad(f, wf) "  " pad(rdeny[f], 12)
		for (i = 1; i <= ng; i++) {
			g = G[i]; cell = fbcell(g, f)
			if (cell == "no such function") cell = "absent"
			else if (cell == "-\t-") cell = "-"
			else sub(/\t/, " / ", cell)
			line = line "  " pad(cell, fw[g])
		}
		sub(/ +$/, "", line); print line
	}
	print ""
	print "Capability groups: to allow or deny one, cover all of these"
	for (k = 1; k <= nc; k++) print wrap(pad(ctitle[k] ":", 18), capunion(k), 78)
}
function cellines(g, f, a,    c, n, i, m, b, parts) {
	c = callcell(g, f); n = 0
	if (c == "no such function") { a[1] = "(absent)"; return 1 }
	if (c == "measurement failed") { a[1] = "(failed)"; return 1 }
	m = match(c, / \((fails|timing): [^)]*\)$/)
	parts[2] = m ? substr(c, RSTART + 1) : ""
	if (m) c = substr(c, 1, RSTART - 1)
	n = words(c, b)
	for (i = 1; i <= n; i++) a[i] = b[i]
	if (m) a[++n] = parts[2]
	return n
}

BEGIN {
	prune_first()
	text()
	exit bad
}
