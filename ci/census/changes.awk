# SPDX-License-Identifier: GPL-2.0-or-later
# ci/census/changes.awk — the block RELEASES of libc_syscalls(7) from the
# output of `seccomp-census diff --releases` (ci/census/changes runs it and
# documents the block).
#
# usage: LC_ALL=C awk -v abi=x86_64 -v src=NAME -f changes.awk DIFF
#   abi  the ABI whose changes are shown; the pairs of the other ABIs are
#        named in a sentence only
#   src  the name of the input in error messages
# Input: pairs of lines "--- SYSTEM<TAB>LIBC VERSION, Linux KERNEL, ABI" and
# "+++ ..." (the older release, the newer), each followed by lines
# "ABI<TAB>ROW<TAB>CHANGE" and at most one "ABI<TAB>(all)<TAB>CHANGE".
# Output, printed at the end only (nothing on bad input): per pair of the
# ABI, a line naming the newer release, the older, and their kernels, then
# a table: the rows of the pair with the same change on one line (a row
# folded under another of the same change that it only adds an argument,
# a first call or a forced answer to: stat(2040), stat@first and
# stat@statx=ENOSYS under stat; F@first said "first call of F"), the
# system names in the change replaced by their release, and last the
# "(all)" line.  Exit 2 on bad input, with SRC:LINE.
function die(m) { print "census/changes: " m > "/dev/stderr"; bad = 1; exit 2 }
function badline(m) { die(src ":" NR ": " m) }
# roff(S): S escaped for a table cell of a man page
function roff(s) {
	gsub(/\\/, "\\e", s); gsub(/-/, "\\-", s)
	gsub(/\001/, "\\ ", s)
	if (s ~ /^[.']/) s = "\\&" s
	return s
}
# header(LINE, SIDE): the system of a "---"/"+++" line, its library,
# release, kernel and ABI in H[SIDE, ...]
function header(line, side,   t, d, n) {
	line = substr(line, 5)
	if (split(line, t, "\t") != 2) badline("not a line \"--- SYSTEM<TAB>LIBC VERSION, Linux KERNEL, ABI\"")
	n = split(t[2], d, ", ")
	if (n != 3 || d[1] !~ /^[a-z]+ [^ ]+$/ || d[2] !~ /^Linux [^ ]+$/ || d[3] !~ /^[^ ]+$/)
		badline("not \"LIBC VERSION, Linux KERNEL, ABI\": " t[2])
	H[side, "sys"] = t[1]; H[side, "lib"] = substr(d[1], 1, index(d[1], " ") - 1)
	H[side, "ver"] = substr(d[1], index(d[1], " ") + 1)
	H[side, "kern"] = substr(d[2], 7); H[side, "abi"] = d[3]
}
# release(P, SYS): the release of system SYS in pair P ("" if neither)
function release(p, sys) {
	if (sys == psys[p, "a"]) return pver[p, "a"]
	if (sys == psys[p, "b"]) return pver[p, "b"]
	return ""
}
# say(P, C): the change C of pair P with its systems named by release:
# "only on SYS" -> "only in VERSION"; "failed on SYS (DETAIL)" -> "failed
# in VERSION (DETAIL)", without DETAIL when it says no more than "fails".
# C is "+CALL -CALL ..." then "; failed on A (...)" and "; failed on B
# (...)" (A the older system, B the newer), or these notes alone; DETAIL
# is the census's text and may hold anything, so B's note is found by
# its system's name
function say(p, c,   n, i, r, s, v, d, k, calls, note, nn) {
	if (c ~ /^only on [^ ]+$/) {
		v = release(p, substr(c, 9))
		if (v == "") badline("\"" c "\" names a system of neither release")
		return "only in " v
	}
	calls = c; nn = 0
	if (c ~ /^failed on /) calls = ""
	else if ((k = index(c, "; failed on ")) > 0) calls = substr(c, 1, k - 1)
	if (calls != "" && calls !~ /^[-+][^ ]+( [-+][^ ]+)*$/)
		badline("not a change (+CALL -CALL ...; failed on SYSTEM (...)): " c)
	s = calls == "" ? c : substr(c, length(calls) + 3)
	if (s != "") {
		k = index(s, "; failed on " psys[p, "b"] " (")
		if (s ~ ("^failed on " psys[p, "a"] " \\(") && k > 0) { note[++nn] = substr(s, 1, k - 1); note[++nn] = substr(s, k + 2) }
		else note[++nn] = s
	}
	r = calls
	for (i = 1; i <= nn; i++) {
		s = note[i]
		if (s !~ /^failed on [^ ]+ \(.*\)$/) badline("not a note \"failed on SYSTEM (...)\": " s)
		v = substr(s, 11); v = substr(v, 1, index(v, " (") - 1)
		d = substr(s, 11 + length(v) + 2); sub(/\)$/, "", d)
		if (release(p, v) == "") badline("\"" s "\" names a system of neither release")
		s = "failed in " release(p, v) (d == "fails" ? "" : " (" d ")")
		gsub(/ /, "\001", s)
		r = r (r == "" ? "" : "; ") s
	}
	return r
}
# bare(N): N without its arguments: stat for stat(2040)
function bare(n) { gsub(/\([^()]*\)/, "", n); return n }
# folded(P, R, C): whether row R of pair P, whose change is C, folds under
# another row of the same change: R less its argument and its @ part, R
# less its @ part, or R less its argument (the /thread, /child or
# /other-thread of a row is kept: what another thread or process did)
function folded(p, r, c,   suf, at, n, k, cand, i) {
	suf = ""; at = ""; n = r
	if (match(n, /\/[a-z-]+$/)) { suf = substr(n, RSTART); n = substr(n, 1, RSTART - 1) }
	if (match(n, /@[^()@]*$/)) { at = substr(n, RSTART); n = substr(n, 1, RSTART - 1) }
	cand[1] = bare(n) suf; cand[2] = n suf; cand[3] = bare(n) at suf
	for (i = 1; i <= 3; i++)
		if (cand[i] != r && ((p, c, cand[i]) in has)) return 1
	return 0
}
# wrap(S, W, IND, OUT): S split at blanks into lines of at most W columns
# (a longer word alone on its line), the lines after the first indented by
# IND columns (of \001, a blank that roff() makes unbreakable); how many
function wrap(s, w, ind, out,   n, x, i, k, l, pre) {
	n = split(s, x, " "); k = 0; l = ""
	pre = substr("\001\001\001\001\001\001\001\001", 1, ind)
	for (i = 1; i <= n; i++) {
		if (l == "") l = x[i]
		else if (length(l) + 1 + length(x[i]) > w) { out[++k] = l; l = pre x[i] }
		else l = l " " x[i]
	}
	if (l != "" || k == 0) out[++k] = l
	return k
}
# Pairs: np of them; pair p: psys/plib/pver/pkern/pabi[p, "a"|"b"], its rows
# row[p, 1..nr[p]] with their changes chg[p, i], its "(all)" line all[p].
/^--- / {
	header($0, "a"); np++
	psys[np, "a"] = H["a", "sys"]; plib[np] = H["a", "lib"]; pver[np, "a"] = H["a", "ver"]
	pkern[np, "a"] = H["a", "kern"]; pabi[np] = H["a", "abi"]
	want = "b"; next
}
/^\+\+\+ / {
	if (want != "b") badline("a \"+++\" line without its \"---\" line")
	header($0, "b"); want = "rows"
	if (H["b", "lib"] != plib[np] || H["b", "abi"] != pabi[np])
		badline("a pair of two C libraries or two ABIs: " plib[np] " " pabi[np] ", " H["b", "lib"] " " H["b", "abi"])
	psys[np, "b"] = H["b", "sys"]; pver[np, "b"] = H["b", "ver"]; pkern[np, "b"] = H["b", "kern"]
	next
}
{
	if (want != "rows") badline("a line outside a pair (no \"---\" and \"+++\" lines before it)")
	if (split($0, f, "\t") != 3 || f[2] == "" || f[3] == "") badline("not a line \"ABI<TAB>ROW<TAB>CHANGE\"")
	if (f[1] != pabi[np]) badline("ABI " f[1] " in a pair of ABI " pabi[np])
	if (f[2] == "(all)") { all[np] = say(np, f[3]); next }
	c = say(np, f[3])
	if ((np, f[2]) in seen) badline("row " f[2] " twice in one pair")
	seen[np, f[2]] = 1
	nr[np]++; row[np, nr[np]] = f[2]; chg[np, nr[np]] = c
	has[np, c, f[2]] = 1
}
END {
	if (bad) exit 2
	if (want == "b") die(src ": ends after a \"---\" line")
	# The pairs of the other ABIs: a sentence naming each library on each
	# ABI with its releases ("glibc 2.41 and 2.43 on aarch64").
	nother = 0; nok = 0; nabi = 0
	for (p = 1; p <= np; p++) {
		if (pabi[p] == abi) { nabi++; continue }
		k = plib[p] SUBSEP pabi[p]
		if (!(k in onv)) { okeys[++nok] = k; onv[k] = 1; ov[k, 1] = pver[p, "a"] }
		ov[k, ++onv[k]] = pver[p, "b"]
		if (!(pabi[p] in oabi)) { oabi[pabi[p]] = 1; oabis[++nother] = pabi[p] }
	}
	out[++no] = ".\\\" Generated by ci/census/changes from the output of"
	out[++no] = ".\\\" \"census/seccomp-census diff --releases\": do not edit;"
	out[++no] = ".\\\" \"make update-census\" rewrites it."
	if (nabi == 0) out[++no] = "The census has no two releases of one C library on " roff(abi) "."
	else out[++no] = "The releases below are those measured on " roff(abi) "."
	if (nok > 0) {
		s = ""
		for (i = 1; i <= nok; i++) {
			k = okeys[i]; split(k, kk, SUBSEP)
			t = ""
			for (j = 1; j <= onv[k]; j++) t = t (j == 1 ? "" : (j == onv[k] ? " and " : ", ")) ov[k, j]
			s = s (i == 1 ? "" : (i == nok ? "; and " : "; ")) kk[1] " " t " on " kk[2]
		}
		out[++no] = "The census also measured " roff(s) ":"
		out[++no] = ".B \"seccomp\\-census diff \\-\\-releases \\-\\-abi " roff(oabis[1]) "\""
		out[++no] = "lists the changes " (nother > 1 ? "of " roff(oabis[1]) ", and so for the others." : "there.")
	}
	for (p = 1; p <= np; p++) {
		if (pabi[p] != abi) continue
		out[++no] = ".P"
		out[++no] = ".B " plib[p] " " pver[p, "b"]
		k = pkern[p, "a"] == pkern[p, "b"] ? "both on Linux " pkern[p, "b"] : "Linux " pkern[p, "b"] " after " pkern[p, "a"]
		out[++no] = "after " pver[p, "a"] ", " k (nr[p] == 0 && all[p] == "" ? ": no change." : ":")
		if (nr[p] == 0 && all[p] == "") continue
		# the lines: one per change, in the order of their first row
		ng = 0; delete gi
		wc = 0
		for (i = 1; i <= nr[p]; i++) {
			c = chg[p, i]
			if (folded(p, row[p, i], c)) continue
			if (!(c in gi)) {
				gi[c] = ++ng; gchg[ng] = c; gnames[ng] = ""; gfirst[ng] = ""
				if (length(c) > wc) wc = length(c)
			}
			g = gi[c]
			r = row[p, i]
			if (r ~ /@first$/) { sub(/@first$/, "", r); gfirst[g] = gfirst[g] (gfirst[g] == "" ? "" : ", ") r }
			else gnames[g] = gnames[g] (gnames[g] == "" ? "" : ", ") r
		}
		if (length(all[p]) > wc) wc = length(all[p])
		# columns: 71 in all at 78n, less the gap of 2: the changes
		# wrapped at the longest, within 20 to 34, the rows in the rest
		w1 = wc < 20 ? 20 : wc > 34 ? 34 : wc
		if (all[p] != "") { gchg[ng + 1] = all[p]; gnames[ng + 1] = "(all)"; gfirst[ng + 1] = "" }
		wmax = 0
		for (g = 1; g <= ng + (all[p] != ""); g++) {
			gn1[g] = wrap(gchg[g], w1, 2, l1)
			for (i = 1; i <= gn1[g]; i++) { gl1[g, i] = l1[i]; if (length(l1[i]) > wmax) wmax = length(l1[i]) }
		}
		w2 = 69 - wmax
		out[++no] = ".TS"
		out[++no] = "l2 l."
		for (g = 1; g <= ng + (all[p] != ""); g++) {
			if (g > ng) out[++no] = "_"
			if (gfirst[g] != "") gnames[g] = gnames[g] (gnames[g] == "" ? "" : "; ") "first call of " gfirst[g]
			n1 = gn1[g]; n2 = wrap(gnames[g], w2, 0, l2)
			for (i = 1; i <= (n1 > n2 ? n1 : n2); i++)
				out[++no] = (i <= n1 ? roff(gl1[g, i]) : "\\&") "\t" (i <= n2 ? roff(l2[i]) : "\\&")
		}
		out[++no] = ".TE"
	}
	for (i = 1; i <= no; i++) print out[i]
}
