# SPDX-License-Identifier: GPL-2.0-or-later
# ci/upstream/page-state.awk — one page of the libseccomp series, in the
# state after some of its sections have been committed.
#
# usage: awk -v mode=MODE -v owned=OWNED -f page-state.awk UPSTREAM OURS
#
# A page is cut into parts: the prelude (everything before the first .SH)
# and one part per .SH section, from its .SH line to the next (its name:
# the .SH line without quotes).  OWNED lists section names, one a line, or
# "*" for the whole page (a string, one name a line); UPSTREAM is
# libseccomp's page (/dev/null for a new page), OURS the page as it goes
# out.
#
# mode=state: the page with the OWNED sections taken from OURS (a section
#   OURS lacks is deleted), each at the place it has in OURS, the others as
#   UPSTREAM has them; our prelude once any section is owned; UPSTREAM
#   itself when nothing is.
# mode=diff: the names of the sections that differ between the two pages,
#   one a line (OURS's order, then those only UPSTREAM has).
function name(l) { sub(/^\.SH[ \t]+/, "", l); gsub(/"/, "", l); sub(/[ \t]+$/, "", l); return l }
BEGIN { nown = split(owned, a, "\n"); for (i = 1; i <= nown; i++) own[a[i]] = 1 }
FNR == 1 { key = "" }
{ f = FILENAME == ARGV[1] ? 2 : 3 }
/^\.SH[ \t]/ { key = name($0); if (f == 2) uord[++nu] = key; else oord[++no] = key }
f == 2 { up[key] = up[key] $0 "\n"; inup[key] = 1; next }
f == 3 { ours[key] = ours[key] $0 "\n"; inours[key] = 1; next }
END {
	if (mode == "diff") {
		for (i = 1; i <= no; i++) if (ours[oord[i]] != up[oord[i]]) print oord[i]
		for (i = 1; i <= nu; i++) if (!(uord[i] in inours)) print uord[i]
		exit
	}
	if ("*" in own) { printf "%s", whole(ours, oord, no); exit }
	if (!nown) { printf "%s", whole(up, uord, nu); exit }
	# the list of sections: UPSTREAM's order, the owned ones moved to
	# (or put in) their place in OURS, after the nearest one before them
	n = 0
	for (i = 1; i <= nu; i++) if (!(uord[i] in own)) l[++n] = uord[i]
	for (i = 1; i <= no; i++) {
		k = oord[i]
		if (!(k in own)) continue
		at = 0
		for (j = i - 1; j >= 1 && !at; j--)
			for (m = 1; m <= n; m++) if (l[m] == oord[j]) { at = m; break }
		for (m = n; m > at; m--) l[m + 1] = l[m]
		l[at + 1] = k
		n++
	}
	printf "%s", ours[""]
	for (i = 1; i <= n; i++) printf "%s", (l[i] in own) ? ours[l[i]] : up[l[i]]
}
function whole(t, o, c,   s, i) {
	s = t[""]
	for (i = 1; i <= c; i++) s = s t[o[i]]
	return s
}
