# SPDX-License-Identifier: GPL-2.0-or-later
# claim-refs.awk — the program of ci/pages/claim-refs (see there).
function base(p) { sub(/.*\//, "", p); sub(/\.claim$/, "", p); return p }
FNR == 1 { f++ }
f <= npages && /^\.\\"[ \t]*PROVEN-BY:/ {
	s = $0; sub(/^[^:]*:[ \t]*/, "", s); n = split(s, w, /[ \t]*,[ \t]*/)
	for (i = 1; i <= n; i++) {
		sub(/[ \t]+$/, "", w[i])
		if (w[i] == "") { printf "%s:%d: PROVEN-BY with an empty name\n", FILENAME, FNR; bad = 1; continue }
		if (w[i] ~ /^example:/) { ex[++ne] = FILENAME SUBSEP substr(w[i], 9); exwhere[ne] = FILENAME ":" FNR; continue }
		if (w[i] ~ /^selftest:[^ \t]/) continue	# a kernel selftest: ci/peers/check-peers checks it
		refs[++nr] = w[i]; where[nr] = FILENAME ":" FNR; named[w[i]] = 1
	}
	next
}
f <= npages && /^\.\\"[ \t]*SRC BEGIN \(/ { s = $0; sub(/^[^(]*\(/, "", s); sub(/\).*/, "", s); src[FILENAME, s] = 1 }
f <= npages && FILENAME ~ /\.patch$/ && /^Test:[ \t]+[^ \t]/ && !indiff[FILENAME] {
	refs[++nr] = $2; where[nr] = FILENAME ":" FNR; named[$2] = 1
	next
}
f <= npages && FILENAME ~ /\.patch$/ && /^diff --git / { indiff[FILENAME] = 1 }
f > npages && FNR == 1 { claim[base(FILENAME)] = FILENAME; order[++nc] = FILENAME }
f > npages && /^\.TH[ \t]/ && !(FILENAME in th) {
	th[FILENAME] = 1
	if ($2 != base(FILENAME)) { printf "%s:%d: the title is %s, the file says %s\n", FILENAME, FNR, $2, base(FILENAME); bad = 1 }
}
END {
	if (list) {
		for (i = 1; i <= nr; i++) if (refs[i] in claim && !(refs[i] in done)) { print claim[refs[i]]; done[refs[i]] = 1 }
		exit 0
	}
	for (i = 1; i <= ne; i++) if (!(ex[i] in src)) { split(ex[i], e, SUBSEP); printf "%s: PROVEN-BY names no example of this page: example:%s (no SRC BEGIN (%s))\n", exwhere[i], e[2], e[2]; bad = 1 }
	for (i = 1; i <= nr; i++) if (!(refs[i] in claim)) { printf "%s: PROVEN-BY names no claim: %s (no claims/%s.claim)\n", where[i], refs[i], refs[i]; bad = 1 }
	for (i = 1; i <= nc; i++) if (!(base(order[i]) in named)) { printf "%s:1: no page or patch names this claim (.\\\" PROVEN-BY: %s, or Test: %s)\n", order[i], base(order[i]), base(order[i]); bad = 1 }
	exit bad
}
