# SPDX-License-Identifier: GPL-2.0-or-later
# selector-match.awk — whether a guest matches a GUESTS: selector, for the
# programs that decide what runs where: ci/pages/plan-guest.awk (a page's
# sessions and examples) and ci/peers/compare.awk (the peer suites'
# expectations).  awk -f selector-match.awk -f PROGRAM; ci/pages/selector.awk
# checks a selector's form when a page is read.
# match_sel(SEL, ABI): 1 if the guest whose facts are in info[] (KEY=VALUE
# of its info file: name, libc, libc_version, kernel_version,
# libseccomp_version), with programs built for ABI, matches SEL:
# alternatives separated by blanks, each a comma-separated list of
# conditions KEY OP VALUE; versions compare by numeric components; a
# condition on glibc, musl or libseccomp is false on a guest without it.
# An empty SEL matches every guest.  A condition that cannot be read is
# false, and the program's sel_error(MESSAGE) is called.
function vcmp(a, b,   x, y, n, m, i, u, v) {   # numeric dotted-version compare
	n = split(a, x, /[.~+-]/); m = split(b, y, /[.~+-]/)
	for (i = 1; i <= (n > m ? n : m); i++) { u = x[i] + 0; v = y[i] + 0; if (u < v) return -1; if (u > v) return 1 }
	return 0
}
function cond(c, abi,   k, op, v, have, r) {
	if (!match(c, /(!=|<=|>=|=|<|>)/)) { sel_error("bad condition \"" c "\""); return 0 }
	k = substr(c, 1, RSTART - 1); op = substr(c, RSTART, RLENGTH); v = substr(c, RSTART + RLENGTH)
	if (k == "name") have = info["name"]
	else if (k == "libc") have = info["libc"]
	else if (k == "abi") have = abi
	else if (k == "glibc") { if (info["libc"] != "glibc") return 0; have = info["libc_version"] }
	else if (k == "musl") { if (info["libc"] != "musl") return 0; have = info["libc_version"] }
	else if (k == "kernel") have = info["kernel_version"]
	else if (k == "libseccomp") { if (info["libseccomp_version"] == "") return 0; have = info["libseccomp_version"] }
	else { sel_error("unknown selector key \"" k "\""); return 0 }
	if (k == "name" || k == "libc" || k == "abi") {
		if (op == "=") return have == v; if (op == "!=") return have != v
		sel_error("operator " op " needs a version key, not " k); return 0
	}
	r = vcmp(have, v)
	return (op == "=" && r == 0) || (op == "!=" && r != 0) || (op == "<" && r < 0) ||
	       (op == "<=" && r <= 0) || (op == ">" && r > 0) || (op == ">=" && r >= 0)
}
function match_sel(sel, abi,   alts, conds, na, nc, i, j, ok) {
	if (sel == "") return 1
	na = split(sel, alts, /[ \t]+/)
	for (i = 1; i <= na; i++) {
		if (alts[i] == "") continue
		nc = split(alts[i], conds, ","); ok = 1
		for (j = 1; j <= nc; j++) if (!cond(conds[j], abi)) ok = 0
		if (ok) return 1
	}
	return 0
}
