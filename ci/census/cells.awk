# SPDX-License-Identifier: GPL-2.0-or-later
# census/cells.awk — the cells of a census block, for ci/census/page (see
# there): one per line, KEY<TAB>GUEST<TAB>TEXT, where KEY is "calls
# FUNCTION", "fallback FUNCTION CALL ENOSYS|EPERM" or "capability TITLE".
# Labels are mapped to guest names by the block's census-guest comments.
function clean(s) {
	gsub(/\\\[->\]/, "->", s); gsub(/\\\(em/, "-", s); gsub(/\\\^/, "^", s)
	gsub(/\\\[aq\]/, "\047", s); gsub(/\\&/, "", s); gsub(/\\ /, " ", s)
	gsub(/[ \t]+/, " ", s); sub(/^ /, "", s); sub(/ $/, "", s)
	return s
}
function fname(s, prev) {
	if (s == "^") return prev
	if (s == "(start-up)") return "startup"
	# a row with a forced answer (ci/census/probe.h): FUNCTION@CALL=ERRNO
	if (s ~ /^-> no [a-z0-9_]+$/) { sub(/^-> no /, "", s); sub(/[\/@].*/, "", prev); return prev "@" s "=ENOSYS" }
	if (s ~ /^-> [a-z0-9_]+=E[A-Z0-9]+$/) { sub(/^-> /, "", s); sub(/[\/@].*/, "", prev); return prev "@" s }
	if (s == "-> first call") { sub(/[\/@].*/, "", prev); return prev "/first-call" }
	if (s ~ /^-> /) { sub(/^-> /, "", s); gsub(/ /, "-", s); sub(/\/.*/, "", prev); return prev "/" s }
	return s
}
# The rows of one function: their guests are labels, "all", or "others"
# (all but those named in the other rows); history rows have none.
function flush(    i, j, n, a, k, named) {
	delete named
	for (i = 1; i <= nrow; i++) {
		if (rwho[i] ~ /\(history [0-9]+\)$/) { rwho[i] = ""; continue }
		if (rwho[i] == "all" || rwho[i] == "others") continue
		n = split(rwho[i], a, " ")
		for (j = 1; j <= n; j++) named[a[j]] = 1
	}
	for (i = 1; i <= nrow; i++) {
		if (rwho[i] == "all" || rwho[i] == "others") {
			for (k = 1; k <= nlab; k++)
				if (rwho[i] == "all" || !(lab[k] in named))
					emit(rkey[i], lab[k], rtext[i])
		} else {
			n = split(rwho[i], a, " ")
			for (j = 1; j <= n; j++) emit(rkey[i], a[j], rtext[i])
		}
	}
	nrow = 0
}
function emit(key, l, text,    t, g) {
	g = (l in guest) ? guest[l] : l
	if (key ~ /^fallback /) {
		split(text, t, "\t")
		print key " ENOSYS\t" g "\t" t[1]
		print key " EPERM\t" g "\t" t[2]
	} else print key "\t" g "\t" text
}
function row(line,    n, i) {
	n = split(line, c, "\t")
	for (i = 1; i <= n; i++) c[i] = clean(c[i])
	if (table == "calls") {
		if (c[1] == "" && nrow) {
			rtext[nrow] = rtext[nrow] (c[2] == "" ? "" : " " c[2])
			rwho[nrow] = rwho[nrow] (c[3] == "" ? "" : " " c[3])
			return
		}
		if (c[1] != "^") flush()
		cur = fname(c[1], cur)
		nrow++; rkey[nrow] = "calls " cur; rtext[nrow] = c[2]; rwho[nrow] = c[3]
	} else if (table == "fallback") {
		if (c[1] == "" && nrow) { rwho[nrow] = rwho[nrow] " " c[5]; return }
		if (c[1] != "^") { flush(); cur = fname(c[1], "") " " c[2] }
		nrow++; rkey[nrow] = "fallback " cur; rtext[nrow] = c[3] "\t" c[4]; rwho[nrow] = c[5]
	} else if (table == "capabilities") {
		if (c[1] == "" && ncap) { capt[ncap] = capt[ncap] " " c[2]; return }
		capk[++ncap] = c[1]; capt[ncap] = c[2]
	}
}
/^\.\\" census-guest: / { lab[++nlab] = $3; guest[$3] = $4; next }
/^\.\\" census-table: / { table = $3; next }
/^\.TS/ { ints = 1; fmt = 1; hdr = 1; next }
/^\.TE/ {
	flush()
	for (i = 1; i <= ncap; i++) print "capability " capk[i] "\t-\t" capt[i]
	ncap = 0; ints = 0; table = ""
	next
}
!ints { next }
fmt { if (/\.[ \t]*$/) fmt = 0; next }
/^_$/ { next }
hdr { hdr = 0; next }
{ row($0) }
