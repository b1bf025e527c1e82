# SPDX-License-Identifier: GPL-2.0-or-later
# test-text.awk — the program of ci/upstream/test-text (see there).
function where(g,   n, a, i, j, m, c, out, alt, s) {
	if (g == "") return ""
	n = split(g, a, " ")
	for (i = 1; i <= n; i++) {
		m = split(a[i], c, ",")
		s = ""
		for (j = 1; j <= m; j++) s = s (j > 1 ? ", " : "") cond(c[j])
		out = out (i > 1 ? (i == n ? " and " : ", ") : "") s
	}
	return out
}
function cond(c,   k, v) {
	if (match(c, /^(kernel|glibc|musl|libseccomp)(>=|<=|!=|=|<|>)/)) {
		k = substr(c, 1, RLENGTH); v = substr(c, RLENGTH + 1)
		name = (c ~ /^kernel/) ? "Linux" : (c ~ /^glibc/) ? "glibc" : (c ~ /^musl/) ? "musl" : "libseccomp"
		if (k ~ />=$/) return name " " v " and later"
		if (k ~ /<$/) return "before " name " " v
		if (k ~ /<=$/) return name " " v " and earlier"
		if (k ~ />$/) return "after " name " " v
		if (k ~ /!=$/) return "not " name " " v
		return name " " v
	}
	if (c ~ /^libc=/) return "with " substr(c, 6)
	if (c ~ /^abi!=/) { c = substr(c, 6); return "architectures other than " (c == "x86_64" ? "x86-64" : c) }
	sub(/^(abi|name)=/, "", c)
	if (c == "x86_64") c = "x86-64"
	return c
}
$1 == "S" { g = $3; pending = 1; show = 0; next }
$1 == "C" {
	n = split($4, w, " ")
	show = (arg == "" || w[2] == arg)
	if (show && pending) {
		if (shown++) print ""
		if (g != "") { h = where(g); print (h ~ /^(before|with) / ? toupper(substr(h, 1, 1)) substr(h, 2) : "On " h) ":"; print "" }
		pending = 0
	}
	if (show) printf "    %s %s\n", ($3 == "0" ? "#" : "$"), $4
	next
}
$1 == "O" && show { s = $0; sub(/^O\t?/, "", s); print (s == "" ? "" : "    " s) }
END { if (!shown) { print "no session" (arg == "" ? "" : " with the argument " arg) > "/dev/stderr"; exit 1 } }
