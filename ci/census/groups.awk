# SPDX-License-Identifier: GPL-2.0-or-later
# groups.awk — the census's cells, groups of guests, capability unions and
# the first-call rows worth showing, for the renderers (ci/census/table;
# after read.awk).
# ---- cells ----
function callcell(g, f,    c) {
	if ((g, f) in err) return "measurement failed"
	if (!((g, f) in has)) return "no such function"
	c = calls[g, f]
	if (c == "") c = "none"
	if ((g, f) in timed) c = c " (timing: " timed[g, f] ")"
	if ((g, f) in outcome) c = c " (fails: " shortres(outcome[g, f]) ")"
	return c
}
function shortres(r) {
	if (r ~ /^errno /) return substr(r, 7)
	if (r == "fails") return "error"
	return r
}
function made(g, f, call) {
	return index(" " calls[g, f] " " calls[g, f "/child"] " " calls[g, f "/thread"] " ", " " call " ") > 0
}
function fbcell(g, f) {
	if (!((g, f) in has)) return "no such function"
	if (!made(g, f, rdeny[f]) || !((g, f, "enosys") in rres)) return "-\t-"
	return shortres(rres[g, f, "enosys"]) "\t" shortres(rres[g, f, "eperm"])
}
# Groups the guests of function f by cell (kind: calls or fallback):
# ngr groups; gcell[k]; gmem[k] (labels); gsize[k].  The largest group of
# at least 3 guests becomes "others" when there are other groups, a group
# of all guests "all".
function group(f, kind,    i, g, c, k, best) {
	ngr = 0
	delete gidx
	for (i = 1; i <= ng; i++) {
		g = G[i]
		c = kind == "calls" ? callcell(g, f) : fbcell(g, f)
		if (!(c in gidx)) { gidx[c] = ++ngr; gcell[ngr] = c; gmem[ngr] = ""; gsize[ngr] = 0 }
		k = gidx[c]
		gmem[k] = gmem[k] (gmem[k] == "" ? "" : " ") label[g]
		gsize[k]++
	}
	best = 0
	for (k = 1; k <= ngr; k++) {
		gwho[k] = gmem[k]
		if (gsize[k] >= 3 && (best == 0 || gsize[k] > gsize[best])) best = k
	}
	if (ngr == 1) gwho[1] = "all"
	else if (best) gwho[best] = "others"
}
function fallbackrow(f,    i) {
	for (i = 1; i <= ng; i++) if (made(G[i], f, rdeny[f])) return 1
	return 0
}
# ---- capability groups ----
function capunion(k,    n, fs, i, j, g, m, a, c, u, nu, wide, on32, mk, nm, ma) {
	delete u; delete wide; delete on32
	n = words(cfuncs[k], fs)
	for (i = 1; i <= n; i++) fs[n + i] = fs[i] "@first"    # first calls too
	n *= 2
	for (i = 1; i <= n; i++)
		for (j = 1; j <= ng; j++) {
			g = G[j]
			if (!((g, fs[i]) in has)) continue
			m = words(calls[g, fs[i]], a)
			for (c = 1; c <= m; c++) {
				if (a[c] == "") continue
				u[a[c]] = 1
				# Names seen on the ABIs with tables of their own (the 32-bit
				# ones, s390x, ppc64el: census_mark of ci/arch/) alone get
				# those ABIs as a mark.
				if (index(marked " ", " " abi[g] " ")) on32[a[c], abi[g]] = 1
				else wide[a[c]] = 1
			}
		}
	nu = 0
	for (c in u) cu[++nu] = c
	sortstr(cu, nu)
	capline = ""
	for (i = 1; i <= nu; i++) {
		mk = ""
		if (!(cu[i] in wide)) {
			nm = split(marked, ma, " ")
			for (j = 1; j <= nm; j++)
				if ((cu[i], ma[j]) in on32) mk = mk (mk != "" ? "/" : "") abilabel(ma[j])
		}
		if (mk != "") mk = (mode != "text" ? "\\ (" : "(") mk ")"
		capline = capline (i > 1 ? " " : "") cu[i] mk
	}
	return capline
}
function sortstr(a, n,    i, j, t) {
	for (i = 2; i <= n; i++) {
		t = a[i]
		for (j = i - 1; j >= 1 && a[j] > t; j--) a[j + 1] = a[j]
		a[j + 1] = t
	}
}

# A first call in a new program (FUNCTION@first) is shown only where it
# made other system calls than a later call did on some guest.
function prune_first(    j, k, f, b, i, g, same) {
	k = 0
	for (j = 1; j <= nf; j++) {
		f = forder[j]; same = 1
		if (f ~ /@first$/) {
			b = f; sub(/@first$/, "", b)
			for (i = 1; i <= ng; i++) {
				g = G[i]
				if (!((g, f) in has)) continue
				# "in" only: reading a missing element would create it
				if (!((g, b) in has) || ((g, f) in outcome) != ((g, b) in outcome)) { same = 0; continue }
				if (calls[g, f] != calls[g, b]) same = 0
				else if (((g, f) in outcome) && outcome[g, f] != outcome[g, b]) same = 0
			}
			if (same) continue
		}
		forder[++k] = f
	}
	nf = k
}
