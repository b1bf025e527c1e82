# SPDX-License-Identifier: GPL-2.0-or-later
# selector.awk — checksel(LINE, SELECTOR): a GUESTS: selector checked as
# ci/pages/selector-match.awk evaluates it, for the programs of
# ci/pages/extract-sessions (awk -f selector.awk -f PROGRAM).  The including
# program defines err(LINE, MESSAGE); variables: names (the guests,
# blank-separated), abis.
function abilist(    a, n, i, s) {
	n = split(abis, a, " ")
	for (i = 1; i <= n; i++) s = s (i == 1 ? "" : i == n ? " or " : ", ") a[i]
	return s
}
function checksel(line, sel,   alts, conds, na, nc, i, j, c, k, op, v) {
	na = split(sel, alts, /[ \t]+/)
	for (i = 1; i <= na; i++) {
		if (alts[i] == "") continue
		nc = split(alts[i], conds, ",")
		for (j = 1; j <= nc; j++) {
			c = conds[j]
			if (!match(c, /(!=|<=|>=|=|<|>)/) || RSTART == 1 || RSTART + RLENGTH > length(c)) {
				err(line, "GUESTS: bad condition \"" c "\" (KEY OP VALUE, such as libc=musl or glibc>=2.34)"); continue
			}
			k = substr(c, 1, RSTART - 1); op = substr(c, RSTART, RLENGTH); v = substr(c, RSTART + RLENGTH)
			if (k == "name" || k == "libc" || k == "abi") {
				if (op != "=" && op != "!=") err(line, "GUESTS: operator " op " needs a version key, not " k)
				else if (k == "name" && index(names " ", " " v " ") == 0) err(line, "GUESTS: unknown guest \"" v "\" (guests:" names ")")
				else if (k == "libc" && v != "glibc" && v != "musl") err(line, "GUESTS: libc is glibc or musl, not \"" v "\"")
				else if (k == "abi" && index(" " abis, " " v " ") == 0) err(line, "GUESTS: abi is " abilist() ", not \"" v "\"")
			} else if (k == "glibc" || k == "musl" || k == "kernel" || k == "libseccomp") {
				if (v !~ /^[0-9]+([.~+-][0-9A-Za-z]+)*$/) err(line, "GUESTS: " k " wants a version such as 2.34, not \"" v "\"")
			} else err(line, "GUESTS: unknown key \"" k "\" (name, libc, abi, glibc, musl, kernel, libseccomp)")
		}
	}
}
